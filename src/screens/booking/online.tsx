// Perjanjian Konsultasi Online (/perjanjianonline, docs/product.md §2, docs/decisions.md D14): a clinic typed
// or picked from suggestions, a required date, 'Cek Kuota', the doctors with
// 'Quota : {filled} dari {limit}'. The 'Install App' button stays at the bottom when offered.
// Where the API books online consultations, the list is of its online sessions and the date
// stays within the booking window (decisions: managing appointments).
import { useEffect, useState, type FormEvent } from 'react';
import { dateRefusal, findClinic, sessionHours } from '../../../common/booking.ts';
import { formatDate, todayWib } from '../../../common/dates.ts';
import { clinicQuery } from '../../../common/clinic-link.ts';
import { to } from '../../../common/routes.ts';
import { useRead } from '../../data/hooks.ts';
import { quota } from '../../data/quota.ts';
import { clinics as clinicsRead } from '../../data/reads.ts';
import { BOOKING } from './strings.ts';
import { Whose } from '../../family/Whose.tsx';
import { DatePicker } from '../../ui/DatePicker.tsx';
import { InstallBar } from '../../ui/InstallBar.tsx';
import { card, field, input, label, page } from '../../ui/controls.css.ts';
import { lastDateOf, useManaged } from '../../appointments/rules.ts';
import * as css from './booking.css.ts';
import { practiceHint } from './date-rule.ts';
import { CheckButton, useSlots } from './check-parts.tsx';
import { SlotList } from './slot-list.tsx';

export function OnlineBooking() {
  const [clinics] = useRead(clinicsRead);
  const [text, setText] = useState('');
  const { date, pickDate, slots, check, clear, checking } = useSlots();
  const today = todayWib();
  const clinicList = (clinics.state !== 'error' && clinics.data) || [];
  const typed = text.trim();
  const clinic = findClinic(clinicList, typed);
  const managed = useManaged();
  const online = managed.state === 'yes';
  const last = lastDateOf(managed);
  const practiceDays = online ? clinic?.hari_online : clinic?.hari_praktik;
  const excluded = (d: string) => dateRefusal(d, { today, guarantee: null, last, practiceDays }) !== null;
  const hint = [practiceHint(practiceDays), last && BOOKING.windowHint(formatDate(last))].filter(Boolean).join(' ') || undefined;
  // The rules arrived after a check: the list shown may be of the other kind of session.
  useEffect(clear, [online]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!clinic || !date || excluded(date) || checking) return;
    check(quota(clinic.kd_dep, date, '', online ? 'online' : 'poli'));
  };

  return (
    <main className={`${page} ${css.roomForBar}`}>
      <Whose />
      <form className={`${card} ${css.form}`} onSubmit={submit} noValidate>
        <div className={field}>
          <label className={label} htmlFor="on-poli">
            {BOOKING.poli}
          </label>
          <input
            id="on-poli"
            className={input}
            list="on-poli-list"
            autoComplete="off"
            placeholder={BOOKING.choosePoli}
            value={text}
            required
            aria-invalid={!!typed && !clinic}
            onChange={(e) => {
              setText(e.currentTarget.value);
              clear();
            }}
          />
          <datalist id="on-poli-list">
            {clinicList.map((c) => (
              <option value={c.ds_dep} />
            ))}
          </datalist>
          {!!typed && !clinic && clinics.state === 'ok' && <span className={css.note}>{BOOKING.chooseFromList}</span>}
        </div>
        <DatePicker
          label={BOOKING.tanggal}
          value={date}
          today={today}
          last={last}
          excluded={excluded}
          hint={hint}
          loading={managed.state === 'unknown' && managed.loading ? BOOKING.rulesLoading : undefined}
          onChange={pickDate}
        />
        <CheckButton disabled={!clinic || !date || excluded(date) || checking} checking={checking} />
      </form>
      {slots && clinic && date && (
        <SlotList
          slots={slots}
          quota="filled"
          href={(s) =>
            to(
              'confirmOnline',
              { dokterr: s.nama_dr, kd_dokter: s.kd_dr, jam: sessionHours(s), tgljanji: date },
              { ...clinicQuery(clinic), sts_jam: online ? s.sts_jam : undefined },
            )
          }
        />
      )}
      <InstallBar />
    </main>
  );
}

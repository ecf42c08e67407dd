// Guarantee, date, 'Cek Kuota' and the slots, as both booking screens have them (docs/product.md §4),
// and the BPJS letter to pick where the API offers them (referrals.tsx).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { Clinic, QuotaSlot, UsableReferral } from '../../../common/schemas/index.ts';
import { session } from '../../session/session.ts';
import { phoneToOffer } from '../../session/phone.ts';
import { guaranteeAllowed, sessionHours, type Guarantee } from '../../../common/booking.ts';
import { clinicQuery } from '../../../common/clinic-link.ts';
import { to } from '../../../common/routes.ts';
import { quota } from '../../data/quota.ts';
import { card } from '../../ui/controls.css.ts';
import { DatePicker } from '../../ui/DatePicker.tsx';
import { lastDateOf, useManaged } from '../../appointments/rules.ts';
import * as css from './booking.css.ts';
import { letterQuery } from './letters.ts';
import { ReferralPicker, useLetters } from './referrals.tsx';
import { GuaranteeSelect, InvalidDialog } from './guarantee.tsx';
import { useDateRule } from './date-rule.ts';
import { CheckButton, useSlots } from './check-parts.tsx';
import { SlotList } from './slot-list.tsx';

interface QuotaCheckProps {
  /** The clinic chosen, or null while none is. */
  clinic: Clinic | null;
  /** One doctor (Cek Kuota) or the whole clinic (''). */
  kdDr?: string;
  /** Cek Kuota: only this weekday can be chosen. */
  weekday?: string;
  dateLabel: string;
  guarantee: Guarantee | '';
  onGuarantee: (g: Guarantee | '') => void;
  /** Fields above the guarantee (the clinic picker). */
  children?: ReactNode;
  /** Where the clinic can be changed here: a BPJS letter picked chooses its own. */
  onClinic?: (kdDep: string) => void;
}

/**
 * Guarantee, date, 'Cek Kuota' and the slots, as both booking screens have them (docs/product.md §4):
 * the date waits for a guarantee, the button for a clinic, a guarantee and an allowed date (and,
 * where the API offers BPJS letters, a BPJS letter picked), and any change clears the list. BPJS at clinic 20012 is refused with the spec's dialog.
 */
export function QuotaCheck({ clinic, kdDr = '', weekday, dateLabel, guarantee, onGuarantee, children, onClinic }: QuotaCheckProps) {
  const [invalid, setInvalid] = useState(false);
  /** What joining a full session's waiting list answered (docs/leave.md). */
  const [waitSaid, setWaitSaid] = useState<string | null>(null);
  const { date, pickDate, slots, check, clear, checking } = useSlots();
  const managed = useManaged();
  const last = lastDateOf(managed);
  // On a slow line the rules arrive after the calendar: it says so until then (DatePicker's loading).
  const windowLoading = managed.state === 'unknown' && managed.loading;
  const {
    rule,
    refusal: why,
    excluded,
    hint,
    loading,
  } = useDateRule(guarantee, { weekday, last, practiceDays: weekday ? undefined : clinic?.hari_praktik, windowLoading });
  const refusal = why(date);
  // Where the API reads BPJS letters, a BPJS booking waits for one (referrals.tsx); not at a
  // clinic that takes no BPJS, where 'Cek Kuota' says so with the spec's dialog.
  const letters = useLetters(guarantee, clinic, date);
  const { letter } = letters;
  const wantsLetter = letters.offered && (!clinic || guaranteeAllowed(clinic.kd_dep, 'BPJS'));
  const ready = !!(clinic && guarantee && date && !refusal && (!wantsLetter || letter));
  // A control letter's doctor, where the hospital knows it, is the one asked about.
  const doctor = kdDr || letter?.kd_dr || '';
  useEffect(clear, [clinic?.kd_dep, guarantee, letter?.nomorreferensi]);
  useEffect(() => setWaitSaid(null), [slots]);
  // Only where the API manages appointments; one without a waiting list answers 404, said as such.
  const wait =
    managed.state === 'yes' && clinic && date && guarantee
      ? (s: QuotaSlot, nomr = session.current.value?.nomr ?? '') =>
          void import('../../leave/join.ts')
            .then((m) =>
              m.joinLine({
                nomr,
                hp: phoneToOffer(nomr),
                tgl_janji: date,
                kd_dep: clinic.kd_dep,
                kd_dr: s.kd_dr,
                sts_jam: s.sts_jam,
                carabayar: guarantee === 'BPJS' ? 'B' : 'P',
                ...(letter ? { jeniskunjungan: letter.jeniskunjungan, nomorreferensi: letter.nomorreferensi } : {}),
              }),
            )
            .then(setWaitSaid, () => setWaitSaid(null))
      : undefined;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!clinic || !guarantee || !date || !ready || checking) return;
    if (!guaranteeAllowed(clinic.kd_dep, guarantee)) return setInvalid(true);
    check(quota(clinic.kd_dep, date, doctor));
  };

  // A control letter brings its own clinic and day; a referral its clinic, where one can be chosen here.
  const pickLetter = (r: UsableReferral) => {
    letters.pick(r);
    if (onClinic && r.kd_dep && r.kd_dep !== clinic?.kd_dep) onClinic(r.kd_dep);
    if (r.tgl_kontrol && r.tgl_kontrol !== date && r.tgl_kontrol >= rule.today) pickDate(r.tgl_kontrol);
  };

  return (
    <>
      <form className={`${card} ${css.form}`} onSubmit={submit} noValidate>
        {children}
        <GuaranteeSelect id="bk-jaminan" value={guarantee} onChange={onGuarantee} />
        {wantsLetter && letters.list && (
          <ReferralPicker {...letters} list={letters.list} onPick={pickLetter} onNonBpjs={() => onGuarantee('Non BPJS')} clinicChosen={!!clinic} />
        )}
        <DatePicker
          label={dateLabel}
          value={date}
          today={rule.today}
          last={last}
          excluded={excluded}
          disabled={!guarantee}
          hint={hint}
          loading={loading}
          onChange={pickDate}
        />
        {refusal && (
          <p className={css.warn} role="alert">
            {refusal}
          </p>
        )}
        <CheckButton disabled={!ready || checking} checking={checking} />
      </form>
      {waitSaid && (
        <p className={css.note} role="status">
          {waitSaid}
        </p>
      )}
      {slots && clinic && date && guarantee && (
        <SlotList
          slots={slots}
          onWait={wait}
          href={(s) =>
            to(
              'confirm',
              { dokterr: s.nama_dr, kd_dokter: s.kd_dr, jam: sessionHours(s), tgljanji: date, sts_jam: s.sts_jam, sts_ue: s.sts_ue, bayar: guarantee },
              { ...clinicQuery(clinic), ...letterQuery(letter) },
            )
          }
        />
      )}
      {invalid && <InvalidDialog onClose={() => setInvalid(false)} />}
    </>
  );
}

// Ubah Jadwal (/ubahjanji/:no_reg): the appointment as it is, then the booking screens' date
// picker and slot list for its clinic, guarantee and kind, which stay; choosing a session asks
// once more and moves it (ubah/janji), the old seat given back by the server in the same step.
import { formatHours } from '../../../common/hours.ts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { to } from '../../../common/routes.ts';
import type { QuotaSlot, UpcomingAppointment } from '../../../common/schemas/index.ts';
import { useRead } from '../../data/hooks.ts';
import { quota } from '../../data/quota.ts';
import { clinics, rescheduleAppointment, upcoming } from '../../data/reads.ts';
import type { ScreenProps } from '../../navigation.ts';
import { button } from '../../ui/button.ts';
import { card, fieldError, page } from '../../ui/controls.css.ts';
import { DatePicker } from '../../ui/DatePicker.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { DateText, Fields } from '../../ui/RecordList.tsx';
import { ErrorBanner, Loading, Spinner } from '../../ui/Spinner.tsx';
import { useDateRule } from './date-rule.ts';
import { CheckButton, useSlots } from './check-parts.tsx';
import { SlotList } from './slot-list.tsx';
import * as bookingCss from './booking.css.ts';
import { changeable } from '../../appointments/actions.tsx';
import * as css from '../../appointments/manage.css.ts';
import { AppointmentSummary, guaranteeOf, hoursOf } from '../../appointments/parts.tsx';
import { lastDateOf, useManaged, type Managed } from '../../appointments/rules.ts';
import { MANAGE } from '../../appointments/strings.ts';
import { RESCHEDULE } from './reschedule-strings.ts';
import { Whose } from '../../family/Whose.tsx';

interface Answer {
  title: string;
  text: string;
  moved: boolean;
}

export default function Reschedule({ params, navigate }: ScreenProps<'reschedule'>) {
  const [list] = useRead(upcoming);
  const managed = useManaged();
  // Kept here, above the form: the list is read again after the move, and the answer must stay.
  const [answer, setAnswer] = useState<Answer | null>(null);
  const found = list.state === 'error' ? undefined : list.data?.find((a) => a.no_reg === params.no_reg);

  let body: ReactNode;
  if ((list.state === 'loading' && !found) || (managed.state === 'unknown' && managed.loading)) body = <Loading />;
  else if (managed.state === 'no') body = <ErrorBanner text={RESCHEDULE.notOffered} />;
  else if (!found) body = <ErrorBanner text={RESCHEDULE.notFound} />;
  else if (!answer && !changeable(found, true)) body = <ErrorBanner text={RESCHEDULE.notChangeable} />;
  else body = <MoveForm appointment={found} noReg={params.no_reg} managed={managed} onAnswer={setAnswer} />;

  return (
    <main className={page}>
      <Whose />
      {body}
      {(!found || managed.state === 'no') && (
        <a className={button({ kind: 'secondary', block: true })} href={to('home')}>
          {RESCHEDULE.home}
        </a>
      )}
      {answer && (
        <Dialog
          title={answer.title}
          role="alertdialog"
          onClose={answer.moved ? undefined : () => setAnswer(null)}
          actions={[answer.moved ? { label: RESCHEDULE.home, onClick: () => navigate(to('home')) } : { label: MANAGE.close, onClick: () => setAnswer(null) }]}
        >
          <p>{answer.text}</p>
        </Dialog>
      )}
    </main>
  );
}

interface FormProps {
  appointment: UpcomingAppointment;
  noReg: string;
  managed: Managed;
  onAnswer: (a: Answer) => void;
}

function MoveForm({ appointment: a, noReg, managed, onAnswer }: FormProps) {
  const [chosen, setChosen] = useState<{ slot: QuotaSlot; date: string } | null>(null);
  const { date, pickDate, slots, check, clear, checking } = useSlots();
  const last = lastDateOf(managed);
  const guarantee = guaranteeOf(a);
  const kdDep = a.kd_dep ?? '';
  const jenis = a.jenis ?? 'poli';
  const [clinicList] = useRead(clinics);
  const clinic = clinicList.state === 'error' ? undefined : clinicList.data?.find((c) => c.kd_dep === kdDep);
  const practiceDays = jenis === 'online' ? clinic?.hari_online : clinic?.hari_praktik;
  // The calendar greys out what the move would be refused for: the window, days without practice,
  // and the 8-day rule counted without this appointment, as the server counts it.
  const { rule, refusal: why, excluded, hint, loading } = useDateRule(guarantee, { last, besides: noReg, practiceDays });
  const refusal = why(date);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!date || refusal || checking) return;
    check(quota(kdDep, date, '', jenis));
  };

  return (
    <>
      <section className={card} aria-labelledby="uj-current">
        <h2 id="uj-current" className={css.heading}>
          {RESCHEDULE.currentTitle}
        </h2>
        <AppointmentSummary appointment={a} />
      </section>
      <form className={`${card} ${bookingCss.form}`} onSubmit={submit} noValidate>
        <p className={css.note}>{RESCHEDULE.keepsSame}</p>
        <DatePicker
          label={RESCHEDULE.newDate}
          value={date}
          today={rule.today}
          last={last}
          excluded={excluded}
          hint={hint}
          loading={loading}
          onChange={pickDate}
        />
        {refusal && (
          <p className={bookingCss.warn} role="alert">
            {refusal}
          </p>
        )}
        <CheckButton disabled={!date || !!refusal || checking} checking={checking} />
      </form>
      {slots && date && (
        <SlotList
          slots={slots}
          current={(s) => date === a.tanggal_janji && s.kd_dr === a.kd_dr && s.sts_jam === a.sts_jam}
          onChoose={(slot) => setChosen({ slot, date })}
        />
      )}
      {chosen && (
        <MoveDialog
          appointment={a}
          noReg={noReg}
          to={chosen}
          onClose={() => setChosen(null)}
          onAnswer={(answer) => {
            setChosen(null);
            // Refused: the seats may have changed; the list is asked again when checked again.
            if (!answer.moved) clear();
            onAnswer(answer);
          }}
        />
      )}
    </>
  );
}

interface MoveProps {
  appointment: UpcomingAppointment;
  noReg: string;
  to: { slot: QuotaSlot; date: string };
  onClose: () => void;
  onAnswer: (a: Answer) => void;
}

/** 'Pindahkan janji ini?': the old and the new session side by side, then the move. */
function MoveDialog({ appointment: a, noReg, to: { slot, date }, onClose, onAnswer }: MoveProps) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState(false);
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const move = async () => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    setFailure(false);
    const res = await rescheduleAppointment({ no_reg: noReg, tgl_janji: date, kd_dr: slot.kd_dr, sts_jam: slot.sts_jam });
    busy.current = false;
    if (!mounted.current) return;
    setSending(false);
    if (res.ok) return onAnswer({ title: RESCHEDULE.movedTitle, text: res.data.message, moved: true });
    if (res.error.message && (res.error.kind === 'status' || res.error.kind === 'http'))
      return onAnswer({ title: MANAGE.failTitle, text: res.error.message, moved: false });
    setFailure(true);
  };

  const oldHours = hoursOf(a);
  return (
    <Dialog
      title={RESCHEDULE.moveTitle}
      onClose={sending ? undefined : onClose}
      actions={[
        { label: MANAGE.keep, kind: 'secondary', onClick: () => !busy.current && onClose() },
        { label: sending ? RESCHEDULE.moving : RESCHEDULE.confirmMove, onClick: () => void move() },
      ]}
    >
      <h3 className={css.heading}>{RESCHEDULE.moveFrom}</h3>
      <Fields
        item={a}
        rows={[
          [MANAGE.fields.tanggal, (x) => <DateText date={x.tanggal_janji} style="day" />],
          ...(oldHours ? [[MANAGE.fields.jam, () => oldHours] as [string, () => string]] : []),
          [MANAGE.fields.dokter, (x) => x.nama_dokter],
        ]}
      />
      <h3 className={css.heading}>{RESCHEDULE.moveTo}</h3>
      <Fields
        item={slot}
        rows={[
          [MANAGE.fields.tanggal, () => <DateText date={date} style="day" />],
          [MANAGE.fields.jam, (s) => formatHours(s.jam_dtg, s.jam_plg)],
          [MANAGE.fields.dokter, (s) => s.nama_dr],
          [MANAGE.fields.poli, () => a.departemen],
        ]}
      />
      {sending && (
        <p className={css.sending}>
          <Spinner small label={RESCHEDULE.moving} />
          <span aria-hidden="true">{RESCHEDULE.moving}</span>
        </p>
      )}
      {failure && (
        <p className={fieldError} role="alert">
          {RESCHEDULE.moveFailed}
        </p>
      )}
    </Dialog>
  );
}

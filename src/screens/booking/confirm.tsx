// The appointment confirmations (docs/product.md §2, §4, §5, §8). /buatjanji: the chosen session
// read-only, the mobile number, 'Buat Janji' (sent once; the server also answers a repeat with
// the same appointment). /buatjanjionline: the same fields and a guarantee; it books where the
// API offers online consultations (docs/decisions.md D14, revised).
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { carabayar, guaranteeAllowed, isGuarantee, type Guarantee } from '../../../common/booking.ts';
import type { BookingRequest } from '../../../common/schemas/index.ts';
import { formatDate, isIsoDate } from '../../../common/dates.ts';
import { clinicFromQuery, to } from '../../../common/routes.ts';
import { useRead } from '../../data/hooks.ts';
import { book, bookOnline, profile as profileRead } from '../../data/reads.ts';
import type { Navigate } from '../../navigation.ts';
import { phoneToOffer, rememberPhone } from '../../session/phone.ts';
import { session } from '../../session/session.ts';
import { S } from '../../strings.ts';
import { BOOKING } from './strings.ts';
import { Dialog, type DialogAction } from '../../ui/Dialog.tsx';
import { DateText, Fields, type FieldRow } from '../../ui/RecordList.tsx';
import { ErrorBanner, Spinner } from '../../ui/Spinner.tsx';
import { card, field, input, label, page } from '../../ui/controls.css.ts';
import { button } from '../../ui/button.ts';
import { useManaged } from '../manage/rules.ts';
import * as css from './booking.css.ts';
import { NO_REFERRAL, ReferralFields, referralFields, referralProblem } from './referral.tsx';
import { GuaranteeSelect, InvalidDialog } from './shared.tsx';

const T = BOOKING.confirm;

interface Shown {
  nama: string;
  nomr: string;
  tglLahir: ReactNode;
  tglJanji: ReactNode;
  poli: string;
  dokter: string;
  jam: string;
  jaminan?: string;
}

const ROWS: FieldRow<Shown>[] = [
  [T.nama, (x) => x.nama],
  [T.nomr, (x) => x.nomr],
  [T.tglLahir, (x) => x.tglLahir],
  [T.tglJanji, (x) => x.tglJanji],
  [T.poli, (x) => x.poli],
  [T.dokter, (x) => x.dokter],
  [T.jam, (x) => x.jam],
];

/** The patient's name from the profile call; the rest of the header comes from the session. */
function usePatient() {
  const [profile] = useRead(profileRead);
  const c = session.current.value;
  const nama = (profile.state !== 'error' && profile.data?.nama) || (profile.state === 'loading' ? S.loading : S.na);
  const telp = profile.state === 'error' ? null : profile.data?.telp_hp;
  return { nama, telp, nomr: c?.nomr ?? '', birthDate: c?.birthDate ?? '' };
}

/**
 * The mobile number field's value: it starts with the number of the last booking on this phone,
 * or the profile's (which may arrive after the screen), and is the patient's to change.
 */
function usePhone(nomr: string, fromProfile: string | null | undefined) {
  const [hp, setHp] = useState(() => phoneToOffer(nomr, fromProfile));
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current && fromProfile) setHp((v) => v || phoneToOffer(nomr, fromProfile));
  }, [nomr, fromProfile]);
  const change = (v: string) => {
    typed.current = true;
    setHp(v);
  };
  return [hp, change] as const;
}

function PhoneField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div className={field}>
      <label className={label} htmlFor="bk-hp">
        {T.hp}
      </label>
      <input
        id="bk-hp"
        name="hp"
        className={input}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="08xxxxxxxxxx"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        required
      />
    </div>
  );
}

function Incomplete() {
  return (
    <main className={page}>
      <ErrorBanner text={T.incomplete} />
      <a className={button({ kind: 'secondary', block: true })} href={to.clinicBooking()}>
        {T.chooseAgain}
      </a>
    </main>
  );
}

interface Message {
  title: string;
  lines: string[];
  booked?: boolean;
}

/**
 * Sends a booking once (two taps can land before the button re-renders disabled: the ref stops
 * the second at once) and says what came of it (docs/product.md §4 and §8).
 */
function useBooking(send: typeof book, nomr: string) {
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const busy = useRef(false);
  const submit = async (req: BookingRequest) => {
    if (busy.current || booked) return;
    busy.current = true;
    setSending(true);
    const res = await send(req);
    busy.current = false;
    setSending(false);
    if (res.ok) {
      rememberPhone(nomr, req.hp);
      setBooked(true);
      return setMessage({ title: T.alert, lines: [res.data.message], booked: true });
    }
    if (res.error.kind === 'status') return setMessage({ title: T.alert, lines: [res.error.message ?? T.failed] });
    // A 503's sentence says why: the hospital's system did not answer, or may have booked without
    // its answer arriving (SIMRS=upstream; docs/decisions.md, When the hospital's system does not answer).
    const why = res.error.kind === 'offline' ? T.offline : res.error.httpStatus === 503 ? res.error.message : undefined;
    setMessage({ title: T.failTitle, lines: why ? [T.failed, why] : [T.failed] });
  };
  const actions = (navigate: Navigate): DialogAction[] =>
    message?.booked ? [{ label: T.home, onClick: () => navigate(to.home()) }] : [{ label: T.close, onClick: () => setMessage(null) }];
  return { sending, booked, message, setMessage, submit, actions };
}

function MessageDialog({ message, actions, onClose }: { message: Message; actions: DialogAction[]; onClose: () => void }) {
  return (
    <Dialog title={message.title} role="alertdialog" onClose={message.booked ? undefined : onClose} actions={actions}>
      {message.lines.map((l) => (
        <p>{l}</p>
      ))}
    </Dialog>
  );
}

interface ConfirmParams {
  dokterr: string;
  kd_dokter: string;
  jam: string;
  tgljanji: string;
  sts_jam: string;
  sts_ue: string;
  bayar: string;
}

export function Confirm({ params: p, query, navigate }: { params: ConfirmParams; query?: Record<string, string>; navigate: Navigate }) {
  const patient = usePatient();
  const clinic = clinicFromQuery(query);
  const [hp, setHp] = usePhone(patient.nomr, patient.telp);
  const [referral, setReferral] = useState(NO_REFERRAL);
  const { sending, booked, message, setMessage, submit, actions } = useBooking(book, patient.nomr);
  if (!clinic || !isIsoDate(p.tgljanji) || !isGuarantee(p.bayar)) return <Incomplete />;
  const bayar: Guarantee = p.bayar;
  // A BPJS visit rests on a referral, which the hospital reports to BPJS (docs/bpjs.md, Referrals).
  const bpjs = bayar === 'BPJS';

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending || booked) return;
    if (!hp.trim()) return setMessage({ title: T.failTitle, lines: [T.hpRequired] });
    const problem = bpjs ? referralProblem(referral) : null;
    if (problem) return setMessage({ title: T.failTitle, lines: [problem] });
    void submit({
      ...(bpjs ? referralFields(referral) : {}),
      nomr: patient.nomr,
      tgl_janji: p.tgljanji,
      sts_ue: p.sts_ue,
      tgl_lahir: patient.birthDate,
      kd_dep: clinic.kd_dep,
      kd_dr: p.kd_dokter,
      sts_jam: p.sts_jam,
      carabayar: carabayar(bayar),
      hp: hp.trim(),
    });
  };

  return (
    <main className={page}>
      <section className={card} aria-label={BOOKING.appointmentTitle}>
        <Fields
          item={{
            nama: patient.nama,
            nomr: patient.nomr,
            tglLahir: <DateText date={patient.birthDate} />,
            // The route carries YYYY-MM-DD (docs/product.md §2); the patient reads the day as the date
            // picker said it (decisions: dates in one voice).
            tglJanji: <DateText date={p.tgljanji} style="day" />,
            poli: clinic.ds_dep,
            dokter: p.dokterr,
            jam: p.jam,
            jaminan: bayar,
          }}
          rows={[...ROWS, [T.jaminan, (x) => x.jaminan]]}
        />
      </section>
      <form className={`${card} ${css.form}`} onSubmit={onSubmit} noValidate>
        <PhoneField value={hp} onChange={setHp} />
        {bpjs && <ReferralFields value={referral} onChange={setReferral} />}
        <button type="submit" className={button({ kind: 'primary', block: true })} disabled={sending || booked} aria-busy={sending}>
          {sending && <Spinner small />}
          {T.submit}
        </button>
      </form>
      {message && <MessageDialog message={message} actions={actions(navigate)} onClose={() => setMessage(null)} />}
    </main>
  );
}

interface OnlineParams {
  dokterr: string;
  kd_dokter: string;
  jam: string;
  tgljanji: string;
}

/**
 * Konfirmasi Data. Where the API books online consultations, 'Buat Janji' books one in the online
 * session chosen (its sts_jam rides in the link); elsewhere it answers the spec's 'On Progress !'
 * and books nothing (docs/decisions.md D14, revised).
 */
export function ConfirmOnline({ params: p, query, navigate }: { params: OnlineParams; query?: Record<string, string>; navigate: Navigate }) {
  const patient = usePatient();
  const clinic = clinicFromQuery(query);
  const managed = useManaged();
  const [hp, setHp] = usePhone(patient.nomr, patient.telp);
  const [guarantee, setGuarantee] = useState<Guarantee | ''>('');
  const [invalid, setInvalid] = useState(false);
  const { sending, booked, message, setMessage, submit, actions } = useBooking(bookOnline, patient.nomr);
  if (!clinic || !isIsoDate(p.tgljanji)) return <Incomplete />;
  const stsJam = query?.sts_jam?.trim();
  // Rules not read (no signal, a server fault): the booking is tried, and its failure said.
  const books = managed.state !== 'no' && !!stsJam;
  const waiting = books && managed.state === 'unknown' && managed.loading;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!books) return setMessage({ title: T.alert, lines: [T.onProgress] });
    if (sending || booked || waiting) return;
    if (!hp.trim()) return setMessage({ title: T.failTitle, lines: [T.hpRequired] });
    if (!guarantee) return setMessage({ title: T.failTitle, lines: [T.guaranteeRequired] });
    if (!guaranteeAllowed(clinic.kd_dep, guarantee)) return setInvalid(true);
    void submit({
      nomr: patient.nomr,
      tgl_janji: p.tgljanji,
      tgl_lahir: patient.birthDate,
      kd_dep: clinic.kd_dep,
      kd_dr: p.kd_dokter,
      sts_jam: stsJam,
      carabayar: carabayar(guarantee),
      hp: hp.trim(),
    });
  };

  return (
    <main className={page}>
      {!books && <p className={`${card} ${css.note}`}>{T.onlineNote}</p>}
      <section className={card} aria-label={BOOKING.appointmentTitle}>
        <Fields
          item={{
            nama: patient.nama,
            nomr: patient.nomr,
            tglLahir: <DateText date={patient.birthDate} />,
            tglJanji: formatDate(p.tgljanji, 'dmy'),
            poli: clinic.ds_dep,
            dokter: p.dokterr,
            jam: p.jam,
          }}
          rows={ROWS}
        />
      </section>
      <form className={`${card} ${css.form}`} onSubmit={onSubmit} noValidate>
        <PhoneField value={hp} onChange={setHp} />
        <GuaranteeSelect id="bk-jaminan-online" value={guarantee} onChange={setGuarantee} />
        <button
          type="submit"
          className={button({ kind: 'primary', block: true })}
          disabled={books && (sending || booked || waiting)}
          aria-busy={sending || waiting}
        >
          {(sending || waiting) && <Spinner small />}
          {T.submit}
        </button>
      </form>
      {message && <MessageDialog message={message} actions={actions(navigate)} onClose={() => setMessage(null)} />}
      {invalid && <InvalidDialog onClose={() => setInvalid(false)} />}
    </main>
  );
}

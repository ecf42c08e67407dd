// What the two appointment confirmations (confirm.tsx) share: the patient's header, the session
// chosen as shown, the mobile number field and its first value, sending a booking once and saying what
// came of it.
import { formatHours } from '../../../common/hours.ts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { BookingRequest } from '../../../common/schemas/index.ts';
import { to } from '../../../common/routes.ts';
import { useRead } from '../../data/hooks.ts';
import { type book, profile as profileRead } from '../../data/reads.ts';
import type { Navigate } from '../../navigation.ts';
import { phoneToOffer, rememberPhone } from '../../session/phone.ts';
import { session } from '../../session/session.ts';
import { S } from '../../strings.ts';
import { BOOKING } from './strings.ts';
import { Dialog, type DialogAction } from '../../ui/Dialog.tsx';
import { DateText, Fields, type FieldRow } from '../../ui/RecordList.tsx';
import { ErrorBanner } from '../../ui/Spinner.tsx';
import { card, field, input, label, page } from '../../ui/controls.css.ts';
import { button } from '../../ui/button.ts';

const T = BOOKING.confirm;

interface Shown {
  nama: string;
  nomr: string;
  tglLahir: ReactNode;
  tglJanji: ReactNode;
  poli: string;
  /** Where the clinic examines (clinicPlace), where the clinics answer said. */
  tempat?: string;
  dokter: string;
  jam: string;
  jaminan?: string;
  /** The BPJS letter the booking sends, where the API offers them. */
  rujukan?: string;
}

const ROWS: FieldRow<Shown>[] = [
  [T.nama, (x) => x.nama],
  [T.nomr, (x) => x.nomr],
  [T.tglLahir, (x) => x.tglLahir],
  [T.tglJanji, (x) => x.tglJanji],
  [T.poli, (x) => x.poli],
  [T.dokter, (x) => x.dokter],
  [T.jam, (x) => formatHours(x.jam)],
];
const WITH_GUARANTEE: FieldRow<Shown>[] = [...ROWS, [T.jaminan, (x) => x.jaminan]];
const WITH_LETTER: FieldRow<Shown>[] = [...WITH_GUARANTEE, [BOOKING.referral.row, (x) => x.rujukan]];

/** The room and floor under the clinic, where known; no row where the hospital says neither. */
const withPlace = (rows: FieldRow<Shown>[], tempat: string | undefined): FieldRow<Shown>[] =>
  tempat ? [...rows.slice(0, 5), [T.tempat, (x) => x.tempat], ...rows.slice(5)] : rows;

/** The session chosen, read-only: the patient, then the day, clinic, doctor and hours (and the guarantee, when chosen before, and its BPJS letter). */
export function Chosen({ patient, ...session }: { patient: ReturnType<typeof usePatient> } & Omit<Shown, 'nama' | 'nomr' | 'tglLahir'>) {
  return (
    <section className={card} aria-label={BOOKING.appointmentTitle}>
      <Fields
        item={{ nama: patient.nama, nomr: patient.nomr, tglLahir: <DateText date={patient.birthDate} />, ...session }}
        rows={withPlace(session.jaminan === undefined ? ROWS : session.rujukan === undefined ? WITH_GUARANTEE : WITH_LETTER, session.tempat)}
      />
    </section>
  );
}

/** The patient's name from the profile call; the rest of the header comes from the session. */
export function usePatient() {
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
export function usePhone(nomr: string, fromProfile: string | null | undefined) {
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

export function PhoneField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
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

export function Incomplete({ text = T.incomplete }: { text?: string }) {
  return (
    <main className={page}>
      <ErrorBanner text={text} />
      <a className={button({ kind: 'secondary', block: true })} href={to('clinicBooking')}>
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
export function useBooking(send: typeof book, nomr: string, tempat?: string) {
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
      // The server's sentence (docs/product.md §2), then where to go, where the clinic answer said.
      return setMessage({ title: T.alert, lines: tempat ? [res.data.message, T.goTo(tempat)] : [res.data.message], booked: true });
    }
    if (res.error.kind === 'status') return setMessage({ title: T.alert, lines: [res.error.message ?? T.failed] });
    // A 503's sentence says why: the hospital's system did not answer, or may have booked without
    // its answer arriving (SIMRS=upstream; docs/decisions.md, When the hospital's system does not answer).
    const why = res.error.kind === 'offline' ? T.offline : res.error.httpStatus === 503 ? res.error.message : undefined;
    setMessage({ title: T.failTitle, lines: why ? [T.failed, why] : [T.failed] });
  };
  const actions = (navigate: Navigate): DialogAction[] =>
    message?.booked ? [{ label: T.home, onClick: () => navigate(to('home')) }] : [{ label: T.close, onClick: () => setMessage(null) }];
  return { sending, booked, message, setMessage, submit, actions };
}

export function MessageDialog({ message, actions, onClose }: { message: Message; actions: DialogAction[]; onClose: () => void }) {
  return (
    <Dialog title={message.title} role="alertdialog" onClose={message.booked ? undefined : onClose} actions={actions}>
      {message.lines.map((l) => (
        <p>{l}</p>
      ))}
    </Dialog>
  );
}

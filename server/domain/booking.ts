// Booking on the server: the rules of docs/product.md §5 and §9 and docs/decisions.md D11–D13, the same as the
// app's (common/booking.ts), enforced here because a client can be bypassed. No SQL: a store
// reads and writes (connector/local/booking.ts), so these rules are tested without a database.
import {
  BOOKING_WINDOW_DAYS,
  beyondWindow,
  bpjsGapBlocks,
  guaranteeAllowed,
  lastBookableDate,
  sessionHours,
  type AppointmentKind,
  type Guarantee,
} from '../../common/booking.ts';
import { daysBetween, formatLong, todayWib } from '../../common/dates.ts';
import { formatHours } from '../../common/hours.ts';
import { compactPhone, isMobileNumber } from '../../common/phone.ts';
import type { AppointmentRef, BookingRequest, BookingResult, QuotaSlot } from '../../common/schemas/booking.ts';
import { NO_PRACTICE_CODE } from '../../common/schemas/codes.ts';
import { minutesOf, wibMinutes } from '../../common/wib.ts';
import { DEFAULT_REMINDERS, dueReminders, type DueReminder, type ReminderPolicy } from './reminders.ts';
import { SHARED_MSG } from '../../common/messages.ts';

export const BOOKING_MSG = {
  hpRequired: SHARED_MSG.hpRequired,
  hpInvalid: 'Nomor HP tidak valid. Tulis nomor HP aktif, misalnya 081234567890.',
  past: 'Tanggal perjanjian sudah lewat. Silakan pilih tanggal hari ini atau sesudahnya.',
  executive: SHARED_MSG.executiveNonBpjs,
  noPractice: 'Dokter tidak praktik pada tanggal dan jam tersebut. Silakan pilih tanggal sesuai hari praktik dokter.',
  bpjsGap: (last: string) =>
    `Perjanjian BPJS baru dapat dibuat lebih dari 8 hari setelah perjanjian terakhir Anda (${formatLong(last)}). Silakan pilih tanggal lain atau gunakan Non BPJS.`,
  full: 'Kuota dokter pada sesi tersebut sudah penuh. Silakan pilih tanggal atau dokter lain.',
  referralKind: 'Pilih jenis rujukan: rujukan FKTP, rujukan internal, surat kontrol, atau rujukan antar rumah sakit.',
  referralNumber: 'Tulis nomor rujukan atau nomor surat kontrol Anda.',
  ended: 'Jam praktik sudah berakhir. Silakan pilih sesi lain atau tanggal lain.',
  sameDay: (a: ClinicDayAppointment) =>
    `Anda sudah memiliki janji di ${a.ds_dep} pada ${formatLong(a.tgl_janji)} dengan ${a.nama_dr} (nomor antrian ${a.no_urut}). Satu poli hanya dapat dipesan sekali dalam sehari.`,
  success: (r: { no_urut: number; tgl_janji: string; ds_dep: string; nama_dr: string; jam: string }) =>
    `Perjanjian berhasil dibuat. Nomor antrian Anda ${r.no_urut}, ${formatLong(r.tgl_janji)} pukul ${formatHours(r.jam)} di ${r.ds_dep} dengan ${r.nama_dr}. Silakan datang sesuai jam layanan.`,
  onlineSuccess: (r: { no_urut: number; tgl_janji: string; ds_dep: string; nama_dr: string; jam: string }, roomMinutes: number) =>
    `Perjanjian konsultasi online berhasil dibuat. Nomor antrian Anda ${r.no_urut}, ${formatLong(r.tgl_janji)} pukul ${formatHours(r.jam)} di ${r.ds_dep} dengan ${r.nama_dr}. Tombol '${SHARED_MSG.enterRoom}' muncul di beranda ${roomMinutes} menit sebelum sesi dimulai.`,
  /** MAX_ACTIVE_APPOINTMENTS: how many the patient holds, and the limit they reached. */
  limit: (held: number, max: number) =>
    `Anda sudah memiliki ${held} perjanjian yang akan datang (poli dan konsultasi online). Satu pasien dapat memiliki paling banyak ${max} perjanjian aktif sekaligus. Batalkan salah satu perjanjian, atau buat perjanjian baru setelah salah satunya selesai.`,
  /** A 400 (the request's date is out of range), so it names the field. */
  window: (last: string, days: number) =>
    `Kolom tgl_janji: perjanjian hanya dapat dibuat paling lambat ${days} hari ke depan, sampai ${formatLong(last)}. Silakan pilih tanggal yang lebih dekat.`,
} as const;

/** A refusal with status 400 is the request's own fault (the booking window); the others answer 200. */
export type BookingOutcome =
  | { ok: true; result: BookingResult }
  /** `limit`: refused at MAX_ACTIVE_APPOINTMENTS, with how many the patient holds (the route audits it). */
  | { ok: false; message: string; status?: 400; limit?: { held: number; max: number } };

/** The server's settings the booking rules read (config.ts). */
export interface BookingPolicy {
  windowDays: number;
  /** Active appointments (today or later, not cancelled, not yet served) a patient may hold, clinic and online together. */
  maxActive: number;
  reminders: ReminderPolicy;
}

export const DEFAULT_POLICY: BookingPolicy = {
  windowDays: BOOKING_WINDOW_DAYS,
  maxActive: 3,
  reminders: DEFAULT_REMINDERS,
};

/** A doctor's weekly practice session in a clinic, as a booking takes a seat in it (a login is a session of db/sessions.ts). */
export interface PracticeSession {
  id: number;
  kd_dep: string;
  kd_dr: string;
  sts_jam: string;
  sts_ue: string;
  batas_quota: number;
  jam_dtg: string;
  jam_plg: string;
  ds_dep: string;
  nama_dr: string;
  /**
   * The session was full when read, without a lock (a store that can tell): a hint only. The
   * booking then refuses without a transaction; the seat itself is taken under the lock.
   */
  penuh?: boolean;
}

/** The patient's appointment in a clinic on a day, as the refusal of a second one names it. */
export interface ClinicDayAppointment {
  ds_dep: string;
  nama_dr: string;
  tgl_janji: string;
  no_urut: number;
}

/** A session of today whose practice hours are over can no longer be booked. */
export function sessionEnded(s: Pick<PracticeSession, 'jam_plg'>, date: string, now: number): boolean {
  if (date !== todayWib(now)) return false;
  const end = minutesOf(s.jam_plg);
  return end !== null && wibMinutes(now) >= end;
}

const guaranteeOf = (carabayar: BookingRequest['carabayar']): Guarantee => (carabayar === 'B' ? 'BPJS' : 'Non BPJS');

/** What is wrong with the request itself, before anything is looked up; null when nothing. */
export function requestRefusal(req: Pick<BookingRequest, 'hp' | 'tgl_janji' | 'kd_dep' | 'carabayar'>, today: string): string | null {
  const hp = req.hp.trim();
  if (!hp) return BOOKING_MSG.hpRequired;
  if (!isMobileNumber(hp)) return BOOKING_MSG.hpInvalid;
  if (daysBetween(today, req.tgl_janji) < 0) return BOOKING_MSG.past;
  if (!guaranteeAllowed(req.kd_dep, guaranteeOf(req.carabayar))) return BOOKING_MSG.executive;
  return null;
}

/** A referral's number without its kind, or the kind without its number (docs/bpjs.md): the message, or null. */
function referralRefusal(req: Pick<BookingRequest, 'jeniskunjungan' | 'nomorreferensi'>): string | null {
  if (req.nomorreferensi && !req.jeniskunjungan) return BOOKING_MSG.referralKind;
  if (req.jeniskunjungan && !req.nomorreferensi) return BOOKING_MSG.referralNumber;
  return null;
}

/** A date beyond the booking window (BOOKING_WINDOW_DAYS from today): the 400's message, or null. */
export function windowRefusal(date: string, today: string, windowDays: number): string | null {
  return beyondWindow(date, today, windowDays) ? BOOKING_MSG.window(lastBookableDate(today, windowDays), windowDays) : null;
}

/** The BPJS gap after the patient's last BPJS appointment (docs/decisions.md D11); null when it is open. */
export function gapRefusal(lastBpjs: string | null, date: string): string | null {
  return lastBpjs && bpjsGapBlocks(lastBpjs, date) ? BOOKING_MSG.bpjsGap(lastBpjs) : null;
}

/** The appointment's own facts besides the session's, for the answer's AppointmentRef fields. */
export interface Held {
  no_reg: string;
  carabayar: BookingRequest['carabayar'];
  jenis: AppointmentKind;
}

/** The answer of a booking: the spec's three fields, and with `held` what names the appointment. */
export function booked(
  s: PracticeSession,
  no_urut: number,
  tgl_janji: string,
  held?: Held,
  roomMinutes = DEFAULT_POLICY.reminders.onlineRoomMinutes,
): BookingResult {
  const facts = { no_urut, tgl_janji, ds_dep: s.ds_dep, nama_dr: s.nama_dr, jam: sessionHours(s) };
  const message = held?.jenis === 'online' ? BOOKING_MSG.onlineSuccess(facts, roomMinutes) : BOOKING_MSG.success(facts);
  if (!held) return { no_urut, tgl_janji, message };
  const ref: AppointmentRef = {
    no_reg: held.no_reg,
    kd_dep: s.kd_dep,
    kd_dr: s.kd_dr,
    jam_dtg: s.jam_dtg,
    sts_jam: s.sts_jam,
    carabayar: held.carabayar,
    jenis: held.jenis,
  };
  return { no_urut, tgl_janji, message, ...ref };
}

const NO_PRACTICE: QuotaSlot = {
  kode: NO_PRACTICE_CODE,
  nama_dr: '',
  kd_dr: '',
  jam_dtg: '',
  jam_plg: '',
  batas_quota: 0,
  quota_terisi: 0,
  sts_jam: '',
  sts_ue: '',
};

/** A day without any session answers one kode 301 entry, as the spec's client expects (docs/decisions.md D19). */
export const orNoPractice = (slots: QuotaSlot[]): QuotaSlot[] => (slots.length ? slots : [NO_PRACTICE]);

/** A BPJS visit's letter as the booking keeps it: its kind (jeniskunjungan 1–4) and number. */
export interface Rujukan {
  jeniskunjungan: number;
  nomorreferensi: string;
}

/**
 * How a BPJS clinic booking's letter is taken (docs/bpjs.md, Referrals): `check`ed where VClaim is
 * on (server/bpjs/referrals.ts; what it confirmed is kept and reported), 'as-sent' where the sender
 * is BPJS's own Mobile JKN, 'drop' for the app without VClaim: a typed number is kept by nobody
 * and never reported to BPJS as if confirmed.
 */
export type ReferralGate =
  | {
      check: (
        letter: Partial<Rujukan>,
        s: Pick<PracticeSession, 'kd_dep' | 'ds_dep'>,
        date: string,
      ) => Promise<{ ok: true; rujukan: Rujukan } | { ok: false; message: string }>;
    }
  | 'as-sent'
  | 'drop';

export interface NewAppointment {
  nomr: string;
  session: PracticeSession;
  tgl_janji: string;
  carabayar: BookingRequest['carabayar'];
  hp: string;
  no_urut: number;
  jenis: AppointmentKind;
  /** A BPJS visit's referral: its kind (jeniskunjungan 1–4) and number; null for another guarantee. */
  rujukan: Rujukan | null;
}

/** The patient's active appointment in a session on a date, as a repeated booking finds it. */
export interface Existing extends Held {
  no_urut: number;
}

export type PracticeSessionQuery = Pick<BookingRequest, 'kd_dep' | 'kd_dr' | 'sts_jam' | 'tgl_janji'>;

/** Reads and writes inside the booking's one transaction. Cancelled appointments count for none of them. */
export interface BookingTx {
  /** Makes one patient's bookings run one at a time, so the BPJS gap cannot be raced. */
  lockPatient(nomr: string): Promise<void>;
  /** The patient's active appointment in that session on that date, if any. */
  existing(nomr: string, sessionId: number, date: string): Promise<Existing | null>;
  /** The patient's active appointment in the clinic on that date (in any session), if any; `except` is left out. */
  sameClinicDay(nomr: string, kdDep: string, date: string, except?: number): Promise<ClinicDayAppointment | null>;
  /** How many active appointments the patient holds from `today` on: not cancelled, not yet served; clinic and online. */
  activeAppointments(nomr: string, today: string): Promise<number>;
  /** The latest active BPJS appointment's date; `except` (the one being moved) is left out. */
  lastBpjsAppointment(nomr: string, except?: number): Promise<string | null>;
  /** Takes the session's next seat on the date: its queue number, or null when it is full. */
  takeSeat(s: PracticeSession, date: string): Promise<number | null>;
  insert(a: NewAppointment): Promise<{ id: number; no_reg: string }>;
  /** Replaces the appointment's pending reminders with these. */
  setReminders(appointmentId: number, reminders: DueReminder[]): Promise<void>;
  /**
   * takeSeat, insert and setReminders at once (a store that can): the session's seat is taken
   * last, so its lock is held for the fewest statements before the commit. Null when it is full.
   * `today` (WIB): a clinic booking of today is announced to the live queue's streams, which
   * follow today's sessions only.
   */
  bookSeat?(a: Omit<NewAppointment, 'no_urut'>, reminders: DueReminder[], today: string): Promise<Booked | null>;
}

/** A new appointment's number in its session, its id and its registration number. */
export interface Booked {
  no_urut: number;
  id: number;
  no_reg: string;
}

/** The seat, then the appointment under its number, then its reminders: one step at a time. */
async function seatThenInsert(tx: BookingTx, a: Omit<NewAppointment, 'no_urut'>, reminders: DueReminder[]): Promise<Booked | null> {
  const no_urut = await tx.takeSeat(a.session, a.tgl_janji);
  if (no_urut === null) return null;
  const made = await tx.insert({ ...a, no_urut });
  await tx.setReminders(made.id, reminders);
  return { ...made, no_urut };
}

export interface BookingStore {
  /** The session of that kind the request names, on the weekday of its date; null when there is none. */
  session(req: PracticeSessionQuery, jenis: AppointmentKind): Promise<PracticeSession | null>;
  transaction<T>(fn: (tx: BookingTx) => Promise<T>): Promise<T>;
  /**
   * The same reads without a lock and with nothing written (a store that has them): a full
   * session's refusal is read, not waited for. Only refusals are answered from them.
   */
  unlocked?<T>(fn: (tx: BookingTx) => Promise<T>): Promise<T>;
}

/**
 * `now` is the instant of the request (epoch ms): today and the hour are read from it in WIB, and
 * tests pass a fixed one instead of the wall clock. `jenis` 'online' books an online consultation
 * session, by the same rules, in its own quota.
 */
export async function book(
  store: BookingStore,
  nomr: string,
  req: BookingRequest,
  now: number,
  policy: BookingPolicy = DEFAULT_POLICY,
  jenis: AppointmentKind = 'poli',
  gate: ReferralGate = 'as-sent',
): Promise<BookingOutcome> {
  const today = todayWib(now);
  const beyond = windowRefusal(req.tgl_janji, today, policy.windowDays);
  if (beyond) return { ok: false, status: 400, message: beyond };
  const refusal = requestRefusal(req, today) ?? referralRefusal(req);
  if (refusal) return { ok: false, message: refusal };
  const session = await store.session(req, jenis);
  if (!session) return { ok: false, message: BOOKING_MSG.noPractice };
  const room = policy.reminders.onlineRoomMinutes;
  let rujukan: Rujukan | null =
    req.carabayar === 'B' && req.jeniskunjungan && req.nomorreferensi ? { jeniskunjungan: req.jeniskunjungan, nomorreferensi: req.nomorreferensi } : null;
  if (gate !== 'as-sent') {
    // Only what VClaim confirmed is kept (an online consultation's letter is not checked: none kept).
    rujukan = null;
    if (gate !== 'drop' && req.carabayar === 'B' && jenis === 'poli') {
      // Asked before the transaction: VClaim is a network call, and no lock waits on it.
      const verdict = await gate.check({ jeniskunjungan: req.jeniskunjungan, nomorreferensi: req.nomorreferensi }, session, req.tgl_janji);
      if (!verdict.ok) return { ok: false, message: verdict.message };
      rujukan = verdict.rujukan;
    }
  }
  // The patient's own rules, in their order: the same answer with the patient's lock or without.
  const refused = async (tx: BookingTx): Promise<BookingOutcome | null> => {
    // A repeated identical booking (double tap, retry after a lost answer) gets the same
    // appointment, even when the answer was lost just as the practice hours ended.
    const same = await tx.existing(nomr, session.id, req.tgl_janji);
    if (same !== null) return { ok: true, result: booked(session, same.no_urut, req.tgl_janji, same, room) };
    if (sessionEnded(session, req.tgl_janji, now)) return { ok: false, message: BOOKING_MSG.ended };
    // One visit per clinic and day: a second booking would hold a seat another patient needs.
    const other = await tx.sameClinicDay(nomr, session.kd_dep, req.tgl_janji);
    if (other) return { ok: false, message: BOOKING_MSG.sameDay(other) };
    if (req.carabayar === 'B') {
      const gap = gapRefusal(await tx.lastBpjsAppointment(nomr), req.tgl_janji);
      if (gap) return { ok: false, message: gap };
    }
    // One account must not hold a clinic's seats for the whole window: counted under the
    // patient's lock, so bookings sent at once cannot all pass it. A reschedule adds none.
    const held = await tx.activeAppointments(nomr, today);
    if (held >= policy.maxActive) return { ok: false, message: BOOKING_MSG.limit(held, policy.maxActive), limit: { held, max: policy.maxActive } };
    return null;
  };
  // The morning rush: a session already full is refused from plain reads, with no lock, no write
  // to flush at commit and no wait on its counter's lock behind the bookings taking the last seats (the same answer
  // the transaction gives: the rules above first, then the seat). A seat freed meanwhile is
  // missed by this one request, as it would be a moment earlier.
  if (session.penuh && store.unlocked) return (await store.unlocked(refused)) ?? { ok: false, message: BOOKING_MSG.full };
  return store.transaction(async (tx): Promise<BookingOutcome> => {
    await tx.lockPatient(nomr);
    const refusal = await refused(tx);
    if (refusal) return refusal;
    const a = { nomr, session, tgl_janji: req.tgl_janji, carabayar: req.carabayar, hp: compactPhone(req.hp), jenis, rujukan };
    const reminders = dueReminders({ tgl_janji: req.tgl_janji, jam_dtg: session.jam_dtg, jenis }, policy.reminders, now);
    const made = tx.bookSeat ? await tx.bookSeat(a, reminders, today) : await seatThenInsert(tx, a, reminders);
    if (made === null) return { ok: false, message: BOOKING_MSG.full };
    return { ok: true, result: booked(session, made.no_urut, req.tgl_janji, { no_reg: made.no_reg, carabayar: req.carabayar, jenis }, room) };
  });
}

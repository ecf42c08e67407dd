// Booking on the server: the rules of spec sections 5 and 9 and decisions 11–13, the same as the
// app's (common/booking.ts), enforced here because a client can be bypassed. No SQL: a store
// reads and writes (db/booking.ts), so these rules are tested without a database.
import { bpjsGapBlocks, guaranteeAllowed, sessionHours, type Guarantee } from '../../common/booking.ts';
import { daysBetween, formatLong, todayWib } from '../../common/dates.ts';
import { compactPhone, isMobileNumber } from '../../common/phone.ts';
import type { BookingRequest, BookingResult, QuotaSlot } from '../../common/schemas/booking.ts';
import { NO_PRACTICE_CODE } from '../../common/schemas/codes.ts';

export const BOOKING_MSG = {
  hpRequired: 'Nomor HP Harus diisi !',
  hpInvalid: 'Nomor HP tidak valid. Tulis nomor HP aktif, misalnya 081234567890.',
  past: 'Tanggal perjanjian sudah lewat. Silakan pilih tanggal hari ini atau sesudahnya.',
  executive: 'Jaminan Poli Eksekutif / Umum hanya bisa menggunakan Non BPJS.',
  noPractice: 'Dokter tidak praktik pada tanggal dan jam tersebut. Silakan pilih tanggal sesuai hari praktik dokter.',
  bpjsGap: (last: string) =>
    `Perjanjian BPJS baru dapat dibuat lebih dari 8 hari setelah perjanjian terakhir Anda (${formatLong(last)}). Silakan pilih tanggal lain atau gunakan Non BPJS.`,
  full: 'Kuota dokter pada sesi tersebut sudah penuh. Silakan pilih tanggal atau dokter lain.',
  ended: 'Jam praktik sudah berakhir. Silakan pilih sesi lain atau tanggal lain.',
  sameDay: (a: ClinicDayAppointment) =>
    `Anda sudah memiliki janji di ${a.ds_dep} pada ${formatLong(a.tgl_janji)} dengan ${a.nama_dr} (nomor antrian ${a.no_urut}). Satu poli hanya dapat dipesan sekali dalam sehari.`,
  success: (r: { no_urut: number; tgl_janji: string; ds_dep: string; nama_dr: string; jam: string }) =>
    `Perjanjian berhasil dibuat. Nomor antrian Anda ${r.no_urut}, ${formatLong(r.tgl_janji)} pukul ${r.jam} di ${r.ds_dep} dengan ${r.nama_dr}. Silakan datang sesuai jam layanan.`,
} as const;

export type BookingOutcome = { ok: true; result: BookingResult } | { ok: false; message: string };

/** A doctor's weekly practice session in a clinic, as a booking takes a seat in it. */
export interface Session {
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
}

/** The patient's appointment in a clinic on a day, as the refusal of a second one names it. */
export interface ClinicDayAppointment {
  ds_dep: string;
  nama_dr: string;
  tgl_janji: string;
  no_urut: number;
}

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Minutes since midnight of the WIB wall clock at an instant, whatever the machine's zone (decisions 8). */
export const wibMinutes = (now: number): number => Math.floor(((((now + WIB_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);

/** '12:00' or '12.00' as minutes since midnight; null when it is no time of day. */
function minutesOf(hhmm: string): number | null {
  const m = /^(\d{1,2})[:.](\d{2})/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** A session of today whose practice hours are over can no longer be booked. */
export function sessionEnded(s: Pick<Session, 'jam_plg'>, date: string, now: number): boolean {
  if (date !== todayWib(now)) return false;
  const end = minutesOf(s.jam_plg);
  return end !== null && wibMinutes(now) >= end;
}

export const guaranteeOf = (carabayar: BookingRequest['carabayar']): Guarantee => (carabayar === 'B' ? 'BPJS' : 'Non BPJS');

/** What is wrong with the request itself, before anything is looked up; null when nothing. */
export function requestRefusal(req: Pick<BookingRequest, 'hp' | 'tgl_janji' | 'kd_dep' | 'carabayar'>, today: string): string | null {
  const hp = req.hp.trim();
  if (!hp) return BOOKING_MSG.hpRequired;
  if (!isMobileNumber(hp)) return BOOKING_MSG.hpInvalid;
  if (daysBetween(today, req.tgl_janji) < 0) return BOOKING_MSG.past;
  if (!guaranteeAllowed(req.kd_dep, guaranteeOf(req.carabayar))) return BOOKING_MSG.executive;
  return null;
}

/** The BPJS gap after the patient's last BPJS appointment (decisions 11); null when it is open. */
export function gapRefusal(lastBpjs: string | null, date: string): string | null {
  return lastBpjs && bpjsGapBlocks(lastBpjs, date) ? BOOKING_MSG.bpjsGap(lastBpjs) : null;
}

export function booked(s: Session, no_urut: number, tgl_janji: string): BookingResult {
  return { no_urut, tgl_janji, message: BOOKING_MSG.success({ no_urut, tgl_janji, ds_dep: s.ds_dep, nama_dr: s.nama_dr, jam: sessionHours(s) }) };
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

/** A day without any session answers one kode 301 entry, as the spec's client expects (decisions 19). */
export const orNoPractice = (slots: QuotaSlot[]): QuotaSlot[] => (slots.length ? slots : [NO_PRACTICE]);

export interface NewAppointment {
  nomr: string;
  session: Session;
  tgl_janji: string;
  carabayar: BookingRequest['carabayar'];
  hp: string;
  no_urut: number;
}

/** Reads and writes inside the booking's one transaction. */
export interface BookingTx {
  /** Makes one patient's bookings run one at a time, so the BPJS gap cannot be raced. */
  lockPatient(nomr: string): Promise<void>;
  /** The queue number of the patient's appointment in that session on that date, if any. */
  existing(nomr: string, sessionId: number, date: string): Promise<number | null>;
  /** The patient's appointment in the clinic on that date (in any session), if any. */
  sameClinicDay(nomr: string, kdDep: string, date: string): Promise<ClinicDayAppointment | null>;
  lastBpjsAppointment(nomr: string): Promise<string | null>;
  /** Takes the session's next seat on the date: its queue number, or null when it is full. */
  takeSeat(s: Session, date: string): Promise<number | null>;
  insert(a: NewAppointment): Promise<void>;
}

export interface BookingStore {
  /** The session the request names, on the weekday of its date; null when there is none. */
  session(req: Pick<BookingRequest, 'kd_dep' | 'kd_dr' | 'sts_jam' | 'tgl_janji'>): Promise<Session | null>;
  transaction<T>(fn: (tx: BookingTx) => Promise<T>): Promise<T>;
}

/**
 * `now` is the instant of the request (epoch ms): today and the hour are read from it in WIB, and
 * tests pass a fixed one instead of the wall clock.
 */
export async function book(store: BookingStore, nomr: string, req: BookingRequest, now: number): Promise<BookingOutcome> {
  const refusal = requestRefusal(req, todayWib(now));
  if (refusal) return { ok: false, message: refusal };
  const session = await store.session(req);
  if (!session) return { ok: false, message: BOOKING_MSG.noPractice };
  return store.transaction(async (tx): Promise<BookingOutcome> => {
    await tx.lockPatient(nomr);
    // A repeated identical booking (double tap, retry after a lost answer) gets the same
    // appointment, even when the answer was lost just as the practice hours ended.
    const same = await tx.existing(nomr, session.id, req.tgl_janji);
    if (same !== null) return { ok: true, result: booked(session, same, req.tgl_janji) };
    if (sessionEnded(session, req.tgl_janji, now)) return { ok: false, message: BOOKING_MSG.ended };
    // One visit per clinic and day: a second booking would hold a seat another patient needs.
    const other = await tx.sameClinicDay(nomr, session.kd_dep, req.tgl_janji);
    if (other) return { ok: false, message: BOOKING_MSG.sameDay(other) };
    if (req.carabayar === 'B') {
      const gap = gapRefusal(await tx.lastBpjsAppointment(nomr), req.tgl_janji);
      if (gap) return { ok: false, message: gap };
    }
    const seat = await tx.takeSeat(session, req.tgl_janji);
    if (seat === null) return { ok: false, message: BOOKING_MSG.full };
    await tx.insert({ nomr, session, tgl_janji: req.tgl_janji, carabayar: req.carabayar, hp: compactPhone(req.hp), no_urut: seat });
    return { ok: true, result: booked(session, seat, req.tgl_janji) };
  });
}

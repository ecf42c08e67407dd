// Cancel and reschedule, by the patient, of their own appointment (decisions: managing
// appointments; docs/decisions.md D21): before its practice starts and before check-in, each in one
// transaction. No SQL: the store reads and writes (connector/local/booking.ts).
import { OTHER_REASON, type AppointmentKind } from '../../common/booking.ts';
import { daysBetween, formatLong, todayWib } from '../../common/dates.ts';
import type { BookingResult, CancelRequest, Cancelled, RescheduleRequest } from '../../common/schemas/booking.ts';
import type { UpcomingAppointment } from '../../common/schemas/patient.ts';
import {
  BOOKING_MSG,
  booked,
  gapRefusal,
  sessionEnded,
  windowRefusal,
  type BookingPolicy,
  type BookingTx,
  type ReferralGate,
  type Rujukan,
  type PracticeSession,
  type PracticeSessionQuery,
} from './booking.ts';
import { wibInstant, wibIso } from '../../common/wib.ts';
import { dueReminders } from './reminders.ts';
import { SHARED_MSG } from '../../common/messages.ts';

export const MANAGE_MSG = {
  notFound: 'Perjanjian tidak ditemukan.',
  cancelledAlready: 'Perjanjian ini sudah dibatalkan dan tidak dapat diubah. Silakan buat perjanjian baru.',
  started: (verb: string) => `Perjanjian tidak dapat ${verb} karena jam praktik sudah dimulai. Silakan hubungi petugas pendaftaran.`,
  checkedIn: (verb: string) => `Perjanjian tidak dapat ${verb} karena Anda sudah check-in. Silakan hubungi petugas pendaftaran.`,
  reasonNeeded: SHARED_MSG.cancelReasonNeeded,
  cancelled: (a: Pick<StoredAppointment, 'ds_dep' | 'nama_dr' | 'tgl_janji' | 'no_urut'>) =>
    `Perjanjian di ${a.ds_dep} dengan ${a.nama_dr} pada ${formatLong(a.tgl_janji)} (nomor antrian ${a.no_urut}) sudah dibatalkan. Kuotanya kini dapat dipakai pasien lain.`,
  moved: (message: string) => message.replace(/^Perjanjian( konsultasi online)? berhasil dibuat\./, 'Perjanjian$1 berhasil dipindahkan.'),
} as const;

/** An appointment as cancel and reschedule read it, its row locked for the transaction. */
export interface StoredAppointment {
  id: number;
  no_reg: string;
  nomr: string;
  jenis: AppointmentKind;
  schedule_id: number;
  tgl_janji: string;
  kd_dep: string;
  kd_dr: string;
  sts_jam: string;
  carabayar: 'B' | 'P';
  no_urut: number;
  /** The dated session's hours, else the weekly schedule's. */
  jam_dtg: string;
  jam_plg: string;
  ds_dep: string;
  nama_dr: string;
  /** ISO 8601 with +07:00; null while active. */
  cancelled_at: string | null;
  /** The clinic queue has its check-in, or has called it already. */
  checked_in: boolean;
  /** A BPJS visit's letter as the booking kept it; undefined where the store does not read it back. */
  rujukan?: Rujukan | null;
}

/** 400 and 404 are answered as such; every other refusal is the booking's 200 { status: false }. */
export type ManageOutcome<T> = { ok: true; result: T } | { ok: false; status: 200 | 400 | 404; message: string };

export interface ManageTx extends BookingTx {
  /**
   * The patient's own appointment by its registration number, locked until the transaction ends;
   * null when they have none by that number (unknown, or another patient's: never told apart).
   */
  appointment(no_reg: string, nomr: string): Promise<StoredAppointment | null>;
  /** The session a reschedule names, read inside the transaction. */
  session(req: PracticeSessionQuery, jenis: AppointmentKind): Promise<PracticeSession | null>;
  /** Marks it cancelled with the reason, with its audit entry; answers the time (ISO, +07:00). */
  markCancelled(a: StoredAppointment, reason: string, at: number): Promise<string>;
  /** Gives a seat back to its session (quota_terisi − 1): bookable at once by someone else. */
  freeSeat(scheduleId: number, date: string): Promise<void>;
  /** Locks the two sessions' seat counters in one order, so two crossing reschedules cannot deadlock. */
  lockSeats(a: { scheduleId: number; date: string }, b: { scheduleId: number; date: string; batas_quota: number }): Promise<void>;
  /**
   * Moves the appointment, and its waiting place in the clinic queue, to the new session, date and
   * queue number; answers its registration number when the move gave it a new one (a SIMRS that
   * numbers visits by their date).
   */
  move(id: number, s: PracticeSession, date: string, no_urut: number): Promise<string | undefined>;
  /** A waiting entry of the clinic queue under this number leaves the queue. */
  leaveQueue(no_reg: string): Promise<void>;
}

export interface ManageStore {
  transaction<T>(fn: (tx: ManageTx) => Promise<T>): Promise<T>;
}

/** Cancel and reschedule are refused once the practice has started (its start time, WIB). */
const hasStarted = (a: Pick<StoredAppointment, 'tgl_janji' | 'jam_dtg'>, now: number): boolean => now >= wibInstant(a.tgl_janji, a.jam_dtg);

/** Whether a card may offer cancel and reschedule now. */
export const changeable = (a: Pick<StoredAppointment, 'tgl_janji' | 'jam_dtg' | 'checked_in' | 'cancelled_at'>, now: number): boolean =>
  !a.cancelled_at && !a.checked_in && !hasStarted(a, now);

type Checked = { ok: true; a: StoredAppointment } | { ok: false; status: 404; message: string };

/**
 * The appointment, if it is the patient's own (the store looked it up by number and patient).
 * Anything else is "not found", the same answer as for a number nobody has: a 403 for another
 * patient's would tell a signed-in patient which RJ+YYMMDD+sequence numbers exist.
 */
function own(a: StoredAppointment | null, nomr: string): Checked {
  if (!a || a.nomr !== nomr) return { ok: false, status: 404, message: MANAGE_MSG.notFound };
  return { ok: true, a };
}

/** Why an active appointment can no longer be changed; null when it can. */
function lockedRefusal(a: StoredAppointment, now: number, verb: string): string | null {
  if (a.checked_in) return MANAGE_MSG.checkedIn(verb);
  if (hasStarted(a, now)) return MANAGE_MSG.started(verb);
  return null;
}

const refuse = (message: string) => ({ ok: false as const, status: 200 as const, message });

/** The reason as the audit keeps it: the choice, and the patient's words with 'Lainnya'. */
export const reasonText = (req: Pick<CancelRequest, 'alasan' | 'keterangan'>): string =>
  req.alasan === OTHER_REASON ? `${req.alasan}: ${(req.keterangan ?? '').trim()}` : req.alasan;

/**
 * Cancels the patient's appointment: the seat goes back to its session and the pending reminders
 * go, in one transaction. Repeated, it answers the same and frees nothing twice.
 */
export async function cancel(store: ManageStore, nomr: string, req: CancelRequest, now: number): Promise<ManageOutcome<Cancelled>> {
  if (req.alasan === OTHER_REASON && !req.keterangan?.trim()) return refuse(MANAGE_MSG.reasonNeeded);
  return store.transaction(async (tx): Promise<ManageOutcome<Cancelled>> => {
    const found = own(await tx.appointment(req.no_reg, nomr), nomr);
    if (!found.ok) return found;
    const { a } = found;
    const answer = (dibatalkan: string): ManageOutcome<Cancelled> => ({
      ok: true,
      result: { no_reg: a.no_reg, status_janji: 'Dibatalkan', dibatalkan, message: MANAGE_MSG.cancelled(a) },
    });
    if (a.cancelled_at) return answer(a.cancelled_at);
    const locked = lockedRefusal(a, now, 'dibatalkan');
    if (locked) return refuse(locked);
    const at = await tx.markCancelled(a, reasonText(req), now);
    await tx.freeSeat(a.schedule_id, a.tgl_janji);
    await tx.setReminders(a.id, []);
    await tx.leaveQueue(a.no_reg);
    return answer(at);
  });
}

/**
 * Moves the patient's appointment to another date, doctor or session of the same clinic, with the
 * same guarantee, under every booking rule: the new seat is taken and the old one given back in
 * one transaction, so a refusal leaves the old appointment as it was.
 */
export async function reschedule(
  store: ManageStore,
  nomr: string,
  req: RescheduleRequest,
  now: number,
  policy: BookingPolicy,
  gate: ReferralGate = 'as-sent',
): Promise<ManageOutcome<BookingResult>> {
  const today = todayWib(now);
  const beyond = windowRefusal(req.tgl_janji, today, policy.windowDays);
  if (beyond) return { ok: false, status: 400, message: beyond };
  if (daysBetween(today, req.tgl_janji) < 0) return refuse(BOOKING_MSG.past);
  const room = policy.reminders.onlineRoomMinutes;
  return store.transaction(async (tx): Promise<ManageOutcome<BookingResult>> => {
    await tx.lockPatient(nomr);
    const found = own(await tx.appointment(req.no_reg, nomr), nomr);
    if (!found.ok) return found;
    const { a } = found;
    if (a.cancelled_at) return refuse(MANAGE_MSG.cancelledAlready);
    const locked = lockedRefusal(a, now, 'diubah');
    if (locked) return refuse(locked);
    const session = await tx.session({ kd_dep: a.kd_dep, kd_dr: req.kd_dr, sts_jam: req.sts_jam, tgl_janji: req.tgl_janji }, a.jenis);
    if (!session) return refuse(BOOKING_MSG.noPractice);
    const held = { no_reg: a.no_reg, carabayar: a.carabayar, jenis: a.jenis };
    const answer = (no_urut: number) => {
      const result = booked(session, no_urut, req.tgl_janji, held, room);
      return { ok: true as const, result: { ...result, message: MANAGE_MSG.moved(result.message) } };
    };
    // Already there (a repeated request, or nothing to move): the same answer, no seat changes.
    if (session.id === a.schedule_id && req.tgl_janji === a.tgl_janji) return answer(a.no_urut);
    if (sessionEnded(session, req.tgl_janji, now)) return refuse(BOOKING_MSG.ended);
    // The letter the booking rests on must hold on the new day too (a referral's 90 days, a control letter's date).
    if (typeof gate === 'object' && a.carabayar === 'B' && a.jenis === 'poli' && a.rujukan) {
      const verdict = await gate.check(a.rujukan, session, req.tgl_janji);
      if (!verdict.ok) return refuse(verdict.message);
    }
    const other = await tx.sameClinicDay(nomr, a.kd_dep, req.tgl_janji, a.id);
    if (other) return refuse(BOOKING_MSG.sameDay(other));
    if (a.carabayar === 'B') {
      // The appointment being moved does not count against its own new date.
      const gap = gapRefusal(await tx.lastBpjsAppointment(nomr, a.id), req.tgl_janji);
      if (gap) return refuse(gap);
    }
    await tx.lockSeats({ scheduleId: a.schedule_id, date: a.tgl_janji }, { scheduleId: session.id, date: req.tgl_janji, batas_quota: session.batas_quota });
    const seat = await tx.takeSeat(session, req.tgl_janji);
    if (seat === null) return refuse(BOOKING_MSG.full);
    const renumbered = await tx.move(a.id, session, req.tgl_janji, seat);
    if (renumbered) held.no_reg = renumbered;
    await tx.freeSeat(a.schedule_id, a.tgl_janji);
    await tx.setReminders(a.id, dueReminders({ tgl_janji: req.tgl_janji, jam_dtg: session.jam_dtg, jenis: a.jenis }, policy.reminders, now));
    return answer(seat);
  });
}

/** An upcoming appointment as the database has it, before the time decides what its card offers. */
export interface UpcomingRow {
  tanggal_janji: string;
  nama_dokter: string;
  departemen: string;
  no_urut: number;
  no_reg: string;
  kd_dep: string;
  kd_dr: string;
  jam_dtg: string;
  jam_plg: string;
  sts_jam: string;
  carabayar: 'B' | 'P';
  jenis: AppointmentKind;
  meeting_url: string | null;
  checked_in: boolean;
}

/**
 * The upcoming list's item: whether cancel and reschedule are open, and for an online
 * consultation its room's hours, with the meeting link only while the room is open (from
 * `roomMinutes` before the session until its end), by the server's clock.
 */
export function upcomingItem(row: UpcomingRow, now: number, roomMinutes: number): UpcomingAppointment {
  const { meeting_url, checked_in, ...item } = row;
  const dapat_diubah = changeable({ tgl_janji: row.tanggal_janji, jam_dtg: row.jam_dtg, checked_in, cancelled_at: null }, now);
  if (row.jenis !== 'online') return { ...item, dapat_diubah, link_konsultasi: null, konsultasi_buka: null, konsultasi_tutup: null };
  const opens = wibInstant(row.tanggal_janji, row.jam_dtg) - roomMinutes * 60_000;
  const closes = wibInstant(row.tanggal_janji, row.jam_plg);
  const open = now >= opens && now < closes;
  return { ...item, dapat_diubah, link_konsultasi: open ? meeting_url : null, konsultasi_buka: wibIso(opens), konsultasi_tutup: wibIso(closes) };
}

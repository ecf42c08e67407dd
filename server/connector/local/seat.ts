// A booking's seat and what it writes, in one statement (domain/booking.ts BookingTx.bookSeat):
// the session's counter row is the one lock every booking of a session waits on, so it is taken
// last and held for that statement and the commit alone (docs/performance.md, The morning rush).
import type { Channel } from '../hospital-connector.ts';
import type { Booked, NewAppointment } from '../../domain/booking.ts';
import type { DueReminder } from '../../domain/reminders.ts';
import { type BpjsReporting, queueBpjsAdd } from '../../db/bpjs.ts';
import type { Queryable } from '../../db/client.ts';
import { announce, sessionKey } from '../../db/queue-events.ts';

/** A new appointment's registration number: RJ (clinic) or RO (online), the WIB date, the next of the sequence. `$jenis`: its parameter. */
export const newNoReg = (jenis: string) =>
  `(CASE ${jenis} WHEN 'online' THEN 'RO' ELSE 'RJ' END) || to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYMMDD') || nextval('appointments_no_reg_seq')`;

/**
 * A booking's seat, appointment, clinic queue entry and reminders in one statement, the session's
 * counter row locked by its first part, so that what runs under that lock before the commit is the
 * rest of this statement, the live queue's word and (BPJS reporting on) the outbox's row. The
 * appointment, entry and reminders are written from the seat's row: a full session gets none of
 * them. No DELETE of reminders first: the appointment is new.
 */
const BOOK_SEAT = `WITH seat AS (
    UPDATE practice_sessions SET quota_terisi = quota_terisi + 1, no_urut_terakhir = greatest(no_urut_terakhir, quota_terisi) + 1
     WHERE schedule_id = $2 AND tgl = $3 AND quota_terisi < batas_quota
    RETURNING no_urut_terakhir AS no_urut),
  a AS (
    INSERT INTO appointments (no_reg, nomr, schedule_id, tgl_janji, kd_dep, kd_dr, sts_jam, sts_ue, carabayar, hp, no_urut, jenis,
                              sumber, jeniskunjungan, nomorreferensi)
    SELECT ${newNoReg('$10')}, $1, $2, $3, $4, $5, $6, $7, $8, $9, seat.no_urut, $10, $11, $12, $13 FROM seat
    RETURNING id, no_reg, no_urut, jenis),
  queued AS (
    INSERT INTO clinic_queue (no_reg, no_mr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut)
    SELECT a.no_reg, $1, $3, $4, $5, $6, a.no_urut FROM a WHERE a.jenis = 'poli'),
  reminded AS (
    INSERT INTO appointment_reminders (appointment_id, kind, due_at)
    SELECT a.id, u.kind, to_timestamp(u.due / 1000) FROM a, unnest($14::text[], $15::float8[]) AS u(kind, due))
  SELECT id::int AS id, no_reg, no_urut,
         set_config('synchronous_commit', CASE WHEN $16 THEN 'off' ELSE current_setting('synchronous_commit') END, true) AS commit
    FROM a`;

/** A dated session's counter row, made with its quota the first time a seat of it is taken. */
export async function sessionRow(q: Queryable, scheduleId: number, date: string, batas_quota: number): Promise<void> {
  await q.query(`INSERT INTO practice_sessions (schedule_id, tgl, batas_quota) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [scheduleId, date, batas_quota]);
}

export interface SeatOptions {
  channel: Channel;
  bpjs: BpjsReporting | null;
  /** The outbox's reason when BPJS has the booking already (Mobile JKN's). */
  known: string | null;
  /** Today (WIB): the live queue's streams follow today's sessions, so only a booking of today is announced. */
  today: string;
  /**
   * Given: the transaction that took a seat commits without waiting for its WAL flush, so the
   * counter's row is free before the flush, and this is called; the caller then waits for the
   * flush itself before it answers (flushed()).
   */
  flushLater?: () => void;
}

/** A new appointment's columns but its number, as $1–$13 of its insert (newNoReg reads the kind from $10). */
export function appointmentParams(a: Omit<NewAppointment, 'no_urut'>, channel: Channel): unknown[] {
  const s = a.session;
  return [
    a.nomr,
    s.id,
    a.tgl_janji,
    s.kd_dep,
    s.kd_dr,
    s.sts_jam,
    s.sts_ue,
    a.carabayar,
    a.hp,
    a.jenis,
    channel,
    a.rujukan?.jeniskunjungan ?? null,
    a.rujukan?.nomorreferensi ?? null,
  ];
}

/** Takes the session's next seat and writes the appointment under its number; null when it is full. */
export async function bookSeat(q: Queryable, a: Omit<NewAppointment, 'no_urut'>, reminders: DueReminder[], o: SeatOptions): Promise<Booked | null> {
  const { channel, bpjs, known } = o;
  const s = a.session;
  // The session's row exists before the lock is taken: its insert takes none when it is there.
  await sessionRow(q, s.id, a.tgl_janji, s.batas_quota);
  const [made] = await q.query<Booked>(BOOK_SEAT, [
    ...appointmentParams(a, channel),
    reminders.map((r) => r.kind),
    reminders.map((r) => r.due),
    o.flushLater !== undefined,
  ]);
  if (!made) return null;
  o.flushLater?.();
  if (a.jenis === 'poli') {
    // Each a round trip under the counter's lock: a booking of another day (a rush for a session
    // opening days ahead) has no stream to tell (routes/visit.ts follows today's sessions).
    if (a.tgl_janji === o.today) await announce(q, sessionKey({ tgl_janji: a.tgl_janji, kd_dr: s.kd_dr, kd_dep: s.kd_dep, sts_jam: s.sts_jam }));
    if (bpjs) await queueBpjsAdd(q, made.no_reg, bpjs, Date.now(), known);
  }
  return { id: made.id, no_reg: made.no_reg, no_urut: made.no_urut };
}

/**
 * Returns once the WAL is on disk past every commit this process saw before it. A commit
 * PostgreSQL flushes is one whose transaction wrote WAL before it (xact.c
 * RecordTransactionCommit): a transaction that only takes an id commits without a flush. So this
 * autocommit statement writes a transactional logical message (a few bytes of WAL, no table, no
 * privilege beyond PUBLIC's), and its commit waits for the flush up to itself; the WAL is flushed
 * in order, so past the bookings committed before it too. Many of them wait together and share
 * one flush (group commit); none holds a lock. With synchronous replication, it waits for the
 * standby as well.
 */
export async function flushed(q: Queryable): Promise<void> {
  await q.query(`SELECT pg_logical_emit_message(true, 'pasien.flush', '')`);
}

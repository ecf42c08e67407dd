// The booking repository: weekly sessions, their dated seats and the appointments in them.
// Overbooking is prevented by the database itself: a conditional update of the session's
// counter inside the booking's transaction. Cancel and reschedule give seats back in the same
// way. The rules are in domain/booking.ts and domain/manage.ts.
import type { AppointmentKind } from '../../../common/booking.ts';
import { isoWeekday } from '../../../common/dates.ts';
import type { QuotaSlot } from '../../../common/schemas/booking.ts';
import type { BookingStore, ClinicDayAppointment, Existing, PracticeSession, PracticeSessionQuery } from '../../domain/booking.ts';
import type { ManageStore, ManageTx, StoredAppointment } from '../../domain/manage.ts';
import { audit } from '../../db/audit.ts';
import { type BpjsReporting, queueBpjsAdd, queueBpjsCancel, queueBpjsMove } from '../../db/bpjs.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { announce, sessionKey, type PracticeSessionOf } from '../../db/queue-events.ts';
import type { Channel } from '../hospital-connector.ts';
import { joinClinicQueue, moveInClinicQueue } from './queues.ts';
import { wibText } from '../../db/wib.ts';
import { setReminders } from '../../db/reminders.ts';
import { retried } from '../../retry/transaction.ts';
import { freeOrOffer } from '../../db/waitlist.ts';
import { appointmentParams, bookSeat, flushed, newNoReg, sessionRow } from './seat.ts';
import { activeAppointments, ruleReads, rulesRead } from './rules-read.ts';

/**
 * The patient's last active BPJS appointment date, for the 8-day gap (docs/decisions.md D11). `except` is
 * left out: the appointment a reschedule moves, by its id (ubah/janji) or by its no_reg (the
 * reschedule calendar's `kecuali`), so the calendar and the move count the same appointments.
 */
export async function lastBpjsAppointment(q: Queryable, nomr: string, except: number | string = 0): Promise<string | null> {
  const rows = await q.query<{ tgl: string | null }>(
    `SELECT max(tgl_janji) AS tgl FROM appointments
      WHERE nomr = $1 AND carabayar = 'B' AND cancelled_at IS NULL AND id <> $2 AND no_reg IS DISTINCT FROM $3`,
    typeof except === 'number' ? [nomr, except, null] : [nomr, 0, except],
  );
  return rows[0]?.tgl ?? null;
}

/** A dated session's own hours when the doctor moved them (migration 006), else the weekly schedule's. */
const HOURS = 'coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg';

/** The sessions of a clinic (or of one doctor in it) on a date, with their quota: the clinic's or the online ones. */
export function quotaSlots(q: Queryable, kdDep: string, kdDr: string, date: string, jenis: AppointmentKind = 'poli'): Promise<QuotaSlot[]> {
  return q.query<QuotaSlot>(
    `SELECT 200 AS kode, d.nama_dr_lengkap AS nama_dr, s.kd_dr, ${HOURS},
            coalesce(ps.batas_quota, s.batas_quota) AS batas_quota, coalesce(ps.quota_terisi, 0) AS quota_terisi,
            s.sts_jam, s.sts_ue
       FROM practice_schedules s JOIN doctors d ON d.kd_dr = s.kd_dr
       LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = $3
      WHERE s.kd_dep = $1 AND s.hari = $2 AND ($4 = '' OR s.kd_dr = $4) AND s.jenis = $5 AND ps.ditutup_at IS NULL
      ORDER BY s.jam_dtg, d.nama_dr_lengkap`,
    [kdDep, isoWeekday(date), date, kdDr, jenis],
  );
}

async function session(q: Queryable, req: PracticeSessionQuery, jenis: AppointmentKind): Promise<PracticeSession | null> {
  const [row] = await q.query<PracticeSession>(
    `SELECT s.id, s.kd_dep, s.kd_dr, s.sts_jam, s.sts_ue, s.batas_quota, ${HOURS}, c.ds_dep, d.nama_dr_lengkap AS nama_dr,
            coalesce(ps.quota_terisi >= ps.batas_quota, false) AS penuh
       FROM practice_schedules s JOIN clinics c ON c.kd_dep = s.kd_dep JOIN doctors d ON d.kd_dr = s.kd_dr
       LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = $5
      WHERE s.kd_dep = $1 AND s.kd_dr = $2 AND s.sts_jam = $3 AND s.hari = $4 AND s.jenis = $6 AND ps.ditutup_at IS NULL`,
    [req.kd_dep, req.kd_dr, req.sts_jam, isoWeekday(req.tgl_janji), req.tgl_janji, jenis],
  );
  return row ?? null;
}

/** An appointment with what cancel and reschedule decide by, locked for the transaction. */
/**
 * The patient's own appointment by its number, locked; null when there is none of theirs. Another
 * patient's number is looked up by the very same statement and found as not there: an unknown
 * number and someone else's are one answer, in one time (no counting of a day's bookings).
 */
async function lockedAppointment(q: Queryable, no_reg: string, nomr: string): Promise<StoredAppointment | null> {
  const [row] = await q.query<StoredAppointment>(
    `SELECT a.id::int AS id, a.no_reg, a.nomr, a.jenis, a.schedule_id, a.tgl_janji, a.kd_dep, a.kd_dr, a.sts_jam, a.carabayar,
            a.no_urut, ${HOURS}, c.ds_dep, d.nama_dr_lengkap AS nama_dr, ${wibText('a.cancelled_at')} AS cancelled_at,
            EXISTS (SELECT 1 FROM clinic_queue cq WHERE cq.no_reg = a.no_reg
                     AND (cq.checkin_at IS NOT NULL OR cq.status IN ('dipanggil', 'selesai', 'dilewati'))) AS checked_in,
            CASE WHEN a.nomorreferensi IS NOT NULL THEN json_build_object('jeniskunjungan', a.jeniskunjungan, 'nomorreferensi', a.nomorreferensi) END AS rujukan
       FROM appointments a JOIN practice_schedules s ON s.id = a.schedule_id
       JOIN clinics c ON c.kd_dep = a.kd_dep JOIN doctors d ON d.kd_dr = a.kd_dr
       LEFT JOIN practice_sessions ps ON ps.schedule_id = a.schedule_id AND ps.tgl = a.tgl_janji
      WHERE a.no_reg = $1 AND a.nomr = $2
        FOR UPDATE OF a`,
    [no_reg, nomr],
  );
  return row ?? null;
}

/** The outbox's reason for what Mobile JKN did: BPJS has it, nothing is sent. */
const FROM_MOBILE_JKN = { add: 'Dibuat di Mobile JKN: BPJS sudah memilikinya.', batal: 'Dibatalkan di Mobile JKN: BPJS sudah mengetahuinya.' } as const;

/**
 * `bpjs`: each new clinic appointment is reported to BPJS Antrean in its own transaction (db/bpjs.ts).
 * `flushLater`: a seat taken commits without waiting for its flush, and says so (seat.ts); the caller waits for it.
 */
export function bookingTx(q: Queryable, bpjs: BpjsReporting | null, channel: Channel, flushLater?: () => void): ManageTx {
  const known = channel === 'mobilejkn';
  // The session counters this transaction has made sure of and locked (lockSeats): taking or
  // freeing a seat of one of them needs neither again.
  const locked = new Set<string>();
  const counter = (scheduleId: number, date: string) => `${scheduleId} ${date}`;
  return {
    async lockPatient(nomr) {
      await q.query('SELECT 1 FROM patients WHERE nomr = $1 FOR UPDATE', [nomr]);
    },
    async existing(nomr, sessionId, date) {
      const [row] = await q.query<Existing>(
        'SELECT no_urut, no_reg, carabayar, jenis FROM appointments WHERE nomr = $1 AND schedule_id = $2 AND tgl_janji = $3 AND cancelled_at IS NULL',
        [nomr, sessionId, date],
      );
      return row ?? null;
    },
    async sameClinicDay(nomr, kdDep, date, except = 0) {
      const [row] = await q.query<ClinicDayAppointment>(
        `SELECT c.ds_dep, d.nama_dr_lengkap AS nama_dr, a.tgl_janji, a.no_urut
           FROM appointments a JOIN clinics c ON c.kd_dep = a.kd_dep JOIN doctors d ON d.kd_dr = a.kd_dr
          WHERE a.nomr = $1 AND a.kd_dep = $2 AND a.tgl_janji = $3 AND a.cancelled_at IS NULL AND a.id <> $4
          ORDER BY a.id LIMIT 1`,
        [nomr, kdDep, date, except],
      );
      return row ?? null;
    },
    lastBpjsAppointment: (nomr, except) => lastBpjsAppointment(q, nomr, except),
    activeAppointments: (nomr, today) => activeAppointments(q, nomr, today),
    async takeSeat(s, date) {
      if (!locked.has(counter(s.id, date))) await sessionRow(q, s.id, date, s.batas_quota);
      // The counter's bookings raise quota_terisi alone: the next number follows whichever is higher.
      const [seat] = await q.query<{ no_urut: number }>(
        `UPDATE practice_sessions SET quota_terisi = quota_terisi + 1, no_urut_terakhir = greatest(no_urut_terakhir, quota_terisi) + 1
          WHERE schedule_id = $1 AND tgl = $2 AND quota_terisi < batas_quota
          RETURNING no_urut_terakhir AS no_urut`,
        [s.id, date],
      );
      return seat?.no_urut ?? null;
    },
    async insert(a) {
      const s = a.session;
      const [row] = await q.query<{ id: number; no_reg: string }>(
        `INSERT INTO appointments (no_reg, nomr, schedule_id, tgl_janji, kd_dep, kd_dr, sts_jam, sts_ue, carabayar, hp, no_urut, jenis,
                                   sumber, jeniskunjungan, nomorreferensi)
         VALUES (${newNoReg('$10')}, $1, $2, $3, $4, $5, $6, $7, $8, $9, $14, $10, $11, $12, $13)
         RETURNING id::int AS id, no_reg`,
        [...appointmentParams(a, channel), a.no_urut],
      );
      if (a.jenis === 'poli') {
        // The day's clinic queue is the day's appointments: this one joins it under its number.
        await joinClinicQueue(q, {
          no_reg: row.no_reg,
          no_mr: a.nomr,
          tgl_janji: a.tgl_janji,
          kd_dep: s.kd_dep,
          kd_dr: s.kd_dr,
          sts_jam: s.sts_jam,
          no_urut: a.no_urut,
        });
        if (bpjs) await queueBpjsAdd(q, row.no_reg, bpjs, Date.now(), known ? FROM_MOBILE_JKN.add : null);
      }
      return row;
    },
    setReminders: (id, reminders) => setReminders(q, id, reminders),
    bookSeat: (a, reminders, today) => bookSeat(q, a, reminders, { channel, bpjs, known: known ? FROM_MOBILE_JKN.add : null, today, flushLater }),
    appointment: (no_reg, nomr) => lockedAppointment(q, no_reg, nomr),
    session: (req, jenis) => session(q, req, jenis),
    async markCancelled(a, reason, at) {
      const [row] = await q.query<{ at: string }>(
        `UPDATE appointments SET cancelled_at = to_timestamp($2::float8 / 1000), cancel_reason = $3 WHERE id = $1
         RETURNING ${wibText('cancelled_at')} AS at`,
        [a.id, at, reason],
      );
      // In the cancel's own transaction: no cancel without its entry, and the reason with it.
      await audit(q, { action: 'appointment.cancel', outcome: 'ok', actor: a.nomr, subject: a.nomr, detail: `${a.no_reg} ${reason}`.slice(0, 300) });
      await queueBpjsCancel(q, a.no_reg, reason, known ? FROM_MOBILE_JKN.batal : null);
      return row.at;
    },
    // The first in the session's waiting list is offered it, held; with nobody waiting it is free (db/waitlist.ts).
    async freeSeat(scheduleId, date) {
      await freeOrOffer(q, scheduleId, date, locked.has(counter(scheduleId, date)));
    },
    async lockSeats(from, to) {
      await sessionRow(q, to.scheduleId, to.date, to.batas_quota);
      await q.query(
        `SELECT 1 FROM practice_sessions WHERE (schedule_id = $1 AND tgl = $2) OR (schedule_id = $3 AND tgl = $4)
          ORDER BY schedule_id, tgl FOR UPDATE`,
        [from.scheduleId, from.date, to.scheduleId, to.date],
      );
      locked.add(counter(from.scheduleId, from.date)).add(counter(to.scheduleId, to.date));
    },
    async move(id, s, date, no_urut) {
      // The meeting link belonged to the old session: the hospital sets the new one.
      const [moved] = await q.query<{ no_reg: string; jenis: AppointmentKind }>(
        `UPDATE appointments SET schedule_id = $2, tgl_janji = $3, kd_dr = $4, sts_jam = $5, sts_ue = $6, no_urut = $7, meeting_url = NULL
          WHERE id = $1 RETURNING no_reg, jenis`,
        [id, s.id, date, s.kd_dr, s.sts_jam, s.sts_ue, no_urut],
      );
      if (moved.jenis === 'poli') await moveInClinicQueue(q, moved.no_reg, { tgl_janji: date, kd_dep: s.kd_dep, kd_dr: s.kd_dr, sts_jam: s.sts_jam, no_urut });
      await queueBpjsMove(q, moved, bpjs);
      // Its registration number stays.
      return undefined;
    },
    async leaveQueue(no_reg) {
      const left = await q.query<PracticeSessionOf>(
        `UPDATE clinic_queue cq SET status = 'batal' WHERE cq.no_reg = $1 AND cq.status = 'menunggu' AND cq.checkin_at IS NULL
         RETURNING to_char(cq.tgl_janji, 'YYYY-MM-DD') AS tgl_janji, cq.kd_dr, cq.kd_dep, cq.sts_jam`,
        [no_reg],
      );
      for (const s of left) await announce(q, sessionKey(s));
    },
  };
}

/** Refusals PostgreSQL resolves by rolling one transaction back: trying again is the answer. */
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';
const isDeadlock = (err: unknown) => (err as { code?: string }).code === '40P01';

function transaction<T>(db: Db, fn: (tx: ManageTx) => Promise<T>, bpjs: BpjsReporting | null, channel: Channel): Promise<T> {
  // Two identical requests raced past the lookup: the loser's insert hit the unique key and
  // rolled back (its seat with it); the next attempt finds the winner's appointment. A
  // deadlock PostgreSQL broke leaves nothing behind either. Three attempts in all.
  return retriedTx(db, (q) => fn(bookingTx(q, bpjs, channel)));
}

/** One booking transaction, run again after a refusal that left nothing behind. */
export function retriedTx<T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return retried(
    3,
    (err) => isUniqueViolation(err) || isDeadlock(err),
    () => db.tx(fn),
  );
}

export function bookingStore(db: Db, bpjs: BpjsReporting | null = null, channel: Channel = 'app'): BookingStore {
  // A new booking's rules (book(): all read after the patient's lock) in one statement, each attempt anew.
  const booking = (q: Queryable, flushLater?: () => void) => ({ ...bookingTx(q, bpjs, channel, flushLater), ...ruleReads(q) });
  return {
    session: (req, jenis) => session(db, req, jenis),
    // On PostgreSQL a new booking's commit does not wait for its WAL flush under the session
    // counter's row lock, which every booking of the session waits on: its answer waits for the
    // flush after the commit, sharing it with the other bookings' (seat.ts flushed()). On PGlite
    // the one connection runs the bookings one after the other anyway, and commits as before.
    async transaction(fn) {
      if (db.kind === 'pglite') return retriedTx(db, (q) => fn(booking(q)));
      let seated = false;
      const flushLater = () => {
        seated = true;
      };
      const outcome = await retriedTx(db, (q) => fn(booking(q, flushLater)));
      if (seated) await flushed(db);
      return outcome;
    },
    // The rules in one statement on the pool, no transaction (nothing is locked or written): one
    // round trip. Only refusals are answered from them (domain/booking.ts, rules-read.ts).
    unlocked: (fn) => fn(rulesRead(db)),
  };
}

export function manageStore(db: Db, bpjs: BpjsReporting | null = null, channel: Channel = 'app'): ManageStore {
  return { transaction: (fn) => transaction(db, fn, bpjs, channel) };
}

/** Sets the meeting link of an active online appointment; false when there is none under that number. */
export async function setMeetingLink(q: Queryable, no_reg: string, url: string): Promise<boolean> {
  const rows = await q.query(`UPDATE appointments SET meeting_url = $2 WHERE no_reg = $1 AND jenis = 'online' AND cancelled_at IS NULL RETURNING id`, [
    no_reg,
    url,
  ]);
  return rows.length > 0;
}

// What the load benchmarks and their smoke test set up in the database before the load: patients
// with sessions made through the db layer (thousands of logins from one address would meet the
// login throttle, and would measure logins), today's clinic queues with practice hours around
// now, bookable sessions with room, and one session of a day with exactly N seats.
import { addDays, isoWeekday, todayWib } from '../../common/dates.ts';
import type { Config } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { createSession } from '../../server/db/sessions.ts';

export interface BenchPatient {
  nomr: string;
  tgl_lahir: string;
  token: string;
}

/** `count` patients in Nomor MR order from `from`, each with a session of their own. */
export async function patientsWithSessions(
  db: Db,
  from: string,
  count: number,
  config: Pick<Config, 'sessionIdleMinutes' | 'sessionMaxDays'>,
): Promise<BenchPatient[]> {
  const rows = await db.query<{ nomr: string; tgl_lahir: string }>(
    `SELECT nomr, to_char(tgl_lahir, 'YYYY-MM-DD') AS tgl_lahir FROM patients WHERE nomr >= $1 ORDER BY nomr LIMIT $2`,
    [from, count],
  );
  if (rows.length < count) throw new Error(`only ${rows.length} patients from ${from}, ${count} needed (npm run seed -- --patients N)`);
  const policy = { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays };
  const out: BenchPatient[] = [];
  for (let i = 0; i < rows.length; i += 50) {
    const chunk = rows.slice(i, i + 50);
    const tokens = await Promise.all(chunk.map((p) => createSession(db, p.nomr, policy, { device: 'bench' })));
    for (const [k, p] of chunk.entries()) out.push({ ...p, token: tokens[k] });
  }
  return out;
}

/** One doctor's session of a day, as the queue and its events name it. */
export interface QueueSession {
  kd_dr: string;
  kd_dep: string;
  sts_jam: string | null;
  /** The registration numbers of its patients, in number order (no_urut 1, 2, …). */
  no_regs: string[];
  /** Whose each number is, in the same order. */
  nomrs: string[];
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * `count` doctor sessions of today with nobody in their queue yet (so not the demo's, and not one
 * an earlier part of the run filled), the ones the weekly schedule has today first: their hours are moved to run from half an hour ago to the end of the day, so
 * check-in is open whenever the benchmark runs. Then pairs without a schedule (hours unknown: the
 * whole day open).
 */
async function todaySessions(db: Db, count: number, today: string, now: number): Promise<Array<Omit<QueueSession, 'no_regs' | 'nomrs'>>> {
  const scheduled = await db.query<{ id: number; kd_dr: string; kd_dep: string; sts_jam: string; batas_quota: number }>(
    `SELECT id, kd_dr, kd_dep, sts_jam, batas_quota FROM practice_schedules s
      WHERE hari = $1 AND jenis = 'poli' AND kd_dr <> 'D001'
        AND NOT EXISTS (SELECT 1 FROM clinic_queue q WHERE q.tgl_janji = $3 AND q.kd_dr = s.kd_dr AND q.kd_dep = s.kd_dep)
      ORDER BY id LIMIT $2`,
    [isoWeekday(today), count, today],
  );
  const wib = Math.floor((now / 60_000 + 7 * 60) % (24 * 60));
  const start = hhmm(Math.max(0, wib - 30));
  for (const s of scheduled) {
    await db.query(
      `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, jam_dtg, jam_plg) VALUES ($1, $2, $3, $4, '23:59')
       ON CONFLICT (schedule_id, tgl) DO UPDATE SET jam_dtg = $4, jam_plg = '23:59'`,
      [s.id, today, s.batas_quota, start],
    );
  }
  const out: Array<Omit<QueueSession, 'no_regs' | 'nomrs'>> = scheduled.map((s) => ({ kd_dr: s.kd_dr, kd_dep: s.kd_dep, sts_jam: s.sts_jam }));
  if (out.length < count) {
    const pairs = await db.query<{ kd_dr: string; kd_dep: string }>(
      `SELECT d.kd_dr, c.kd_dep FROM doctors d CROSS JOIN clinics c
        WHERE d.kd_dr <> 'D001' AND NOT EXISTS (SELECT 1 FROM practice_schedules s WHERE s.kd_dr = d.kd_dr AND s.kd_dep = c.kd_dep)
          AND NOT EXISTS (SELECT 1 FROM clinic_queue q WHERE q.tgl_janji = $2 AND q.kd_dr = d.kd_dr AND q.kd_dep = c.kd_dep)
        ORDER BY d.kd_dr, c.kd_dep LIMIT $1`,
      [count - out.length, today],
    );
    out.push(...pairs.map((p) => ({ ...p, sts_jam: null })));
  }
  if (out.length < count) throw new Error(`only ${out.length} doctor sessions for today's queues, ${count} needed`);
  return out;
}

/**
 * Today's clinic queues for these patients, `perSession` to a doctor's session, all waiting;
 * registration numbers start with `prefix`. The first session is the first `perSession` patients.
 */
export async function todayQueues(db: Db, patients: Array<{ nomr: string }>, perSession: number, prefix: string, now = Date.now()): Promise<QueueSession[]> {
  const today = todayWib(now);
  const sessions = await todaySessions(db, Math.ceil(patients.length / perSession), today, now);
  const out: QueueSession[] = [];
  for (const [k, s] of sessions.entries()) {
    const members = patients.slice(k * perSession, (k + 1) * perSession);
    const no_regs = members.map((_, i) => `${prefix}${String(k).padStart(3, '0')}-${String(i + 1).padStart(4, '0')}`);
    const params: unknown[] = [today, s.kd_dr, s.kd_dep, s.sts_jam];
    const values = members.map((p, i) => {
      params.push(no_regs[i], p.nomr, i + 1);
      const n = params.length;
      return `($${n - 2}, $${n - 1}, $1::date, $3, $2, $${n}::int, 'menunggu', $4::text)`;
    });
    await db.query(`INSERT INTO clinic_queue (no_reg, no_mr, tgl_janji, kd_dep, kd_dr, no_urut, status, sts_jam) VALUES ${values.join(', ')}`, params);
    out.push({ ...s, no_regs, nomrs: members.map((p) => p.nomr) });
  }
  return out;
}

/** A session of a clinic on a date that a booking can name. */
export interface BookableSlot {
  tgl_janji: string;
  kd_dep: string;
  kd_dr: string;
  sts_jam: string;
  schedule_id: number;
}

/** The clinic's sessions from `fromDay` to `toDay` days ahead (poli, weekday schedules). */
export async function clinicSlots(db: Db, kd_dep: string, fromDay: number, toDay: number, today = todayWib()): Promise<BookableSlot[]> {
  const schedules = await db.query<{ id: number; kd_dr: string; sts_jam: string; hari: number }>(
    `SELECT id, kd_dr, sts_jam, hari FROM practice_schedules WHERE kd_dep = $1 AND jenis = 'poli' ORDER BY id`,
    [kd_dep],
  );
  const out: BookableSlot[] = [];
  for (let d = fromDay; d <= toDay; d++) {
    const date = addDays(today, d);
    for (const s of schedules) {
      if (s.hari === isoWeekday(date)) out.push({ tgl_janji: date, kd_dep, kd_dr: s.kd_dr, sts_jam: s.sts_jam, schedule_id: s.id });
    }
  }
  return out;
}

/** Gives each of these sessions `seats` seats (those already taken stay taken). */
export async function setSeats(db: Db, slots: BookableSlot[], seats: number): Promise<void> {
  for (const s of slots) {
    await db.query(
      `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota) VALUES ($1, $2, $3)
       ON CONFLICT (schedule_id, tgl) DO UPDATE SET batas_quota = $3`,
      [s.schedule_id, s.tgl_janji, seats],
    );
  }
}

/**
 * One session of a day with exactly `seats` seats and none taken: the first from `fromDay` days
 * ahead in the clinic with no seat taken yet.
 */
export async function emptySession(db: Db, kd_dep: string, seats: number, fromDay: number, windowDays: number): Promise<BookableSlot> {
  for (const slot of await clinicSlots(db, kd_dep, fromDay, windowDays)) {
    // The counter's bookings raise quota_terisi without an appointment row: both must be none.
    const [taken] = await db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM appointments WHERE schedule_id = $1 AND tgl_janji = $2)::int
            + coalesce((SELECT quota_terisi FROM practice_sessions WHERE schedule_id = $1 AND tgl = $2), 0) AS n`,
      [slot.schedule_id, slot.tgl_janji],
    );
    if (taken.n > 0) continue;
    await db.query(
      `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota) VALUES ($1, $2, $3)
       ON CONFLICT (schedule_id, tgl) DO UPDATE SET batas_quota = $3`,
      [slot.schedule_id, slot.tgl_janji, seats],
    );
    return slot;
  }
  throw new Error(`no session of clinic ${kd_dep} without bookings from ${fromDay} to ${windowDays} days ahead`);
}

/** The seats of a session as the database holds them after a load: counter, appointments, queue numbers. */
export async function seatsHeld(db: Db, slot: BookableSlot): Promise<{ quota: number; counter: number; appointments: number; distinctNumbers: number }> {
  const [row] = await db.query<{ quota: number; counter: number; appointments: number; distinct_numbers: number }>(
    `SELECT ps.batas_quota AS quota, ps.quota_terisi AS counter,
            (SELECT count(*)::int FROM appointments a WHERE a.schedule_id = ps.schedule_id AND a.tgl_janji = ps.tgl AND a.cancelled_at IS NULL) AS appointments,
            (SELECT count(DISTINCT a.no_urut)::int FROM appointments a WHERE a.schedule_id = ps.schedule_id AND a.tgl_janji = ps.tgl AND a.cancelled_at IS NULL) AS distinct_numbers
       FROM practice_sessions ps WHERE ps.schedule_id = $1 AND ps.tgl = $2`,
    [slot.schedule_id, slot.tgl_janji],
  );
  return { quota: row.quota, counter: row.counter, appointments: row.appointments, distinctNumbers: row.distinct_numbers };
}

// Today's clinic and pharmacy queues as the hospital's systems change them: each change, the
// patients' notifications and the word to the live streams (db/queue-events.ts) are written in one
// transaction.
import { isoWeekday } from '../../../common/dates.ts';
import type { ClinicQueueChange, ClinicQueueEntry, ClinicWalkIn, PharmacyChange } from '../../../common/schemas/internal.ts';
import type { QueueStatus } from '../../../common/schemas/patient.ts';
import { becomesReady } from '../../domain/queues.ts';
import { jenisResep, TASK } from '../../domain/bpjs-antrean.ts';
import { queueBpjsPharmacy, queueBpjsTask } from '../../db/bpjs.ts';
import { wibText } from '../../db/wib.ts';
import type { Db, Queryable } from '../../db/client.ts';
import type { Enqueued } from '../../db/push.ts';
import { deliver } from '../../db/deliver.ts';
import { calledNotice, nearNotice, readyNotice } from '../../notify/notices.ts';
import { announce, announceSql, pharmacyKey, sessionKey, sessionKeySql, type PracticeSessionOf } from '../../db/queue-events.ts';

/** The entries of one doctor's session of a day: `x` beside the entry `cq`. */
export const SAME_SESSION = `x.tgl_janji = cq.tgl_janji AND x.kd_dr = cq.kd_dr AND x.kd_dep = cq.kd_dep AND x.sts_jam IS NOT DISTINCT FROM cq.sts_jam`;

/** The session's hours of the entry `cq`: the dated session's own, else the weekly schedule's (the clinic's, not an online one). */
export const SESSION_HOURS = `LEFT JOIN LATERAL (
    SELECT coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg
      FROM practice_schedules s LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = cq.tgl_janji
     WHERE s.kd_dr = cq.kd_dr AND s.kd_dep = cq.kd_dep AND s.hari = extract(isodow FROM cq.tgl_janji) AND s.jenis = 'poli'
       AND (cq.sts_jam IS NULL OR s.sts_jam = cq.sts_jam)
     ORDER BY s.jam_dtg LIMIT 1) h ON true`;

/**
 * After a change in a session: each waiting patient whose patients ahead have come down to the
 * threshold gets 'Antrian Anda tinggal N lagi', once per visit. The conditional update is the
 * claim: of two processes changing the session at once, one sends it.
 */
async function notifyNear(q: Queryable, s: PracticeSessionOf, threshold: number): Promise<number> {
  const rows = await q.query<{ no_mr: string; no_urut: number; ds_dep: string; ahead: number }>(
    `WITH waiting AS (
       SELECT cq.no_reg, c.ds_dep,
              (SELECT count(*) FROM clinic_queue x WHERE ${SAME_SESSION} AND x.no_urut < cq.no_urut AND x.status = 'menunggu')::int AS ahead
         FROM clinic_queue cq JOIN clinics c ON c.kd_dep = cq.kd_dep
        WHERE cq.tgl_janji = $1 AND cq.kd_dr = $2 AND cq.kd_dep = $3 AND cq.sts_jam IS NOT DISTINCT FROM $4
          AND cq.status = 'menunggu' AND cq.near_notified_at IS NULL)
     UPDATE clinic_queue u SET near_notified_at = now()
       FROM waiting w
      WHERE u.no_reg = w.no_reg AND w.ahead BETWEEN 1 AND $5 AND u.near_notified_at IS NULL
     RETURNING u.no_mr, u.no_urut, w.ds_dep, w.ahead`,
    [s.tgl_janji, s.kd_dr, s.kd_dep, s.sts_jam, threshold],
  );
  for (const row of rows) await deliver(q, nearNotice(row));
  return rows.length;
}

const SESSION_COLUMNS = `to_char(cq.tgl_janji, 'YYYY-MM-DD') AS tgl_janji, cq.kd_dr, cq.kd_dep, cq.sts_jam`;

/** The change of the entry `cq` announced by the statement that makes it (queue-events.ts). */
const ANNOUNCED = `${announceSql(sessionKeySql('cq'))} AS announced`;

/** A clinic queue number of today is called; null when there is no such entry today. */
export async function callClinicQueue(db: Db, no_reg: string, today: string, threshold: number): Promise<Enqueued | null> {
  return db.tx(async (q) => {
    const [row] = await q.query<PracticeSessionOf & { no_mr: string; no_urut: number; ds_dep: string }>(
      `UPDATE clinic_queue cq SET status = 'dipanggil', called_at = now()
         FROM clinics c
        WHERE cq.no_reg = $1 AND cq.tgl_janji = $2 AND c.kd_dep = cq.kd_dep
       RETURNING cq.no_mr, cq.no_urut, c.ds_dep, ${SESSION_COLUMNS}, ${ANNOUNCED}`,
      [no_reg, today],
    );
    if (!row) return null;
    await queueBpjsTask(q, no_reg, TASK.called);
    const called = await deliver(q, calledNotice(row));
    await notifyNear(q, row, threshold);
    return called;
  });
}

/** A number of today is done or skipped; null when there is no such entry today. */
export async function setClinicStatus(
  db: Db,
  no_reg: string,
  status: Extract<QueueStatus, 'selesai' | 'dilewati'>,
  today: string,
  threshold: number,
): Promise<ClinicQueueChange | null> {
  return db.tx(async (q) => {
    const [row] = await q.query<PracticeSessionOf & { no_reg: string }>(
      `UPDATE clinic_queue cq SET status = $3 WHERE cq.no_reg = $1 AND cq.tgl_janji = $2 RETURNING cq.no_reg, ${SESSION_COLUMNS}, ${ANNOUNCED}`,
      [no_reg, today, status],
    );
    if (!row) return null;
    if (status === 'selesai') await queueBpjsTask(q, no_reg, TASK.done);
    // Skipped: not there when called. BPJS's 99 closes the visit as absent.
    if (status === 'dilewati') await queueBpjsTask(q, no_reg, TASK.absent);
    const notified = await notifyNear(q, row, threshold);
    return { no_reg: row.no_reg, status, notified };
  });
}

/** A day's clinic queue, for the hospital's display and staff. */
export function clinicQueueOfDay(q: Queryable, tanggal: string): Promise<ClinicQueueEntry[]> {
  return q.query(
    `SELECT no_reg, no_mr, no_urut, kd_dep, kd_dr, sts_jam, status, ${wibText('checkin_at')} AS checkin, ${wibText('called_at')} AS dipanggil
       FROM clinic_queue WHERE tgl_janji = $1
      ORDER BY kd_dep, kd_dr, sts_jam NULLS FIRST, no_urut`,
    [tanggal],
  );
}

/** A pharmacy queue entry of today changes status; null when there is no such entry today. */
export async function setPharmacyStatus(db: Db, no_antrian: string, status_obat: string, today: string): Promise<PharmacyChange | null> {
  return db.tx(async (q) => {
    const [row] = await q.query<{ no_mr: string; status_obat: string }>(
      'SELECT no_mr, status_obat FROM pharmacy_queue WHERE no_antrian = $1 AND tgl_layanan = $2 FOR UPDATE',
      [no_antrian, today],
    );
    if (!row) return null;
    await q.query('UPDATE pharmacy_queue SET status_obat = $3 WHERE no_antrian = $1 AND tgl_layanan = $2', [no_antrian, today, status_obat]);
    // Compounding said before or now makes it a racikan.
    await queueBpjsPharmacy(q, row.no_mr, today, status_obat, { no_antrian, jenisresep: jenisResep(`${row.status_obat} ${status_obat}`) });
    await announce(q, pharmacyKey(row.no_mr, today));
    if (!becomesReady(row.status_obat, status_obat)) return { notified: null };
    return { notified: await deliver(q, readyNotice(row.no_mr, no_antrian)) };
  });
}

/** A clinic appointment's place in its day's queue: its own registration and queue numbers. */
export interface QueueSeat extends PracticeSessionOf {
  no_reg: string;
  no_mr: string;
  no_urut: number;
}

/**
 * A clinic booking joins its day's queue in the booking's transaction (SIMRS=local: the day's queue
 * is the day's appointments, with the counter's walk-ins). Announced, so a live stream of that
 * session hears of a booking made for today.
 */
export async function joinClinicQueue(q: Queryable, e: QueueSeat): Promise<void> {
  await q.query(
    `INSERT INTO clinic_queue AS cq (no_reg, no_mr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ANNOUNCED}`,
    [e.no_reg, e.no_mr, e.tgl_janji, e.kd_dep, e.kd_dr, e.sts_jam, e.no_urut],
  );
}

/**
 * A rescheduled appointment's waiting queue entry moves with it: its new day, session and number.
 * One statement: the entry as it was (`f`, its old session) joined to the one it changes, both
 * sessions announced. Its appointment is locked by the reschedule, so no other move races it; a
 * call or check-in that commits first leaves it unmoved, as the row lock's recheck of the WHERE says.
 */
export async function moveInClinicQueue(q: Queryable, no_reg: string, to: Omit<QueueSeat, 'no_reg' | 'no_mr'>): Promise<void> {
  await q.query(
    `UPDATE clinic_queue cq SET tgl_janji = $2, kd_dep = $3, kd_dr = $4, sts_jam = $5, no_urut = $6, near_notified_at = NULL
       FROM clinic_queue f
      WHERE cq.no_reg = $1 AND f.no_reg = cq.no_reg AND cq.status = 'menunggu' AND cq.checkin_at IS NULL
     RETURNING ${announceSql(sessionKeySql('f'))} AS left_session, ${ANNOUNCED}`,
    [no_reg, to.tgl_janji, to.kd_dep, to.kd_dr, to.sts_jam, to.no_urut],
  );
}

export type WalkInOutcome = { ok: true; created: boolean; entry: ClinicQueueEntry } | { ok: false; status: 404 | 409; message: string };

const WALKIN_MSG = {
  patient: 'Nomor rekam medis tidak dikenal.',
  noSession: 'Dokter tidak praktik hari ini pada poli dan sesi itu.',
  full: 'Kuota sesi itu hari ini sudah penuh.',
} as const;

const ENTRY_COLUMNS = `no_reg, no_mr, no_urut, kd_dep, kd_dr, sts_jam, status, ${wibText('checkin_at')} AS checkin, ${wibText('called_at')} AS dipanggil`;

/**
 * The registration counter adds a patient who came without a booking to today's session: a seat of
 * the session's quota (the same counter the app's bookings take, so the two never sell more than
 * it) and the next queue number. A patient already in that session's queue today keeps their
 * entry: a repeated call takes no second seat.
 */
export async function walkIn(q: Queryable, w: ClinicWalkIn, today: string): Promise<WalkInOutcome> {
  const [patient] = await q.query('SELECT 1 FROM patients WHERE nomr = $1 FOR UPDATE', [w.no_mr]);
  if (!patient) return { ok: false, status: 404, message: WALKIN_MSG.patient };
  const [s] = await q.query<{ id: number; batas_quota: number; sts_jam: string }>(
    `SELECT id, batas_quota, sts_jam FROM practice_schedules
      WHERE kd_dep = $1 AND kd_dr = $2 AND hari = $3 AND jenis = 'poli' AND ($4 = '' OR sts_jam = $4)
      ORDER BY jam_dtg LIMIT 1`,
    [w.kd_dep, w.kd_dr, isoWeekday(today), w.sts_jam ?? ''],
  );
  if (!s) return { ok: false, status: 404, message: WALKIN_MSG.noSession };
  const [held] = await q.query<ClinicQueueEntry>(
    `SELECT ${ENTRY_COLUMNS} FROM clinic_queue
      WHERE no_mr = $1 AND tgl_janji = $2 AND kd_dep = $3 AND kd_dr = $4 AND sts_jam IS NOT DISTINCT FROM $5 AND status <> 'batal'`,
    [w.no_mr, today, w.kd_dep, w.kd_dr, s.sts_jam],
  );
  if (held) return { ok: true, created: false, entry: held };
  await q.query('INSERT INTO practice_sessions (schedule_id, tgl, batas_quota) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [s.id, today, s.batas_quota]);
  const [seat] = await q.query<{ no_urut: number }>(
    `UPDATE practice_sessions SET quota_terisi = quota_terisi + 1, no_urut_terakhir = greatest(no_urut_terakhir, quota_terisi) + 1
      WHERE schedule_id = $1 AND tgl = $2 AND quota_terisi < batas_quota
      RETURNING no_urut_terakhir AS no_urut`,
    [s.id, today],
  );
  if (!seat) return { ok: false, status: 409, message: WALKIN_MSG.full };
  const [entry] = await q.query<ClinicQueueEntry>(
    `INSERT INTO clinic_queue (no_reg, no_mr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut)
     VALUES ('RJ' || to_char(now() AT TIME ZONE 'Asia/Jakarta', 'YYMMDD') || nextval('appointments_no_reg_seq'), $1, $2, $3, $4, $5, $6)
     RETURNING ${ENTRY_COLUMNS}`,
    [w.no_mr, today, w.kd_dep, w.kd_dr, s.sts_jam, seat.no_urut],
  );
  await announce(q, sessionKey({ tgl_janji: today, kd_dep: w.kd_dep, kd_dr: w.kd_dr, sts_jam: s.sts_jam }));
  return { ok: true, created: true, entry };
}

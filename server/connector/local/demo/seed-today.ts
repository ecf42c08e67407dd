// Today's clinic queue of the demo (D001 in clinic 20001), placed around the moment of seeding.
import { isoWeekday } from '../../../../common/dates.ts';
import { atWib } from '../../../../common/wib.ts';
import type { Queryable } from '../../../db/client.ts';
import { COHORT, DEMO_A, DEMO_QUEUE, regNo } from './demo-records.ts';
import { insertRows } from './seed-kit.ts';

const MINUTE = 60_000;
/** The instant of a WIB time on the seeding day (common/wib.ts); the day is always a real date. */
const wibDay = (today: string, hhmm: string): number => atWib(today, hhmm) ?? Number.NaN;
/** Minutes after the start the numbers 1–6 were called: a doctor a few minutes late, then 9 to 14 minutes a patient. */
const CALLED_AFTER = [4, 16, 30, 39, 52, 63];
/** The demo is seeded this long after the session started. */
const RUNNING_MINUTES = 70;

/**
 * Today's session placed around the moment of seeding, whatever the hour: started about 70
 * minutes before (so 1–6 have been called, 6 a few minutes ago), ending four hours later (or at
 * 23:59), so A's check-in window (an hour before the start until the end) is open now. Near
 * midnight the calls are squeezed into the minutes since 00:00.
 */
export function demoSession(today: string, now: number): { jam_dtg: string; jam_plg: string; calls: number[] } {
  const midnight = wibDay(today, '00:00');
  const minute = Math.min(Math.max(0, Math.floor((now - midnight) / MINUTE)), 24 * 60 - 1);
  const start = Math.max(0, Math.floor((minute - RUNNING_MINUTES) / 5) * 5);
  const end = Math.min(start + 240, 24 * 60 - 1);
  const squeeze = Math.min(1, Math.max(0, minute - start - 1) / CALLED_AFTER[CALLED_AFTER.length - 1]);
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return {
    jam_dtg: hhmm(start),
    jam_plg: hhmm(end),
    calls: CALLED_AFTER.map((m) => midnight + Math.round((start + m * squeeze) * MINUTE)),
  };
}

export async function seedTodaysQueue(q: Queryable, today: string, now: number): Promise<void> {
  const [s] = await q.query<{ id: number; batas_quota: number }>(
    `SELECT id, batas_quota FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND hari = $1 AND sts_jam = '1' AND jenis = 'poli'`,
    [isoWeekday(today)],
  );
  const { jam_dtg, jam_plg, calls } = demoSession(today, now);
  await q.query(
    `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi, jam_dtg, jam_plg) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (schedule_id, tgl) DO UPDATE
       SET batas_quota = greatest(practice_sessions.batas_quota, EXCLUDED.quota_terisi),
           quota_terisi = greatest(practice_sessions.quota_terisi, EXCLUDED.quota_terisi),
           jam_dtg = EXCLUDED.jam_dtg, jam_plg = EXCLUDED.jam_plg`,
    [s.id, today, Math.max(s.batas_quota, DEMO_QUEUE.size), DEMO_QUEUE.size, jam_dtg, jam_plg],
  );
  const start = wibDay(today, jam_dtg);
  const midnight = wibDay(today, '00:00');
  const iso = (ms: number) => new Date(ms).toISOString();
  const rows: unknown[][] = [];
  for (let no = 1; no <= DEMO_QUEUE.size; no++) {
    const status = no <= DEMO_QUEUE.served ? 'selesai' : no === DEMO_QUEUE.called ? 'dipanggil' : 'menunggu';
    const nomr = no === DEMO_QUEUE.a ? DEMO_A.nomr : String(COHORT.first + no);
    // Most came in before their call and checked in from the phone or at the machine; A has not yet.
    const checkin = no === DEMO_QUEUE.a || no % 4 === 3 ? null : iso(Math.min(now, Math.max(midnight, start + (no * 4 - 50) * MINUTE)));
    rows.push([regNo('RJ', today, no), nomr, today, '20001', 'D001', '1', no, status, no <= DEMO_QUEUE.called ? iso(calls[no - 1]) : null, checkin]);
  }
  await insertRows(q, 'clinic_queue', ['no_reg', 'no_mr', 'tgl_janji', 'kd_dep', 'kd_dr', 'sts_jam', 'no_urut', 'status', 'called_at', 'checkin_at'], rows);
}

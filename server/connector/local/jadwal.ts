// A doctor's weekly clinic session changed by the hospital's system (SIMRS=local; the internal
// call of routes/jadwal.ts): its hours and quota, the dated sessions from today on following the
// quota (those whose hours were set on their own keep them). The seats taken stay taken: a dated
// session keeps at least as many as it has sold, and sells no more.
import type { WeeklySessionChange } from '../../../common/schemas/internal.ts';
import type { Queryable } from '../../db/client.ts';

/** Changes the session; false when the doctor has no such clinic session. */
export async function changeWeeklySession(q: Queryable, c: WeeklySessionChange, today: string): Promise<boolean> {
  const [row] = await q.query<{ id: number }>(
    `UPDATE practice_schedules SET jam_dtg = $5, jam_plg = $6, batas_quota = $7
      WHERE kd_dr = $1 AND kd_dep = $2 AND hari = $3 AND sts_jam = $4 AND jenis = 'poli'
      RETURNING id`,
    [c.kd_dr, c.kd_dep, c.hari, c.sts_jam, c.jam_dtg, c.jam_plg, c.batas_quota],
  );
  if (!row) return false;
  await q.query('UPDATE practice_sessions SET batas_quota = greatest($2, quota_terisi) WHERE schedule_id = $1 AND tgl >= $3::date', [
    row.id,
    c.batas_quota,
    today,
  ]);
  return true;
}

// The patient's side of the visit day: their clinic queue of today with what its estimate needs,
// and check-in.
import { TASK } from '../../domain/bpjs-antrean.ts';
import { bpjsTaskInsert, bpjsTaskParams } from '../../db/bpjs.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { announceSql, sessionKeySql } from '../../db/queue-events.ts';
import type { CheckinEntry, QueueRow } from '../hospital-connector.ts';
import { SAME_SESSION, SESSION_HOURS } from './queues.ts';
import { wibText } from '../../db/wib.ts';

/**
 * The patient's entries of today, each with its session's three facts (the number called last,
 * the patients still waiting ahead, the times of the calls) from one pass over the session's
 * entries, not one each.
 */
export function clinicQueueRows(q: Queryable, nomr: string, today: string): Promise<QueueRow[]> {
  return q.query(
    `SELECT cq.no_urut, cq.no_reg, to_char(cq.tgl_janji, 'YYYY-MM-DD') AS tgl_janji, cq.kd_dr, cq.kd_dep, cq.sts_jam,
            d.nama_dr_lengkap AS dokter, c.ds_dep, c.ruang, c.lantai, cq.no_mr, p.nama AS nama_pas, cq.status,
            f.no_dipanggil, ${wibText('cq.checkin_at')} AS checkin, f.ahead, f.calls,
            h.jam_dtg, h.jam_plg, c.menit_per_pasien
       FROM clinic_queue cq JOIN doctors d ON d.kd_dr = cq.kd_dr JOIN clinics c ON c.kd_dep = cq.kd_dep
       JOIN patients p ON p.nomr = cq.no_mr
       CROSS JOIN LATERAL (
         SELECT (array_agg(x.no_urut ORDER BY x.called_at DESC, x.no_urut DESC) FILTER (WHERE x.called_at IS NOT NULL))[1] AS no_dipanggil,
                (count(*) FILTER (WHERE x.no_urut < cq.no_urut AND x.status = 'menunggu'))::int AS ahead,
                coalesce(json_agg(floor(extract(epoch FROM x.called_at) * 1000)) FILTER (WHERE x.called_at IS NOT NULL), '[]') AS calls
           FROM clinic_queue x WHERE ${SAME_SESSION}) f
       ${SESSION_HOURS}
      WHERE cq.no_mr = $1 AND cq.tgl_janji = $2
      ORDER BY cq.no_urut`,
    [nomr, today],
  );
}

/**
 * The patient's own queue entry by its registration number, whenever: the rules decide. Another
 * patient's number is found as not there, by the same statement (no telling it from an unknown one).
 */
export async function checkinEntry(q: Queryable, no_reg: string, nomr: string): Promise<CheckinEntry | null> {
  const [row] = await q.query<CheckinEntry>(
    `SELECT cq.no_mr, cq.status, ${wibText('cq.checkin_at')} AS checkin, h.jam_dtg, h.jam_plg,
            to_char(cq.tgl_janji, 'YYYY-MM-DD') AS tgl_janji, cq.kd_dr, cq.kd_dep, cq.sts_jam
       FROM clinic_queue cq ${SESSION_HOURS}
      WHERE cq.no_reg = $1 AND cq.no_mr = $2`,
    [no_reg, nomr],
  );
  return row ?? null;
}

/** The same entry for the hospital's own callers (the counter, Mobile JKN), who may see any patient's. */
export async function serviceCheckinEntry(q: Queryable, no_reg: string): Promise<CheckinEntry | null> {
  const [row] = await q.query<{ no_mr: string }>('SELECT no_mr FROM clinic_queue WHERE no_reg = $1', [no_reg]);
  return row ? checkinEntry(q, no_reg, row.no_mr) : null;
}

/**
 * Records the check-in unless one is there: the first is kept (BPJS task 3), so two phones of
 * one patient at once get the same time. Answers the time kept. One statement makes the change,
 * reports it to BPJS, announces its session and answers its time; only when another check-in came
 * first is the time read again, by a statement of its own (one that sees the other's commit).
 */
export async function checkIn(db: Db, no_reg: string, at: number): Promise<string> {
  // Task 3 brings no predecessor along (taskBefore): its one INSERT is all queueBpjsTask writes.
  const [changed] = await db.query<{ checkin: string }>(
    `WITH changed AS (
       UPDATE clinic_queue cq SET checkin_at = to_timestamp($3::bigint::float8 / 1000) WHERE cq.no_reg = $1 AND cq.checkin_at IS NULL
       RETURNING cq.checkin_at, ${sessionKeySql('cq')} AS session),
     reported AS (${bpjsTaskInsert('changed')})
     SELECT ${wibText('c.checkin_at')} AS checkin, ${announceSql('c.session')} AS announced FROM changed c`,
    bpjsTaskParams(no_reg, TASK.checkin, at),
  );
  if (changed) return changed.checkin;
  const [{ checkin }] = await db.query<{ checkin: string }>(`SELECT ${wibText('checkin_at')} AS checkin FROM clinic_queue WHERE no_reg = $1`, [no_reg]);
  return checkin;
}

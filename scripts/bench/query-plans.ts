// The plan of every query behind the history and home calls at the large size (PostgreSQL's
// EXPLAIN), for one generated patient: whether each uses an index (api.ts runs it).
import { todayWib } from '../../common/dates.ts';
import type { Db, Queryable } from '../../server/db/client.ts';
import * as records from '../../server/connector/local/records.ts';
import { clinicQueueRows } from '../../server/connector/local/visit.ts';
import { vascularReports } from '../../server/db/vascular-reports.ts';

/** The first generated patient (server/connector/local/demo/seed-scale.ts). */
export const SCALE_FIRST = 10000001;

export interface Plan {
  query: string;
  indexed: boolean;
  plan: string;
}

/** The plan of every query behind the history and home calls, for one generated patient. */
export async function plans(db: Db): Promise<Plan[]> {
  const seen: Array<{ sql: string; params: unknown[] }> = [];
  const recording: Queryable = {
    query: async (sql, params) => {
      seen.push({ sql, params: params ?? [] });
      return db.query(sql, params);
    },
  };
  const nomr = String(SCALE_FIRST + 4242);
  for (const read of [
    records.profile,
    records.outpatientVisits,
    records.currentInpatient,
    records.pastInpatient,
    records.cathHistory,
    records.surgeryHistory,
    records.labOrders,
    records.poliHistory,
    vascularReports,
    records.lastBpjsAppointment,
  ]) {
    await read(recording, nomr);
  }
  for (const read of [
    records.upcomingAppointments,
    records.onlineVisits,
    clinicQueueRows,
    records.pharmacyQueue,
    records.cathSchedule,
    records.surgerySchedule,
  ])
    await read(recording, nomr, todayWib());
  const out: Plan[] = [];
  for (const { sql, params } of seen) {
    const rows = await db.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    // A sequential scan of a large table would read every patient's rows.
    const indexed = !/Seq Scan on (patients|visits|lab_orders|lab_results|procedures|inpatient_stays|vascular_reports|appointments|sessions)\b/.test(plan);
    out.push({ query: sql.replace(/\s+/g, ' ').trim(), indexed, plan });
  }
  return out;
}

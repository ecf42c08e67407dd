// HFIS's updatejadwaldokter as this hospital's tables give it (docs/bpjs.md, HFIS): a doctor's
// weekly schedule at a BPJS poli is every session the doctor holds in any clinic mapped to that
// poli (and sub-specialty), not the one clinic whose session changed: several clinics may share a
// poli code (the demo's 20001, 20002 and 20014 are all JAN), and BPJS replaces the doctor's whole
// week with what it is sent.
import { buildJadwal, type WeeklySession } from '../domain/bpjs-antrean.ts';
import type { Queryable } from './client.ts';

/** A clinic's BPJS poli with its sub-specialty, the latter its poli code unless the mapping names one. */
const POLI_OF = `(SELECT kodepoli, coalesce(kodesubspesialis, kodepoli) AS sub FROM bpjs_poli WHERE kd_dep = $1)`;

/** The first clinic (by kd_dep) mapped to the same poli and sub-specialty as `kd_dep`; itself when unmapped. */
export async function firstClinicOfPoli(q: Queryable, kd_dep: string): Promise<string> {
  const [row] = await q.query<{ kd_dep: string }>(
    `SELECT min(b.kd_dep) AS kd_dep FROM bpjs_poli b, ${POLI_OF} p WHERE b.kodepoli = p.kodepoli AND coalesce(b.kodesubspesialis, b.kodepoli) = p.sub`,
    [kd_dep],
  );
  return row?.kd_dep ?? kd_dep;
}

/** The doctor's weekly sessions with seats at the poli of `kd_dep`, from every clinic mapped to it, as updatejadwaldokter sends them. */
export async function jadwalPayload(q: Queryable, kd_dep: string, kd_dr: string): Promise<ReturnType<typeof buildJadwal>> {
  const [codes] = await q.query<{ kodepoli: string | null; kodesubspesialis: string | null; kodedokter: number | null }>(
    `SELECT p.kodepoli, p.sub AS kodesubspesialis, (SELECT kodedokter FROM bpjs_dokter WHERE kd_dr = $2) AS kodedokter
       FROM (SELECT 1) one LEFT JOIN ${POLI_OF} p ON true`,
    [kd_dep, kd_dr],
  );
  const sessions = await q.query<WeeklySession>(
    `SELECT s.hari::int AS hari, s.jam_dtg, s.jam_plg FROM practice_schedules s
      WHERE s.kd_dr = $2 AND s.jenis = 'poli' AND s.batas_quota > 0
        AND (s.kd_dep = $1 OR s.kd_dep IN (SELECT b.kd_dep FROM bpjs_poli b, ${POLI_OF} p
                                            WHERE b.kodepoli = p.kodepoli AND coalesce(b.kodesubspesialis, b.kodepoli) = p.sub))`,
    [kd_dep, kd_dr],
  );
  return buildJadwal({ kd_dep, kd_dr, ...codes }, sessions);
}

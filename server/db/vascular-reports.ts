// The hospital's vascular examination reports (migration 001: vascular_reports, vascular_findings),
// kept in this API's database: SIMRS=local reads them from here, and so does SIMRS=khanza, whose
// database has no table for them (connector/khanza/histories.ts).
import type { VascularReport } from '../../common/schemas/index.ts';
import type { Queryable } from './client.ts';

export function vascularReports(q: Queryable, nomr: string): Promise<VascularReport[]> {
  return q.query(
    `SELECT v.no_reg, v.tgl_periksa, v.diagnosa, v.asal_rujukan, v.pengirim, v.teknisi,
            coalesce((SELECT json_agg(json_build_object('access', f.access, 'kanan', f.kanan, 'kiri', f.kiri) ORDER BY f.seq)
              FROM vascular_findings f WHERE f.report_id = v.id), '[]') AS hasil_lab
       FROM vascular_reports v WHERE v.no_mr = $1 ORDER BY v.tgl_periksa DESC`,
    [nomr],
  );
}

// The demo's BPJS codes (docs/bpjs.md): every clinic but the executive one mapped to a BPJS poli,
// every doctor to a doctor code, and a NIK for every demo patient. The executive clinic is left out on
// purpose: a booking there shows how an unmapped code looks in the outbox.
import type { Queryable } from '../../../db/client.ts';

/** kd_dep → BPJS poli code (HFIS), for the demo's clinics (demo-data.ts). */
const POLI: ReadonlyArray<readonly [kd_dep: string, kodepoli: string, namapoli: string]> = [
  ['20001', 'JAN', 'JANTUNG DAN PEMBULUH DARAH'],
  ['20002', 'JAN', 'JANTUNG DAN PEMBULUH DARAH'],
  ['20003', 'BTK', 'BEDAH THORAX KARDIOVASKULER'],
  ['20004', 'BTK', 'BEDAH THORAX KARDIOVASKULER'],
  ['20005', 'BED', 'BEDAH'],
  ['20006', 'ANA', 'ANAK'],
  ['20007', 'GIZ', 'GIZI KLINIK'],
  ['20008', 'GIG', 'GIGI'],
  ['20009', 'INT', 'PENYAKIT DALAM'],
  ['20010', 'IRM', 'REHABILITASI MEDIK'],
  ['20011', 'SAR', 'SARAF'],
  ['20013', 'PAR', 'PARU'],
  ['20014', 'JAN', 'JANTUNG DAN PEMBULUH DARAH'],
];

export async function seedBpjsCodes(q: Queryable): Promise<void> {
  for (const [kd_dep, kodepoli, namapoli] of POLI) {
    await q.query('INSERT INTO bpjs_poli (kd_dep, kodepoli, namapoli) SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM clinics WHERE kd_dep = $1)', [
      kd_dep,
      kodepoli,
      namapoli,
    ]);
  }
  // D001 → 10001 …: the doctor's own name stands for BPJS's (namadokter null).
  await q.query(`INSERT INTO bpjs_dokter (kd_dr, kodedokter) SELECT kd_dr, 10000 + substr(kd_dr, 2)::int FROM doctors WHERE kd_dr ~ '^D[0-9]+$'`);
  // NIKs in the Jakarta Barat form: region, birth date (the day + 40 for women), a sequence.
  await q.query(
    `UPDATE patients p SET no_ktp = '317301' || lpad((extract(day FROM p.tgl_lahir)::int + CASE WHEN p.jenis_kelamin = 'P' THEN 40 ELSE 0 END)::text, 2, '0')
                                   || to_char(p.tgl_lahir, 'MMYY') || lpad(r.n::text, 4, '0')
       FROM (SELECT nomr, row_number() OVER (ORDER BY nomr) AS n FROM patients) r
      WHERE r.nomr = p.nomr AND p.no_ktp IS NULL`,
  );
}

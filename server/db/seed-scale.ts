// A large generated dataset for benchmarks, made inside the database with generate_series:
// patients numbered from 10000001, each with outpatient visits, lab orders and results.
import { todayWib } from '../../src/lib/dates.ts';
import type { Db } from './client.ts';

const FIRST = 10000001;

export async function seedScale(db: Db, patients: number, today = todayWib()): Promise<number> {
  const last = FIRST + patients - 1;
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO patients (nomr, nama, jenis_kelamin, tgl_lahir, pastipe, alamat)
       SELECT n::text, 'PASIEN ' || n, CASE WHEN n % 2 = 0 THEN 'L' ELSE 'P' END,
              date '1940-01-01' + (n % 25000), CASE WHEN n % 3 = 0 THEN 'UMUM' ELSE 'BPJS' END,
              'Jl. Contoh No. ' || (n % 300)
         FROM generate_series($1::int, $2::int) AS n
       ON CONFLICT DO NOTHING`,
      [FIRST, last],
    );
    await q.query(
      `INSERT INTO visits (no_reg, no_mr, jenis, tgl_reg, kd_dep, kd_dr, no_urut, pas_baru, ds_pastipe, resume, inap)
       SELECT 'GJ' || n || '-' || v, n::text, CASE WHEN v = 6 THEN 'online' ELSE 'poli' END,
              $3::date - (v * 37 + n % 30), (ARRAY['20001','20009','20013','20014'])[1 + (n + v) % 4], 'D001',
              1 + (n % 30), 'N', 'BPJS', 'Kontrol rutin.', 'N'
         FROM generate_series($1::int, $2::int) AS n, generate_series(1, 6) AS v
       ON CONFLICT DO NOTHING`,
      [FIRST, last, today],
    );
    await q.query(
      `INSERT INTO lab_orders (no_lab, no_mr, tgl_prksa)
       SELECT 'GL' || n || '-' || v, n::text, ($3::date - (v * 45 + n % 20))::timestamp + time '07:30'
         FROM generate_series($1::int, $2::int) AS n, generate_series(1, 2) AS v
       ON CONFLICT DO NOTHING`,
      [FIRST, last, today],
    );
    await q.query(
      `INSERT INTO lab_results (no_lab, seq, test_nm, hasil, unit, flag, ref_range, status)
       SELECT 'GL' || n || '-' || v, 0, 'Hemoglobin', (12 + n % 5)::text, 'g/dL', NULL, '13 - 17', 'Final'
         FROM generate_series($1::int, $2::int) AS n, generate_series(1, 2) AS v
       ON CONFLICT DO NOTHING`,
      [FIRST, last],
    );
  });
  return patients * 10;
}

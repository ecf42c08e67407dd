// A large generated dataset for benchmarks, made inside the database with generate_series:
// patients numbered from 10000001, each with ten history rows: four visits (one online), an
// inpatient stay, a procedure, a lab order with two results and a vascular report; and a year of
// appointments around them (seed-scale-bookings.ts).
import { todayWib } from '../../../../common/dates.ts';
import type { Db } from '../../../db/client.ts';
import { seedScaleBookings } from './seed-scale-bookings.ts';

const FIRST = 10000001;

/** How many rows were made: ten history rows a patient, and the appointments. */
export interface Scaled {
  history: number;
  appointments: number;
}

export async function seedScale(db: Db, patients: number, today = todayWib()): Promise<Scaled> {
  const last = FIRST + patients - 1;
  const appointments = await db.tx(async (q) => {
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
       SELECT 'GJ' || n || '-' || v, n::text, CASE WHEN v = 4 THEN 'online' ELSE 'poli' END,
              $3::date - (v * 37 + n % 30), (ARRAY['20001','20009','20013','20014'])[1 + (n + v) % 4], 'D001',
              1 + (n % 30), 'N', 'BPJS', 'Kontrol rutin.', 'N'
         FROM generate_series($1::int, $2::int) AS n, generate_series(1, 4) AS v
       ON CONFLICT DO NOTHING`,
      [FIRST, last, today],
    );
    await q.query(
      `INSERT INTO inpatient_stays (no_reg, no_mr, tgl_reg, tgl_masuk, tgl_pulang, tgl_keluar, ds_kmr, kd_bed_from, ds_bed_from, status, diagnosis_primer)
       SELECT 'GI' || n, n::text, $3::date - (200 + n % 300), $3::date - (200 + n % 300), $3::date - (195 + n % 300), $3::date - (195 + n % 300),
              'RUANG RAWAT ' || (1 + n % 8), 'B' || (n % 40), 'BED ' || (n % 40), 'Pulang', 'Hipertensi esensial (I10)'
         FROM generate_series($1::int, $2::int) AS n
       ON CONFLICT DO NOTHING`,
      [FIRST, last, today],
    );
    await q.query(
      `INSERT INTO procedures (no_reg, no_mr, jenis, tanggal, tindakan, kd_dr, selesai)
       SELECT 'GP' || n, n::text, CASE WHEN n % 2 = 0 THEN 'kath' ELSE 'bedah' END, $3::date - (100 + n % 300),
              CASE WHEN n % 2 = 0 THEN 'Kateterisasi jantung diagnostik' ELSE 'Bedah pintas koroner' END, 'D001', true
         FROM generate_series($1::int, $2::int) AS n
       ON CONFLICT DO NOTHING`,
      [FIRST, last, today],
    );
    await q.query(
      `INSERT INTO lab_orders (no_lab, no_mr, tgl_prksa)
       SELECT 'GL' || n, n::text, ($3::date - (45 + n % 20))::timestamp + time '07:30'
         FROM generate_series($1::int, $2::int) AS n
       ON CONFLICT DO NOTHING`,
      [FIRST, last, today],
    );
    await q.query(
      `INSERT INTO lab_results (no_lab, seq, test_nm, hasil, unit, flag, ref_range, status)
       SELECT 'GL' || n, t, (ARRAY['Hemoglobin', 'Kolesterol Total'])[t], (ARRAY[(12 + n % 5)::text, (170 + n % 60)::text])[t],
              (ARRAY['g/dL', 'mg/dL'])[t], NULL, (ARRAY['13 - 17', '< 200'])[t], 'Final'
         FROM generate_series($1::int, $2::int) AS n, generate_series(1, 2) AS t
       ON CONFLICT DO NOTHING`,
      [FIRST, last],
    );
    await q.query(
      `INSERT INTO vascular_reports (no_reg, no_mr, tgl_periksa, diagnosa, asal_rujukan, pengirim, teknisi)
       SELECT 'GV' || n, n::text, $3::date - (60 + n % 200), 'Tidak tampak stenosis', 'POLI VASKULAR', 'D001', 'Teknisi USG'
         FROM generate_series($1::int, $2::int) AS n`,
      [FIRST, last, today],
    );
    return seedScaleBookings(q, FIRST, patients, today);
  });
  // Fresh statistics, so the planner knows the tables are large (PGlite runs no autovacuum).
  await db.exec('ANALYZE');
  return { history: patients * 10, appointments };
}

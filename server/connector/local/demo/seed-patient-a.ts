// Demo patient A's records (demo-records.ts) as rows: upcoming appointments in their sessions and
// queues, past visits and stays, procedures, lab results, vascular reports, today's pharmacy queue.
import { addDays, nextOnWeekday } from '../../../../common/dates.ts';
import type { Queryable } from '../../../db/client.ts';
import { LAB_FOLLOW_UP, LAB_TESTS } from './demo-data.ts';
import {
  A_LAB_ORDERS,
  A_LAB_OUT_OF_RANGE,
  A_PROCEDURES,
  A_STAYS,
  A_UPCOMING,
  A_VASCULAR_REPORTS,
  A_VISITS,
  DEMO_A,
  dayOf,
  PHARMACY_TODAY,
  regOf,
  VASCULAR_FINDINGS,
  VASCULAR_SENDER,
} from './demo-records.ts';
import { insertRows, prng, type Schedule } from './seed-kit.ts';

export async function seedPatientA(q: Queryable, schedules: Schedule[], today: string): Promise<void> {
  const mr = DEMO_A.nomr;
  for (const { kd_dep, kd_dr, from, carabayar } of A_UPCOMING) {
    const s = schedules.find((s) => s.kd_dep === kd_dep && (!kd_dr || s.kd_dr === kd_dr))!;
    // Whatever the day's random filling, the session keeps a place for this appointment.
    const tgl = nextOnWeekday(addDays(today, from), s.hari);
    await q.query(
      `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi) VALUES ($1, $2, $3, 0)
       ON CONFLICT (schedule_id, tgl) DO UPDATE
         SET quota_terisi = least(practice_sessions.quota_terisi, practice_sessions.batas_quota - 1)`,
      [s.id, tgl, s.batas_quota],
    );
    const [{ no_urut }] = await q.query<{ no_urut: number }>(
      `UPDATE practice_sessions SET quota_terisi = quota_terisi + 1 WHERE schedule_id = $1 AND tgl = $2
       AND quota_terisi < batas_quota RETURNING quota_terisi AS no_urut`,
      [s.id, tgl],
    );
    // As a booking does, each joins its day's clinic queue under its number.
    await q.query(
      `WITH a AS (
         INSERT INTO appointments (nomr, schedule_id, tgl_janji, kd_dep, kd_dr, sts_jam, sts_ue, carabayar, hp, no_urut)
         SELECT $1, id, $2, kd_dep, kd_dr, sts_jam, sts_ue, $3, '081234567890', $4 FROM practice_schedules WHERE id = $5
         RETURNING no_reg, nomr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut)
       INSERT INTO clinic_queue (no_reg, no_mr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut) SELECT * FROM a`,
      [mr, tgl, carabayar, no_urut, s.id],
    );
  }

  await insertRows(
    q,
    'visits',
    ['no_reg', 'no_mr', 'jenis', 'tgl_reg', 'kd_dep', 'kd_dr', 'no_urut', 'pas_baru', 'ds_pastipe', 'resume', 'inap'],
    A_VISITS.map((v) => [regOf(v.reg, today), mr, v.jenis, dayOf(v.reg, today), v.kd_dep, v.kd_dr, v.no_urut, v.pas_baru, v.ds_pastipe, v.resume, v.inap]),
  );

  await insertStays(q, mr, A_STAYS, today);

  await insertRows(
    q,
    'procedures',
    ['no_reg', 'no_mr', 'jenis', 'tanggal', 'tindakan', 'kd_dr', 'kd_dr_anestesi', 'selesai'],
    A_PROCEDURES.map((p) => [regOf(p.reg, today), mr, p.jenis, dayOf(p.reg, today), p.tindakan, p.kd_dr, p.kd_dr_anestesi, p.selesai]),
  );

  const labRand = prng(17081968);
  // The tests followed over the years take A's own series (LAB_FOLLOW_UP), one value per order.
  for (const [k, { reg, panel }] of A_LAB_ORDERS.entries()) {
    const no_lab = regOf(reg, today);
    await q.query('INSERT INTO lab_orders (no_lab, no_mr, tgl_prksa) VALUES ($1, $2, $3)', [no_lab, mr, `${dayOf(reg, today)} 07:45:00`]);
    await insertRows(
      q,
      'lab_results',
      ['no_lab', 'seq', 'test_nm', 'hasil', 'unit', 'flag', 'ref_range', 'status', 'test_comment'],
      LAB_TESTS.filter(([name]) => panel || name in LAB_FOLLOW_UP).map(([name, unit, low, high], seq) => {
        let shown = LAB_FOLLOW_UP[name]?.[k];
        if (shown === undefined) {
          const position = A_LAB_OUT_OF_RANGE[name] ?? 0.1 + labRand() * 0.8;
          const value = low + (high - low) * position;
          shown = high < 1 ? value.toFixed(3) : high < 10 ? value.toFixed(2) : value.toFixed(0);
        }
        const flag = Number(shown) > high ? 'H' : Number(shown) < low ? 'L' : null;
        return [
          no_lab,
          seq,
          name,
          shown,
          unit || null,
          flag,
          low === 0 ? `< ${high}` : `${low} - ${high}`,
          'Final',
          flag === 'H' ? 'Di atas nilai rujukan, konsultasikan dengan dokter' : flag === 'L' ? 'Di bawah nilai rujukan, konsultasikan dengan dokter' : null,
        ];
      }),
    );
  }

  for (const report of A_VASCULAR_REPORTS) {
    const [no_reg, day] = report.reg ? [regOf(report.reg, today), dayOf(report.reg, today)] : [null, addDays(today, report.day)];
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO vascular_reports (no_reg, no_mr, tgl_periksa, diagnosa, asal_rujukan, pengirim, teknisi)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [no_reg, mr, day, report.diagnosa, ...VASCULAR_SENDER],
    );
    await insertRows(
      q,
      'vascular_findings',
      ['report_id', 'seq', 'access', 'kanan', 'kiri'],
      VASCULAR_FINDINGS.map((finding, seq) => [id, seq, ...finding]),
    );
  }

  // Today's pharmacy queue (the clinic queue: seed-today.ts).
  await insertRows(
    q,
    'pharmacy_queue',
    ['no_antrian', 'tgl_layanan', 'no_mr', 'status_obat'],
    PHARMACY_TODAY.map(([no_antrian, no_mr, status_obat]) => [no_antrian, today, no_mr, status_obat]),
  );
}

/** Inpatient stays, each admitted on its registration's day. */
export async function insertStays(q: Queryable, nomr: string, stays: typeof A_STAYS, today: string): Promise<void> {
  await insertRows(
    q,
    'inpatient_stays',
    [
      'no_reg',
      'no_mr',
      'tgl_reg',
      'tgl_masuk',
      'tgl_pulang',
      'tgl_keluar',
      'ds_kmr',
      'kd_bed_from',
      'ds_bed_from',
      'status',
      'diagnosis_primer',
      'diagnosis_sekunder',
    ],
    stays.map((s) => {
      const pulang = s.pulang === null ? null : addDays(today, s.pulang);
      const day = dayOf(s.reg, today);
      return [regOf(s.reg, today), nomr, day, day, pulang, pulang, s.ds_kmr, s.kd_bed_from, s.ds_bed_from, s.status, s.diagnosis_primer, s.diagnosis_sekunder];
    }),
  );
}

// Read queries for one patient's records, answering in the contract's field names.
import type * as C from '../../../common/schemas/index.ts';
import { isoWeekdayName, weekdayName } from '../../../common/dates.ts';
import type { UpcomingRow } from '../../domain/manage.ts';
import type { Queryable } from '../../db/client.ts';

// The booking screen reads it too (docs/product.md §7's perjanjian/terakhir).
export { lastBpjsAppointment } from './booking.ts';

const withDay = <T extends Record<string, unknown>>(rows: T[], dateField: keyof T): Array<T & { hari: string }> =>
  rows.map((r) => ({ ...r, hari: weekdayName(String(r[dateField])) }));

export async function profile(q: Queryable, nomr: string): Promise<C.Profile | null> {
  const rows = await q.query<C.Profile>(
    `SELECT nomr, nama,
            CASE jenis_kelamin WHEN 'L' THEN 'Laki-laki' ELSE 'Perempuan' END AS jenis_kelamin,
            tgl_lahir, pastipe, alamat, no_jaminan, telp_hp
       FROM patients WHERE nomr = $1`,
    [nomr],
  );
  return rows[0] ?? null;
}

/** The patient's active appointments from today, clinic and online; domain/manage.ts shapes each item. */
export function upcomingAppointments(q: Queryable, nomr: string, today: string): Promise<UpcomingRow[]> {
  return q.query(
    `SELECT a.tgl_janji AS tanggal_janji, d.nama_dr_lengkap AS nama_dokter, c.ds_dep AS departemen, a.no_urut,
            a.no_reg, a.kd_dep, a.kd_dr, coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg,
            a.sts_jam, a.carabayar, a.jenis, a.meeting_url,
            EXISTS (SELECT 1 FROM clinic_queue cq WHERE cq.no_reg = a.no_reg
                     AND (cq.checkin_at IS NOT NULL OR cq.status IN ('dipanggil', 'selesai', 'dilewati'))) AS checked_in
       FROM appointments a JOIN doctors d ON d.kd_dr = a.kd_dr JOIN clinics c ON c.kd_dep = a.kd_dep
       JOIN practice_schedules s ON s.id = a.schedule_id
       LEFT JOIN practice_sessions ps ON ps.schedule_id = a.schedule_id AND ps.tgl = a.tgl_janji
      WHERE a.nomr = $1 AND a.tgl_janji >= $2 AND a.cancelled_at IS NULL
      ORDER BY a.tgl_janji, jam_dtg, a.id`,
    [nomr, today],
  );
}

export function pharmacyQueue(q: Queryable, nomr: string, today: string): Promise<C.PharmacyQueueItem[]> {
  return q.query(
    `SELECT f.no_antrian, f.tgl_layanan, f.no_mr, p.nama AS nama_pasien, f.status_obat
       FROM pharmacy_queue f JOIN patients p ON p.nomr = f.no_mr
      WHERE f.no_mr = $1 AND f.tgl_layanan = $2
      ORDER BY f.no_antrian`,
    [nomr, today],
  );
}

export async function cathSchedule(q: Queryable, nomr: string, today: string): Promise<C.CathSchedule[]> {
  const rows = await q.query<Omit<C.CathSchedule, 'hari'>>(
    `SELECT pr.tanggal AS tanggal_tindakan, p.nama AS nama_pasien, pr.no_mr, pr.tindakan, pr.no_reg,
            d.nama_dr_lengkap AS nama_dokter
       FROM procedures pr JOIN patients p ON p.nomr = pr.no_mr JOIN doctors d ON d.kd_dr = pr.kd_dr
      WHERE pr.no_mr = $1 AND pr.jenis = 'kath' AND NOT pr.selesai AND pr.tanggal >= $2
      ORDER BY pr.tanggal`,
    [nomr, today],
  );
  return withDay(rows, 'tanggal_tindakan');
}

const SURGERY_SELECT = `
  SELECT pr.tanggal AS tanggal_operasi, p.nama AS nama_pasien, pr.no_mr, pr.tindakan AS tindakan_bedah, pr.no_reg,
         d.nama_dr_lengkap AS nama_dokter_bedah, coalesce(an.nama_dr_lengkap, '') AS nama_dokter_anestesi
    FROM procedures pr JOIN patients p ON p.nomr = pr.no_mr JOIN doctors d ON d.kd_dr = pr.kd_dr
    LEFT JOIN doctors an ON an.kd_dr = pr.kd_dr_anestesi
   WHERE pr.no_mr = $1 AND pr.jenis = 'bedah'`;

export async function surgerySchedule(q: Queryable, nomr: string, today: string): Promise<C.SurgerySchedule[]> {
  const rows = await q.query<Omit<C.SurgeryHistory, 'hari'>>(`${SURGERY_SELECT} AND NOT pr.selesai AND pr.tanggal >= $2 ORDER BY pr.tanggal`, [nomr, today]);
  // The schedule spells the anaesthesia field 'anastesi', the history 'anestesi' (docs/product.md §3).
  return withDay(rows, 'tanggal_operasi').map(({ nama_dokter_anestesi, ...r }) => ({
    ...r,
    nama_dokter_anastesi: nama_dokter_anestesi,
  }));
}

export async function surgeryHistory(q: Queryable, nomr: string): Promise<C.SurgeryHistory[]> {
  const rows = await q.query<Omit<C.SurgeryHistory, 'hari'>>(`${SURGERY_SELECT} AND pr.selesai ORDER BY pr.tanggal DESC`, [nomr]);
  return withDay(rows, 'tanggal_operasi');
}

export async function cathHistory(q: Queryable, nomr: string): Promise<C.CathHistory[]> {
  const rows = await q.query<Omit<C.CathHistory, 'hari'>>(
    `SELECT pr.tanggal AS tanggal_tindakan, p.nama AS nama_pasien, pr.no_mr, pr.no_reg, d.nama_dr_lengkap AS nama_dokter, pr.tindakan
       FROM procedures pr JOIN patients p ON p.nomr = pr.no_mr JOIN doctors d ON d.kd_dr = pr.kd_dr
      WHERE pr.no_mr = $1 AND pr.jenis = 'kath' AND pr.selesai
      ORDER BY pr.tanggal DESC`,
    [nomr],
  );
  return withDay(rows, 'tanggal_tindakan');
}

const VISIT_SELECT = `
  SELECT v.no_reg, p.nama AS nama_pas, v.no_mr, v.tgl_reg, c.ds_dep, v.kd_dep, d.nama_dr_lengkap AS nama_dokter,
         v.pas_baru, v.ds_pastipe, v.resume, v.no_urut
    FROM visits v JOIN patients p ON p.nomr = v.no_mr JOIN clinics c ON c.kd_dep = v.kd_dep
    JOIN doctors d ON d.kd_dr = v.kd_dr
   WHERE v.no_mr = $1 AND v.jenis = $2
   ORDER BY v.tgl_reg DESC`;

export async function outpatientVisits(q: Queryable, nomr: string): Promise<C.OutpatientVisit[]> {
  const rows = await q.query<C.OutpatientVisit & { no_urut: unknown }>(VISIT_SELECT, [nomr, 'poli']);
  return rows.map(({ no_urut: _, ...r }) => r);
}

/**
 * The online consultations held, and the online appointments booked through the app that are
 * still ahead ('Terjadwal') or were cancelled ('Dibatalkan'), latest first.
 */
export async function onlineVisits(q: Queryable, nomr: string, today: string): Promise<C.OnlineVisit[]> {
  const rows = await q.query<C.OnlineVisit & { resume: unknown }>(VISIT_SELECT, [nomr, 'online']);
  const booked = await q.query<C.OnlineVisit>(
    `SELECT a.no_reg, p.nama AS nama_pas, a.nomr AS no_mr, a.tgl_janji AS tgl_reg, c.ds_dep, a.kd_dep, d.nama_dr_lengkap AS nama_dokter,
            'N' AS pas_baru, CASE a.carabayar WHEN 'B' THEN 'BPJS' ELSE 'UMUM' END AS ds_pastipe, a.no_urut,
            CASE WHEN a.cancelled_at IS NULL THEN 'Terjadwal' ELSE 'Dibatalkan' END AS status_janji
       FROM appointments a JOIN patients p ON p.nomr = a.nomr JOIN clinics c ON c.kd_dep = a.kd_dep JOIN doctors d ON d.kd_dr = a.kd_dr
      WHERE a.nomr = $1 AND a.jenis = 'online' AND (a.cancelled_at IS NOT NULL OR a.tgl_janji >= $2)`,
    [nomr, today],
  );
  const held = rows.map(({ resume: _, ...r }) => r);
  return [...booked, ...held].sort((a, b) => b.tgl_reg.localeCompare(a.tgl_reg));
}

export function currentInpatient(q: Queryable, nomr: string): Promise<C.CurrentInpatient[]> {
  return q.query(
    `SELECT no_reg, tgl_reg, tgl_pulang, ds_kmr, kd_bed_from, ds_bed_from, status, tgl_masuk, tgl_keluar
       FROM inpatient_stays WHERE no_mr = $1 AND tgl_pulang IS NULL ORDER BY tgl_masuk DESC`,
    [nomr],
  );
}

export function pastInpatient(q: Queryable, nomr: string): Promise<C.PastInpatient[]> {
  return q.query(
    `SELECT s.no_reg, p.nama AS nama_pas, s.no_mr, s.tgl_masuk, s.tgl_pulang, s.diagnosis_primer, s.diagnosis_sekunder
       FROM inpatient_stays s JOIN patients p ON p.nomr = s.no_mr
      WHERE s.no_mr = $1 AND s.tgl_pulang IS NOT NULL ORDER BY s.tgl_masuk DESC`,
    [nomr],
  );
}

const LAB_ORDERS = `SELECT o.no_lab, to_char(o.tgl_prksa, 'YYYY-MM-DD HH24:MI:SS') AS tgl_prksa,
            coalesce((SELECT json_agg(json_build_object(
                'test_nm', r.test_nm, 'hasil', r.hasil, 'unit', r.unit, 'flag', r.flag,
                'ref_range', r.ref_range, 'status', r.status, 'test_comment', r.test_comment) ORDER BY r.seq)
              FROM lab_results r WHERE r.no_lab = o.no_lab), '[]') AS hasil_lab
       FROM lab_orders o WHERE o.no_mr = $1`;
const POLI_HISTORY = `SELECT v.no_reg, v.tgl_reg, c.ds_dep, v.inap
       FROM visits v JOIN clinics c ON c.kd_dep = v.kd_dep
      WHERE v.no_mr = $1 AND v.jenis = 'poli'`;

export function labOrders(q: Queryable, nomr: string): Promise<C.LabOrder[]> {
  return q.query(`${LAB_ORDERS} ORDER BY o.tgl_prksa DESC, o.no_lab`, [nomr]);
}

export function poliHistory(q: Queryable, nomr: string): Promise<C.PoliHistoryItem[]> {
  return q.query(`${POLI_HISTORY} ORDER BY v.tgl_reg DESC, v.no_reg DESC`, [nomr]);
}

/**
 * Both of the above in one statement, one round trip (the supporting call's, docs/performance.md:
 * What one request costs): each list as JSON, with the same values (a date is its 'YYYY-MM-DD'
 * either way) in the same order (lab orders of one second by their numbers, a day's visits the
 * last registered first), the query plans those of the two (the subqueries keep their indexes).
 */
export async function supporting(q: Queryable, nomr: string): Promise<{ labs: C.LabOrder[]; poli: C.PoliHistoryItem[] }> {
  const [row] = await q.query<{ labs: C.LabOrder[]; poli: C.PoliHistoryItem[] }>(
    `SELECT coalesce((SELECT json_agg(l ORDER BY l.tgl_prksa DESC, l.no_lab) FROM (${LAB_ORDERS}) l), '[]') AS labs,
            coalesce((SELECT json_agg(p ORDER BY p.tgl_reg DESC, p.no_reg DESC) FROM (${POLI_HISTORY}) p), '[]') AS poli`,
    [nomr],
  );
  return row;
}

export async function doctorSchedules(q: Queryable, spesialis: string): Promise<C.DoctorSchedule[]> {
  const rows = await q.query<{ nama_dr_lengkap: string; kd_dr: string; foto: string; jadwal: Array<C.DoctorScheduleRow & { hari: number }> | null }>(
    `SELECT d.nama_dr_lengkap, d.kd_dr, d.foto,
            (SELECT json_agg(json_build_object('hari', s.hari, 'jam_dtg', s.jam_dtg, 'jam_plg', s.jam_plg,
                    'kd_dep', s.kd_dep, 'ds_dep', c.ds_dep) ORDER BY s.hari, s.jam_dtg)
               FROM practice_schedules s JOIN clinics c ON c.kd_dep = s.kd_dep WHERE s.kd_dr = d.kd_dr AND s.jenis = 'poli') AS jadwal
       FROM doctors d WHERE lower(d.spesialis) = lower($1) ORDER BY d.nama_dr_lengkap`,
    [spesialis],
  );
  return rows.map((d) => ({ ...d, jadwal: (d.jadwal ?? []).map((j) => ({ ...j, hari: isoWeekdayName(Number(j.hari)) })) }));
}

/** The clinics, each with the weekdays it holds clinic and online sessions (the calendars grey out the others). */
export function clinics(q: Queryable): Promise<C.Clinic[]> {
  return q.query(
    `SELECT c.kd_dep, c.ds_dep, c.ruang, c.lantai,
            coalesce(array_agg(DISTINCT s.hari::int) FILTER (WHERE s.jenis = 'poli'), '{}')::int[] AS hari_praktik,
            coalesce(array_agg(DISTINCT s.hari::int) FILTER (WHERE s.jenis = 'online'), '{}')::int[] AS hari_online
       FROM clinics c LEFT JOIN practice_schedules s ON s.kd_dep = c.kd_dep
      GROUP BY c.kd_dep, c.ds_dep, c.ruang, c.lantai ORDER BY c.ds_dep`,
  );
}

/** A doctor's full name, for the photo placeholder; null for an unknown code. */
export async function doctorName(q: Queryable, kd_dr: string): Promise<string | null> {
  const [row] = await q.query<{ nama_dr_lengkap: string }>('SELECT nama_dr_lengkap FROM doctors WHERE kd_dr = $1', [kd_dr]);
  return row?.nama_dr_lengkap ?? null;
}

// What the Mobile JKN web service reads (server/routes/jkn.ts, docs/bpjs.md): BPJS's codes turned
// into the hospital's through the mapping tables, a session's seats and queue, a patient by card
// number or NIK, an appointment by kodebooking, the day's pharmacy queue. Bookings, cancels and
// check-ins do not happen here: they go through the app's own booking and check-in code.
import { isoWeekday } from '../../../common/dates.ts';
import type { PasienBaruRequest } from '../../../common/schemas/jkn.ts';
import type { Queryable } from '../../db/client.ts';
import type { JknAppointment, JknPatientRow, JknPharmacy, JknPracticeSession } from '../hospital-connector.ts';

/** The session's queue of the day `x` (clinic_queue) beside the schedule `s` on date $4. */
const QUEUE_OF = `x.tgl_janji = $4::date AND x.kd_dr = s.kd_dr AND x.kd_dep = s.kd_dep AND (x.sts_jam IS NULL OR x.sts_jam = s.sts_jam)`;

/** The doctor's clinic sessions on the date under BPJS's poli and doctor codes (none when either is unmapped). */
export function jknSessions(q: Queryable, kodepoli: string, kodedokter: number, date: string): Promise<JknPracticeSession[]> {
  return q.query<JknPracticeSession>(
    `SELECT s.kd_dep, s.kd_dr, s.sts_jam, bp.kodepoli, coalesce(bp.namapoli, c.ds_dep) AS namapoli, coalesce(bd.namadokter, d.nama_dr_lengkap) AS namadokter,
            coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg,
            coalesce(ps.batas_quota, s.batas_quota) AS batas_quota, coalesce(ps.quota_terisi, 0) AS quota_terisi,
            (SELECT count(*) FROM clinic_queue x WHERE ${QUEUE_OF})::int AS queued,
            (SELECT count(*) FROM clinic_queue x WHERE ${QUEUE_OF} AND x.status = 'menunggu')::int AS waiting,
            (SELECT x.no_urut FROM clinic_queue x WHERE ${QUEUE_OF} AND x.called_at IS NOT NULL ORDER BY x.called_at DESC, x.no_urut DESC LIMIT 1) AS called
       FROM bpjs_poli bp JOIN bpjs_dokter bd ON bd.kodedokter = $2
       JOIN practice_schedules s ON s.kd_dep = bp.kd_dep AND s.kd_dr = bd.kd_dr AND s.hari = $3 AND s.jenis = 'poli'
       JOIN clinics c ON c.kd_dep = s.kd_dep JOIN doctors d ON d.kd_dr = s.kd_dr
       LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = $4::date
      WHERE bp.kodepoli = $1
      ORDER BY coalesce(ps.jam_dtg, s.jam_dtg)`,
    [kodepoli, kodedokter, isoWeekday(date), date],
  );
}

/** Whether BPJS's poli and doctor codes are in the mapping tables. */
export async function jknCodesKnown(q: Queryable, kodepoli: string, kodedokter: number): Promise<{ poli: boolean; dokter: boolean }> {
  const [row] = await q.query<{ poli: boolean; dokter: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM bpjs_poli WHERE kodepoli = $1) AS poli, EXISTS (SELECT 1 FROM bpjs_dokter WHERE kodedokter = $2) AS dokter`,
    [kodepoli, kodedokter],
  );
  return row;
}

/** The patients a card number, NIK or medical record number names (at most three: one is the answer, more a mismatch). */
export function jknPatients(q: Queryable, nomorkartu: string, nik: string, norm: string): Promise<JknPatientRow[]> {
  return q.query<JknPatientRow>(
    `SELECT nomr, no_jaminan AS kartu, no_ktp AS nik FROM patients WHERE no_jaminan = $1 OR no_ktp = $2 OR nomr = $3 ORDER BY nomr LIMIT 3`,
    [nomorkartu, nik, norm],
  );
}

export async function jknAppointment(q: Queryable, kodebooking: string): Promise<JknAppointment | null> {
  const [row] = await q.query<JknAppointment>(
    `SELECT a.no_reg, a.nomr, a.jenis, a.sumber, to_char(a.tgl_janji, 'YYYY-MM-DD') AS tgl_janji, a.no_urut, a.cancelled_at IS NOT NULL AS cancelled,
            bp.kodepoli,
            (a.sumber = 'mobilejkn' OR EXISTS (SELECT 1 FROM bpjs_antrean b WHERE b.no_reg = a.no_reg AND b.endpoint = 'add' AND b.status = 'sent')) AS mobile,
            (SELECT x.no_urut FROM clinic_queue x
              WHERE x.tgl_janji = a.tgl_janji AND x.kd_dr = a.kd_dr AND x.kd_dep = a.kd_dep AND (x.sts_jam IS NULL OR x.sts_jam = a.sts_jam)
                AND x.called_at IS NOT NULL ORDER BY x.called_at DESC, x.no_urut DESC LIMIT 1) AS called
       FROM appointments a LEFT JOIN bpjs_poli bp ON bp.kd_dep = a.kd_dep
      WHERE a.no_reg = coalesce((SELECT b.no_reg FROM bpjs_antrean b WHERE b.kodebooking = $1 LIMIT 1), $1)
        AND a.carabayar = 'B' AND a.jenis = 'poli'`,
    [kodebooking],
  );
  return row ?? null;
}

/**
 * A patient Mobile JKN registers: a medical record of the JKN series with what BPJS knows of them
 * (the counter completes it on the first visit). A card number or NIK already known answers
 * null: the patient is there.
 */
export async function insertJknPatient(q: Queryable, p: PasienBaruRequest): Promise<string | null> {
  const [row] = await q.query<{ nomr: string }>(
    `INSERT INTO patients (nomr, nama, jenis_kelamin, tgl_lahir, pastipe, alamat, no_jaminan, telp_hp, no_ktp)
     SELECT nextval('patients_jkn_nomr_seq')::text, $1, $2, $3, 'BPJS', $4, $5, $6, $7
      WHERE NOT EXISTS (SELECT 1 FROM patients WHERE no_jaminan = $5 OR no_ktp = $7)
     RETURNING nomr`,
    [
      p.nama.trim().toUpperCase(),
      p.jeniskelamin,
      p.tanggallahir,
      [p.alamat.trim(), p.rt && `RT ${p.rt}`, p.rw && `RW ${p.rw}`, p.namakel, p.namakec, p.namadati2, p.namaprop].filter(Boolean).join(', '),
      p.nomorkartu,
      p.nohp.trim(),
      p.nik,
    ],
  );
  return row?.nomr ?? null;
}

export async function jknPharmacy(q: Queryable, nomr: string, date: string): Promise<JknPharmacy | null> {
  const [row] = await q.query<JknPharmacy>(
    `SELECT p.no_antrian, p.status_obat,
            (SELECT count(*) FROM pharmacy_queue x WHERE x.tgl_layanan = p.tgl_layanan)::int AS total,
            (SELECT count(*) FROM pharmacy_queue x WHERE x.tgl_layanan = p.tgl_layanan AND x.no_antrian < p.no_antrian
                AND lower(x.status_obat) NOT IN ('siap diambil', 'sudah diambil', 'diserahkan', 'selesai'))::int AS ahead,
            (SELECT max(x.no_antrian) FROM pharmacy_queue x WHERE x.tgl_layanan = p.tgl_layanan
                AND lower(x.status_obat) IN ('siap diambil', 'sudah diambil', 'diserahkan', 'selesai')) AS ready
       FROM pharmacy_queue p WHERE p.no_mr = $1 AND p.tgl_layanan = $2::date
      ORDER BY p.no_antrian DESC LIMIT 1`,
    [nomr, date],
  );
  return row ?? null;
}

/**
 * The hospital's planned and done operations as BPJS's catalogue lists them (jadwaloperasirs,
 * jadwaloperasipasien): the surgeries and catheterizations the app shows (procedures, connector/local/records.ts),
 * in a date range or of a card number. kodepoli: the BPJS poli of a clinic the operating doctor
 * practises in, '' where none is mapped (the catalogue's own example leaves nopeserta '').
 */
export function jknOperations(
  q: Queryable,
  range: { from: string; to: string } | { nopeserta: string },
): Promise<
  Array<{ kodebooking: string; tanggaloperasi: string; jenistindakan: string; kodepoli: string; namapoli: string; terlaksana: number; nopeserta: string }>
> {
  const byMember = 'nopeserta' in range;
  return q.query(
    `SELECT pr.no_reg AS kodebooking, to_char(pr.tanggal, 'YYYY-MM-DD') AS tanggaloperasi, pr.tindakan AS jenistindakan,
            coalesce(m.kodepoli, '') AS kodepoli, coalesce(m.namapoli, '') AS namapoli, pr.selesai::int AS terlaksana, coalesce(p.no_jaminan, '') AS nopeserta
       FROM procedures pr JOIN patients p ON p.nomr = pr.no_mr
       LEFT JOIN LATERAL (SELECT bp.kodepoli, coalesce(bp.namapoli, c.ds_dep) AS namapoli
                            FROM practice_schedules s JOIN bpjs_poli bp ON bp.kd_dep = s.kd_dep JOIN clinics c ON c.kd_dep = s.kd_dep
                           WHERE s.kd_dr = pr.kd_dr ORDER BY s.kd_dep, bp.kodepoli LIMIT 1) m ON true
      WHERE ${byMember ? 'p.no_jaminan = $1' : 'pr.tanggal BETWEEN $1::date AND $2::date'}
      ORDER BY pr.tanggal, pr.no_reg`,
    byMember ? [range.nopeserta] : [range.from, range.to],
  );
}

/** The mapping tables as they are. */
export async function mappings(
  q: Queryable,
): Promise<{ poli: Array<{ kd_dep: string; kodepoli: string }>; dokter: Array<{ kd_dr: string; kodedokter: number }> }> {
  const poli = await q.query<{ kd_dep: string; kodepoli: string }>('SELECT kd_dep, kodepoli FROM bpjs_poli ORDER BY kd_dep');
  const dokter = await q.query<{ kd_dr: string; kodedokter: number }>('SELECT kd_dr, kodedokter FROM bpjs_dokter ORDER BY kd_dr');
  return { poli, dokter };
}

/** The clinic sessions of a date whose clinic and doctor are mapped, with their BPJS codes and hours. */
export function mappedSessions(
  q: Queryable,
  date: string,
): Promise<Array<{ kd_dep: string; kd_dr: string; kodepoli: string; kodedokter: number; jam_dtg: string; jam_plg: string; batas_quota: number }>> {
  return q.query(
    `SELECT s.kd_dep, s.kd_dr, bp.kodepoli, bd.kodedokter, coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg,
            coalesce(ps.batas_quota, s.batas_quota) AS batas_quota
       FROM practice_schedules s JOIN bpjs_poli bp ON bp.kd_dep = s.kd_dep JOIN bpjs_dokter bd ON bd.kd_dr = s.kd_dr
       LEFT JOIN practice_sessions ps ON ps.schedule_id = s.id AND ps.tgl = $2::date
      WHERE s.hari = $1 AND s.jenis = 'poli'
      ORDER BY bp.kodepoli, bd.kodedokter, coalesce(ps.jam_dtg, s.jam_dtg)`,
    [isoWeekday(date), date],
  );
}

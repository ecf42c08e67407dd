// SIMRS=khanza: Khanza's clinic registrations (reg_periksa, status_lanjut 'Ralan') as the contract's
// appointments and queue entries: the row with its practice's hours and its Mobile JKN reference,
// its payer, and its check-in (Khanza's Mobile JKN check-in, or for an app booking
// without that reference the phone's check-in kept in this API's database, simrs_bookings).
import { WIB_OFFSET, wibIso } from '../../../common/wib.ts';
import type { Db } from '../../db/client.ts';
import type { KhanzaPayers, KhanzaQuery } from './client.ts';
import { inSession, regTime } from './placement.ts';

export const hhmm = (t: string | null) => (t ?? '').slice(0, 5);

export interface RegRow {
  no_rawat: string;
  no_reg: string;
  no_rkm_medis: string;
  tgl_registrasi: string;
  kd_dokter: string;
  kd_poli: string;
  stts: string;
  /** 'Baru' for a patient registered in Khanza on the visit's day (DlgReg.java, isCekPasien). */
  stts_daftar: string;
  kd_pj: string;
  jam_reg: string;
  nm_poli: string;
  nm_dokter: string;
  jam_mulai: string | null;
  jam_selesai: string | null;
  hari_kerja: string | null;
  ref_status: string | null;
  validasi: string | null;
}

/** A clinic registration with its practice session's hours (the one its time falls in, placement.ts) and its Mobile JKN reference (check-in). */
export const REGISTRATION = `
  SELECT r.no_rawat, r.no_reg, r.no_rkm_medis, DATE_FORMAT(r.tgl_registrasi, '%Y-%m-%d') AS tgl_registrasi, r.kd_dokter, r.kd_poli,
         r.stts, r.stts_daftar, r.kd_pj, TIME_FORMAT(r.jam_reg, '%H:%i:%s') AS jam_reg, p.nm_poli, d.nm_dokter,
         TIME_FORMAT(j.jam_mulai, '%H:%i') AS jam_mulai, TIME_FORMAT(j.jam_selesai, '%H:%i') AS jam_selesai, j.hari_kerja,
         m.status AS ref_status, DATE_FORMAT(m.validasi, '%Y-%m-%d %H:%i:%s') AS validasi
    FROM reg_periksa r
    JOIN poliklinik p ON p.kd_poli = r.kd_poli JOIN dokter d ON d.kd_dokter = r.kd_dokter
    LEFT JOIN jadwal j ON j.kd_dokter = r.kd_dokter AND j.kd_poli = r.kd_poli
         AND j.hari_kerja = ELT(DAYOFWEEK(r.tgl_registrasi), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU')
         AND ${inSession(regTime('r'), 'j')}
    LEFT JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat`;

/** The app's bookings without a Mobile JKN reference (simrs_bookings), by no_rawat: their phone check-in, or null before it. */
type AppBookings = ReadonlyMap<string, string | null>;

/**
 * The check-in Khanza knows: its Mobile JKN check-in (status 'Checkin', at validasi); for an app
 * booking without that reference (a non-JKN one), the phone's check-in kept in this API's
 * database; for a registration made at the counter, the registration itself (the patient was there).
 */
export function checkinOf(r: RegRow, app: AppBookings): string | null {
  if (r.ref_status === 'Checkin' && r.validasi) return `${r.validasi.replace(' ', 'T')}${WIB_OFFSET}`;
  if (r.ref_status === null) return app.has(r.no_rawat) ? (app.get(r.no_rawat) ?? null) : `${r.tgl_registrasi}T${r.jam_reg}${WIB_OFFSET}`;
  return null;
}

/** The registrations of one patient or visit: `where` after the clinic registrations' own condition. */
export function registrations(q: KhanzaQuery, where: string, params: Array<string | number>): Promise<RegRow[]> {
  return q.query<RegRow>(`${REGISTRATION} WHERE r.status_lanjut = 'Ralan' AND ${where}`, params);
}

/** The contract's carabayar of Khanza's payer: 'B' the hospital's BPJS one, else 'P'. */
export const carabayar = (payers: KhanzaPayers, kd_pj: string): 'B' | 'P' => (kd_pj === payers.bpjs ? 'B' : 'P');

/**
 * The app's bookings among these registrations that Khanza holds without a Mobile JKN reference,
 * with their phone check-in (simrs_bookings, this API's database).
 */
export async function appBookings(db: Db, rows: Array<Pick<RegRow, 'no_rawat' | 'ref_status'>>): Promise<AppBookings> {
  const plain = rows.filter((r) => r.ref_status === null).map((r) => r.no_rawat);
  if (!plain.length) return new Map();
  const marks = await db.query<{ no_reg: string; checkin_ms: number | null }>(
    'SELECT no_reg, (extract(epoch FROM checkin_at) * 1000)::float8 AS checkin_ms FROM simrs_bookings WHERE no_reg = ANY($1::text[])',
    [plain],
  );
  return new Map(marks.map((m) => [m.no_reg, m.checkin_ms === null ? null : wibIso(Number(m.checkin_ms))]));
}

/** The patient's last active BPJS clinic registration's date, `exceptRawat` left out (the 8-day gap). */
export async function lastBpjs(q: KhanzaQuery, payers: KhanzaPayers, nomr: string, exceptRawat: string | null): Promise<string | null> {
  const [row] = await q.query<{ tgl: string | null }>(
    `SELECT DATE_FORMAT(MAX(tgl_registrasi), '%Y-%m-%d') AS tgl FROM reg_periksa
      WHERE no_rkm_medis = ? AND kd_pj = ? AND stts <> 'Batal' AND status_lanjut = 'Ralan' AND no_rawat <> ?`,
    [nomr, payers.bpjs, exceptRawat ?? ''],
  );
  return row?.tgl ?? null;
}

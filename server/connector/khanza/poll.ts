// SIMRS=khanza: the marks the change poll compares (connector/poll.ts). A mark is a digest of the
// rows a live stream's key shows: for a doctor's session of a day, its registrations with their
// status and Mobile JKN check-in, the doctor's call on the waiting-room display (antripoli) and
// the practice's quota (a leave); for a patient's pharmacy queue of a day, the prescriptions with
// their validation and hand-over times and the pharmacy display's call (antriapotek3). Counts and
// CRC32 sums: one short row per key, whatever the session's size.
import { PHARMACY_PREFIX } from '../../db/queue-events.ts';
import type { KhanzaQuery } from './client.ts';
import { hariKerja } from './seats.ts';

export async function khanzaMark(sik: KhanzaQuery, key: string): Promise<string | null> {
  const parts = key.split('|');
  if (parts[0] === PHARMACY_PREFIX && parts.length === 3) {
    const [, date, nomr] = parts;
    const [row] = await sik.query<{ mark: string }>(
      `SELECT CONCAT(COUNT(*), ':', IFNULL(SUM(CRC32(CONCAT_WS('|', o.no_resep, o.jam, o.jam_penyerahan, a.no_resep))), 0)) AS mark
         FROM resep_obat o JOIN reg_periksa r ON r.no_rawat = o.no_rawat LEFT JOIN antriapotek3 a ON a.no_resep = o.no_resep
        WHERE r.no_rkm_medis = ? AND o.tgl_peresepan = ?`,
      [nomr, date],
    );
    return row?.mark ?? null;
  }
  if (parts.length !== 4 || !/^\d{4}-\d{2}-\d{2}$/.test(parts[0])) return null;
  const [date, kd_dokter, kd_poli] = parts;
  const [row] = await sik.query<{ mark: string }>(
    `SELECT CONCAT_WS(':',
              (SELECT CONCAT(COUNT(*), '-', IFNULL(SUM(CRC32(CONCAT_WS('|', r.no_rawat, r.no_reg, r.stts, m.status, m.validasi))), 0))
                 FROM reg_periksa r LEFT JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat
                WHERE r.kd_dokter = ? AND r.kd_poli = ? AND r.tgl_registrasi = ?),
              (SELECT IFNULL(SUM(CRC32(no_rawat)), 0) FROM antripoli WHERE kd_dokter = ? AND kd_poli = ?),
              (SELECT IFNULL(SUM(CRC32(CONCAT_WS('|', jam_mulai, kuota))), 0) FROM jadwal WHERE kd_dokter = ? AND kd_poli = ? AND hari_kerja = ?)) AS mark`,
    [kd_dokter, kd_poli, date, kd_dokter, kd_poli, kd_dokter, kd_poli, hariKerja(date)],
  );
  return row?.mark ?? null;
}

// SIMRS=khanza: the number a doctor called last. Khanza's clinic screen writes the registration it
// calls into antripoli (one row per doctor and clinic, replaced at each call) for its waiting-room
// display; the number is that registration's no_reg when it is of the day asked.
import type { KhanzaQuery } from './client.ts';

export async function calledNumber(sik: KhanzaQuery, kd_dokter: string, kd_poli: string, date: string): Promise<number | null> {
  const [row] = await sik.query<{ no_reg: string }>(
    `SELECT r.no_reg FROM antripoli a JOIN reg_periksa r ON r.no_rawat = a.no_rawat
      WHERE a.kd_dokter = ? AND a.kd_poli = ? AND r.tgl_registrasi = ? LIMIT 1`,
    [kd_dokter, kd_poli, date],
  );
  return row ? Number(row.no_reg) : null;
}

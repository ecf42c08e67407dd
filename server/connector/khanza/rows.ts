// SIMRS=khanza: the rows a booking writes into Khanza and the numbers they carry (no_reg, no_rawat,
// nobooking), column by column as Khanza's own code writes them. The seat pool (seats.ts) decides
// whether a seat is free under the practice's lock; this file writes it.
import type { KhanzaQuery } from './client.ts';

/** One doctor's practice at a clinic on a date: the unit Khanza counts seats in. */
export interface SeatSession {
  kd_dokter: string;
  kd_poli: string;
  tanggal: string;
}

/** A seat reserved under the practice's lock, not yet written: its numbers and the practice's hours and quota. */
export interface Reserved {
  seat: Seat;
  kuota: number;
  /** Seats taken before this one. */
  taken: number;
  jam_mulai: string;
  jam_selesai: string | null;
}

export interface SeatRequest extends SeatSession {
  no_rkm_medis: string;
  /** Khanza's payer code (penjab.kd_pj): BPJS or the hospital's general one. */
  kd_pj: string;
  nohp: string;
  /** A JKN visit's referral (jeniskunjungan 1–4 and its number); none: written as Khanza's kontrol. */
  rujukan?: { jeniskunjungan: number; nomorreferensi: string } | null;
  /**
   * The reference row's statuskirim: 'Belum' for Khanza's Antrean sender to add it to BPJS (a
   * booking made in the app), 'Sudah' for one BPJS holds already (made in Mobile JKN).
   */
  statuskirim?: 'Belum' | 'Sudah';
  /** Minutes per patient of the estimate (estimasidilayani); 0: none written. */
  minutesPerPatient?: number;
  /**
   * Whether the booking gets its referensi_mobilejkn_bpjs row (the default): a JKN booking. false:
   * the registration alone, as Khanza's counter writes one, which Khanza's Antrean sender reports
   * as NON JKN under its no_rawat (docs/decisions.md, SIMRS Khanza: the remaining channels).
   */
  reference?: boolean;
}

/** Khanza's jeniskunjungan enum, by BPJS's number. */
const JENIS_KUNJUNGAN = ['', '1 (Rujukan FKTP)', '2 (Rujukan Internal)', '3 (Kontrol)', '4 (Rujukan Antar RS)'];

/** A seat taken: Khanza's names for it. */
export interface Seat {
  /** The visit's number in Khanza (YYYY/MM/DD/NNNNNN). */
  no_rawat: string;
  /** Khanza's queue number of the doctor's day at the clinic ('001'): this API's no_urut. */
  no_reg: string;
  /** The booking code of referensi_mobilejkn_bpjs (YYYYMMDDNNNNNN); '' for a registration without one. */
  nobooking: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The next numbers of the day as Khanza makes them: no_reg per doctor and clinic, no_rawat and nobooking per date. */
export async function nextNumbers(q: KhanzaQuery, s: SeatSession): Promise<Seat> {
  const [row] = await q.query<{ reg: number; rawat: number; booking: number }>(
    `SELECT (SELECT IFNULL(MAX(CONVERT(no_reg, SIGNED)), 0) + 1 FROM reg_periksa WHERE kd_dokter = ? AND kd_poli = ? AND tgl_registrasi = ?) AS reg,
            (SELECT IFNULL(MAX(CONVERT(RIGHT(no_rawat, 6), SIGNED)), 0) + 1 FROM reg_periksa WHERE tgl_registrasi = ?) AS rawat,
            (SELECT IFNULL(MAX(CONVERT(RIGHT(nobooking, 6), SIGNED)), 0) + 1 FROM referensi_mobilejkn_bpjs WHERE tanggalperiksa = ?) AS booking`,
    [s.kd_dokter, s.kd_poli, s.tanggal, s.tanggal, s.tanggal],
  );
  return {
    no_reg: pad(Number(row.reg), 3),
    no_rawat: `${s.tanggal.replaceAll('-', '/')}/${pad(Number(row.rawat), 6)}`,
    nobooking: `${s.tanggal.replaceAll('-', '')}${pad(Number(row.booking), 6)}`,
  };
}

export const jamPraktek = (r: Pick<Reserved, 'jam_mulai' | 'jam_selesai'>) => `${r.jam_mulai.slice(0, 5)}-${(r.jam_selesai ?? r.jam_mulai).slice(0, 5)}`;

/** Inside the same transaction: writes the reserved seat as Khanza's Mobile JKN service writes a booking. */
export async function writeSeatIn(q: KhanzaQuery, r: SeatRequest, { seat, kuota, taken, jam_mulai, jam_selesai }: Reserved): Promise<Seat> {
  // As Khanza's Mobile JKN service writes them: the practice's start plus the patients before at its pace, epoch ms; the seats left after this one.
  const start = Date.parse(`${r.tanggal}T${jam_mulai.slice(0, 5)}:00+07:00`);
  const estimasi = r.minutesPerPatient ? String(start + (Number(seat.no_reg) - 1) * r.minutesPerPatient * 60_000) : '0';
  const sisa = Math.max(0, kuota - taken - 1);
  await q.run(
    `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, p_jawab, almt_pj, hubunganpj,
                              biaya_reg, stts, stts_daftar, status_lanjut, kd_pj, umurdaftar, sttsumur, status_bayar, status_poli)
     SELECT ?, ?, ?, ?, ?, p.no_rkm_medis, ?, '-', '-', '-', 0, 'Belum', 'Lama', 'Ralan', ?,
            TIMESTAMPDIFF(YEAR, p.tgl_lahir, ?), 'Th', 'Belum Bayar',
            IF(EXISTS (SELECT 1 FROM reg_periksa x WHERE x.no_rkm_medis = p.no_rkm_medis AND x.kd_poli = ?), 'Lama', 'Baru')
       FROM pasien p WHERE p.no_rkm_medis = ?`,
    [seat.no_reg, seat.no_rawat, r.tanggal, jam_mulai, r.kd_dokter, r.kd_poli, r.kd_pj, r.tanggal, r.kd_poli, r.no_rkm_medis],
  );
  if (r.reference === false) return { ...seat, nobooking: '' };
  await q.run(
    `INSERT INTO referensi_mobilejkn_bpjs (nobooking, no_rawat, nomorkartu, nik, nohp, kodepoli, pasienbaru, norm, tanggalperiksa, kodedokter,
                                           jampraktek, jeniskunjungan, nomorreferensi, nomorantrean, angkaantrean, estimasidilayani,
                                           sisakuotajkn, kuotajkn, sisakuotanonjkn, kuotanonjkn, status, validasi, statuskirim)
     SELECT ?, ?, IFNULL(p.no_peserta, ''), IFNULL(p.no_ktp, ''), ?, IFNULL(mp.kd_poli_bpjs, ?), '0', p.no_rkm_medis, ?,
            IFNULL(md.kd_dokter_bpjs, ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Belum', '0000-00-00 00:00:00', ?
       FROM pasien p
       LEFT JOIN maping_poli_bpjs mp ON mp.kd_poli_rs = ?
       LEFT JOIN maping_dokter_dpjpvclaim md ON md.kd_dokter = ?
      WHERE p.no_rkm_medis = ?`,
    [
      seat.nobooking,
      seat.no_rawat,
      r.nohp,
      r.kd_poli,
      r.tanggal,
      r.kd_dokter,
      jamPraktek({ jam_mulai, jam_selesai }),
      JENIS_KUNJUNGAN[r.rujukan?.jeniskunjungan ?? 3] ?? JENIS_KUNJUNGAN[3],
      r.rujukan?.nomorreferensi ?? '',
      `${r.kd_poli}-${seat.no_reg}`,
      String(Number(seat.no_reg)),
      estimasi,
      sisa,
      kuota,
      sisa,
      kuota,
      r.statuskirim ?? 'Belum',
      r.kd_poli,
      r.kd_dokter,
      r.no_rkm_medis,
    ],
  );
  return seat;
}

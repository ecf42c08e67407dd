// SIMRS=khanza: the rows a booking writes into Khanza and the numbers they carry (no_reg, no_rawat,
// nobooking), column by column as Khanza's own code writes them: a JKN booking as its Mobile JKN
// service (webapps/api-bpjsfktl/index.php, ambilantrean; conf.php, cekpasien), any other as its
// counter (src/simrskhanza/DlgReg.java: isCekPasien, isNumber, isRegistrasi). The seat pool
// (seats.ts) decides whether a seat is free under the practice's lock; this file writes it.
import { BOOKING_MSG } from '../../domain/booking.ts';
import type { KhanzaQuery } from './client.ts';

/**
 * How the hospital numbers its queue (no_reg), Khanza's setting/database.xml keys as DlgReg.java
 * reads them: URUTNOREG counts per doctor ('dokter', DlgReg's default), per clinic ('poli') or per
 * doctor at a clinic ('dokter + poli'); BASENOREG 'booking' counts the counter's bookings
 * (booking_registrasi) too, 'registrasi' (the default) the registrations alone.
 */
export interface Numbering {
  urut: 'dokter' | 'poli' | 'dokter + poli';
  base: 'registrasi' | 'booking';
}

export const KHANZA_NUMBERING: Numbering = { urut: 'dokter', base: 'registrasi' };

/** One doctor's practice at a clinic on a date: the unit Khanza counts seats in. */
export interface SeatSession {
  kd_dokter: string;
  kd_poli: string;
  tanggal: string;
  /** The session's start ('HH:MM', jadwal.jam_mulai): which of the doctor's sessions that day. */
  jam_mulai: string;
  /** How no_reg is counted (the hospital's URUTNOREG and BASENOREG); Khanza's defaults when absent. */
  numbering?: Numbering;
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
  /**
   * A registration without a reference (not JKN) is paid as the patient's own payer (pasien.kd_pj),
   * as Khanza's counter writes it (DlgReg.java, isCekPasien), unless that payer is this code (the
   * hospital's BPJS one, for a visit the patient pays otherwise): then kd_pj.
   */
  ownPayerUnless?: string;
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

/** The rows of the numbering's scope: doctor, clinic or both (DlgReg.java, isNumber). */
function scope(n: Numbering, s: SeatSession): { where: string; params: string[] } {
  if (n.urut === 'poli') return { where: 'kd_poli = ?', params: [s.kd_poli] };
  if (n.urut === 'dokter + poli') return { where: 'kd_dokter = ? AND kd_poli = ?', params: [s.kd_dokter, s.kd_poli] };
  return { where: 'kd_dokter = ?', params: [s.kd_dokter] };
}

/**
 * Locks every practice of the numbering's scope on the date's weekday, in one order: the rows the
 * quota guard's trigger locks for any registration in that scope (quota-guard.sql), so a counter
 * registration counted under the guard and this booking never take one number. The session's own
 * practice is among them: a booking's transaction takes this lock first (manage-tx.ts), so two
 * bookings in one scope wait for each other instead of deadlocking.
 */
export async function lockNumbering(q: KhanzaQuery, s: SeatSession): Promise<void> {
  const n = s.numbering ?? KHANZA_NUMBERING;
  const { where, params } = scope(n, s);
  const hari = ['AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU'][new Date(`${s.tanggal}T00:00:00Z`).getUTCDay()];
  await q.query(`SELECT kd_dokter FROM jadwal WHERE ${where} AND hari_kerja = ? ORDER BY kd_dokter, hari_kerja, jam_mulai FOR UPDATE`, [...params, hari]);
}

/**
 * The next numbers of the day as Khanza makes them: no_reg by the hospital's URUTNOREG and
 * BASENOREG (DlgReg.java, isNumber: the greater of the registrations' and, with 'booking', the
 * counter's bookings' highest number, plus one), no_rawat per date (isNumber: yyyy/MM/dd/ and six
 * digits), nobooking per date (api-bpjsfktl/index.php, ambilantrean). Under the numbering's lock:
 * taken here unless the transaction holds it already (`numberingHeld`).
 */
export async function nextNumbers(q: KhanzaQuery, s: SeatSession, numberingHeld = false): Promise<Seat> {
  const n = s.numbering ?? KHANZA_NUMBERING;
  if (!numberingHeld) await lockNumbering(q, s);
  const { where, params } = scope(n, s);
  const booked = n.base === 'booking' ? `(SELECT IFNULL(MAX(CONVERT(no_reg, SIGNED)), 0) FROM booking_registrasi WHERE ${where} AND tanggal_periksa = ?)` : '0';
  const [row] = await q.query<{ reg: number; rawat: number; booking: number }>(
    `SELECT GREATEST((SELECT IFNULL(MAX(CONVERT(no_reg, SIGNED)), 0) FROM reg_periksa WHERE ${where} AND tgl_registrasi = ?), ${booked}) + 1 AS reg,
            (SELECT IFNULL(MAX(CONVERT(RIGHT(no_rawat, 6), SIGNED)), 0) + 1 FROM reg_periksa WHERE tgl_registrasi = ?) AS rawat,
            (SELECT IFNULL(MAX(CONVERT(RIGHT(nobooking, 6), SIGNED)), 0) + 1 FROM referensi_mobilejkn_bpjs WHERE tanggalperiksa = ?) AS booking`,
    [...params, s.tanggal, ...(n.base === 'booking' ? [...params, s.tanggal] : []), s.tanggal, s.tanggal],
  );
  return {
    no_reg: pad(Number(row.reg), 3),
    no_rawat: `${s.tanggal.replaceAll('-', '/')}/${pad(Number(row.rawat), 6)}`,
    nobooking: `${s.tanggal.replaceAll('-', '')}${pad(Number(row.booking), 6)}`,
  };
}

export const jamPraktek = (r: Pick<Reserved, 'jam_mulai' | 'jam_selesai'>) => `${r.jam_mulai.slice(0, 5)}-${(r.jam_selesai ?? r.jam_mulai).slice(0, 5)}`;

/** Why a JKN booking cannot carry a complete Mobile JKN reference, in the patient's words; null when it can. */
export const REFERENCE_MSG = {
  poli: 'Poliklinik ini belum dapat dipesan dengan BPJS melalui aplikasi. Silakan mendaftar di loket pendaftaran rumah sakit.',
  dokter: 'Dokter ini belum dapat dipesan dengan BPJS melalui aplikasi. Silakan mendaftar di loket pendaftaran rumah sakit.',
  kartu: 'Nomor kartu BPJS Anda belum tercatat di rumah sakit. Silakan perbarui data Anda di loket pendaftaran.',
} as const;

/**
 * A reference row Khanza's Antrean sender can report: the clinic's and the doctor's BPJS codes
 * mapped (maping_poli_bpjs, maping_dokter_dpjpvclaim), the patient's card number, the referral's
 * number. Its sender marks rows sent by nomorreferensi (KhanzaHMSServiceMobileJKN frmUtama.java:
 * "update referensi_mobilejkn_bpjs set statuskirim='Sudah' where nomorreferensi=…"): an empty one
 * would mark every other empty one sent; a guessed code would be refused by BPJS.
 */
export async function referenceProblem(q: KhanzaQuery, r: SeatRequest): Promise<string | null> {
  if (!r.rujukan?.nomorreferensi) return BOOKING_MSG.referralNumber;
  const [row] = await q.query<{ poli: string | null; dokter: string | null; kartu: string | null }>(
    `SELECT (SELECT kd_poli_bpjs FROM maping_poli_bpjs WHERE kd_poli_rs = ? LIMIT 1) AS poli,
            (SELECT kd_dokter_bpjs FROM maping_dokter_dpjpvclaim WHERE kd_dokter = ? LIMIT 1) AS dokter,
            (SELECT no_peserta FROM pasien WHERE no_rkm_medis = ?) AS kartu`,
    [r.kd_poli, r.kd_dokter, r.no_rkm_medis],
  );
  if (!row?.poli) return REFERENCE_MSG.poli;
  if (!row.dokter) return REFERENCE_MSG.dokter;
  if (!row.kartu?.trim()) return REFERENCE_MSG.kartu;
  return null;
}

/** Khanza's age at registration: years, else months, else days (DlgReg.java isCekPasien; api-bpjsfktl conf.php cekpasien). */
const AGE = {
  years: 'TIMESTAMPDIFF(YEAR, p.tgl_lahir, CURDATE())',
  months: '(TIMESTAMPDIFF(MONTH, p.tgl_lahir, CURDATE()) - ((TIMESTAMPDIFF(MONTH, p.tgl_lahir, CURDATE()) DIV 12) * 12))',
  days: `TIMESTAMPDIFF(DAY, DATE_ADD(DATE_ADD(p.tgl_lahir, INTERVAL TIMESTAMPDIFF(YEAR, p.tgl_lahir, CURDATE()) YEAR),
           INTERVAL TIMESTAMPDIFF(MONTH, p.tgl_lahir, CURDATE()) - ((TIMESTAMPDIFF(MONTH, p.tgl_lahir, CURDATE()) DIV 12) * 12) MONTH), CURDATE())`,
};
const UMUR = `IF(${AGE.years} > 0, ${AGE.years}, IF(${AGE.months} > 0, ${AGE.months}, ${AGE.days}))`;
const STTSUMUR = `IF(${AGE.years} > 0, 'Th', IF(${AGE.months} > 0, 'Bl', 'Hr'))`;

/**
 * Inside the same transaction: writes the reserved seat. A JKN booking (reference) as Khanza's
 * Mobile JKN service writes one (api-bpjsfktl/index.php, ambilantrean): the P.J.'s own address
 * (alamatpj … propinsipj), the returning patient's fee (registrasilama), the BPJS payer, and its
 * referensi_mobilejkn_bpjs row (a booking's transaction asks referenceProblem first: manage-tx.ts
 * refuses one that could not be complete before anything is written). Any other as Khanza's counter registers a visit (DlgReg.java, isCekPasien and
 * isRegistrasi): the patient's address with its kelurahan, kecamatan and kabupaten, the fee of a
 * new or a returning patient, the patient's own payer. Both: the P.J. and relation from pasien
 * (namakeluarga, keluarga), stts_daftar 'Baru' when the patient was registered in Khanza on the
 * visit's day, status_poli 'Baru' at a first visit to the clinic, the age in Th, Bl or Hr.
 */
export async function writeSeatIn(q: KhanzaQuery, r: SeatRequest, { seat, kuota, taken, jam_mulai, jam_selesai }: Reserved): Promise<Seat> {
  const jkn = r.reference !== false;
  // As Khanza's Mobile JKN service writes them: the practice's start plus the patients before at its pace, epoch ms; the seats left after this one.
  const start = Date.parse(`${r.tanggal}T${jam_mulai.slice(0, 5)}:00+07:00`);
  const estimasi = r.minutesPerPatient ? String(start + (Number(seat.no_reg) - 1) * r.minutesPerPatient * 60_000) : '0';
  const sisa = Math.max(0, kuota - taken - 1);
  const baru = 'IFNULL(p.tgl_daftar = ?, FALSE)';
  const almt = jkn
    ? "CONCAT(p.alamatpj, ', ', p.kelurahanpj, ', ', p.kecamatanpj, ', ', p.kabupatenpj, ', ', p.propinsipj)"
    : "CONCAT_WS(', ', p.alamat, kel.nm_kel, kec.nm_kec, kab.nm_kab)";
  const biaya = jkn ? 'pl.registrasilama' : `IF(${baru}, pl.registrasi, pl.registrasilama)`;
  const payer = jkn || !r.ownPayerUnless ? '?' : 'IF(p.kd_pj = ?, ?, p.kd_pj)';
  const written = await q.run(
    `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, p_jawab, almt_pj, hubunganpj,
                              biaya_reg, stts, stts_daftar, status_lanjut, kd_pj, umurdaftar, sttsumur, status_bayar, status_poli)
     SELECT ?, ?, ?, ?, ?, p.no_rkm_medis, ?, p.namakeluarga, ${almt}, IFNULL(p.keluarga, ''),
            IFNULL(${biaya}, 0), 'Belum', IF(${baru}, 'Baru', 'Lama'), 'Ralan', ${payer}, ${UMUR}, ${STTSUMUR}, 'Belum Bayar',
            IF(EXISTS (SELECT 1 FROM reg_periksa x WHERE x.no_rkm_medis = p.no_rkm_medis AND x.kd_poli = ?), 'Lama', 'Baru')
       FROM pasien p JOIN poliklinik pl ON pl.kd_poli = ?
       LEFT JOIN kelurahan kel ON kel.kd_kel = p.kd_kel LEFT JOIN kecamatan kec ON kec.kd_kec = p.kd_kec LEFT JOIN kabupaten kab ON kab.kd_kab = p.kd_kab
      WHERE p.no_rkm_medis = ?`,
    [
      seat.no_reg,
      seat.no_rawat,
      r.tanggal,
      jam_mulai,
      r.kd_dokter,
      r.kd_poli,
      ...(jkn ? [] : [r.tanggal]),
      r.tanggal,
      ...(jkn || !r.ownPayerUnless ? [r.kd_pj] : [r.ownPayerUnless, r.kd_pj]),
      r.kd_poli,
      r.kd_poli,
      r.no_rkm_medis,
    ],
  );
  // Copied from pasien and poliklinik: without both rows nothing is written, and that is no booking.
  if (written !== 1) throw new Error(`no registration written for ${r.no_rkm_medis} at ${r.kd_poli}: the patient or the clinic is not in Khanza`);
  if (!jkn) return { ...seat, nobooking: '' };
  // pasienbaru: '1' for a patient registered in Khanza on the visit's day (api-bpjsfktl's statusdaftar).
  await q.run(
    `INSERT INTO referensi_mobilejkn_bpjs (nobooking, no_rawat, nomorkartu, nik, nohp, kodepoli, pasienbaru, norm, tanggalperiksa, kodedokter,
                                           jampraktek, jeniskunjungan, nomorreferensi, nomorantrean, angkaantrean, estimasidilayani,
                                           sisakuotajkn, kuotajkn, sisakuotanonjkn, kuotanonjkn, status, validasi, statuskirim)
     SELECT ?, ?, IFNULL(p.no_peserta, ''), IFNULL(p.no_ktp, ''), ?, IFNULL(mp.kd_poli_bpjs, ?), IF(${baru}, '1', '0'), p.no_rkm_medis, ?,
            IFNULL(md.kd_dokter_bpjs, ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Belum', '0000-00-00 00:00:00', ?
       FROM pasien p
       LEFT JOIN maping_poli_bpjs mp ON mp.kd_poli_rs = ?
       LEFT JOIN maping_dokter_dpjpvclaim md ON md.kd_dokter = ?
      WHERE p.no_rkm_medis = ?
      LIMIT 1`,
    [
      seat.nobooking,
      seat.no_rawat,
      r.nohp,
      r.kd_poli,
      r.tanggal,
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

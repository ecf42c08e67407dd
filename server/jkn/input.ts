// What Mobile JKN's requests must hold, read after their loose schemas (common/schemas/jkn.ts):
// numbers as digits in a string or as numbers, norm null or empty, and each value checked here so
// that one out of range is a refusal with code 201 and its reason, as BPJS's catalogue and SIMRS
// Khanza's own service answer (webapps/api-bpjsfktl/index.php: 'Nomor Kartu harus 13 digit',
// 'NIK harus 16 digit', 'Format Tanggal tidak sesuai, format yang benar adalah yyyy-mm-dd'), never
// a database error: a doctor code beyond PostgreSQL's integer, the year 0000, 31 February.
import type { PasienBaruRequest } from '../../common/schemas/jkn.ts';
import { isFreeText } from '../../common/text.ts';

export type Read<T> = { ok: true; value: T } | { ok: false; refused: string };
type Scalar = string | number | null | undefined;

const INT_MAX = 2_147_483_647;

class Refused extends Error {}
const no = (message: string): never => {
  throw new Refused(message);
};
/** Runs a reader: its refusal as the answer's reason. */
const reading = <T>(read: () => T): Read<T> => {
  try {
    return { ok: true, value: read() };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, refused: err.message };
    throw err;
  }
};

/** The value as text, trimmed; null and absent as ''. */
const text = (v: Scalar): string => (v === null || v === undefined ? '' : String(v).trim());

/** A text of the patient's or the counter's words: at most `max` characters, no control characters. */
function words(v: Scalar, field: string, max: number, required: boolean): string {
  const t = text(v);
  if (!t && required) no(`${field} tidak boleh kosong.`);
  if (t.length > max || !isFreeText(t)) no(`Format ${field} tidak sesuai.`);
  return t;
}

const digits = (v: Scalar, field: string, n: number): string => {
  const t = text(v);
  if (!t) no(`${field} tidak boleh kosong.`);
  if (!new RegExp(`^[0-9]{${n}}$`).test(t)) no(`${field} harus ${n} digit.`);
  return t;
};
/** A BPJS card number: 13 digits (VClaim's noKartu; Khanza refuses any other length). */
const kartu = (v: Scalar, field = 'Nomor kartu') => digits(v, field, 13);
const nik = (v: Scalar, field = 'NIK') => digits(v, field, 16);

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** YYYY-MM-DD naming a day of the calendar from the year 1 (PostgreSQL has no year 0). */
function realDate(t: string): boolean {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(t);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= DAYS[mo - 1] + (mo === 2 && leap ? 1 : 0);
}
const tanggal = (v: Scalar, field: string): string => {
  const t = text(v);
  if (!t) no(`${field} tidak boleh kosong.`);
  if (!realDate(t)) no(`Format ${field} tidak sesuai, format yang benar adalah yyyy-mm-dd.`);
  return t;
};

const kodepoli = (v: Scalar): string => {
  const t = text(v).toUpperCase();
  if (!t) no('Kode poli tidak boleh kosong.');
  if (!/^[A-Z0-9]{1,10}$/.test(t)) no('Poli tidak ditemukan.');
  return t;
};
/** BPJS's doctor code: a whole number; one no column can hold is no doctor's. */
const kodedokter = (v: Scalar): number => {
  const t = text(v);
  if (!t) no('Kode dokter tidak boleh kosong.');
  const n = /^[0-9]{1,10}$/.test(t) ? Number(t) : Number.NaN;
  if (!(n >= 1 && n <= INT_MAX)) no('Dokter tidak ditemukan.');
  return n;
};
const jampraktek = (v: Scalar): string => {
  const t = text(v);
  if (!t) no('Jam praktik tidak boleh kosong.');
  const m = /^([0-9]{1,2})[:.]([0-9]{2})-([0-9]{1,2})[:.]([0-9]{2})$/.exec(t);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3]) > 23 || Number(m[4]) > 59)
    no('Format jam praktik tidak sesuai, format yang benar adalah HH:mm-HH:mm.');
  const [, h1, m1, h2, m2] = m as RegExpExecArray;
  return `${h1.padStart(2, '0')}:${m1}-${h2.padStart(2, '0')}:${m2}`;
};
const kodebooking = (v: Scalar): string => {
  const t = text(v);
  if (!t) no('Kode booking tidak boleh kosong.');
  if (!/^[A-Za-z0-9-]{1,40}$/.test(t)) no('Antrean tidak ditemukan.');
  return t;
};
const nohp = (v: Scalar): string => {
  const t = words(v, 'Nomor HP', 30, true);
  if (!/^[0-9+() -]{6,30}$/.test(t)) no('Format nomor HP tidak sesuai.');
  return t;
};

export interface StatusAntreanInput {
  kodepoli: string;
  kodedokter: number;
  tanggalperiksa: string;
  jampraktek: string;
}
type StatusBody = { kodepoli: Scalar; kodedokter: Scalar; tanggalperiksa: Scalar; jampraktek: Scalar };
const session = (b: StatusBody): StatusAntreanInput => ({
  kodepoli: kodepoli(b.kodepoli),
  kodedokter: kodedokter(b.kodedokter),
  tanggalperiksa: tanggal(b.tanggalperiksa, 'Tanggal periksa (tanggalperiksa)'),
  jampraktek: jampraktek(b.jampraktek),
});
export const readStatusAntrean = (b: StatusBody): Read<StatusAntreanInput> => reading(() => session(b));

export interface AmbilAntreanInput extends StatusAntreanInput {
  nomorkartu: string;
  nik: string;
  nohp: string;
  /** '' when Mobile JKN does not send it. */
  norm: string;
  jeniskunjungan: 1 | 2 | 3 | 4;
  nomorreferensi: string;
}
export const readAmbilAntrean = (
  b: StatusBody & { nomorkartu: Scalar; nik: Scalar; nohp: Scalar; norm?: Scalar; jeniskunjungan: Scalar; nomorreferensi: Scalar },
): Read<AmbilAntreanInput> =>
  reading(() => {
    const s = session(b);
    const jenis = Number(text(b.jeniskunjungan));
    if (![1, 2, 3, 4].includes(jenis) || !/^[1-4]$/.test(text(b.jeniskunjungan))) no('Jenis kunjungan tidak ditemukan.');
    const norm = text(b.norm);
    if (norm && !/^[0-9A-Za-z.-]{1,12}$/.test(norm)) no('Format nomor rekam medis tidak sesuai.');
    const ref = text(b.nomorreferensi);
    if (!ref) no('Nomor referensi tidak boleh kosong.');
    if (!/^[0-9A-Za-z]{6,30}$/.test(ref)) no('Nomor referensi tidak sesuai format.');
    return {
      ...s,
      nomorkartu: kartu(b.nomorkartu),
      nik: nik(b.nik),
      nohp: nohp(b.nohp),
      norm,
      jeniskunjungan: jenis as 1 | 2 | 3 | 4,
      nomorreferensi: ref,
    };
  });

export const readKodebooking = (b: { kodebooking: Scalar }): Read<{ kodebooking: string }> => reading(() => ({ kodebooking: kodebooking(b.kodebooking) }));

export const readBatalAntrean = (b: { kodebooking: Scalar; keterangan: Scalar }): Read<{ kodebooking: string; keterangan: string }> =>
  reading(() => ({ kodebooking: kodebooking(b.kodebooking), keterangan: words(b.keterangan, 'Keterangan', 200, true) }));

export const readCheckinAntrean = (b: { kodebooking: Scalar; waktu: Scalar }): Read<{ kodebooking: string; waktu: number }> =>
  reading(() => {
    const t = text(b.waktu);
    if (!t) no('Waktu tidak boleh kosong.');
    // Epoch milliseconds of a day PostgreSQL and Date can hold (13 digits: until the year 2286).
    if (!/^[0-9]{1,13}$/.test(t)) no('Format waktu tidak sesuai: milidetik sejak 1 Januari 1970.');
    return { kodebooking: kodebooking(b.kodebooking), waktu: Number(t) };
  });

export const readJadwalOperasiRs = (b: { tanggalawal: Scalar; tanggalakhir: Scalar }): Read<{ from: string; to: string }> =>
  reading(() => {
    const from = tanggal(b.tanggalawal, 'Tanggal awal (tanggalawal)');
    const to = tanggal(b.tanggalakhir, 'Tanggal akhir (tanggalakhir)');
    if (to < from) no('Tanggal akhir tidak boleh lebih kecil dari tanggal awal.');
    return { from, to };
  });

export const readJadwalOperasiPasien = (b: { nopeserta: Scalar }): Read<{ nopeserta: string }> =>
  reading(() => ({ nopeserta: kartu(b.nopeserta, 'Nomor peserta') }));

type PasienBaruBody = { [K in keyof PasienBaruRequest]?: Scalar };
/** `today` (YYYY-MM-DD, WIB): a birth date after it is no one's. */
export const readPasienBaru = (b: PasienBaruBody, today: string): Read<PasienBaruRequest> =>
  reading(() => {
    const jk = text(b.jeniskelamin).toUpperCase();
    if (jk !== 'L' && jk !== 'P') no('Jenis kelamin harus L atau P.');
    const lahir = tanggal(b.tanggallahir, 'Tanggal lahir (tanggallahir)');
    if (lahir > today) no('Tanggal lahir tidak boleh melewati hari ini.');
    if (lahir < '1900-01-01') no('Tanggal lahir tidak sesuai.');
    const code = (v: Scalar, field: string, max: number) => {
      const t = text(v);
      if (!/^[0-9A-Za-z]*$/.test(t) || t.length > max) no(`Format ${field} tidak sesuai.`);
      return t;
    };
    return {
      nomorkartu: kartu(b.nomorkartu),
      nik: nik(b.nik),
      nomorkk: digits(b.nomorkk, 'Nomor KK', 16),
      nama: words(b.nama, 'Nama', 100, true),
      jeniskelamin: jk as 'L' | 'P',
      tanggallahir: lahir,
      nohp: nohp(b.nohp),
      alamat: words(b.alamat, 'Alamat', 200, true),
      kodeprop: code(b.kodeprop, 'kode provinsi', 10),
      namaprop: words(b.namaprop, 'Nama provinsi', 60, false),
      kodedati2: code(b.kodedati2, 'kode kabupaten/kota', 10),
      namadati2: words(b.namadati2, 'Nama kabupaten/kota', 60, false),
      kodekec: code(b.kodekec, 'kode kecamatan', 10),
      namakec: words(b.namakec, 'Nama kecamatan', 60, false),
      kodekel: code(b.kodekel, 'kode kelurahan', 15),
      namakel: words(b.namakel, 'Nama kelurahan', 60, false),
      rw: code(b.rw, 'RW', 5),
      rt: code(b.rt, 'RT', 5),
    };
  });

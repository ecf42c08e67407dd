// Mobile JKN's envelope and texts (BPJS Antrean Online v2, docs/bpjs.md): `response` with its
// metadata, the refusals, and what every call of server/routes/jkn.ts declares it can answer.
import { JKN_CODES, JknRefusal } from '../../common/schemas/jkn.ts';
import { wibTime } from '../domain/throttle.ts';

export const JKN_MSG = {
  ok: 'Ok',
  wrongCredentials: 'Username atau password tidak sesuai.',
  locked: (until: Date) => `Terlalu banyak percobaan yang gagal. Silakan coba lagi setelah pukul ${wibTime(until)}.`,
  tokenExpired: 'Token sudah kedaluwarsa. Silakan minta token baru.',
  tokenInvalid: 'Token tidak valid.',
  poliUnknown: 'Poli tidak ditemukan.',
  dokterUnknown: 'Dokter tidak ditemukan.',
  noSession: 'Jadwal dokter tidak ditemukan pada tanggal dan jam praktik tersebut.',
  newPatient: 'Data pasien ini tidak ditemukan. Silakan melakukan registrasi pasien baru.',
  notOnePatient:
    'Nomor kartu, NIK dan nomor rekam medis tidak merujuk pada pasien yang sama di rumah sakit ini. Silakan menghubungi loket pendaftaran rumah sakit.',
  notFound: 'Antrean tidak ditemukan.',
  cancelledAlready: 'Antrean tidak ditemukan atau sudah dibatalkan.',
  notQueued: 'Antrean belum terdaftar di loket hari ini. Silakan ke loket pendaftaran.',
  registered: 'Harap datang ke admisi untuk melengkapi data rekam medis.',
  knownPatient: 'Data peserta sudah pernah dientrikan.',
  dateOrder: 'Tanggal akhir tidak boleh lebih kecil dari tanggal awal.',
  noPrescription: 'Belum ada resep untuk kode booking ini.',
  prescription: 'Resep diproses di farmasi rawat jalan.',
} as const;

/** BPJS's envelope: `response` with code 200, none with a refusal. */
export const answer = <T>(response: T) => ({ response, metadata: { message: JKN_MSG.ok, code: JKN_CODES.ok } });
export const refuse = (message: string, code: number = JKN_CODES.refused) => ({ metadata: { message, code } });

/**
 * What a call answers besides its 200. Every refusal is an HTTP 200 with code 201 and the reason
 * (a token missing, wrong or expired; a body that does not fit; a value out of range): Mobile JKN
 * reads metadata, not the HTTP status. Only our own fault is a 500.
 */
export const ANSWERS = {
  500: JknRefusal('Our fault, logged with the request id'),
} as const;
export const SECURITY = [{ jknToken: [], jknUsername: [] }];

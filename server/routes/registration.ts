// New-patient self-registration: stored as pending for the registration counter.
import type { FastifyInstance } from 'fastify';
import { OCCUPATIONS, type NewPatient } from '../../common/schemas/index.ts';
import { daysBetween, isIsoDate, todayWib } from '../../common/dates.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { countEvent, lockedUntil, retryAfterSeconds, wibTime } from '../domain/throttle.ts';
import { failure } from './schemas.ts';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

export const REGISTRATION_MSG = {
  saved: 'Data Anda Telah disimpan. Silahkan lanjutkan proses verifikasi di loket pendaftaran. Terimakasih',
  already: 'NIK ini sudah terdaftar dan menunggu verifikasi. Silahkan lanjutkan proses verifikasi di loket pendaftaran.',
} as const;

/** What is wrong with a registration, in words the person can act on; null when it is fine. */
export function registrationProblem(p: NewPatient, today = todayWib()): string | null {
  const empty = (['nama', 'no_ktp', 'tempat_lahir', 'tgl_lahir', 'telp_hp', 'email', 'pekerjaan'] as const).filter(
    (k) => !p[k]?.trim(),
  );
  if (empty.length) return 'Mohon isi semua data dengan benar!';
  if (!/^[0-9]{16}$/.test(p.no_ktp.trim())) return 'No KTP (NIK) harus 16 angka.';
  if (!isIsoDate(p.tgl_lahir) || daysBetween(p.tgl_lahir, today) < 0 || daysBetween(p.tgl_lahir, today) > 130 * 366) {
    return 'Tanggal Lahir tidak valid.';
  }
  if (!/^(\+62|62|0)8[0-9]{7,12}$/.test(p.telp_hp.replace(/[\s-]/g, ''))) {
    return 'Nomor Telpon tidak valid. Gunakan nomor HP, misalnya 081234567890.';
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(p.email.trim())) return 'Alamat Email tidak valid.';
  if (!OCCUPATIONS.some(([code]) => code === p.pekerjaan)) return 'Pilih Pekerjaan dari daftar.';
  return null;
}

export const registrationLockedMessage = (until: Date) =>
  `Terlalu banyak pendaftaran dari jaringan ini. Silakan coba lagi setelah pukul ${wibTime(until)}.`;

export async function registrationRoutes(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  app.post(
    '/api/patient/simpan/pasien/baru',
    {
      schema: {
        summary: 'Self-registration of a new patient',
        body: {
          type: 'object',
          required: ['nama', 'no_ktp', 'tempat_lahir', 'tgl_lahir', 'telp_hp', 'email', 'pekerjaan'],
          additionalProperties: false,
          properties: {
            nama: text(100),
            no_ktp: text(20),
            tempat_lahir: text(60),
            tgl_lahir: text(10),
            telp_hp: text(20),
            email: text(120),
            pekerjaan: text(2),
          },
        },
        response: {
          200: { oneOf: [{ type: 'object', properties: { status: { const: true }, message: { type: 'string' } } }, failure] },
          429: failure,
        },
      },
    },
    async (req, reply) => {
      // Every submission counts against the address, generously: a hospital's Wi-Fi is shared.
      const locked = await lockedUntil(db, [['register-ip', req.ip]]);
      if (locked) {
        return reply.code(429).header('Retry-After', String(retryAfterSeconds(locked))).send({ status: false, message: registrationLockedMessage(locked) });
      }
      await countEvent(db, 'register-ip', req.ip, config.security.register);
      const p = req.body as NewPatient;
      const problem = registrationProblem(p);
      if (problem) return { status: false, message: problem };
      const rows = await db.query(
        `INSERT INTO registrations (nama, no_ktp, tempat_lahir, tgl_lahir, telp_hp, email, pekerjaan)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (no_ktp) DO NOTHING RETURNING id`,
        [p.nama.trim(), p.no_ktp.trim(), p.tempat_lahir.trim(), p.tgl_lahir, p.telp_hp.trim(), p.email.trim(), p.pekerjaan],
      );
      return { status: true, message: rows.length ? REGISTRATION_MSG.saved : REGISTRATION_MSG.already };
    },
  );
}

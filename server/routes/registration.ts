// New-patient self-registration: stored as pending for the registration counter.
import { NewPatient, RegistrationAnswer } from '../../common/schemas/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { savePendingPatient } from '../db/patients.ts';
import { countEvent, lockedUntil } from '../db/throttle.ts';
import { REGISTRATION_MSG, registrationProblem } from '../domain/registration.ts';
import { retryAfterSeconds, wibTime } from '../domain/throttle.ts';
import { PUBLIC_POST, THROTTLED, type Api } from './contract.ts';

export const registrationLockedMessage = (until: Date) => `Terlalu banyak pendaftaran dari jaringan ini. Silakan coba lagi setelah pukul ${wibTime(until)}.`;

export async function registrationRoutes(app: Api, db: Db, config: Config): Promise<void> {
  app.post(
    '/api/patient/simpan/pasien/baru',
    {
      schema: {
        summary: 'Self-registration of a new patient',
        body: NewPatient,
        response: { 200: RegistrationAnswer, ...THROTTLED, ...PUBLIC_POST },
      },
    },
    async (req, reply) => {
      // Every submission counts against the address, generously: a hospital's Wi-Fi is shared.
      const locked = await lockedUntil(db, [['register-ip', req.ip]]);
      if (locked) {
        return reply
          .code(429)
          .header('Retry-After', String(retryAfterSeconds(locked)))
          .send({ status: false, message: registrationLockedMessage(locked) });
      }
      await countEvent(db, 'register-ip', req.ip, config.security.register);
      const problem = registrationProblem(req.body);
      if (problem) return { status: false as const, message: problem };
      const saved = await savePendingPatient(db, req.body);
      return { status: true as const, message: saved ? REGISTRATION_MSG.saved : REGISTRATION_MSG.already };
    },
  );
}

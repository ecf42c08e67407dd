// After a self-registration (docs/product.md, Registration's ending): its status by reference and
// birth date, and this phone's push subscription for the verification's message. Both without a
// bearer token: the person has no login yet.
import type { RegistrationStatus } from '../../common/schemas/index.ts';
import { write, type Result } from './http.ts';

export function registrationStatus(referensi: string, tgl_lahir: string): Promise<Result<RegistrationStatus>> {
  return write('registrationStatus', { referensi, tgl_lahir }, { auth: false });
}

export function pushForRegistration(referensi: string, tgl_lahir: string, fcmtoken: string): Promise<Result<unknown>> {
  return write('registrationPush', { referensi, tgl_lahir, fcmtoken }, { auth: false });
}

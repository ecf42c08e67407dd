// 'Aktifkan masuk dengan sidik jari', from the offer after login and from the devices screen:
// the ceremony's code is fetched on the tap, and every outcome becomes one sentence to show.
import { S } from '../strings.ts';
import { DEVICES } from './strings.ts';

export type Enrolment = { ok: true } | { ok: false; message: string };

export async function enrol(): Promise<Enrolment> {
  const res = await import('../api/passkey-ceremony.ts')
    .then((m) => m.enrolPasskey())
    .catch(() => ({ ok: false as const, error: { kind: 'network' as const } }));
  if (res.ok) return { ok: true };
  const { error } = res;
  // InvalidStateError: the phone already holds a passkey of this patient (the options exclude it).
  if (error.kind === 'prompt') return { ok: false, message: error.name === 'InvalidStateError' ? DEVICES.alreadyHere : DEVICES.dismissed };
  if (error.kind === 'offline' || error.kind === 'network') return { ok: false, message: S.passkey.unreachable };
  return { ok: false, message: error.message ?? DEVICES.failed };
}

// The two passkey ceremonies: the server's options, the phone's prompt through
// @simplewebauthn/browser, the server's verdict. Imported only when one starts (a tap on
// 'Masuk dengan sidik jari' or 'Aktifkan masuk dengan sidik jari'), so no page downloads the
// WebAuthn library before that.
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PasskeyInfo, PasskeyLoginResponse } from '../../common/schemas/index.ts';
import { noteCapabilities } from './capabilities.ts';
import { type ApiError, read, write } from './http.ts';

/** The phone's prompt ended without a credential: dismissed, timed out, or no passkey there. */
interface PromptError {
  kind: 'prompt';
  /** The DOMException's name: NotAllowedError (dismissed or none), InvalidStateError (already there) … */
  name: string;
}

export type CeremonyResult<T> = { ok: true; data: T } | { ok: false; error: ApiError | PromptError };

async function prompt<T>(run: () => Promise<T>): Promise<CeremonyResult<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (err) {
    const cause = (err as { cause?: { name?: string } }).cause;
    return { ok: false, error: { kind: 'prompt', name: cause?.name ?? (err as Error).name ?? 'Error' } };
  }
}

/** 'Masuk dengan sidik jari': a challenge, the phone's prompt, then the session's token and whose it is. */
export async function signInWithPasskey(): Promise<CeremonyResult<PasskeyLoginResponse>> {
  const options = await read('passkeyLoginOptions', { auth: false, base: 'login' });
  if (!options.ok) return options;
  const signed = await prompt(() => startAuthentication({ optionsJSON: options.data }));
  if (!signed.ok) return signed;
  return write('passkeyLogin', signed.data, { auth: false, base: 'login', pick: (b) => (noteCapabilities(b), b) });
}

/** 'Aktifkan masuk dengan sidik jari': a passkey on this phone for the signed-in patient. */
export async function enrolPasskey(): Promise<CeremonyResult<PasskeyInfo>> {
  const options = await read('passkeyRegisterOptions');
  if (!options.ok) return options;
  const made = await prompt(() => startRegistration({ optionsJSON: options.data }));
  if (!made.ok) return made;
  return write('passkeyRegister', made.data);
}

// Where and when the registration counter verifies a self-registration: shown under the saved
// message and with 'Cek status pendaftaran' (docs/product.md, Registration's ending). Each unset
// is left out of what the app shows, never guessed.
import { ConfigError, type Env } from './parse.ts';

export interface RegistrationCounterConfig {
  /** REGISTRATION_COUNTER_PLACE, e.g. 'Loket Pendaftaran Pasien Baru, Gedung A lantai 1'. */
  tempat?: string;
  /** REGISTRATION_COUNTER_HOURS, e.g. 'Senin–Jumat 07.00–14.00, Sabtu 07.00–12.00'. */
  jam?: string;
}

function text(env: Env, name: string, example: string): string | undefined {
  const raw = (env[name] || '').trim();
  if (!raw) return undefined;
  // Shown to patients as it is: one line of words, not markup.
  if (raw.length > 160 || /[\p{Cc}<>]/u.test(raw))
    throw new ConfigError(`${name} must be one line of at most 160 characters without < or > (e.g. '${example}')`);
  return raw;
}

export function registrationCounterConfig(env: Env): RegistrationCounterConfig {
  const tempat = text(env, 'REGISTRATION_COUNTER_PLACE', 'Loket Pendaftaran, Gedung A lantai 1');
  const jam = text(env, 'REGISTRATION_COUNTER_HOURS', 'Senin–Jumat 07.00–14.00');
  // The house style writes times as 13.00: a colon is a sign the value was copied from elsewhere.
  if (jam && /\d:\d\d/.test(jam))
    throw new ConfigError(`REGISTRATION_COUNTER_HOURS writes times with a dot, as patients read them: 07.00–14.00 (got "${jam}")`);
  return { ...(tempat && { tempat }), ...(jam && { jam }) };
}

// The hospital's tokens as this server keeps them in its database (SIMRS=upstream, migration 021,
// docs/security.md): AES-256-GCM under UPSTREAM_TOKEN_KEY, a fresh 96-bit nonce each time, the
// patient's number bound as additional data (a row moved to another patient does not open).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What is sealed: the token and the birth date the §7 reads send as tgllahir. */
export interface Held {
  token: string;
  tgllahir: string;
}

export function seal(key: Buffer, nomr: string, held: Held): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(nomr, 'utf8'));
  const text = Buffer.concat([cipher.update(JSON.stringify({ token: held.token, tgllahir: held.tgllahir }), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), text.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The sealed token, or null when it does not open (another key, another patient, altered). */
export function unseal(key: Buffer, nomr: string, sealed: string): Held | null {
  const [v, iv, text, tag] = sealed.split('.');
  if (v !== 'v1' || !iv || !text || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(nomr, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const held = JSON.parse(Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8'));
    return typeof held?.token === 'string' && typeof held?.tgllahir === 'string' ? { token: held.token, tgllahir: held.tgllahir } : null;
  } catch {
    return null;
  }
}

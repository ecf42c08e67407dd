// The tokens of the Mobile JKN web service (docs/bpjs.md): a JWT signed with HS256 under a key
// derived from JKN_WS_PASSWORD, so every server process checks any other's token without a shared
// table, and a changed password ends every token at once. Checked against the configured
// username and the time; nothing is stored.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { JknConfig } from '../config.ts';

const AUDIENCE = 'mobile-jkn';

const keyOf = (c: Pick<JknConfig, 'password'>): Uint8Array => createHmac('sha256', c.password).update('jkn-ws-token').digest();

/** The two texts are equal, in a time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHmac('sha256', 'jkn').update(given).digest();
  const b = createHmac('sha256', 'jkn').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** A token for the configured username, valid `tokenMinutes` from `now` (epoch ms). */
export async function issueToken(c: JknConfig, now: number): Promise<{ token: string; expires: number }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + c.tokenMinutes * 60;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(c.username)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keyOf(c));
  return { token, expires: exp * 1000 };
}

export type TokenCheck = { ok: true } | { ok: false; reason: 'expired' | 'invalid' };

/** Whether `token` is one of ours, for `username`, and not expired at `now` (epoch ms). */
export async function checkToken(c: JknConfig, token: string, username: string, now: number): Promise<TokenCheck> {
  if (!token || !sameSecret(username, c.username)) return { ok: false, reason: 'invalid' };
  try {
    await jwtVerify(token, keyOf(c), { algorithms: ['HS256'], audience: AUDIENCE, subject: c.username, currentDate: new Date(now), clockTolerance: 0 });
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: (err as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
  }
}

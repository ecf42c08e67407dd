// Opaque bearer tokens: 128 random bits, stored only as a SHA-256 hash, with an idle and an
// absolute expiry, so that logout and expiry really end them.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './client.ts';

export interface SessionPolicy {
  idleMinutes: number;
  maxDays: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(q: Queryable, nomr: string, policy: SessionPolicy): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  await q.query(`INSERT INTO sessions (token_hash, nomr, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`, [
    hashToken(token),
    nomr,
    policy.maxDays,
  ]);
  return token;
}

/** last_seen_at is moved at most this often: most requests only read their session. */
const SEEN_GRANULARITY = "interval '1 minute'";

/** The session's patient, or null when the token is unknown, revoked, idle too long or expired. */
export async function resolveSession(q: Queryable, token: string, policy: SessionPolicy): Promise<string | null> {
  const hash = hashToken(token);
  const [row] = await q.query<{ nomr: string; stale: boolean }>(
    `SELECT nomr, last_seen_at < now() - ${SEEN_GRANULARITY} AS stale FROM sessions
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
        AND last_seen_at > now() - make_interval(mins => $2)`,
    [hash, policy.idleMinutes],
  );
  if (!row) return null;
  if (row.stale) await q.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [hash]);
  return row.nomr;
}

/** Ends the session; answers whose it was, or null when there was none to end. */
export async function revokeSession(q: Queryable, token: string): Promise<string | null> {
  const rows = await q.query<{ nomr: string }>('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING nomr', [
    hashToken(token),
  ]);
  return rows[0]?.nomr ?? null;
}

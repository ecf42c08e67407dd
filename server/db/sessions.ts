// Opaque bearer tokens: 128 random bits, stored only as a SHA-256 hash, with an idle and an
// absolute expiry, so that logout and expiry really end them.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './client.ts';
import { sessionsEndedHere, type SessionCache } from './session-cache.ts';

export interface SessionPolicy {
  idleMinutes: number;
  maxDays: number;
  /** Sessions one patient holds at most (SESSION_MAX_PER_PATIENT): a login past it ends the least recently used. */
  maxPerPatient?: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What the patient's list of sessions shows of one: the device it was made on, and how. */
export interface SessionOrigin {
  device?: string | null;
  method?: 'form' | 'passkey';
}

/**
 * A new session of the patient. With `policy.maxPerPatient`, called inside the login's
 * transaction: the patient's sessions that still hold past that many, the least recently used
 * first, end with it (as a logout ends one: refused from the next request, their live streams
 * closed on every process by the word of migration 011's trigger). Without a cap a script that
 * logs in in a loop keeps every token it was given, each one a way in for 30 days.
 */
export async function createSession(q: Queryable, nomr: string, policy: SessionPolicy, origin: SessionOrigin = {}): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  const made = [hashToken(token), nomr, policy.maxDays, origin.device ?? null, origin.method ?? 'form'];
  if (policy.maxPerPatient === undefined) {
    await q.query(INSERT_SESSION, made);
    return token;
  }
  // One patient's sessions are counted one login at a time (the patient's row locked to the
  // commit): two logins at once cannot each see room for themselves. The lock is a statement of
  // its own: the count after it is taken with a snapshot that sees the logins committed meanwhile.
  await q.query('SELECT 1 FROM patients WHERE nomr = $1 FOR UPDATE', [nomr]);
  // The new session and the ending of those past the cap, in one statement (the new one is kept
  // by name, not by being seen).
  const ended = await q.query<{ token_hash: string }>(`WITH made AS (${INSERT_SESSION}) ${END_LEAST_USED}`, [
    ...made,
    policy.idleMinutes,
    policy.maxPerPatient - 1,
  ]);
  sessionsEndedHere(ended.map((r) => r.token_hash));
  return token;
}

const INSERT_SESSION = `INSERT INTO sessions (token_hash, nomr, expires_at, device, method) VALUES ($1, $2, now() + make_interval(days => $3), $4, $5)`;

/**
 * Ends the patient's (`$2`) sessions that still hold beyond the `$7 + 1` most recently used, the
 * new one (`$1`) always among those kept. last_seen_at moves once a minute: within a minute, the
 * older login goes first. Sessions already idle (`$6` minutes) or expired are not counted (they
 * open nothing).
 */
const END_LEAST_USED = `UPDATE sessions SET revoked_at = now()
      WHERE revoked_at IS NULL AND token_hash IN (
        SELECT token_hash FROM sessions
         WHERE nomr = $2 AND token_hash <> $1 AND revoked_at IS NULL AND expires_at > now()
           AND last_seen_at > now() - make_interval(mins => $6)
         ORDER BY last_seen_at DESC, created_at DESC
        OFFSET $7)
      RETURNING token_hash`;

/** last_seen_at is moved at most this often: most requests only read their session. */
const SEEN_MS = 60_000;
const SEEN_GRANULARITY = `interval '${SEEN_MS / 1000} seconds'`;

/**
 * The session's patient, or null when the token is unknown, revoked, idle too long or expired.
 * With `cache`, a session checked lately is answered from memory for as long as the database
 * would answer the same (db/session-cache.ts), and requests that come at once share one lookup.
 * One statement, one round trip: the read, and the writing of its last use when that is due.
 */
export async function resolveSession(q: Queryable, token: string, policy: SessionPolicy, cache?: SessionCache): Promise<string | null> {
  const hash = hashToken(token);
  const held = cache?.get(hash);
  if (held !== undefined) return held;
  const ask = async (mark: number) => {
    // How long the answer holds, by the database's clock: to the absolute expiry, the idle limit,
    // or the next writing of the last use, whichever comes first. A CTE that modifies data runs
    // whether or not the outer query reads it: the last use is written when it is stale.
    const [row] = await q.query<{ nomr: string; expires_ms: number; seen_ms: number }>(
      `WITH s AS (
         SELECT token_hash, nomr, last_seen_at < now() - ${SEEN_GRANULARITY} AS stale,
                extract(epoch FROM expires_at - now())::float8 * 1000 AS expires_ms,
                extract(epoch FROM now() - last_seen_at)::float8 * 1000 AS seen_ms
           FROM sessions
          WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
            AND last_seen_at > now() - make_interval(mins => $2)),
       seen AS (UPDATE sessions SET last_seen_at = now() FROM s WHERE sessions.token_hash = s.token_hash AND s.stale)
       SELECT nomr, expires_ms, CASE WHEN stale THEN 0 ELSE seen_ms END AS seen_ms FROM s`,
      [hash, policy.idleMinutes],
    );
    if (!row) return null;
    cache?.keep(hash, row.nomr, Math.min(row.expires_ms, policy.idleMinutes * 60_000 - row.seen_ms, SEEN_MS - row.seen_ms), mark);
    return row.nomr;
  };
  return cache ? cache.lookup(hash, ask) : ask(0);
}

/**
 * How long the session still holds by the database's clock, in ms (until its absolute expiry or
 * its idle limit, whichever comes first), or null when it has ended. Reads only: a live stream
 * asks it when it opens and whenever word comes that the session may have ended.
 */
export async function sessionRemainingMs(q: Queryable, hash: string, policy: SessionPolicy): Promise<number | null> {
  const [row] = await q.query<{ ms: number }>(
    `SELECT extract(epoch FROM least(expires_at, last_seen_at + make_interval(mins => $2)) - now())::float8 * 1000 AS ms
       FROM sessions WHERE token_hash = $1 AND revoked_at IS NULL`,
    [hash, policy.idleMinutes],
  );
  return row && row.ms > 0 ? row.ms : null;
}

/** Ends the session; answers whose it was, or null when there was none to end. */
export async function revokeSession(q: Queryable, token: string): Promise<string | null> {
  const hash = hashToken(token);
  sessionsEndedHere([hash]);
  const rows = await q.query<{ nomr: string }>('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING nomr', [hash]);
  return rows[0]?.nomr ?? null;
}

/**
 * Whose token this was, whatever became of its session since (revoked, idle, expired): sessions
 * are never deleted, so a phone whose session ended behind its back can still name its patient
 * (logout's unlinking of the push registration). Null for a token never issued.
 */
export async function tokenOwner(q: Queryable, token: string): Promise<string | null> {
  const rows = await q.query<{ nomr: string }>('SELECT nomr FROM sessions WHERE token_hash = $1', [hashToken(token)]);
  return rows[0]?.nomr ?? null;
}

export interface ActiveSession {
  id: string;
  device: string | null;
  method: 'form' | 'passkey';
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

/**
 * The patient's sessions that would still open their records: not ended, not idle too long, not
 * expired. `current` marks the one of `token`. last_seen_at moves at most once a minute.
 */
export async function activeSessions(q: Queryable, nomr: string, policy: SessionPolicy, token: string): Promise<ActiveSession[]> {
  const at = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
  return q.query<ActiveSession>(
    `SELECT id::text AS id, device, method, ${at('created_at')} AS created_at, ${at('last_seen_at')} AS last_seen_at, token_hash = $3 AS current
       FROM sessions
      WHERE nomr = $1 AND revoked_at IS NULL AND expires_at > now() AND last_seen_at > now() - make_interval(mins => $2)
      ORDER BY token_hash = $3 DESC, last_seen_at DESC`,
    [nomr, policy.idleMinutes, hashToken(token)],
  );
}

/** Ends one of the patient's sessions by its id: its token is refused from the next request on. */
export async function endSession(q: Queryable, nomr: string, id: string): Promise<boolean> {
  const rows = await q.query<{ token_hash: string }>(
    'UPDATE sessions SET revoked_at = now() WHERE nomr = $1 AND id = $2::uuid AND revoked_at IS NULL RETURNING token_hash',
    [nomr, id],
  );
  sessionsEndedHere(rows.map((r) => r.token_hash));
  return rows.length === 1;
}

/** Ends every session of the patient (the hospital's counter, for a lost phone); answers how many. */
export async function endAllSessions(q: Queryable, nomr: string): Promise<number> {
  const rows = await q.query<{ token_hash: string }>('UPDATE sessions SET revoked_at = now() WHERE nomr = $1 AND revoked_at IS NULL RETURNING token_hash', [
    nomr,
  ]);
  sessionsEndedHere(rows.map((r) => r.token_hash));
  return rows.length;
}

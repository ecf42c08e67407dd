// SIMRS=upstream: the hospital's token of each of this server's sessions (migration 021), sealed
// by connector/upstream/seal.ts; any process reads it. The patient's sessions that have not ended
// all hold the newest token the hospital gave (a login renews it for the others too).
import type { Queryable } from './client.ts';

/** A session that has not ended: not revoked, not expired, used within the idle limit (minutes, the `idle` parameter), as db/sessions.ts reads one. */
const active = (idle: string) => `s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => ${idle})`;

/** The sealed token of the patient's newest session that has not ended, or null. */
export async function newestSealed(q: Queryable, nomr: string, idleMinutes: number): Promise<string | null> {
  const [row] = await q.query<{ sealed: string }>(
    `SELECT u.sealed FROM upstream_tokens u JOIN sessions s ON s.token_hash = u.session_hash
      WHERE u.nomr = $1 AND ${active('$2')} ORDER BY u.created_at DESC LIMIT 1`,
    [nomr, idleMinutes],
  );
  return row?.sealed ?? null;
}

/** The session just made holds this token, and so do the patient's other sessions from now. */
export async function keepSealed(q: Queryable, nomr: string, sessionHash: string, sealed: string): Promise<void> {
  await q.query(
    'INSERT INTO upstream_tokens (session_hash, nomr, sealed) VALUES ($1, $2, $3) ON CONFLICT (session_hash) DO UPDATE SET sealed = EXCLUDED.sealed',
    [sessionHash, nomr, sealed],
  );
  await q.query('UPDATE upstream_tokens SET sealed = $2 WHERE nomr = $1', [nomr, sealed]);
}

/** The rows of the patient's sessions that have ended (all, with `all`). */
export async function dropSealed(q: Queryable, nomr: string, idleMinutes: number, all = false): Promise<void> {
  if (all) {
    await q.query('DELETE FROM upstream_tokens WHERE nomr = $1', [nomr]);
    return;
  }
  await q.query(
    `DELETE FROM upstream_tokens u USING sessions s
      WHERE u.session_hash = s.token_hash AND u.nomr = $1 AND NOT (${active('$2')})`,
    [nomr, idleMinutes],
  );
}

/** Every patient's rows of sessions that have ended, idle ones included: no sealed token outlives its session. */
export async function dropEndedSealed(q: Queryable, idleMinutes: number): Promise<number> {
  const rows = await q.query<{ session_hash: string }>(
    `DELETE FROM upstream_tokens u USING sessions s
      WHERE u.session_hash = s.token_hash AND NOT (${active('$1')})
      RETURNING u.session_hash`,
    [idleMinutes],
  );
  return rows.length;
}

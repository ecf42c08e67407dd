// Counting and locking keys (a medical record number, a client address), kept in the database so
// every server process sees the same counts (migration 003). The rules are in domain/throttle.ts.
import type { Rule, Scope } from '../domain/throttle.ts';
import type { Queryable } from './client.ts';

/** The end of the latest lock on any of the keys, or null when none is locked. */
export async function lockedUntil(q: Queryable, keys: Array<[Scope, string]>): Promise<Date | null> {
  const [row] = await q.query<{ until: Date | null }>(
    `SELECT max(locked_until) AS until FROM throttle
      WHERE (scope, key) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND locked_until > now()`,
    [keys.map(([s]) => s), keys.map(([, k]) => k)],
  );
  return row?.until ? new Date(row.until) : null;
}

/** Counts one event for the key; when it reaches the rule's max, locks the key and answers until when. */
export async function countEvent(q: Queryable, scope: Scope, key: string, rule: Rule): Promise<Date | null> {
  const [row] = await q.query<{ count: number }>(
    `INSERT INTO throttle (scope, key, count, window_start) VALUES ($1, $2, 1, now())
     ON CONFLICT (scope, key) DO UPDATE SET
       count = CASE WHEN throttle.window_start <= now() - $3 * interval '1 minute' THEN 1 ELSE throttle.count + 1 END,
       window_start = CASE WHEN throttle.window_start <= now() - $3 * interval '1 minute' THEN now() ELSE throttle.window_start END,
       locks = CASE WHEN throttle.updated_at <= now() - interval '1 day' THEN 0 ELSE throttle.locks END,
       updated_at = now()
     RETURNING count`,
    [scope, key, rule.windowMinutes],
  );
  if (row.count < rule.max) return null;
  const [locked] = await q.query<{ locked_until: Date }>(
    `UPDATE throttle
        SET locked_until = now() + $3 * power(2, least(locks, 6)) * interval '1 minute', locks = locks + 1, count = 0, window_start = now()
      WHERE scope = $1 AND key = $2
     RETURNING locked_until`,
    [scope, key, rule.lockMinutes],
  );
  return new Date(locked.locked_until);
}

/** Forgets a key's count (a successful login clears its number's failures). */
export async function clearKey(q: Queryable, scope: Scope, key: string): Promise<void> {
  await q.query('DELETE FROM throttle WHERE scope = $1 AND key = $2', [scope, key]);
}

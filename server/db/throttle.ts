// Counting and locking keys (a medical record number, a client address), kept in the database so
// every server process sees the same counts (migrations 003, 005). The rules are in
// domain/throttle.ts.
//
// An attempt reserves its place before anything is compared: one atomic upsert per key counts it
// and, when it is the max-th of its window, locks the key. A locked key admits nothing, so however
// many requests arrive at once, at most `max` of them are ever compared. `seq` numbers a key's
// admitted attempts and `pending` counts those not yet settled, so a success can tell whether it
// was alone or part of a burst.
import { addressKey } from '../domain/address.ts';
import { lockSchedule, type Rule, type Scope } from '../domain/throttle.ts';
import type { Queryable } from './client.ts';

/** A client address counts by addressKey (an IPv6 client by its /64), in every per-address scope. */
const keyOf = (scope: Scope, key: string) => (scope.endsWith('-ip') ? addressKey(key) : key);
const keysOf = (keys: Array<[Scope, string]>) => keys.map(([s, k]) => keyOf(s, k));

export type Reservation =
  /**
   * May go on. `seq` is its place; `alone`: no other attempt on the key was unsettled when it was
   * admitted; `lockedUntil` is set when this very attempt locked the key.
   */
  | { admitted: true; seq: number; alone: boolean; lockedUntil: Date | null }
  /** The key is locked until then: refuse without comparing anything. */
  | { admitted: false; until: Date };

// A window starts afresh when it has run out or when a lock has ended; escalation forgets locks
// older than a day; an attempt unsettled after five quiet minutes died with its process. Only an
// unlocked key is updated (the WHERE), and the row lock ON CONFLICT takes makes each attempt see
// the one before it.
const RESERVE = `
  INSERT INTO throttle AS t (scope, key, count, seq, window_seq, window_start, locked_until, locks, pending, updated_at)
  SELECT $1, $2, 1, 1, 1, now(), CASE WHEN reaches THEN now() + ($5::int[])[1] * interval '1 minute' END, reaches::int, 1, now()
    FROM (SELECT 1 >= $3::int AS reaches) first
  ON CONFLICT (scope, key) DO UPDATE SET (seq, window_seq, window_start, count, locked_until, locks, pending, updated_at) = (
    SELECT t.seq + 1,
           CASE WHEN fresh THEN t.seq + 1 ELSE t.window_seq END,
           CASE WHEN fresh THEN now() ELSE t.window_start END,
           n,
           CASE WHEN n >= $3::int THEN now() + ($5::int[])[least(locks, cardinality($5::int[]) - 1) + 1] * interval '1 minute' END,
           locks + (n >= $3::int)::int,
           pending + 1,
           now()
      FROM (SELECT t.window_start <= now() - $4::int * interval '1 minute' OR t.locked_until IS NOT NULL AS fresh,
                   CASE WHEN t.updated_at <= now() - interval '1 day' THEN 0 ELSE t.locks END AS locks,
                   CASE WHEN t.updated_at <= now() - interval '5 minutes' THEN 0 ELSE t.pending END AS pending) prior
      CROSS JOIN LATERAL (SELECT CASE WHEN fresh THEN 1 ELSE t.count + 1 END AS n) counted
  )
  WHERE t.locked_until IS NULL OR t.locked_until <= now()
  RETURNING t.seq, t.locked_until, t.pending`;

/** Counts one attempt for the key and says whether it may go on, in one atomic statement. */
export async function reserve(q: Queryable, scope: Scope, key: string, rule: Rule): Promise<Reservation> {
  for (let tries = 0; tries < 3; tries++) {
    const [row] = await q.query<{ seq: string | number; locked_until: Date | null; pending: number }>(RESERVE, [
      scope,
      keyOf(scope, key),
      rule.max,
      rule.windowMinutes,
      lockSchedule(rule),
    ]);
    if (row)
      return { admitted: true, seq: Number(row.seq), alone: Number(row.pending) === 1, lockedUntil: row.locked_until ? new Date(row.locked_until) : null };
    // Refused: the key was locked. Read until when; should the lock have ended just now, try again.
    const until = await lockedUntil(q, [[scope, key]]);
    if (until) return { admitted: false, until };
  }
  throw new Error(`throttle: ${scope} neither admitted nor locked`);
}

/** The attempts failed: they stay counted, and are no longer pending. */
export async function settle(q: Queryable, keys: Array<[Scope, string]>): Promise<void> {
  await q.query(
    `UPDATE throttle SET pending = greatest(pending - 1, 0)
      WHERE (scope, key) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [keys.map(([s]) => s), keysOf(keys)],
  );
}

/**
 * The attempt turned out not to be a failure (a success, or it was refused on another key before
 * any comparison): it no longer counts, and a lock that it set itself, with no attempt admitted
 * after it, is lifted. Other attempts' failures stay. For counts where only failures matter (an
 * address: other patients' logins never lock it).
 */
export async function release(q: Queryable, scope: Scope, key: string, seq: number): Promise<void> {
  await q.query(releaseSql('$1', '$2', '$3'), [scope, keyOf(scope, key), seq]);
}

const releaseSql = (scope: string, key: string, seq: string) => `UPDATE throttle SET
       pending = greatest(pending - 1, 0),
       count = CASE WHEN ${seq}::bigint >= window_seq THEN greatest(count - 1, 0) ELSE count END,
       locked_until = CASE WHEN seq = ${seq}::bigint THEN NULL ELSE locked_until END,
       locks = CASE WHEN seq = ${seq}::bigint AND locked_until > now() THEN greatest(locks - 1, 0) ELSE locks END
     WHERE scope = ${scope} AND key = ${key}`;

/**
 * A successful login. Admitted alone (nothing else of the key unsettled) and with nothing admitted
 * after it, every failure on the key is older than it and already answered: they are forgiven,
 * with any lock and the escalation. Otherwise it was part of a burst: only its own attempt stops
 * counting, and the burst's failures, and a lock they set, stand.
 */
export async function forgive(q: Queryable, scope: Scope, key: string, attempt: { seq: number; alone: boolean }): Promise<void> {
  await q.query(forgiveSql('$1', '$2', '$3', '$4'), [scope, keyOf(scope, key), attempt.seq, attempt.alone]);
}

const forgiveSql = (scope: string, key: string, seq: string, alone: string) => `UPDATE throttle SET
       pending = greatest(pending - 1, 0),
       count = CASE WHEN ${alone}::boolean AND seq = ${seq}::bigint THEN 0
                    WHEN ${seq}::bigint >= window_seq THEN greatest(count - 1, 0) ELSE count END,
       locked_until = CASE WHEN ${alone}::boolean AND seq = ${seq}::bigint THEN NULL ELSE locked_until END,
       locks = CASE WHEN ${alone}::boolean AND seq = ${seq}::bigint THEN 0 ELSE locks END
     WHERE scope = ${scope} AND key = ${key}`;

/**
 * forgive() of one key and release() of another (a login's number and address), in one statement:
 * two rows of different scopes, so neither change sees or touches the other's.
 */
export async function forgiveAndRelease(
  q: Queryable,
  forgiven: { scope: Scope; key: string; attempt: { seq: number; alone: boolean } },
  released: { scope: Scope; key: string; seq: number },
): Promise<void> {
  await q.query(`WITH forgiven AS (${forgiveSql('$1', '$2', '$3', '$4')}) ${releaseSql('$5', '$6', '$7')}`, [
    forgiven.scope,
    keyOf(forgiven.scope, forgiven.key),
    forgiven.attempt.seq,
    forgiven.attempt.alone,
    released.scope,
    keyOf(released.scope, released.key),
    released.seq,
  ]);
}

/** The end of the latest lock on any of the keys, or null when none is locked. */
export async function lockedUntil(q: Queryable, keys: Array<[Scope, string]>): Promise<Date | null> {
  const [row] = await q.query<{ until: Date | null }>(
    `SELECT max(locked_until) AS until FROM throttle
      WHERE (scope, key) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND locked_until > now()`,
    [keys.map(([s]) => s), keysOf(keys)],
  );
  return row?.until ? new Date(row.until) : null;
}

/**
 * Spends one of the key's `max` uses of a window (a budget, not failures): null when admitted, or
 * until when the key is locked. The max-th use is admitted and locks the key for the rest.
 */
export async function admitUse(q: Queryable, scope: Scope, key: string, rule: Rule): Promise<Date | null> {
  const r = await reserve(q, scope, key, rule);
  if (!r.admitted) return r.until;
  await settle(q, [[scope, key]]);
  return null;
}

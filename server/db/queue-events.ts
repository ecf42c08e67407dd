// Word that a doctor's session of the day changed (a call, a number done or skipped, a check-in),
// or a patient's pharmacy queue did,
// to every server process on the database: PostgreSQL's NOTIFY, sent on commit, so a stream held
// by one process hears of a call made through another. PGlite, one process, has the same.
import type { Db, Queryable } from './client.ts';

const QUEUE_CHANNEL = 'clinic_queue';

/** One doctor's session of a day: what a change is announced by. */
export interface PracticeSessionOf {
  tgl_janji: string;
  kd_dr: string;
  kd_dep: string;
  sts_jam: string | null;
}

export const sessionKey = (s: PracticeSessionOf): string => [s.tgl_janji, s.kd_dr, s.kd_dep, s.sts_jam ?? ''].join('|');

/** The first part of a pharmacy queue's key. */
export const PHARMACY_PREFIX = 'farmasi';

/** A patient's pharmacy queue of a day changed: announced on the same channel. */
export const pharmacyKey = (no_mr: string, tgl_layanan: string): string => `${PHARMACY_PREFIX}|${tgl_layanan}|${no_mr}`;

/** Inside the change's transaction: heard only if it commits. */
export async function announce(q: Queryable, key: string): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [QUEUE_CHANNEL, key]);
}

/** sessionKey of the clinic_queue row `t`, in SQL: the same text, for announcing inside a statement. */
export const sessionKeySql = (t: string): string =>
  `to_char(${t}.tgl_janji, 'YYYY-MM-DD') || '|' || ${t}.kd_dr || '|' || ${t}.kd_dep || '|' || coalesce(${t}.sts_jam, '')`;

/**
 * announce() as an expression of the statement that makes the change (in its RETURNING or its
 * outer SELECT, once per row changed): the same word, heard on the same commit, without a round
 * trip of its own. The value is of no use (void).
 */
export const announceSql = (key: string): string => `pg_notify('${QUEUE_CHANNEL}', ${key})`;

export interface QueueEvents {
  /** fn hears each changed session's key; '' when anything may have changed. Answers how to stop. */
  subscribe(fn: (key: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** One LISTEN per process, opened with the first subscriber, shared by all of them. */
export function queueEvents(db: Db): QueueEvents {
  const subscribers = new Set<(key: string) => void>();
  let listening: Promise<() => Promise<void>> | null = null;
  const fanOut = (key: string) => {
    for (const fn of subscribers) fn(key);
  };
  return {
    async subscribe(fn) {
      listening ??= db.listen(QUEUE_CHANNEL, fanOut).catch((err) => {
        listening = null;
        throw err;
      });
      await listening;
      subscribers.add(fn);
      return () => void subscribers.delete(fn);
    },
    async close() {
      subscribers.clear();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}

// Changes made in the hospital's system reach the open live streams (docs/integration.md, What is
// read when). The streams hear of this API's own changes through NOTIFY (db/queue-events.ts); what
// the hospital's own screens change there (a call, a registration at the counter, a visit marked
// done, a prescription validated or handed over) no NOTIFY announces. So the doctor's sessions and
// pharmacy queues that open streams follow are polled there: each process renews in simrs_watch
// the keys its streams follow; every interval each process claims the keys that are due (FOR
// UPDATE SKIP LOCKED, as the outboxes claim their rows) and moves them on by an interval, so a key
// is read about once per interval however many processes and streams follow it; a key whose mark
// (the connector's digest of its rows) changed is announced on the live streams' channel, once,
// to every process.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { announce } from '../db/queue-events.ts';
import { createPoller, type Poller } from '../poller.ts';

/** The connector's digest of what a stream's key shows (a session's registrations and call, a pharmacy queue); null for a key it does not know. */
export type ChangeMark = (key: string) => Promise<string | null>;

/** What one stream follows: the keys of its latest read, until it ends. */
export interface Follower {
  set(keys: Iterable<string>): void;
  stop(): void;
}

/** Keys claimed at once by one process: a stream follows one or two, a waiting hall a few hundred. */
const BATCH = 200;

export class SimrsPoll {
  readonly #followed = new Map<string, number>();
  readonly #poller: Poller;

  constructor(
    private readonly db: Db,
    private readonly mark: ChangeMark,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#poller = createPoller(
      () => this.round(),
      intervalMs,
      (err) => log.warn({ err }, 'polling the hospital system for changes failed'),
    );
  }

  start(): void {
    this.#poller.start();
  }

  stop(): Promise<void> {
    return this.#poller.stop();
  }

  /** A stream's follower: the keys it sets are renewed and polled until it stops. */
  follower(): Follower {
    let mine = new Set<string>();
    const change = (keys: Set<string>) => {
      const added = [...keys].filter((k) => !mine.has(k));
      for (const k of keys) if (!mine.has(k)) this.#followed.set(k, (this.#followed.get(k) ?? 0) + 1);
      for (const k of mine) if (!keys.has(k)) this.#drop(k);
      mine = keys;
      // A new key is polled from the next round on, by whichever process comes first.
      if (added.length) void this.renew(added).catch((err) => this.log.warn({ err }, 'could not follow a key in the hospital system'));
    };
    return { set: (keys) => change(new Set(keys)), stop: () => change(new Set()) };
  }

  #drop(key: string): void {
    const n = (this.#followed.get(key) ?? 0) - 1;
    if (n > 0) this.#followed.set(key, n);
    else this.#followed.delete(key);
  }

  /** Keeps the keys followed for three intervals more: a process that stops lets them lapse. */
  async renew(keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.db.query(
      `INSERT INTO simrs_watch (key, watched_until)
       SELECT k, now() + $2 * interval '1 millisecond' FROM jsonb_array_elements_text($1::jsonb) AS k
       ON CONFLICT (key) DO UPDATE SET watched_until = EXCLUDED.watched_until`,
      [JSON.stringify(keys), 3 * this.intervalMs],
    );
  }

  /** One round: renew this process's keys, then poll the due ones nobody else is polling. */
  async round(): Promise<number> {
    await this.renew([...this.#followed.keys()]);
    const due = await claimDue(this.db, BATCH, this.intervalMs);
    let changed = 0;
    for (const { key, mark } of due) {
      const now = await this.mark(key);
      if (now === null || now === mark) continue;
      // Compare and set: the announcement goes out once, with the mark that changed, on commit.
      const told = await this.db.tx(async (q) => {
        const [row] = await q.query<{ key: string }>('UPDATE simrs_watch SET mark = $2 WHERE key = $1 AND mark IS NOT DISTINCT FROM $3 RETURNING key', [
          key,
          now,
          mark,
        ]);
        if (row) await announce(q, key);
        return Boolean(row);
      });
      if (told) changed++;
    }
    return changed;
  }
}

/**
 * Claims up to `limit` followed keys that are due, and makes them due again an interval later (the
 * claim is its own lease: a process that dies mid-round leaves them to the next). SKIP LOCKED lets
 * processes claim at once without taking each other's. Keys nobody followed for an hour go.
 */
export async function claimDue(db: Db, limit: number, intervalMs: number): Promise<Array<{ key: string; mark: string | null }>> {
  await db.query(`DELETE FROM simrs_watch WHERE watched_until < now() - interval '1 hour'`);
  return db.query<{ key: string; mark: string | null }>(
    `UPDATE simrs_watch SET due_at = now() + ($2 - 250) * interval '1 millisecond'
      WHERE key IN (SELECT key FROM simrs_watch WHERE due_at <= now() AND watched_until > now() ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING key, mark`,
    [limit, intervalMs],
  );
}

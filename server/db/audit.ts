// The audit log (migrations 003, 005): who did what to whose records, and when. Never a birth
// date, never a token.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Queryable } from './client.ts';

export interface AuditEntry {
  /** login, records.read, records.write, auth, internal, registration */
  action: string;
  /** ok, failed, throttled, unauthorized, forbidden, or an HTTP status */
  outcome: string;
  /** The patient (nomr) or system acting. */
  actor?: string | null;
  /** Whose records (nomr). */
  subject?: string | null;
  /** What: the route, or why it failed. */
  detail?: string | null;
}

export async function audit(q: Queryable, e: AuditEntry, req?: Pick<FastifyRequest, 'ip' | 'id'>): Promise<void> {
  await q.query('INSERT INTO audit_log (action, outcome, actor, subject, detail, ip, req_id) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    e.action,
    e.outcome,
    e.actor ?? null,
    e.subject ?? null,
    e.detail ?? null,
    req?.ip ?? null,
    req ? String(req.id) : null,
  ]);
}

export interface AuditBatch {
  /** Queues the entry, stamped with the time of the access. */
  record(e: AuditEntry, req: Pick<FastifyRequest, 'ip' | 'id'>): void;
  /** Writes everything queued, the refusals counted so far included; resolves when it is in the table. */
  flush(): Promise<void>;
}

/**
 * Record reads are by far the most frequent entries: they are written in batches, one INSERT of
 * every entry of the last 20 ms, instead of one commit per request (docs/performance.md).
 * Compared logins, a signed-in patient's refusals and the hospital systems' calls are still
 * written before their answer; refusals of no one in particular are counted (refusalCounter).
 */
export function auditBatch(db: Queryable, log: Pick<FastifyBaseLogger, 'error'>, everyMs = 20, max = 500): AuditBatch {
  const refusals = refusalCounter(db, log);
  let rows: Array<Array<string | null>> = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flushRows = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!rows.length) return writing;
    const batch = rows;
    rows = [];
    const columns = batch[0].map((_, c) => batch.map((r) => r[c]));
    writing = writing
      .then(() =>
        db.query(
          `INSERT INTO audit_log (at, action, outcome, actor, subject, detail, ip, req_id)
           SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])`,
          columns,
        ),
      )
      .then(
        () => undefined,
        (err) => log.error({ err, entries: batch.length }, 'audit log write failed'),
      );
    return writing;
  };

  return {
    record(e, req) {
      rows.push([new Date().toISOString(), e.action, e.outcome, e.actor ?? null, e.subject ?? null, e.detail ?? null, req.ip ?? null, String(req.id)]);
      if (rows.length >= max) void flushRows();
      else timer ??= setTimeout(() => void flushRows(), everyMs);
    },
    flush: async () => {
      await Promise.all([flushRows(), refusals.flush()]);
    },
  };
}

/** A kind of refusal that is counted rather than written: who was refused is unknown. */
interface Refusal {
  /** jkn: Mobile JKN's web service (server/jkn/gate.ts). */
  action: 'auth' | 'internal' | 'login' | 'jkn' | 'registration-status';
  outcome: 'unauthorized' | 'throttled';
}

export interface RefusalCounter {
  /** Counts one refused request of the address in the current minute. */
  count(r: Refusal, req: Pick<FastifyRequest, 'ip'>): void;
  /** Writes every count, the current minute's too. */
  flush(): Promise<void>;
}

const MINUTE_MS = 60_000;
/** The start of the minute `at` is in (one reading of the clock: two could straddle a millisecond, and name a minute of their own). */
const minuteOf = (at: number) => at - (at % MINUTE_MS);
/** Addresses × kinds held at most before writing early: many addresses must not fill the memory. */
const MAX_KEYS = 10_000;
const counters = new WeakMap<Queryable, RefusalCounter & { log?: Pick<FastifyBaseLogger, 'error'> }>();

/**
 * Requests refused before anyone is known (no valid token; a login refused by a lock) reach no
 * one's data and cost an attacker nothing to send, so they are not written one row each: each
 * process counts them per minute, client address and kind, and writes one row per minute with the
 * count when the minute is over. Several processes on one PostgreSQL each write their own row;
 * together they say the same. A crash loses at most the current minute's counts. One counter per
 * database, shared by every listener of the process.
 */
export function refusalCounter(db: Queryable, log?: Pick<FastifyBaseLogger, 'error'>): RefusalCounter {
  const known = counters.get(db);
  if (known) {
    known.log ??= log;
    return known;
  }
  let counts = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  const write = (entries: Array<[string, number]>): Promise<void> => {
    if (!entries.length) return writing;
    const rows = entries.map(([key, n]) => [...key.split('\n'), n] as const);
    const columns = [
      rows.map(([minute]) => new Date(Number(minute)).toISOString()),
      rows.map(([, ip]) => ip),
      rows.map(([, , action]) => action),
      rows.map(([, , , outcome]) => outcome),
      rows.map(([, , , , n]) => n),
    ];
    writing = writing
      .then(() =>
        db.query(
          `INSERT INTO audit_log (at, ip, action, outcome, count)
           SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::int[])`,
          columns,
        ),
      )
      .then(
        () => undefined,
        (err) => {
          if (counter.log) counter.log.error({ err, entries: entries.length }, 'audit log write failed');
          else console.error('audit log write failed', err);
        },
      );
    return writing;
  };

  /** Writes the minutes before `before` (all of them when null) and forgets them. */
  const writeUpTo = (before: number | null): Promise<void> => {
    const done: Array<[string, number]> = [];
    const kept = new Map<string, number>();
    for (const [key, n] of counts) {
      if (before === null || Number(key.slice(0, key.indexOf('\n'))) < before) done.push([key, n]);
      else kept.set(key, n);
    }
    counts = kept;
    return write(done);
  };

  const arm = () => {
    if (timer || !counts.size) return;
    // Just after the minute ends, so its count is complete; unref: no process waits on it.
    const wait = MINUTE_MS - (Date.now() % MINUTE_MS) + 50;
    timer = setTimeout(() => {
      timer = null;
      void writeUpTo(minuteOf(Date.now())).then(arm);
    }, wait);
    timer.unref?.();
  };

  const counter: RefusalCounter & { log?: Pick<FastifyBaseLogger, 'error'> } = {
    log,
    count(r, req) {
      const minute = minuteOf(Date.now());
      const key = [minute, req.ip ?? '', r.action, r.outcome].join('\n');
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (counts.size > MAX_KEYS) void writeUpTo(null);
      arm();
    },
    flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      return writeUpTo(null);
    },
  };
  counters.set(db, counter);
  return counter;
}

/** One row as the archive keeps it. */
export interface ArchivedAudit {
  id: number;
  at: string;
  action: string;
  outcome: string;
  actor: string | null;
  subject: string | null;
  detail: string | null;
  ip: string | null;
  req_id: string | null;
  count: number;
}

/** Up to `limit` rows older than the cutoff with ids above `afterId`, in id order. */
export async function auditRowsBefore(q: Queryable, cutoff: Date, afterId: number, limit: number): Promise<ArchivedAudit[]> {
  const rows = await q.query<ArchivedAudit & { id: string | number }>(
    `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, action, outcome, actor, subject, detail, ip, req_id, count
       FROM audit_log WHERE at < $1 AND id > $2 ORDER BY id LIMIT $3`,
    [cutoff.toISOString(), afterId, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Removes the rows older than the cutoff up to `lastId`, through audit_log_remove() (migration
 * 005): the only way out of the table, for the role the archive runs as. Answers how many.
 */
export async function removeAuditRows(q: Queryable, cutoff: Date, lastId: number): Promise<number> {
  const [row] = await q.query<{ n: string | number }>('SELECT audit_log_remove($1, $2) AS n', [cutoff.toISOString(), lastId]);
  return Number(row.n);
}

/** Whether the database has the removal function (its migrations have run). */
export async function canRemoveAudit(q: Queryable): Promise<boolean> {
  const [row] = await q.query<{ fn: string | null }>(`SELECT to_regprocedure('audit_log_remove(timestamptz,bigint)')::text AS fn`);
  return !!row?.fn;
}

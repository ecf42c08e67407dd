// The audit log (migration 003): who did what to whose records, and when. Never a birth date,
// never a token.
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
  /** Writes everything queued; resolves when it is in the table. */
  flush(): Promise<void>;
}

/**
 * Record reads are by far the most frequent entries: they are written in batches, one INSERT of
 * every entry of the last 20 ms, instead of one commit per request (docs/performance.md).
 * Logins, refusals and the hospital systems' calls are still written before their answer.
 */
export function auditBatch(db: Queryable, log: Pick<FastifyBaseLogger, 'error'>, everyMs = 20, max = 500): AuditBatch {
  let rows: Array<Array<string | null>> = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
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
      if (rows.length >= max) void flush();
      else timer ??= setTimeout(() => void flush(), everyMs);
    },
    flush,
  };
}

// The audit log (migration 003): who did what to whose records, and when. Never a birth date,
// never a token.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';

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
  await q.query(
    'INSERT INTO audit_log (action, outcome, actor, subject, detail, ip, req_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [e.action, e.outcome, e.actor ?? null, e.subject ?? null, e.detail ?? null, req?.ip ?? null, req ? String(req.id) : null],
  );
}

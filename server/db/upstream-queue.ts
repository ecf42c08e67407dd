// SIMRS=upstream: the visit day's pushes from the hospital's queue answers (migration 022), each
// once per visit across every process: the row inserted is the claim, the notification goes in
// the same transaction.
import type { Queryable } from './client.ts';

export type QueueNoticeKind = 'dipanggil' | 'hampir';

/** Claims this visit's notice of that kind unless it went out already; true when claimed now (the caller then delivers it in the same transaction). */
export async function claimQueueNotice(q: Queryable, visit: string, kind: QueueNoticeKind, nomr: string): Promise<boolean> {
  const claimed = await q.query(
    `INSERT INTO upstream_queue_notices (nomr, visit, kind) SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM patients WHERE nomr = $1)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [nomr, visit, kind],
  );
  return claimed.length > 0;
}

/** The claims of past days are no longer needed (a visit is one day). */
export async function dropOldQueueNotices(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM upstream_queue_notices WHERE sent_at < now() - interval '2 days'`);
}

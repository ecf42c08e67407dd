// SIMRS=upstream: the visit day's pushes from the hospital's queue answers (migration 022), each
// once per visit across every process: the row inserted is the claim, the notification goes in
// the same transaction.
import type { Queryable } from './client.ts';
import { deliver, type Notice } from '../notify/deliver.ts';

export type QueueNoticeKind = 'dipanggil' | 'hampir';

/** Queues the notification unless this visit's notice of that kind went out already; true when queued now. */
export async function claimQueueNotice(q: Queryable, visit: string, kind: QueueNoticeKind, n: Notice): Promise<boolean> {
  const claimed = await q.query(
    `INSERT INTO upstream_queue_notices (nomr, visit, kind) SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM patients WHERE nomr = $1)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [n.nomr, visit, kind],
  );
  if (!claimed.length) return false;
  return (await deliver(q, n)) !== null;
}

/** The claims of past days are no longer needed (a visit is one day). */
export async function dropOldQueueNotices(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM upstream_queue_notices WHERE sent_at < now() - interval '2 days'`);
}

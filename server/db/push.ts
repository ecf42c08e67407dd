// The durable notification queue (migration 002): a notification and its deliveries are written
// in one transaction; senders claim due deliveries with a lease, then mark each sent, gone or
// due again later. Also the patients' push registrations and the server's VAPID key pair.
import type { Enqueued, NotifyRequest } from '../../common/schemas/internal.ts';
import type { Db, Queryable } from './client.ts';

export type { Enqueued };
export type RegistrationKind = 'fcm' | 'webpush';

/**
 * Records a notification with one pending delivery per registration; null for an unknown nomr.
 * `kind`: the notice's event and template parameters (db/deliver.ts), and whether push is one
 * of its channels (false: WhatsApp alone carries it).
 */
export async function enqueueIn(q: Queryable, n: NotifyRequest, kind?: { event: string; params: object; push: boolean }): Promise<Enqueued | null> {
  const known = await q.query('SELECT 1 FROM patients WHERE nomr = $1', [n.nomr]);
  if (!known.length) return null;
  const [{ id }] = await q.query<{ id: number }>(
    'INSERT INTO notifications (nomr, title, body, url, event, params) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id',
    [n.nomr, n.title, n.body, n.url ?? null, kind?.event ?? null, kind ? JSON.stringify(kind.params) : null],
  );
  if (kind && !kind.push) return { id, registrations: 0 };
  const deliveries = await q.query(
    `INSERT INTO push_deliveries (notification_id, registration_id)
     SELECT $1, id FROM push_registrations WHERE nomr = $2 RETURNING id`,
    [id, n.nomr],
  );
  return { id, registrations: deliveries.length };
}

export const enqueueNotification = (db: Db, n: NotifyRequest): Promise<Enqueued | null> => db.tx((q) => enqueueIn(q, n));

export interface Delivery {
  id: number;
  notification_id: number;
  /** Attempts so far, this one included. */
  attempts: number;
  registration_id: number;
  kind: RegistrationKind;
  token: string;
  title: string;
  body: string;
  url: string | null;
  /** Whose notification it is, to name them on a phone linked to several patients (push/naming.ts). */
  nomr: string;
  nama: string;
  jenis_kelamin: string;
  tgl_lahir: string;
  /** The registration (the phone) is linked to more than one patient. */
  shared: boolean;
  /** A registration's phone before the person has a login (registration_push): registration_id is that row's. */
  signup?: boolean;
}

/**
 * Claims up to `limit` due deliveries for `leaseSeconds`. SKIP LOCKED lets several processes
 * claim at once without waiting on, or taking, each other's rows. A delivery goes to a patient's
 * registration, or to a registration's phone before the person has a login (migration 025,
 * `signup`: no patient yet, so nobody to name).
 */
export function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<Delivery[]> {
  return db.query<Delivery>(
    `WITH due AS (
       SELECT d.id FROM push_deliveries d
         LEFT JOIN push_registrations r ON r.id = d.registration_id
         LEFT JOIN registration_push g ON g.id = d.registration_push_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= now()
          AND (d.locked_until IS NULL OR d.locked_until < now())
          AND (r.id IS NOT NULL OR g.id IS NOT NULL)
        ORDER BY d.next_attempt_at, d.id
        LIMIT $1
        FOR UPDATE OF d SKIP LOCKED),
     claimed AS (
     UPDATE push_deliveries d
        SET locked_until = now() + $2 * interval '1 second', attempts = d.attempts + 1
       FROM due
      WHERE d.id = due.id
     RETURNING d.id, d.notification_id, d.attempts, d.registration_id, d.registration_push_id)
     SELECT c.id::int AS id, c.notification_id::int AS notification_id, c.attempts,
            coalesce(r.id, g.id)::int AS registration_id, coalesce(r.kind, g.kind) AS kind, coalesce(r.token, g.token) AS token,
            n.title, n.body, n.url, coalesce(n.nomr, '') AS nomr, coalesce(p.nama, '') AS nama,
            coalesce(p.jenis_kelamin, '') AS jenis_kelamin, coalesce(p.tgl_lahir::text, '') AS tgl_lahir,
            g.id IS NOT NULL AS signup,
            r.id IS NOT NULL AND EXISTS (SELECT 1 FROM push_registrations o WHERE o.token = r.token AND o.nomr <> r.nomr) AS shared
       FROM claimed c JOIN notifications n ON n.id = c.notification_id
       LEFT JOIN push_registrations r ON r.id = c.registration_id
       LEFT JOIN registration_push g ON g.id = c.registration_push_id
       LEFT JOIN patients p ON p.nomr = n.nomr`,
    [limit, leaseSeconds],
  );
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db.query(`UPDATE push_deliveries SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1`, [id]);
}

/** The push service says the registration no longer exists: forget it and what waits for it. */
export async function markGone(db: Db, d: Pick<Delivery, 'registration_id' | 'signup'>, why: string): Promise<void> {
  if (d.signup) {
    return db.tx(async (q) => {
      await q.query(`UPDATE push_deliveries SET status = 'gone', locked_until = NULL, last_error = $2 WHERE registration_push_id = $1 AND status = 'pending'`, [
        d.registration_id,
        why,
      ]);
      await q.query('DELETE FROM registration_push WHERE id = $1', [d.registration_id]);
    });
  }
  await db.tx(async (q) => {
    await q.query(
      `UPDATE push_deliveries SET status = 'gone', locked_until = NULL, last_error = $2
        WHERE registration_id = $1 AND status = 'pending'`,
      [d.registration_id, why],
    );
    await q.query('DELETE FROM push_registrations WHERE id = $1', [d.registration_id]);
  });
}

/** A failed send: due again in `retryInSeconds`, or given up when that is null. */
export async function markFailed(db: Db, id: number, why: string, retryInSeconds: number | null): Promise<void> {
  await db.query(
    `UPDATE push_deliveries
        SET status = $2, locked_until = NULL, last_error = $3, next_attempt_at = now() + $4 * interval '1 second'
      WHERE id = $1`,
    [id, retryInSeconds === null ? 'failed' : 'pending', why.slice(0, 500), retryInSeconds ?? 0],
  );
}

/**
 * Links a registration (a phone) to the patient. `alone`, at login: the phone is this patient's
 * only, and moves from any other (a phone that changes hands); what still waited for the others
 * is not sent. Otherwise (the signed-in link call, made with each family profile's own token) it
 * is linked to this patient beside the others already on the phone. `max`: the patient keeps at
 * most that many registrations; past it the least recently renewed go, with what waited for them
 * (PUSH_MAX_PER_PATIENT: one notification must not become a thousand deliveries).
 */
export async function saveRegistration(q: Queryable, nomr: string, registration: string, kind: RegistrationKind, alone = false, max?: number): Promise<void> {
  // One patient's registrations are counted one save at a time.
  if (max !== undefined) await q.query('SELECT 1 FROM patients WHERE nomr = $1 FOR UPDATE', [nomr]);
  if (alone) {
    await q.query(
      `UPDATE push_deliveries SET status = 'gone', locked_until = NULL, last_error = 'moved'
        WHERE status = 'pending' AND registration_id IN (SELECT id FROM push_registrations WHERE token = $1 AND nomr <> $2)`,
      [registration, nomr],
    );
    await q.query('DELETE FROM push_registrations WHERE token = $1 AND nomr <> $2', [registration, nomr]);
  }
  await q.query(
    `INSERT INTO push_registrations (nomr, token, kind) VALUES ($1, $2, $3)
     ON CONFLICT (token, nomr) DO UPDATE SET kind = EXCLUDED.kind, updated_at = now()`,
    [nomr, registration, kind],
  );
  if (max === undefined) return;
  const oldest = await q.query<{ id: string }>(
    `SELECT id::text AS id FROM push_registrations WHERE nomr = $1 AND token <> $2 ORDER BY updated_at DESC, id DESC OFFSET $3`,
    [nomr, registration, max - 1],
  );
  if (!oldest.length) return;
  const ids = oldest.map((r) => r.id);
  await q.query(
    `UPDATE push_deliveries SET status = 'gone', locked_until = NULL, last_error = 'replaced'
      WHERE status = 'pending' AND registration_id = ANY($1::bigint[])`,
    [ids],
  );
  await q.query('DELETE FROM push_registrations WHERE id = ANY($1::bigint[])', [ids]);
}

/**
 * Forgets one of the patient's registrations, and what still waited to go to it (`why`: replaced
 * by a renewal, or logged out). Another patient's registration of the same phone is left alone.
 * Answers whether there was one.
 */
export async function forgetRegistration(q: Queryable, nomr: string, registration: string, why: 'replaced' | 'logged out' = 'replaced'): Promise<boolean> {
  await q.query(
    `UPDATE push_deliveries SET status = 'gone', locked_until = NULL, last_error = $3
      WHERE status = 'pending' AND registration_id IN (SELECT id FROM push_registrations WHERE token = $1 AND nomr = $2)`,
    [registration, nomr, why],
  );
  const gone = await q.query('DELETE FROM push_registrations WHERE token = $1 AND nomr = $2 RETURNING id', [registration, nomr]);
  return gone.length > 0;
}

/** The generated VAPID key pair as stored (JSON), or undefined before the first start. */
export async function storedVapidKeys(q: Queryable): Promise<string | undefined> {
  return (await q.query<{ value: string }>(`SELECT value FROM server_keys WHERE name = 'vapid'`))[0]?.value;
}

/** Stores a generated pair unless another process was first: both then read the first. */
export async function storeVapidKeys(q: Queryable, json: string): Promise<void> {
  await q.query(`INSERT INTO server_keys (name, value) VALUES ('vapid', $1) ON CONFLICT (name) DO NOTHING`, [json]);
}

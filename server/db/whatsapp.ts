// WhatsApp's state in this API's database (migration 030): each patient's channel choice and
// consent, and the sender's durable queue with the Cloud API's statuses. Claimed like the push
// queue (db/push.ts): a lease taken with FOR UPDATE SKIP LOCKED, so two processes never send one
// delivery.
import type { Channel } from '../../common/notices.ts';
import type { Db, Queryable } from './client.ts';

export interface NoticeChoice {
  channel: Channel;
  muted: string[];
  wa_phone: string | null;
  wa_consent_at: string | null;
  wa_stopped_at: string | null;
}

/** Whether WhatsApp is configured, as the process that started last wrote it (deliver() reads it in its transaction). */
export async function setWhatsappOn(q: Queryable, on: boolean): Promise<void> {
  await q.query(`INSERT INTO server_keys (name, value) VALUES ('whatsapp', $1) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, created_at = now()`, [
    on ? 'on' : 'off',
  ]);
}

export async function noticeChoice(q: Queryable, nomr: string): Promise<NoticeChoice | null> {
  const [row] = await q.query<NoticeChoice>(
    `SELECT channel, muted, wa_phone, wa_consent_at::text AS wa_consent_at, wa_stopped_at::text AS wa_stopped_at FROM notice_choices WHERE nomr = $1`,
    [nomr],
  );
  return row ?? null;
}

/**
 * The patient's choice. `consent`: the number they agreed to receive messages on, and where they
 * agreed ('app'); a new number or a consent after a stop is a new consent. No consent given:
 * WhatsApp stays as it was (a stop stays a stop).
 */
export async function saveChoice(
  q: Queryable,
  nomr: string,
  c: { channel: Channel; muted: string[]; consent?: { phone: string; source: string } | null; revoke?: boolean },
): Promise<void> {
  await q.query(`INSERT INTO notice_choices (nomr) VALUES ($1) ON CONFLICT (nomr) DO NOTHING`, [nomr]);
  await q.query(`UPDATE notice_choices SET channel = $2, muted = $3, updated_at = now() WHERE nomr = $1`, [nomr, c.channel, c.muted]);
  if (c.consent) {
    await q.query(
      `UPDATE notice_choices SET wa_phone = $2, wa_consent_at = now(), wa_consent_source = $3, wa_stopped_at = NULL, wa_stopped_source = NULL
        WHERE nomr = $1 AND (wa_phone IS DISTINCT FROM $2 OR wa_consent_at IS NULL OR wa_stopped_at IS NOT NULL)`,
      [nomr, c.consent.phone, c.consent.source],
    );
  }
  if (c.revoke) await q.query(`UPDATE notice_choices SET wa_stopped_at = now(), wa_stopped_source = 'app' WHERE nomr = $1 AND wa_stopped_at IS NULL`, [nomr]);
}

/** A WhatsApp delivery of a notice (null: the stop's confirmation), unless that notice has one already. */
export async function queueWhatsapp(q: Queryable, notification: number | null, phone: string, template: string): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO whatsapp_deliveries (notification_id, phone, template) VALUES ($1, $2, $3) ON CONFLICT (notification_id) DO NOTHING RETURNING id`,
    [notification, phone, template],
  );
  return rows.length > 0;
}

/**
 * 'BERHENTI' from a number: every profile that receives on it stops (a caregiver's number stops
 * for all they look after), a profile on WhatsApp alone goes back to push, what still waits is
 * cancelled, and one confirmation is queued. Answers the patients stopped.
 */
export async function stopNumber(q: Queryable, phone: string, source: string, confirmation: string): Promise<string[]> {
  const stopped = await q.query<{ nomr: string }>(
    `UPDATE notice_choices SET wa_stopped_at = now(), wa_stopped_source = $2, channel = CASE WHEN channel = 'whatsapp' THEN 'push' ELSE channel END, updated_at = now()
      WHERE wa_phone = $1 AND wa_consent_at IS NOT NULL AND wa_stopped_at IS NULL RETURNING nomr`,
    [phone, source],
  );
  if (!stopped.length) return [];
  await q.query(`UPDATE whatsapp_deliveries SET status = 'cancelled', locked_until = NULL, last_error = 'stopped' WHERE phone = $1 AND status = 'pending'`, [
    phone,
  ]);
  await queueWhatsapp(q, null, phone, confirmation);
  return stopped.map((r) => r.nomr);
}

export interface WaDelivery {
  id: number;
  notification_id: number | null;
  attempts: number;
  phone: string;
  template: string;
  event: string | null;
  params: Record<string, unknown> | null;
  nomr: string;
  nama: string;
  jenis_kelamin: string;
  tgl_lahir: string;
  /** The patient stopped or withdrew consent after it was queued: not sent. */
  withdrawn: boolean;
}

export function claimWhatsapp(db: Db, limit: number, leaseSeconds: number): Promise<WaDelivery[]> {
  return db.query<WaDelivery>(
    `WITH due AS (
       SELECT id FROM whatsapp_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at, id LIMIT $1
        FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE whatsapp_deliveries d SET locked_until = now() + $2 * interval '1 second', attempts = d.attempts + 1
         FROM due WHERE d.id = due.id
       RETURNING d.id, d.notification_id, d.attempts, d.phone, d.template)
     SELECT c.id::int AS id, c.notification_id::int AS notification_id, c.attempts, c.phone, c.template, n.event, n.params, coalesce(n.nomr, '') AS nomr,
            coalesce(p.nama, '') AS nama, coalesce(p.jenis_kelamin, '') AS jenis_kelamin, coalesce(p.tgl_lahir::text, '') AS tgl_lahir,
            c.notification_id IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM notice_choices k WHERE k.nomr = n.nomr AND k.wa_phone = c.phone AND k.wa_consent_at IS NOT NULL AND k.wa_stopped_at IS NULL
            ) AS withdrawn
       FROM claimed c LEFT JOIN notifications n ON n.id = c.notification_id LEFT JOIN patients p ON p.nomr = n.nomr
      ORDER BY c.id`,
    [limit, leaseSeconds],
  );
}

/** Claimed but not tried (a rate limit stopped the drain): free again at once, the attempt not counted. */
export async function releaseWhatsapp(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.query(`UPDATE whatsapp_deliveries SET locked_until = NULL, attempts = attempts - 1 WHERE id = ANY($1::bigint[])`, [ids]);
}

export async function markWaSent(db: Db, id: number, wamid: string): Promise<void> {
  await db.query(`UPDATE whatsapp_deliveries SET status = 'sent', wamid = $2, status_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1`, [
    id,
    wamid,
  ]);
}

/** Due again in `retryInSeconds`; null: failed for good (then push carries the notice, fallBackToPush). */
export async function markWaFailed(
  q: Queryable,
  id: number,
  why: string,
  retryInSeconds: number | null,
  status: 'failed' | 'cancelled' = 'failed',
): Promise<void> {
  await q.query(
    `UPDATE whatsapp_deliveries SET status = $2, locked_until = NULL, last_error = $3, next_attempt_at = now() + $4 * interval '1 second', status_at = now() WHERE id = $1`,
    [id, retryInSeconds === null ? status : 'pending', why.slice(0, 300), retryInSeconds ?? 0],
  );
}

const ORDER = { sent: 1, delivered: 2, read: 3 } as const;

/**
 * A status from the webhook. Statuses may arrive out of order (Meta does not promise order): one
 * only moves forward, and 'failed' ends any but 'read'. Answers the delivery's notice when it failed now.
 */
export async function applyStatus(q: Queryable, wamid: string, status: string, why: string | null): Promise<{ failed: number | null } | null> {
  if (status === 'failed') {
    const [row] = await q.query<{ id: number; notification_id: number | null }>(
      `UPDATE whatsapp_deliveries SET status = 'failed', status_at = now(), last_error = $2 WHERE wamid = $1 AND status IN ('sent', 'delivered')
       RETURNING id::int AS id, notification_id::int AS notification_id`,
      [wamid, (why ?? 'failed').slice(0, 300)],
    );
    return row ? { failed: row.notification_id } : null;
  }
  const rank = ORDER[status as keyof typeof ORDER];
  if (!rank) return null;
  const rows = await q.query(
    `UPDATE whatsapp_deliveries SET status = $2, status_at = now()
      WHERE wamid = $1 AND (CASE status WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 9 END) < $3 RETURNING id`,
    [wamid, status, rank],
  );
  return rows.length ? { failed: null } : null;
}

/**
 * WhatsApp failed for good: the notice goes by push to the patient's registrations, unless push
 * already carries it (the patient chose both) or it fell back once. Answers the deliveries made.
 */
export async function fallBackToPush(q: Queryable, notification: number): Promise<number> {
  const first = await q.query(`UPDATE whatsapp_deliveries SET fell_back = true WHERE notification_id = $1 AND NOT fell_back RETURNING id`, [notification]);
  if (!first.length) return 0;
  const rows = await q.query(
    `INSERT INTO push_deliveries (notification_id, registration_id)
     SELECT n.id, r.id FROM notifications n JOIN push_registrations r ON r.nomr = n.nomr
      WHERE n.id = $1 AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.notification_id = n.id)
     ON CONFLICT DO NOTHING RETURNING id`,
    [notification],
  );
  return rows.length;
}

/**
 * Push gave up on a delivery (gone, failed for good): when no other push of that notice is sent or
 * still waiting, and the patient has consented to WhatsApp for this kind of notice, WhatsApp
 * carries it. A notice without a kind (free text) or WhatsApp off: nothing.
 */
export async function fallBackToWhatsapp(q: Queryable, notification: number, templateOf: (event: string) => string | undefined): Promise<boolean> {
  const [row] = await q.query<{ event: string; phone: string }>(
    `SELECT n.event, k.wa_phone AS phone FROM notifications n JOIN notice_choices k ON k.nomr = n.nomr
      WHERE n.id = $1 AND n.event IS NOT NULL AND NOT (n.event = ANY (k.muted))
        AND k.wa_phone IS NOT NULL AND k.wa_consent_at IS NOT NULL AND k.wa_stopped_at IS NULL
        AND EXISTS (SELECT 1 FROM server_keys WHERE name = 'whatsapp' AND value = 'on')
        AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.notification_id = n.id AND d.status IN ('pending', 'sent'))`,
    [notification],
  );
  const template = row && templateOf(row.event);
  return template ? queueWhatsapp(q, notification, row.phone, template) : false;
}

/** The retention sweep: delivery rows and the parameters of notices older than `days`. */
export async function sweepWhatsapp(q: Queryable, days: number): Promise<number> {
  const gone = await q.query(`DELETE FROM whatsapp_deliveries WHERE created_at < now() - $1 * interval '1 day' AND status <> 'pending' RETURNING id`, [days]);
  await q.query(`UPDATE notifications SET params = NULL WHERE params IS NOT NULL AND created_at < now() - $1 * interval '1 day'`, [days]);
  return gone.length;
}

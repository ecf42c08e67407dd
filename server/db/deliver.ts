// The one way a notice reaches a patient: by push, by WhatsApp, or both, as the patient chose on
// /profil and consented (docs/whatsapp.md). Each channel's durable rows are written in the
// caller's transaction, beside the change that caused the notice, so nothing is lost to a
// restart and the workers (push/worker.ts, whatsapp/worker.ts) send them later.
//   push only (the default), WhatsApp only, or both: as chosen;
//   push chosen but this patient has no push registration: WhatsApp, if consented;
//   WhatsApp chosen but not consented, stopped, or off on this server: push.
// A failure later hands a notice to the other channel once (db/whatsapp.ts fallBackTo*): never
// both for one notice unless the patient chose both.
import type { NoticeEvent } from '../../common/notices.ts';
import type { NotifyRequest } from '../../common/schemas/internal.ts';
import type { Queryable } from './client.ts';
import { enqueueIn, type Enqueued } from './push.ts';
import { queueWhatsapp } from './whatsapp.ts';
import { TEMPLATES } from '../domain/notice-templates.ts';

export interface Notice {
  nomr: string;
  event: NoticeEvent;
  /** The template's named parameters (domain/notice-templates.ts), e.g. { poli, nomor }. */
  params: Record<string, string | number>;
  /** The push message, as before WhatsApp. */
  push: NotifyRequest;
}

interface Route {
  channel: string | null;
  muted: string[] | null;
  phone: string | null;
  wa_on: boolean;
  registrations: number;
}

/** Queues a notice on the patient's channel(s); null for an unknown nomr. A kind the patient turned off is recorded, not sent. */
export async function deliver(q: Queryable, n: Notice): Promise<Enqueued | null> {
  const [r] = await q.query<Route>(
    `SELECT k.channel, k.muted,
            CASE WHEN k.wa_consent_at IS NOT NULL AND k.wa_stopped_at IS NULL THEN k.wa_phone END AS phone,
            EXISTS (SELECT 1 FROM server_keys WHERE name = 'whatsapp' AND value = 'on') AS wa_on,
            (SELECT count(*) FROM push_registrations WHERE nomr = p.nomr)::int AS registrations
       FROM patients p LEFT JOIN notice_choices k ON k.nomr = p.nomr WHERE p.nomr = $1`,
    [n.nomr],
  );
  if (!r) return null;
  const kind = { event: n.event, params: n.params };
  if (r.muted?.includes(n.event)) return enqueueIn(q, n.push, { ...kind, push: false });
  const channel = r.channel ?? 'push';
  const whatsapp = r.wa_on && r.phone ? r.phone : null;
  const byWhatsapp = whatsapp !== null && (channel !== 'push' || r.registrations === 0);
  const byPush = !byWhatsapp || channel === 'both';
  const queued = await enqueueIn(q, n.push, { ...kind, push: byPush });
  if (queued && byWhatsapp) await queueWhatsapp(q, queued.id, whatsapp, TEMPLATES[n.event].name);
  return queued;
}

/** The template of a notice kind, for a fallback from push. */
export const templateOf = (event: string): string | undefined => TEMPLATES[event as NoticeEvent]?.name;

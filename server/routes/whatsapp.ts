// The WhatsApp Cloud API's webhook (Meta's calls, on the public listener; docs/whatsapp.md):
//   GET  ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…: the handshake Meta's dashboard
//        makes when the URL is saved; the challenge answered as it came when the token matches.
//   POST { object: "whatsapp_business_account", entry: [{ changes: [{ field: "messages", value: {
//        statuses: [{ id: "wamid…", status: "sent"|"delivered"|"read"|"failed", timestamp, recipient_id, errors? }],
//        messages: [{ from, id, type: "text", text: { body } } | { type: "button", button: { payload, text } }] } }] }] }
//        signed: X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256(app secret, the raw body).
// References: Meta's "Webhooks: getting started" (developers.facebook.com/docs/graph-api/webhooks/getting-started)
// and the WhatsApp messages webhook reference (developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components).
// A bad signature is 401 and changes nothing; anything signed is answered 200 (else Meta retries it).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WHATSAPP } from '../../common/server-paths.ts';
import type { WhatsappConfig } from '../config.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { applyStatus, fallBackToPush, stopNumber } from '../db/whatsapp.ts';
import type { Api } from './route-schema.ts';
import { STOP_CONFIRMATION, STOP_PAYLOAD, STOP_WORDS } from '../domain/notice-templates.ts';

/** Timing-safe: the comparison takes as long whatever the first wrong character. */
function signatureValid(appSecret: string, raw: string, header: string | undefined): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(raw).digest('hex'));
  const given = Buffer.from(header.slice(7));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Inbound {
  from?: string;
  type?: string;
  text?: { body?: string };
  button?: { payload?: string; text?: string };
  interactive?: { button_reply?: { id?: string } };
}
interface Status {
  id?: string;
  status?: string;
  errors?: Array<{ code?: number; title?: string }>;
}

/** A stop: the word typed (any case, alone), or the template's 'Berhenti' button. */
function isStop(m: Inbound): boolean {
  const word = (m.text?.body ?? '').trim().toUpperCase();
  return (
    STOP_WORDS.includes(word) ||
    m.button?.payload === STOP_PAYLOAD ||
    (m.button?.text ?? '').trim().toUpperCase() === STOP_PAYLOAD ||
    m.interactive?.button_reply?.id === STOP_PAYLOAD
  );
}

/** `wake`: the process's queue workers (push and WhatsApp) send now rather than at the next poll. */
export async function whatsappRoutes(app: Api, db: Db, config: WhatsappConfig, wake: () => void): Promise<void> {
  // The signature is over the bytes as sent: the body is kept as text and parsed after the check.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.get(
    WHATSAPP.webhook,
    { schema: { summary: "Meta's webhook handshake (hub.mode, hub.verify_token, hub.challenge)", security: [] } },
    async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const token = Buffer.from(q['hub.verify_token'] ?? '');
      const mine = Buffer.from(config.verifyToken);
      if (q['hub.mode'] === 'subscribe' && token.length === mine.length && timingSafeEqual(token, mine) && q['hub.challenge'])
        return reply.type('text/plain').send(q['hub.challenge'].slice(0, 200));
      return reply.code(403).type('text/plain').send('Forbidden');
    },
  );

  app.post(
    WHATSAPP.webhook,
    { schema: { summary: "Meta's webhook: message statuses and the patients' replies, signed with the app secret", security: [] } },
    async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      // Logged, not audited: an unsigned caller must not be able to fill the audit log.
      if (!signatureValid(config.appSecret, raw, req.headers['x-hub-signature-256'] as string | undefined)) {
        req.log.warn('whatsapp webhook: bad signature');
        return reply.code(401).send({ status: false, message: 'Tanda tangan tidak valid.' });
      }
      let payload: { entry?: Array<{ changes?: Array<{ value?: { statuses?: Status[]; messages?: Inbound[] } }> }> };
      try {
        payload = JSON.parse(raw);
      } catch {
        return reply.code(400).send({ status: false, message: 'Body bukan JSON.' });
      }
      let queued = false;
      let fellBack = false;
      for (const change of (payload.entry ?? []).flatMap((e) => e.changes ?? [])) {
        for (const s of change.value?.statuses ?? []) {
          if (!s.id || !s.status) continue;
          const why = s.errors?.[0] ? `code ${s.errors[0].code ?? ''} ${s.errors[0].title ?? ''}`.trim() : null;
          await db.tx(async (q) => {
            const applied = await applyStatus(q, s.id!, s.status!, why);
            if (applied?.failed) fellBack = (await fallBackToPush(q, applied.failed)) > 0 || fellBack;
          });
        }
        for (const m of change.value?.messages ?? []) {
          if (!m.from || !isStop(m)) continue;
          await db.tx(async (q) => {
            const stopped = await stopNumber(q, m.from!, 'whatsapp', STOP_CONFIRMATION);
            for (const nomr of stopped) await audit(q, { action: 'whatsapp', outcome: 'stopped', actor: 'whatsapp', subject: nomr, detail: 'BERHENTI' }, req);
            queued = stopped.length > 0 || queued;
          });
        }
      }
      if (queued || fellBack) wake();
      return { status: true };
    },
  );
}

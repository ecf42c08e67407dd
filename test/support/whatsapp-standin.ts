// A stand-in of the WhatsApp Business Cloud API (Graph API) and of Meta's webhook calls, written
// from Meta's public interface, never from the server's code:
//   POST /{version}/{phone-number-id}/messages, Authorization: Bearer <token>, a template message
//   ({ messaging_product: "whatsapp", to, type: "template", template: { name, language: { code },
//   components: [{ type: "body", parameters: [{ type: "text", text }] }, { type: "button",
//   sub_type: "quick_reply", index, parameters: [{ type: "payload", payload }] }] } }) answered
//   { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…" }] }, or the
//   Graph API's { error: { message, type, code, error_data: { messaging_product, details }, fbtrace_id } }.
// The approved templates are read from docs/whatsapp.md, as the hospital submits them: it refuses
// what Meta refuses: a bad token (190), another number's id (100), an unknown template or
// language (132001), a parameter count that does not match (132000), an empty or multi-line
// parameter (132018); and, on demand, a rate limit (130429) or an undeliverable number (131026,
// at the send or later as a 'failed' status). It posts statuses and replies to the webhook signed
// as Meta signs them: X-Hub-Signature-256 = "sha256=" + HMAC-SHA256(app secret, raw body).
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Approved {
  /** Body parameters {{1}}…{{n}}. */
  params: number;
  /** Quick-reply buttons. */
  buttons: number;
}

/** The templates of docs/whatsapp.md ("Templates to submit for approval"): each heading is the name, then its line of buttons, then the quoted body. */
function approvedTemplates(path = new URL('../../docs/whatsapp.md', import.meta.url)): Map<string, Approved> {
  const text = readFileSync(path, 'utf8');
  const out = new Map<string, Approved>();
  for (const m of text.matchAll(/^### `([a-z0-9_]+)`\n(.*)\n\n> (.+)$/gm)) {
    const vars = new Set([...m[3].matchAll(/\{\{(\d+)\}\}/g)].map((v) => v[1]));
    out.set(m[1], { params: vars.size, buttons: /balasan cepat/.test(m[2]) ? 1 : 0 });
  }
  return out;
}

interface SentMessage {
  wamid: string;
  to: string;
  template: string;
  body: string[];
  payloads: string[];
}

export interface WhatsappStandin {
  /** WHATSAPP_API_BASE for the server. */
  base: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  templates: Map<string, Approved>;
  sent: SentMessage[];
  /** Requests refused, with Meta's code. */
  refused: Array<{ code: number; template?: string }>;
  /** The next n sends are refused with 130429 (Meta's throughput limit). */
  rateLimit(n: number): void;
  /** Sends to this number are refused at once with `code` (131026: undeliverable). */
  failFor(to: string, code: number): void;
  /** The webhook's POST, signed (or with `signature` as given). */
  post(webhook: string, payload: object, signature?: string): Promise<Response>;
  status(webhook: string, wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed', code?: number): Promise<Response>;
  /** A patient's message: typed text, or a tap on a quick-reply button. */
  reply(webhook: string, from: string, m: { text: string } | { button: string; payload: string }): Promise<Response>;
  close(): Promise<void>;
}

const graphError = (status: number, code: number, message: string, details = message) => ({
  status,
  body: {
    error: { message: `(#${code}) ${message}`, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: 'AbCdEf' },
  },
});

type Json = Record<string, unknown>;

export async function whatsappStandin(opts: { token?: string; phoneNumberId?: string; appSecret?: string } = {}): Promise<WhatsappStandin> {
  const token = opts.token ?? 'EAAGstandintoken0123456789';
  const phoneNumberId = opts.phoneNumberId ?? '106540352242922';
  const appSecret = opts.appSecret ?? 'standin-app-secret-0123456789';
  const templates = approvedTemplates();
  const sent: SentMessage[] = [];
  const refused: WhatsappStandin['refused'] = [];
  const failing = new Map<string, number>();
  let limited = 0;

  function answer(url: string, auth: string | undefined, raw: string): { status: number; body: object } {
    const path = url.match(/^\/v\d+\.\d+\/([^/]+)\/messages$/);
    if (!path) return graphError(400, 100, 'Unsupported post request');
    if (auth !== `Bearer ${token}`) return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (path[1] !== phoneNumberId) return graphError(400, 100, 'Invalid parameter', 'Unsupported post request: object does not exist');
    let m: Json;
    try {
      m = JSON.parse(raw);
    } catch {
      return graphError(400, 100, 'Invalid parameter', 'The request body is not JSON');
    }
    if (m.messaging_product !== 'whatsapp') return graphError(400, 100, 'Invalid parameter', 'messaging_product is required');
    if (typeof m.to !== 'string' || !/^[1-9][0-9]{7,14}$/.test(m.to)) return graphError(400, 100, 'Invalid parameter', 'to must be a phone number');
    if (m.type !== 'template') return graphError(400, 131047, 'Re-engagement message', 'More than 24 hours have passed since the recipient last replied');
    if (limited > 0) return (limited--, graphError(400, 130429, 'Rate limit hit', 'Cloud API message throughput has been reached'));
    const t = m.template as Json;
    const approved = templates.get(String(t?.name));
    if (!approved || (t.language as Json)?.code !== 'id')
      return graphError(404, 132001, 'Template name does not exist in the translation', `template name (${String(t?.name)}) does not exist in id`);
    const components = (t.components ?? []) as Json[];
    const body = ((components.find((c) => c.type === 'body')?.parameters ?? []) as Json[]).map((p) => String(p.text ?? ''));
    const buttons = components.filter((c) => c.type === 'button' && c.sub_type === 'quick_reply');
    if (body.length !== approved.params || buttons.length > approved.buttons)
      return graphError(
        400,
        132000,
        'Number of parameters does not match the expected number of params',
        `body: number of localizable_params (${body.length}) does not match the expected number of params (${approved.params})`,
      );
    if (body.some((p) => !p.trim() || /[\n\t]| {5,}/.test(p))) return graphError(400, 132018, 'There was an issue with the parameters in your template');
    const failure = failing.get(m.to);
    if (failure) return graphError(400, failure, 'Message undeliverable', 'Unable to deliver the message');
    const wamid = `wamid.${randomBytes(12).toString('base64url')}`;
    const payloads = buttons.map((b) => String(((b.parameters as Json[])?.[0] as Json)?.payload ?? ''));
    sent.push({ wamid, to: m.to, template: String(t.name), body, payloads });
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: m.to, wa_id: m.to }], messages: [{ id: wamid }] } };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const a =
        req.method === 'POST'
          ? answer(req.url ?? '', req.headers.authorization, Buffer.concat(chunks).toString('utf8'))
          : graphError(400, 100, 'Unsupported get request');
      const code = (a.body as { error?: { code: number } }).error?.code;
      if (code) refused.push({ code });
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const sign = (raw: string) => `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
  const envelope = (value: object) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '62215550000', phone_number_id: phoneNumberId }, ...value },
          },
        ],
      },
    ],
  });
  const post = (webhook: string, payload: object, signature?: string) => {
    const raw = JSON.stringify(payload);
    return fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? sign(raw) }, body: raw });
  };
  const now = () => String(Math.floor(Date.now() / 1000));
  return {
    base: `http://127.0.0.1:${port}/v21.0`,
    token,
    phoneNumberId,
    appSecret,
    templates,
    sent,
    refused,
    rateLimit: (n) => {
      limited = n;
    },
    failFor: (to, code) => void failing.set(to, code),
    post,
    status: (webhook, wamid, status, code) => {
      const recipient = sent.find((s) => s.wamid === wamid)?.to ?? '';
      const errors = status === 'failed' ? { errors: [{ code: code ?? 131026, title: 'Message undeliverable' }] } : {};
      return post(webhook, envelope({ statuses: [{ id: wamid, status, timestamp: now(), recipient_id: recipient, ...errors }] }));
    },
    reply: (webhook, from, m) => {
      const message = 'text' in m ? { type: 'text', text: { body: m.text } } : { type: 'button', button: { text: m.button, payload: m.payload } };
      return post(
        webhook,
        envelope({
          contacts: [{ profile: { name: 'Pasien' }, wa_id: from }],
          messages: [{ from, id: `wamid.${randomBytes(8).toString('hex')}`, timestamp: now(), ...message }],
        }),
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

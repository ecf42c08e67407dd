// Sends a template message through the WhatsApp Business Cloud API:
//   POST {WHATSAPP_API_BASE}/{phone-number-id}/messages, Authorization: Bearer {token}
//   { messaging_product: "whatsapp", recipient_type: "individual", to, type: "template",
//     template: { name, language: { code: "id" }, components: [ { type: "body", parameters: [{ type: "text", text }] },
//                 { type: "button", sub_type: "quick_reply", index: "0", parameters: [{ type: "payload", payload }] } ] } }
// answered { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid…" }] }, or
// { error: { message, type, code, error_data: { details }, fbtrace_id } }. Meta's references:
// developers.facebook.com/docs/whatsapp/cloud-api/reference/messages (template object) and
// developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes (codes).
import { SEND_TIMEOUT_MS } from '../push/sender.ts';
import type { WhatsappConfig } from '../config.ts';

export type WaOutcome =
  | { kind: 'sent'; wamid: string }
  /** Worth another try later: network, 5xx, an expired token being renewed. */
  | { kind: 'retry'; detail: string }
  /** Throughput or pair rate limit: tried again later, and this drain pauses. */
  | { kind: 'throttled'; detail: string }
  /** Will not work as it is: the notice goes by push instead. */
  | { kind: 'failed'; detail: string };

/** Cloud API codes that a later try may pass (rate limits, temporary faults). */
const THROTTLED = new Set([4, 80007, 130429, 131056]);
const TEMPORARY = new Set([1, 2, 131000, 131016, 133004, 190]);

/** The Graph API's error body read into an outcome; the detail is the code and Meta's words, never the message. */
function waOutcome(status: number, body: string): WaOutcome {
  let json: { messages?: Array<{ id?: string }>; error?: { code?: number; message?: string; error_data?: { details?: string } } } = {};
  try {
    json = JSON.parse(body);
  } catch {
    /* a proxy's HTML page: the status decides */
  }
  const wamid = json.messages?.[0]?.id;
  if (status >= 200 && status < 300 && wamid) return { kind: 'sent', wamid };
  const code = json.error?.code;
  const detail = `HTTP ${status}${code !== undefined ? ` code ${code}` : ''} ${json.error?.error_data?.details ?? json.error?.message ?? ''}`
    .trim()
    .slice(0, 300);
  if ((code !== undefined && THROTTLED.has(code)) || status === 429) return { kind: 'throttled', detail };
  if ((code !== undefined && TEMPORARY.has(code)) || status >= 500 || status === 401) return { kind: 'retry', detail };
  // 131026 undeliverable, 131047 re-engagement, 132000 parameter count, 132001 no such template, 100 invalid parameter …
  return { kind: 'failed', detail };
}

export interface WaMessage {
  to: string;
  template: string;
  body: string[];
  /** Quick-reply buttons' payloads, by index. */
  buttons: string[];
}

function waRequest(m: WaMessage): object {
  const components: object[] = [];
  if (m.body.length) components.push({ type: 'body', parameters: m.body.map((text) => ({ type: 'text', text })) });
  for (const [i, payload] of m.buttons.entries())
    components.push({ type: 'button', sub_type: 'quick_reply', index: String(i), parameters: [{ type: 'payload', payload }] });
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to,
    type: 'template',
    template: { name: m.template, language: { code: 'id' }, ...(components.length ? { components } : {}) },
  };
}

export async function sendWhatsapp(config: Pick<WhatsappConfig, 'apiBase' | 'phoneNumberId' | 'token'>, m: WaMessage): Promise<WaOutcome> {
  try {
    const res = await fetch(`${config.apiBase}/${config.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(waRequest(m)),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    return waOutcome(res.status, await res.text());
  } catch (err) {
    return { kind: 'retry', detail: err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 200) : 'network error' };
  }
}

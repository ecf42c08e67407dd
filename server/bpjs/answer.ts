// What an answer of BPJS means for the outbox row that asked: sent, refused for good, or worth
// another try. Pure: the HTTP status and body come in.
import type { Backoff } from '../retry/backoff.ts';
import type { Credentials } from './signing.ts';
import { decryptResponse } from './signing.ts';

export type Outcome =
  /**
   * metadata.code 200, or 208 (already there), or BPJS's 'TaskId terakhir' (a later task is
   * there): done; `response` is the decrypted answer, when there was one.
   */
  | { kind: 'sent'; code: number; message: string; response: string | null }
  /** BPJS answered and said no (a business refusal, a wrong signature): not retried. */
  | { kind: 'refused'; code: number | null; message: string }
  /** No answer, a time-out, a 5xx, 408 or 429, or an answer that is not BPJS's: tried again. */
  | { kind: 'retry'; message: string };

interface Metadata {
  code?: unknown;
  message?: unknown;
}

const clip = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 300);

/** BPJS answers `metadata`; its older services `metaData`; codes as numbers or as text. */
function metadataOf(body: unknown): { code: number; message: string } | null {
  if (!body || typeof body !== 'object') return null;
  const m = ((body as { metadata?: Metadata }).metadata ?? (body as { metaData?: Metadata }).metaData) as Metadata | undefined;
  const code = Number(m?.code);
  if (!m || !Number.isInteger(code)) return null;
  return { code, message: typeof m.message === 'string' ? clip(m.message) : '' };
}

/** `timestamp` is the request's X-timestamp: the answer's key depends on it. */
export function outcomeOf(status: number, text: string, c: Pick<Credentials, 'consId' | 'secretKey'>, timestamp: string): Outcome {
  if (status >= 500 || status === 408 || status === 429) return { kind: 'retry', message: clip(`HTTP ${status} ${text}`) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const meta = metadataOf(body);
  if (!meta) {
    // A 4xx (a wrong address) will not mend itself; a gateway's page or an empty 2xx says nothing
    // of the request, so it is asked again, up to the cap.
    const message = clip(`HTTP ${status} ${text}`);
    return status >= 400 ? { kind: 'refused', code: null, message } : { kind: 'retry', message };
  }
  // 208: the kodebooking or its task time is there already (a resend after a lost answer): done.
  if (meta.code === 208) return { kind: 'sent', code: 208, message: meta.message, response: null };
  // 'TaskId terakhir N': BPJS holds a later step of the visit already; this earlier one can never
  // be added after it, and asking again would change nothing.
  if (/taskid\s*terakhir/i.test(meta.message)) return { kind: 'sent', code: meta.code, message: meta.message, response: null };
  if (meta.code !== 200) return { kind: 'refused', code: meta.code, message: meta.message || `code ${meta.code}` };
  const encrypted = (body as { response?: unknown }).response;
  let response: string | null = null;
  if (typeof encrypted === 'string' && encrypted !== '') {
    try {
      response = decryptResponse(c, timestamp, encrypted);
    } catch {
      // BPJS said 200: the request went through whatever its extra words were.
      response = null;
    }
  } else if (encrypted != null) {
    response = JSON.stringify(encrypted);
  }
  return { kind: 'sent', code: 200, message: meta.message, response };
}

/** A request that got no answer (refused, reset, timed out). */
export function networkOutcome(err: unknown): Outcome {
  return { kind: 'retry', message: err instanceof Error ? clip(`${err.name}: ${err.message}`) : 'network error' };
}

/** The outbox's retry schedule (retry/backoff.ts): 15 s, 30 s, 60 s … at most BPJS_RETRY_MAX_SECONDS; BPJS_MAX_ATTEMPTS in all. */
export const bpjsRetry = (maxAttempts: number, maxSeconds: number): Backoff => ({ firstSeconds: 15, maxSeconds, maxAttempts });

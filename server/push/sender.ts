// What every push sender answers, and how an HTTP status maps onto it.
import type { PushMessage } from '../../common/push.ts';

export type SendOutcome =
  | { kind: 'sent' }
  /** The push service no longer knows the registration (404/410): forget it. */
  | { kind: 'gone'; detail: string }
  /** Worth another try later (network, 429, 5xx). */
  | { kind: 'retry'; detail: string }
  /** Will never work as it is (a malformed registration, a refused request). */
  | { kind: 'failed'; detail: string };

export interface Sender {
  send(registration: string, message: PushMessage, topic: string): Promise<SendOutcome>;
}

/** A push service's answer to a send. */
export function outcomeOf(status: number, body: string): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  const detail = `HTTP ${status} ${body.slice(0, 200)}`.trim();
  if (status === 404 || status === 410) return { kind: 'gone', detail };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', detail };
  return { kind: 'failed', detail };
}

/** A send that did not get an answer (refused, reset, timed out) is tried again later. */
export function networkOutcome(err: unknown): SendOutcome {
  return { kind: 'retry', detail: err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 200) : 'network error' };
}

/** Each send waits this long for the push service; well under the claim's lease. */
export const SEND_TIMEOUT_MS = 15_000;

// When an outbox (push deliveries, BPJS Antrean's sends) tries a failed row again: a delay that
// doubles with each failure up to a cap, and a number of attempts after which it gives up. Each
// outbox names its own schedule (push/queue.ts, bpjs/answer.ts); the reckoning is this one.

/** An outbox's retry schedule. */
export interface Backoff {
  /** The delay after the first failure. */
  firstSeconds: number;
  /** No delay is longer. */
  maxSeconds: number;
  /** After this many attempts the row is given up. */
  maxAttempts: number;
}

/** Seconds before attempt n + 1: first, 2 × first, 4 × first … at most `maxSeconds`. */
export function backoffSeconds(attempts: number, { firstSeconds, maxSeconds }: Pick<Backoff, 'firstSeconds' | 'maxSeconds'>): number {
  return Math.min(firstSeconds * 2 ** Math.max(0, attempts - 1), maxSeconds);
}

/** Seconds until the next attempt after a failure, or null to give up (`permanent`, or `maxAttempts` made). */
export function nextAttemptIn(attempts: number, schedule: Backoff, permanent = false): number | null {
  return permanent || attempts >= schedule.maxAttempts ? null : backoffSeconds(attempts, schedule);
}

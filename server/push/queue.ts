// When a failed push is tried again: the queue's policy. The queue itself is in the database
// (db/push.ts).

/** Seconds before attempt n + 1: 10 s, 20 s, 40 s … at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Seconds until the next attempt after a failure, or null to give up (`permanent`, or too many). */
export function nextAttemptIn(attempts: number, maxAttempts: number, permanent = false): number | null {
  return permanent || attempts >= maxAttempts ? null : retryDelaySeconds(attempts);
}

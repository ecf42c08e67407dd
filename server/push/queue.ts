// When a failed push is tried again: the queue's policy, reckoned by retry/backoff.ts. The queue
// itself is in the database (db/push.ts).
import type { Backoff } from '../retry/backoff.ts';

/** 10 s, 20 s, 40 s … at most an hour; given up after `maxAttempts` (PUSH_MAX_ATTEMPTS). */
export const pushRetry = (maxAttempts: number): Backoff => ({ firstSeconds: 10, maxSeconds: 3600, maxAttempts });

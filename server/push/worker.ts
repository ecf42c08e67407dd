// Sends what the queue holds: claims due deliveries in batches, sends each through the sender of
// its kind, and records the outcome. Runs in every server process that has PUSH_WORKER on; the
// claim's lease keeps them from sending the same delivery. wake() sends at once instead of at
// the next poll.
import type { FastifyBaseLogger } from 'fastify';
import type { PushConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { PUSH_DEFAULT_URL, type PushMessage } from '../../common/push.ts';
import { claimDue, markFailed, markGone, markSent, type Delivery } from '../db/push.ts';
import { fallBackToWhatsapp } from '../db/whatsapp.ts';
import { templateOf } from '../db/deliver.ts';
import { addressed } from './naming.ts';
import { nextAttemptIn } from '../retry/backoff.ts';
import { pushRetry } from './queue.ts';
import type { SendOutcome, Sender } from './sender.ts';
import { createPoller } from '../poller.ts';

export interface PushWorker {
  /** Sends everything due now; answers how many deliveries it handled. */
  drain(): Promise<number>;
  /** Starts polling (and draining whenever woken). */
  start(): void;
  wake(): void;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  db: Db;
  /** The sender of each registration kind; a kind without one fails its deliveries. */
  senders: () => Promise<Partial<Record<Delivery['kind'], Sender>>>;
  config: Pick<PushConfig, 'pollMs' | 'leaseSeconds' | 'maxAttempts'>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  batch?: number;
  /** Runs before each drain: the appointment reminders that came due join the queue (push/reminders.ts). */
  beforeDrain?: () => Promise<unknown>;
}

// Named after its patient when the phone looks after several (push/naming.ts).
const messageOf = (d: Delivery): PushMessage =>
  addressed({ id: String(d.notification_id), title: d.title, body: d.body, url: d.url || PUSH_DEFAULT_URL }, d, d.shared);

export function createPushWorker({ db, senders, config, log, batch = 20, beforeDrain }: WorkerOptions): PushWorker {
  async function handle(d: Delivery, sender: Sender | undefined): Promise<void> {
    const outcome: SendOutcome = sender
      ? await sender.send(d.token, messageOf(d), `n${d.id}`)
      : { kind: 'failed', detail: `no ${d.kind} sender is configured` };
    // Delivery ids and outcomes only: never the registration, the patient or the text.
    if (outcome.kind === 'sent') return markSent(db, d.id);
    log?.warn({ delivery: d.id, attempt: d.attempts, outcome: outcome.kind, detail: outcome.detail }, 'push not delivered');
    const retry = outcome.kind === 'gone' ? null : nextAttemptIn(d.attempts, pushRetry(config.maxAttempts), outcome.kind === 'failed');
    if (outcome.kind === 'gone') await markGone(db, d, outcome.detail);
    else await markFailed(db, d.id, outcome.detail, retry);
    // Given up: WhatsApp carries the notice if the patient consented to it (db/deliver.ts).
    if (retry === null) await fallBackToWhatsapp(db, d.notification_id, templateOf);
  }

  async function drain(): Promise<number> {
    // A fault there must not hold up what is already queued.
    await beforeDrain?.().catch((err) => log?.error({ err }, 'appointment reminders'));
    let handled = 0;
    for (;;) {
      const due = await claimDue(db, batch, config.leaseSeconds);
      if (!due.length) return handled;
      const byKind = await senders();
      await Promise.all(due.map((d) => handle(d, byKind[d.kind])));
      handled += due.length;
      if (due.length < batch || poller.stopping) return handled;
    }
  }

  const poller = createPoller(drain, config.pollMs, (err) => log?.error({ err }, 'push queue'));
  return { drain, start: poller.start, wake: poller.wake, stop: poller.stop };
}

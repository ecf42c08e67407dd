// Sends the BPJS outbox: claims due rows in batches, sends each, records BPJS's answer. Runs in
// every server process with the bridge configured and BPJS_WORKER on; the claim's lease keeps
// processes from sending one row twice, the hold of earlier rows keeps a kodebooking's order.
import type { FastifyBaseLogger } from 'fastify';
import type { BpjsConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type Claimed, claimDueBpjs, markBpjsRefused, markBpjsRetry, markBpjsSent } from '../db/bpjs.ts';
import { nextAttemptIn } from '../retry/backoff.ts';
import { bpjsRetry } from './answer.ts';
import { type BpjsSend, bpjsClient } from './client.ts';
import { createPoller } from '../poller.ts';
import { addDays, todayWib } from '../../common/dates.ts';
import { queueBpjsNoShows } from '../db/bpjs-days.ts';
import { reconcileDay } from './reconcile.ts';

export interface BpjsWorker {
  /** Sends everything due now, and what those sends let through; answers how many rows it handled. */
  drain(): Promise<number>;
  start(): void;
  wake(): void;
  stop(): Promise<void>;
}

export interface BpjsWorkerOptions {
  db: Db;
  send: BpjsSend;
  config: Pick<BpjsConfig, 'pollMs' | 'leaseSeconds' | 'maxAttempts' | 'retryMaxSeconds'>;
  /** What is due, the lease and the next attempt are reckoned by it (tests move it on). */
  clock?: () => number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  batch?: number;
  /**
   * The day's-end job (docs/bpjs.md, "After the day"): before its sends, at most every ten minutes
   * of `clock`, the worker queues task 99 for the past days' bookings never served and compares
   * yesterday with BPJS's getlisttask. On in the server's worker; tests that drive the outbox
   * alone leave it off.
   */
  dayEnd?: boolean;
}

/** How often a worker runs the day's-end job: each process may, the claims keep it once. */
const DAY_END_EVERY_MS = 10 * 60_000;

export function createBpjsWorker({ db, send, config, clock = Date.now, log, batch = 20, dayEnd = false }: BpjsWorkerOptions): BpjsWorker {
  let lastDayEnd = Number.NEGATIVE_INFINITY;
  async function afterTheDay(): Promise<void> {
    const now = clock();
    if (!dayEnd || now - lastDayEnd < DAY_END_EVERY_MS) return;
    lastDayEnd = now;
    const today = todayWib(now);
    await queueBpjsNoShows(db, today);
    await reconcileDay(db, send, addDays(today, -1), log);
  }

  async function handle(row: Claimed): Promise<void> {
    const outcome = await send(row.endpoint, row.payload);
    if (outcome.kind === 'sent') return markBpjsSent(db, row.id, outcome.message, outcome.code);
    // Row ids and BPJS's words only: never the patient's card number, NIK or phone.
    log?.warn({ bpjs: row.id, endpoint: row.endpoint, attempt: row.attempts, outcome: outcome.kind, detail: outcome.message }, 'BPJS Antrean not sent');
    if (outcome.kind === 'refused') return markBpjsRefused(db, row.id, outcome.code, outcome.message);
    const delay = nextAttemptIn(row.attempts, bpjsRetry(config.maxAttempts, config.retryMaxSeconds));
    return markBpjsRetry(db, row.id, outcome.message, delay === null ? null : clock() + delay * 1000);
  }

  async function drain(): Promise<number> {
    // A fault there must not hold up what is already queued.
    await afterTheDay().catch((err) => log?.error({ err }, "BPJS Antrean day's end"));
    let handled = 0;
    // A row sent lets the next of its kodebooking through: claim again until nothing is due.
    while (!poller.stopping) {
      const due = await claimDueBpjs(db, batch, config.leaseSeconds, clock());
      if (!due.length) break;
      await Promise.all(due.map(handle));
      handled += due.length;
    }
    return handled;
  }

  const poller = createPoller(drain, config.pollMs, (err) => log?.error({ err }, 'BPJS Antrean outbox'));
  return { drain, start: poller.start, wake: poller.wake, stop: poller.stop };
}

/** The worker of a server process, sending with the configured credentials. */
export const bpjsWorker = (db: Db, config: BpjsConfig, log?: BpjsWorkerOptions['log']): BpjsWorker =>
  createBpjsWorker({ db, send: bpjsClient(config), config, log, dayEnd: config.reporter === 'app' });

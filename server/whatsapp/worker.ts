// Sends the WhatsApp queue (db/whatsapp.ts): claims due deliveries with a lease, sends each
// through the Cloud API at no more than WHATSAPP_RATE_PER_SECOND from this process, and records
// the outcome: sent (the wamid, whose statuses the webhook brings), tried again later with the
// project's backoff, or failed for good, and then the notice goes by push (fallBackToPush). A
// rate limit from Meta (130429, 131056) ends the drain: the rest waits for the next poll.
import type { FastifyBaseLogger } from 'fastify';
import type { WhatsappConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { claimWhatsapp, fallBackToPush, markWaFailed, markWaSent, releaseWhatsapp, sweepWhatsapp, type WaDelivery } from '../db/whatsapp.ts';
import { createPoller } from '../poller.ts';
import { addresseeName } from '../push/naming.ts';
import { type Backoff, nextAttemptIn } from '../retry/backoff.ts';
import { sendWhatsapp, type WaMessage, type WaOutcome } from './client.ts';
import { bodyParams, STOP_PAYLOAD, TEMPLATES } from '../domain/notice-templates.ts';

export interface WhatsappWorker {
  drain(): Promise<number>;
  start(): void;
  wake(): void;
  stop(): Promise<void>;
}

/** 30 s, 60 s … at most an hour: Meta's throughput limits clear within minutes. */
const waRetry = (maxAttempts: number): Backoff => ({ firstSeconds: 30, maxSeconds: 3600, maxAttempts });
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The message of a claimed delivery: its template filled from the notice, or the stop's confirmation. */
function messageOf(d: WaDelivery): WaMessage | null {
  if (d.notification_id === null) return { to: d.phone, template: d.template, body: [], buttons: [] };
  const t = Object.values(TEMPLATES).find((x) => x.name === d.template);
  if (!t) return null;
  const name = d.nama ? addresseeName(d) : 'Anda';
  return { to: d.phone, template: t.name, body: bodyParams(t, name, d.params ?? {}), buttons: [STOP_PAYLOAD] };
}

export function createWhatsappWorker(opts: {
  db: Db;
  config: WhatsappConfig;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Wakes the push worker when a notice falls back to it. */
  wakePush?: () => void;
  send?: (m: WaMessage) => Promise<WaOutcome>;
}): WhatsappWorker {
  const { db, config, log, wakePush } = opts;
  const send = opts.send ?? ((m: WaMessage) => sendWhatsapp(config, m));
  const gapMs = 1000 / config.ratePerSecond;
  let lastSend = 0;
  let lastSweep = 0;

  async function throttle(): Promise<void> {
    const wait = lastSend + gapMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lastSend = Date.now();
  }

  async function giveUp(d: WaDelivery, why: string, status: 'failed' | 'cancelled'): Promise<void> {
    await db.tx(async (q) => {
      await markWaFailed(q, d.id, why, null, status);
      if (d.notification_id !== null && (await fallBackToPush(q, d.notification_id))) wakePush?.();
    });
  }

  /** Answers false when Meta's rate limit says to stop for now. */
  async function handle(d: WaDelivery): Promise<boolean> {
    if (d.withdrawn) return giveUp(d, 'consent withdrawn', 'cancelled').then(() => true);
    const m = messageOf(d);
    if (!m) return giveUp(d, `unknown template ${d.template}`, 'failed').then(() => true);
    await throttle();
    const outcome = await send(m);
    if (outcome.kind === 'sent') return markWaSent(db, d.id, outcome.wamid).then(() => true);
    // Delivery ids and Meta's codes only: never the number or the parameters.
    log?.warn({ whatsapp: d.id, attempt: d.attempts, outcome: outcome.kind, detail: outcome.detail }, 'whatsapp not sent');
    const retry = nextAttemptIn(d.attempts, waRetry(config.maxAttempts), outcome.kind === 'failed');
    if (retry === null) await giveUp(d, outcome.detail, 'failed');
    else await markWaFailed(db, d.id, outcome.detail, retry);
    return outcome.kind !== 'throttled';
  }

  async function drain(): Promise<number> {
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await sweepWhatsapp(db, config.retentionDays).catch((err) => log?.error({ err }, 'whatsapp retention'));
    }
    const batch = Math.max(1, Math.min(20, config.ratePerSecond * 5));
    let handled = 0;
    for (;;) {
      const due = await claimWhatsapp(db, batch, config.leaseSeconds);
      if (!due.length) return handled;
      for (const [i, d] of due.entries()) {
        handled++;
        if (await handle(d)) continue;
        await releaseWhatsapp(
          db,
          due.slice(i + 1).map((x) => x.id),
        );
        return handled;
      }
      if (due.length < batch || poller.stopping) return handled;
    }
  }

  const poller = createPoller(drain, config.pollMs, (err) => log?.error({ err }, 'whatsapp queue'));
  return { drain, start: poller.start, wake: poller.wake, stop: poller.stop };
}

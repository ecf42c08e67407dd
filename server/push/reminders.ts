// Turns the appointment reminders that have come due into notifications for the push queue. Run
// by every process's push worker before each drain (worker.ts), with no timer of its own: the
// rows are the schedule, so a restart loses none and several processes send each one once.
import type { Db, Queryable } from '../db/client.ts';
import { claimDueReferralReminders, linkReferralNotification } from '../db/referral-reminders.ts';
import { claimDueReminders, linkNotification } from '../db/reminders.ts';
import { claimDueSimrsReminders, linkSimrsNotification } from '../db/simrs-reminders.ts';
import { claimDueUpstreamReminders } from '../db/upstream-reminders.ts';
import { type ReminderKind, type ReminderSubject, tooLate } from '../domain/reminders.ts';
import { deliver } from '../db/deliver.ts';
import { referralNotice, reminderNotice } from '../notify/notices.ts';

/** Which of the visits the hospital's system still holds, waiting, and on which date (the connector's waitingVisits). */
export type WaitingVisits = (no_regs: string[]) => Promise<ReadonlyMap<string, string>>;

/**
 * Queues the reminders due at `now` (epoch ms), a batch per transaction; answers how many became
 * notifications. `waiting`: the hospital system's answer for the reminders of the bookings it holds
 * (SIMRS other than local); without it they wait.
 */
export async function queueDueReminders(db: Db, now: number, batch = 50, waiting?: WaitingVisits): Promise<number> {
  return (
    (await queueOwn(db, now, batch)) +
    (await queueUpstream(db, now, batch)) +
    (waiting ? await queueSimrs(db, now, batch, waiting) : 0) +
    (await queueReferral(db, now, batch))
  );
}

/** The pushes before a BPJS referral runs out (docs/bpjs.md, Referrals): each once. */
const queueReferral = (db: Db, now: number, batch: number) =>
  inBatches(
    db,
    batch,
    (q) => claimDueReferralReminders(q, now, batch),
    async (q, due) => {
      let sent = 0;
      for (const r of due) {
        const n = await deliver(q, referralNotice(r));
        if (n) await linkReferralNotification(q, r.id, n.id), sent++;
      }
      return sent;
    },
  );

/** Claims due rows a batch per transaction and sends each `send` passes; answers how many were sent. */
async function inBatches<R>(db: Db, batch: number, claim: (q: Queryable) => Promise<R[]>, send: (q: Queryable, due: R[]) => Promise<number>): Promise<number> {
  let queued = 0;
  for (;;) {
    const { claimed, sent } = await db.tx(async (q) => {
      const due = await claim(q);
      return { claimed: due.length, sent: await send(q, due) };
    });
    queued += sent;
    if (claimed < batch) return queued;
  }
}

/**
 * The reminders of the app's bookings in the hospital's system: sent only while it still holds the
 * visit waiting on that date (a cancel or move on its own screens sends none). Asked inside the
 * claim's transaction: while it cannot answer, the transaction rolls back and they stay due.
 */
const queueSimrs = (db: Db, now: number, batch: number, waiting: WaitingVisits) =>
  inBatches(
    db,
    batch,
    (q) => claimDueSimrsReminders(q, now, batch),
    async (q, due) => {
      const held = due.length ? await waiting([...new Set(due.map((r) => r.no_reg))]) : new Map<string, string>();
      return sendEach(q, due, (r) => held.get(r.no_reg) === r.tgl_janji && !tooLate(r, now), linkSimrsNotification);
    },
  );

// Claimed and kept as sent, without a notification: an appointment gone or over.
const queueOwn = (db: Db, now: number, batch: number) =>
  inBatches(
    db,
    batch,
    (q) => claimDueReminders(q, now, batch),
    (q, due) => sendEach(q, due, (r) => !r.cancelled && !tooLate(r, now), linkNotification),
  );

/** Queues each claimed reminder `goes` passes, linking its notification to it; answers how many. */
async function sendEach<R extends ReminderSubject & { id: number; kind: ReminderKind }>(
  q: Queryable,
  due: R[],
  goes: (r: R) => boolean,
  link: (q: Queryable, id: number, notification: number) => Promise<unknown>,
): Promise<number> {
  let sent = 0;
  for (const r of due) {
    if (!goes(r)) continue;
    const n = await deliver(q, reminderNotice(r.kind, r));
    if (!n) continue;
    await link(q, r.id, n.id);
    sent++;
  }
  return sent;
}

/** The hospital's own appointments (SIMRS=upstream; otherwise there are none). */
const queueUpstream = (db: Db, now: number, batch: number) =>
  inBatches(
    db,
    batch,
    (q) => claimDueUpstreamReminders(q, now, batch),
    async (q, due) => {
      let sent = 0;
      for (const r of due) if (!tooLate(r.subject, now) && (await deliver(q, reminderNotice(r.kind, r.subject)))) sent++;
      return sent;
    },
  );

// Turns the appointment reminders that have come due into notifications for the push queue. Run
// by every process's push worker before each drain (worker.ts), with no timer of its own: the
// rows are the schedule, so a restart loses none and several processes send each one once.
import type { Db } from '../db/client.ts';
import { enqueueIn } from '../db/push.ts';
import { claimDueReminders, linkNotification } from '../db/reminders.ts';
import { claimDueUpstreamReminders } from '../db/upstream-reminders.ts';
import { reminderNotification, tooLate } from '../domain/reminders.ts';

/** Queues the reminders due at `now` (epoch ms), a batch per transaction; answers how many became notifications. */
export async function queueDueReminders(db: Db, now: number, batch = 50): Promise<number> {
  let queued = 0;
  for (;;) {
    const { claimed, sent } = await db.tx(async (q) => {
      const due = await claimDueReminders(q, now, batch);
      let sent = 0;
      for (const r of due) {
        // Claimed and kept as sent, without a notification: its appointment is gone or over.
        if (r.cancelled || tooLate(r, now)) continue;
        const n = await enqueueIn(q, reminderNotification(r.kind, r));
        if (!n) continue;
        await linkNotification(q, r.id, n.id);
        sent++;
      }
      return { claimed: due.length, sent };
    });
    queued += sent;
    if (claimed < batch) break;
  }
  // The hospital's own appointments (SIMRS=upstream; otherwise there are none).
  for (;;) {
    const { claimed, sent } = await db.tx(async (q) => {
      const due = await claimDueUpstreamReminders(q, now, batch);
      let sent = 0;
      for (const r of due) if (!tooLate(r.subject, now) && (await enqueueIn(q, reminderNotification(r.kind, r.subject)))) sent++;
      return { claimed: due.length, sent };
    });
    queued += sent;
    if (claimed < batch) return queued;
  }
}

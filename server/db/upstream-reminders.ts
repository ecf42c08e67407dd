// SIMRS=upstream: the reminders of the hospital's own appointments (migration 020), planned from
// its list of upcoming appointments each time it is read, and claimed when due by any process's
// push worker (push/reminders.ts), once each.
import type { DueReminder, ReminderKind, ReminderSubject } from '../domain/reminders.ts';
import type { Queryable } from './client.ts';

export interface PlannedReminder extends DueReminder {
  /** The hospital's no_reg, or what names the appointment where it gives none. */
  appointment: string;
  subject: ReminderSubject;
}

/**
 * The patient's reminders still to go out become these: new ones added, changed ones moved, and
 * those of appointments no longer listed dropped. One already sent stays sent.
 */
export async function planUpstreamReminders(q: Queryable, nomr: string, plans: PlannedReminder[]): Promise<void> {
  await q.query(
    `DELETE FROM upstream_reminders WHERE nomr = $1 AND sent_at IS NULL
        AND (appointment, kind) NOT IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
    [nomr, plans.map((p) => p.appointment), plans.map((p) => p.kind)],
  );
  if (!plans.length) return;
  await q.query(
    `INSERT INTO upstream_reminders (nomr, appointment, kind, due_at, subject)
     SELECT $1, u.appointment, u.kind, to_timestamp(u.due / 1000), u.subject::jsonb
       FROM unnest($2::text[], $3::text[], $4::float8[], $5::text[]) AS u(appointment, kind, due, subject)
     ON CONFLICT (nomr, appointment, kind) DO UPDATE SET due_at = EXCLUDED.due_at, subject = EXCLUDED.subject
      WHERE upstream_reminders.sent_at IS NULL`,
    [nomr, plans.map((p) => p.appointment), plans.map((p) => p.kind), plans.map((p) => p.due), plans.map((p) => JSON.stringify(p.subject))],
  );
}

/** Claims up to `limit` reminders due at `now` (epoch ms) and marks them sent, in the caller's transaction (SKIP LOCKED: each once). */
export function claimDueUpstreamReminders(q: Queryable, now: number, limit: number): Promise<Array<{ kind: ReminderKind; subject: ReminderSubject }>> {
  return q.query(
    `WITH due AS (
       SELECT id FROM upstream_reminders
        WHERE sent_at IS NULL AND due_at <= to_timestamp($1::float8 / 1000)
        ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE upstream_reminders r SET sent_at = to_timestamp($1::float8 / 1000) FROM due WHERE r.id = due.id
     RETURNING r.kind, r.subject`,
    [now, limit],
  );
}

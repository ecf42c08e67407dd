// The pushes before a BPJS referral runs out (migration 023): written once per referral and day
// when VClaim confirmed it for a booking, claimed when due by any process's push worker
// (push/reminders.ts). The times and words are server/domain/referral-reminders.ts's.
import { type ReferralReminder, referralReminderDue } from '../domain/referral-reminders.ts';
import type { Queryable } from './client.ts';

/** Writes the reminders still ahead of `now`; one already there (sent or not) stays as it is. */
export async function queueReferralReminders(q: Queryable, nomr: string, r: ReferralReminder, now: number): Promise<void> {
  for (const { days, due } of referralReminderDue(r.berlaku_sampai, now)) {
    await q.query(
      `INSERT INTO referral_reminders (nomr, nomorreferensi, days_before, poli, perujuk, berlaku_sampai, due_at)
       VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7::float8 / 1000))
       ON CONFLICT (nomr, nomorreferensi, days_before) DO NOTHING`,
      [nomr, r.nomorreferensi, days, r.poli, r.perujuk, r.berlaku_sampai, due],
    );
  }
}

export interface ClaimedReferralReminder extends ReferralReminder {
  id: number;
  nomr: string;
  days_before: number;
}

/** Claims up to `limit` due at `now` and marks them sent, in the caller's transaction (SKIP LOCKED, as the appointment reminders). */
export function claimDueReferralReminders(q: Queryable, now: number, limit: number): Promise<ClaimedReferralReminder[]> {
  return q.query<ClaimedReferralReminder>(
    `WITH due AS (
       SELECT id FROM referral_reminders WHERE sent_at IS NULL AND due_at <= to_timestamp($1::float8 / 1000)
        ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE referral_reminders r SET sent_at = to_timestamp($1::float8 / 1000) FROM due WHERE r.id = due.id
     RETURNING r.id::int AS id, r.nomr, r.nomorreferensi, r.days_before::int AS days_before, r.poli, r.perujuk,
               to_char(r.berlaku_sampai, 'YYYY-MM-DD') AS berlaku_sampai`,
    [now, limit],
  );
}

export async function linkReferralNotification(q: Queryable, id: number, notificationId: number): Promise<void> {
  await q.query('UPDATE referral_reminders SET notification_id = $2 WHERE id = $1', [id, notificationId]);
}

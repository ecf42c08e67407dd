// Appointment reminders as rows (migration 007): written with the booking, replaced with a
// reschedule, emptied with a cancel, and claimed when due by any process's push worker
// (push/reminders.ts). The times and texts are the domain's (domain/reminders.ts).
import type { Reminder } from '../../common/schemas/internal.ts';
import type { DueReminder, ReminderKind, ReminderSubject } from '../domain/reminders.ts';
import type { Queryable } from './client.ts';
import { wibText } from './wib.ts';

/** Replaces the appointment's pending reminders with these (none: a cancel). A sent one of the same kind is due again. */
export async function setReminders(q: Queryable, appointmentId: number, reminders: DueReminder[]): Promise<void> {
  // One statement: the unsent reminders of a kind no longer due go, and each kind due is written
  // (one sent before included: it goes again at its new time). The two touch different rows.
  await q.query(
    `WITH gone AS (
       DELETE FROM appointment_reminders WHERE appointment_id = $1 AND sent_at IS NULL AND kind <> ALL($2::text[])
     )
     INSERT INTO appointment_reminders (appointment_id, kind, due_at)
     SELECT $1, u.kind, to_timestamp(u.due / 1000) FROM unnest($2::text[], $3::float8[]) AS u(kind, due)
     ON CONFLICT (appointment_id, kind) DO UPDATE SET due_at = EXCLUDED.due_at, sent_at = NULL, notification_id = NULL`,
    [appointmentId, reminders.map((r) => r.kind), reminders.map((r) => r.due)],
  );
}

/** The reminders of a booking still to go out, in order; null when there is no such booking. */
export async function pendingReminders(q: Queryable, no_reg: string): Promise<Reminder[] | null> {
  const rows = await q.query<{ jenis: Reminder['jenis'] | null; waktu: string | null }>(
    `SELECT r.kind AS jenis, ${wibText('r.due_at')} AS waktu
       FROM appointments a LEFT JOIN appointment_reminders r ON r.appointment_id = a.id AND r.sent_at IS NULL
      WHERE a.no_reg = $1
      ORDER BY r.due_at`,
    [no_reg],
  );
  if (!rows.length) return null;
  return rows.flatMap((r) => (r.jenis && r.waktu ? [{ jenis: r.jenis, waktu: r.waktu }] : []));
}

export interface ClaimedReminder extends ReminderSubject {
  id: number;
  kind: ReminderKind;
  cancelled: boolean;
}

/**
 * Claims up to `limit` reminders due at `now` (epoch ms) and marks them sent, in the caller's
 * transaction: SKIP LOCKED lets several processes claim at once without taking each other's, and
 * a transaction that does not commit leaves them due for the next claim.
 */
export function claimDueReminders(q: Queryable, now: number, limit: number): Promise<ClaimedReminder[]> {
  return q.query<ClaimedReminder>(
    `WITH due AS (
       SELECT r.id FROM appointment_reminders r
        WHERE r.sent_at IS NULL AND r.due_at <= to_timestamp($1::float8 / 1000)
        ORDER BY r.due_at, r.id
        LIMIT $2
        FOR UPDATE SKIP LOCKED)
     UPDATE appointment_reminders r SET sent_at = to_timestamp($1::float8 / 1000)
       FROM due, appointments a
       JOIN practice_schedules s ON s.id = a.schedule_id
       JOIN clinics c ON c.kd_dep = a.kd_dep JOIN doctors d ON d.kd_dr = a.kd_dr
       LEFT JOIN practice_sessions ps ON ps.schedule_id = a.schedule_id AND ps.tgl = a.tgl_janji
      WHERE r.id = due.id AND a.id = r.appointment_id
     RETURNING r.id::int AS id, r.kind, a.nomr, a.jenis, c.ds_dep, d.nama_dr_lengkap AS nama_dr, a.tgl_janji,
               coalesce(ps.jam_dtg, s.jam_dtg) AS jam_dtg, coalesce(ps.jam_plg, s.jam_plg) AS jam_plg, a.no_urut,
               a.cancelled_at IS NOT NULL AS cancelled`,
    [now, limit],
  );
}

export async function linkNotification(q: Queryable, reminderId: number, notificationId: number): Promise<void> {
  await q.query('UPDATE appointment_reminders SET notification_id = $2 WHERE id = $1', [reminderId, notificationId]);
}

// Reminders of the app's bookings held in the hospital's system (migration 019): written after its
// transaction commits (the connector's), claimed when due by any process's push worker
// (push/reminders.ts), as appointment_reminders are for this API's own appointments.
import type { DueReminder, ReminderKind, ReminderSubject } from '../domain/reminders.ts';
import type { Reminder } from '../../common/schemas/internal.ts';
import type { Queryable } from './client.ts';
import { wibText } from './wib.ts';

/** Replaces the visit's pending reminders with these (none: a cancel); a sent one of the same kind is due again. */
export async function setSimrsReminders(q: Queryable, no_reg: string, subject: ReminderSubject | null, reminders: DueReminder[]): Promise<void> {
  await q.query('DELETE FROM simrs_reminders WHERE no_reg = $1 AND sent_at IS NULL', [no_reg]);
  if (!reminders.length || !subject) return;
  await q.query(
    `INSERT INTO simrs_reminders (no_reg, kind, due_at, nomr, ds_dep, nama_dr, tgl_janji, jam_dtg, jam_plg, no_urut)
     SELECT $1, u.kind, to_timestamp(u.due / 1000), $4, $5, $6, $7::date, $8, $9, $10 FROM unnest($2::text[], $3::float8[]) AS u(kind, due)
     ON CONFLICT (no_reg, kind) DO UPDATE SET due_at = EXCLUDED.due_at, nomr = EXCLUDED.nomr, ds_dep = EXCLUDED.ds_dep, nama_dr = EXCLUDED.nama_dr,
       tgl_janji = EXCLUDED.tgl_janji, jam_dtg = EXCLUDED.jam_dtg, jam_plg = EXCLUDED.jam_plg, no_urut = EXCLUDED.no_urut,
       sent_at = NULL, notification_id = NULL`,
    [
      no_reg,
      reminders.map((r) => r.kind),
      reminders.map((r) => r.due),
      subject.nomr,
      subject.ds_dep,
      subject.nama_dr,
      subject.tgl_janji,
      subject.jam_dtg,
      subject.jam_plg,
      subject.no_urut,
    ],
  );
}

/** A moved visit's reminders follow its new number. */
export async function moveSimrsReminders(q: Queryable, from: string, to: string): Promise<void> {
  await q.query('UPDATE simrs_reminders SET no_reg = $2 WHERE no_reg = $1', [from, to]);
}

export interface ClaimedSimrsReminder extends ReminderSubject {
  id: number;
  no_reg: string;
  kind: ReminderKind;
}

/** Claims up to `limit` reminders due at `now` (epoch ms) and marks them sent, in the caller's transaction (SKIP LOCKED). */
export function claimDueSimrsReminders(q: Queryable, now: number, limit: number): Promise<ClaimedSimrsReminder[]> {
  return q.query<ClaimedSimrsReminder>(
    `WITH due AS (
       SELECT id FROM simrs_reminders
        WHERE sent_at IS NULL AND due_at <= to_timestamp($1::float8 / 1000)
        ORDER BY due_at, id
        LIMIT $2
        FOR UPDATE SKIP LOCKED)
     UPDATE simrs_reminders r SET sent_at = to_timestamp($1::float8 / 1000)
       FROM due WHERE r.id = due.id
     RETURNING r.id::int AS id, r.no_reg, r.kind, r.nomr, 'poli' AS jenis, r.ds_dep, r.nama_dr, to_char(r.tgl_janji, 'YYYY-MM-DD') AS tgl_janji,
               r.jam_dtg, r.jam_plg, r.no_urut`,
    [now, limit],
  );
}

export async function linkSimrsNotification(q: Queryable, reminderId: number, notificationId: number): Promise<void> {
  await q.query('UPDATE simrs_reminders SET notification_id = $2 WHERE id = $1', [reminderId, notificationId]);
}

/** The reminders of a booking in the hospital's system still to go out, in order; null when it has none planned at all. */
export async function pendingSimrsReminders(q: Queryable, no_reg: string): Promise<Reminder[] | null> {
  const rows = await q.query<{ jenis: Reminder['jenis']; waktu: string; sent: boolean }>(
    `SELECT kind AS jenis, ${wibText('due_at')} AS waktu, sent_at IS NOT NULL AS sent FROM simrs_reminders WHERE no_reg = $1 ORDER BY due_at`,
    [no_reg],
  );
  if (!rows.length) return null;
  return rows.filter((r) => !r.sent).map(({ jenis, waktu }) => ({ jenis, waktu }));
}

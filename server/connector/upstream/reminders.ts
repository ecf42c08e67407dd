// The reminders of the appointments the hospital's API lists (SIMRS=upstream, docs/integration.md
// "What it stores"): planned in this API's database each time the patient's upcoming list is read,
// for the push worker to send (db/upstream-reminders.ts).
import type { Db } from '../../db/client.ts';
import { type PlannedReminder, planUpstreamReminders } from '../../db/upstream-reminders.ts';
import type { UpcomingRow } from '../../domain/manage.ts';
import { dueReminders, type ReminderPolicy } from '../../domain/reminders.ts';

/**
 * The reminders of the appointments the hospital listed, kept in this API's database for the
 * push worker: the evening before always, the practice-day one where the hours are known.
 */
export async function planReminders(db: Db, nomr: string, rows: UpcomingRow[], policy: ReminderPolicy): Promise<void> {
  const now = Date.now();
  const plans: PlannedReminder[] = rows.flatMap((r) => {
    const hours = /^\d{1,2}:\d{2}/.test(r.jam_dtg);
    const subject = {
      nomr,
      jenis: 'poli' as const,
      ds_dep: r.departemen,
      nama_dr: r.nama_dokter,
      tgl_janji: r.tanggal_janji,
      jam_dtg: hours ? r.jam_dtg : '',
      jam_plg: hours ? r.jam_plg : '',
      no_urut: r.no_urut,
    };
    const appointment = r.no_reg || `${r.tanggal_janji}|${r.departemen}|${r.nama_dokter}|${r.no_urut}`;
    return dueReminders({ tgl_janji: r.tanggal_janji, jam_dtg: subject.jam_dtg, jenis: 'poli' }, policy, now)
      .filter((d) => hours || d.kind === 'malam_sebelum')
      .map((d) => ({ ...d, appointment, subject }));
  });
  await db.tx((q) => planUpstreamReminders(q, nomr, plans));
}

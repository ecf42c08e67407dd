// Appointment reminders: when they go out and what they say. No SQL and no timers: the reminders
// are rows (db/reminders.ts), claimed when due by the push worker of any server process
// (push/reminders.ts). Times are instants (epoch ms) read on the WIB wall clock (docs/decisions.md D8).
import type { AppointmentKind } from '../../common/booking.ts';
import { formatLong } from '../../common/dates.ts';
import { formatHours } from '../../common/hours.ts';
import { HOME } from '../../common/routes.ts';
import type { NotifyRequest } from '../../common/schemas/internal.ts';
import { wibInstant } from '../../common/wib.ts';
import { SHARED_MSG } from '../../common/messages.ts';

export type ReminderKind = 'malam_sebelum' | 'sebelum_praktik' | 'ruang_dibuka';

/** The settings (config.ts): the evening before at a time, hours before practice, an online room. */
export interface ReminderPolicy {
  /** Minutes after midnight WIB of the evening-before reminder (18:00 → 1080). */
  eveningReminderMinutes: number;
  /** Hours before practice starts of the practice-day reminder; 0: none. */
  hoursBefore: number;
  /** Minutes before an online session at which its room opens (the link shows, a push goes out). */
  onlineRoomMinutes: number;
}

export interface DueReminder {
  kind: ReminderKind;
  /** Epoch ms. */
  due: number;
}

/** The reminders when the settings leave them out (config.ts: REMINDER_EVENING_AT, REMINDER_HOURS_BEFORE, ONLINE_ROOM_OPENS_MINUTES). */
export const DEFAULT_REMINDERS: ReminderPolicy = { eveningReminderMinutes: 18 * 60, hoursBefore: 2, onlineRoomMinutes: 10 };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface Timed {
  tgl_janji: string;
  jam_dtg: string;
  jenis: AppointmentKind;
}

/** The reminders of an appointment still ahead of `now`: a time already past gets none. */
export function dueReminders(a: Timed, policy: ReminderPolicy, now: number): DueReminder[] {
  const start = wibInstant(a.tgl_janji, a.jam_dtg);
  const midnight = wibInstant(a.tgl_janji, '00:00');
  const all: DueReminder[] = [{ kind: 'malam_sebelum', due: midnight - DAY_MS + policy.eveningReminderMinutes * MINUTE_MS }];
  if (policy.hoursBefore > 0) all.push({ kind: 'sebelum_praktik', due: start - policy.hoursBefore * 60 * MINUTE_MS });
  if (a.jenis === 'online') all.push({ kind: 'ruang_dibuka', due: start - policy.onlineRoomMinutes * MINUTE_MS });
  return all.filter((r) => r.due > now);
}

/** What a reminder names: the clinic, the doctor, the date, the hours and the queue number. */
export interface ReminderSubject {
  nomr: string;
  jenis: AppointmentKind;
  ds_dep: string;
  nama_dr: string;
  tgl_janji: string;
  jam_dtg: string;
  jam_plg: string;
  no_urut: number;
}

const TITLES: Record<ReminderKind, (a: ReminderSubject) => string> = {
  malam_sebelum: (a) => (a.jenis === 'online' ? 'Pengingat: konsultasi online besok' : 'Pengingat: perjanjian poliklinik besok'),
  sebelum_praktik: (a) => (a.jenis === 'online' ? 'Pengingat: konsultasi online hari ini' : 'Pengingat: perjanjian poliklinik hari ini'),
  ruang_dibuka: () => 'Ruang konsultasi online sudah dibuka',
};

/** The notification of a reminder; a tap opens home, where the appointment's card is. */
export function reminderNotification(kind: ReminderKind, a: ReminderSubject): NotifyRequest {
  // A hospital's own API may not give the hours (SIMRS=upstream): the date alone then.
  const when = a.jam_dtg
    ? `${formatLong(a.tgl_janji)} ${a.jam_plg ? `pukul ${formatHours(a.jam_dtg, a.jam_plg)}` : formatHours(a.jam_dtg)}`
    : formatLong(a.tgl_janji);
  const what = `${a.ds_dep} dengan ${a.nama_dr}, ${when}. Nomor antrian Anda ${a.no_urut}.`;
  const after =
    kind === 'ruang_dibuka'
      ? ` Buka aplikasi lalu pilih '${SHARED_MSG.enterRoom}'.`
      : a.jenis === 'online'
        ? ' Tautan ruang konsultasi muncul di aplikasi sesaat sebelum sesi dimulai.'
        : ' Silakan datang sesuai jam layanan.';
  return { nomr: a.nomr, title: TITLES[kind](a), body: `${what}${after}`, url: HOME };
}

/** A reminder claimed after its session has ended (a server down for hours) tells nothing useful: dropped. */
export const tooLate = (a: Pick<ReminderSubject, 'tgl_janji' | 'jam_plg'>, now: number): boolean => now >= wibInstant(a.tgl_janji, a.jam_plg || '23:59');

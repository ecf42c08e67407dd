// Each notice kind as the delivery layer takes it: the push message as before (domain/*), and the
// WhatsApp template's named parameters from the same row.
import { formatLong } from '../../common/dates.ts';
import { formatHours } from '../../common/hours.ts';
import { calledNotification, nearNotification, readyNotification } from '../domain/queues.ts';
import { referralReminderNotification, type ReferralReminder } from '../domain/referral-reminders.ts';
import { reminderNotification, type ReminderKind, type ReminderSubject } from '../domain/reminders.ts';
import type { Notice } from '../db/deliver.ts';

type Queued = { no_mr: string; no_urut: number; ds_dep: string };

export const calledNotice = (row: Queued): Notice => ({
  nomr: row.no_mr,
  event: 'dipanggil',
  params: { poli: row.ds_dep, nomor: row.no_urut },
  push: calledNotification(row),
});

export const nearNotice = (row: Queued & { ahead: number }): Notice => ({
  nomr: row.no_mr,
  event: 'tinggal',
  params: { sisa: row.ahead, poli: row.ds_dep, nomor: row.no_urut },
  push: nearNotification(row),
});

export const readyNotice = (nomr: string, no_antrian: string): Notice => ({
  nomr,
  event: 'obat-siap',
  params: { nomor: no_antrian },
  push: readyNotification(nomr, no_antrian),
});

export function reminderNotice(kind: ReminderKind, a: ReminderSubject): Notice {
  const hours = a.jam_dtg ? ` pukul ${a.jam_plg ? formatHours(a.jam_dtg, a.jam_plg) : formatHours(a.jam_dtg)}` : '';
  return {
    nomr: a.nomr,
    event: 'pengingat',
    params: { poli: a.ds_dep, dokter: a.nama_dr, waktu: `${formatLong(a.tgl_janji)}${hours}`, nomor: a.no_urut },
    push: reminderNotification(kind, a),
  };
}

export const referralNotice = (r: ReferralReminder & { nomr: string; days_before: number }): Notice => ({
  nomr: r.nomr,
  event: 'rujukan-berakhir',
  params: { perujuk: r.perujuk, poli: r.poli, tanggal: formatLong(r.berlaku_sampai), hari: r.days_before },
  push: referralReminderNotification(r),
});

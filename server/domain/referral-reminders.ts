// The pushes before a BPJS referral runs out: when (14 and 3 days before its last valid day, at
// 09.00 WIB) and in which words. Pure: db/referral-reminders.ts keeps them, push/reminders.ts sends
// them, and the referral itself is VClaim's (bpjs/referrals.ts).
import { addDays, formatLong } from '../../common/dates.ts';
import { HOME } from '../../common/routes.ts';
import type { NotifyRequest } from '../../common/schemas/internal.ts';
import { wibInstant } from '../../common/wib.ts';

/** What a push before a referral runs out names. */
export interface ReferralReminder {
  nomorreferensi: string;
  poli: string;
  perujuk: string;
  berlaku_sampai: string;
}

/** The days before a referral runs out that its patient is told, at 09.00 WIB. */
const REFERRAL_REMINDER_DAYS = [14, 3] as const;

/** The pushes still ahead of `now`: 14 and 3 days before the last valid day. */
export function referralReminderDue(berlakuSampai: string, now: number): Array<{ days: number; due: number }> {
  return REFERRAL_REMINDER_DAYS.map((days) => ({ days, due: wibInstant(addDays(berlakuSampai, -days), '09:00') })).filter((r) => r.due > now);
}

/** The push: when it runs out, and what to do before then. */
export function referralReminderNotification(r: ReferralReminder & { nomr: string; days_before: number }): NotifyRequest {
  return {
    nomr: r.nomr,
    title: 'Rujukan BPJS Anda segera berakhir',
    body: `Rujukan dari ${r.perujuk} untuk poli ${r.poli} berlaku sampai ${formatLong(r.berlaku_sampai)}, ${r.days_before} hari lagi. Bila Anda masih memerlukan kunjungan sesudah tanggal itu, silakan minta rujukan baru ke puskesmas atau klinik Anda (FKTP) sebelum rujukan ini berakhir.`,
    url: HOME,
  };
}

// The kinds of notice a patient gets, by the name the server's delivery layer and the app's
// choice on /profil both use (docs/whatsapp.md). The patient may turn each off; 'lainnya' is
// the hospital's own free text, always push.
import { compactPhone, isMobileNumber } from './phone.ts';

export const NOTICE_EVENTS = ['pengingat', 'tinggal', 'dipanggil', 'obat-siap', 'rujukan-berakhir', 'cuti-dokter', 'kursi-tunggu'] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/** What the patient reads beside each kind on /profil. */
export const NOTICE_LABELS: Record<NoticeEvent, string> = {
  pengingat: 'Pengingat sebelum kunjungan',
  tinggal: "Antrian 'tinggal N lagi'",
  dipanggil: 'Nomor antrian dipanggil',
  'obat-siap': 'Obat siap diambil',
  'rujukan-berakhir': 'Rujukan BPJS segera berakhir',
  'cuti-dokter': 'Dokter cuti atau jam praktik berubah',
  'kursi-tunggu': 'Kursi dari daftar tunggu',
};

export type Channel = 'push' | 'whatsapp' | 'both';

/**
 * An Indonesian mobile number as WhatsApp's API takes it (E.164 without '+'): 0812…, +62812… and
 * 62812… become 62812…; null if it is not one by the forms' one rule (common/phone.ts).
 */
export function waNumber(raw: string): string | null {
  const n = compactPhone(raw.replace(/[().]/g, '')).replace(/^62(?=8)/, '+62');
  if (!isMobileNumber(n)) return null;
  return n.startsWith('+') ? n.slice(1) : `62${n.slice(1)}`;
}

/** 628123… shown as the patient writes it: 08123… */
export const localNumber = (e164: string): string => (e164.startsWith('62') ? `0${e164.slice(2)}` : e164);

// Whose notification it is, on a phone that looks after several patients (family profiles): the
// title starts with the patient's name ('Bapak Budi Santoso: Nomor antrian Anda dipanggil') and a
// tap opens that patient's home, switching the app to them. A phone with one patient gets the
// message as it was written. Every path that notifies (queue calls, reminders, the hospital's own
// messages) goes through the one sender, so none of them needs to know.
import type { PushMessage } from '../../common/push.ts';
import { HOME } from '../../common/routes.ts';
import { todayWib } from '../../common/dates.ts';

export interface Addressee {
  nomr: string;
  nama: string;
  jenis_kelamin: string;
  /** YYYY-MM-DD */
  tgl_lahir: string;
}

/** Adults are 'Bapak' or 'Ibu', as the hospital's counters call them; a child by name alone. */
const ADULT_YEARS = 17;

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'.-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

function age(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** 'Bapak Budi Santoso', 'Ibu Siti Aminah', 'Rafi Pratama' (a child). */
export function addresseeName(p: Addressee, now = Date.now()): string {
  const name = titleCase(p.nama.trim().replace(/\s+/g, ' ')).slice(0, 60);
  if (age(p.tgl_lahir, todayWib(now)) < ADULT_YEARS) return name;
  return `${p.jenis_kelamin === 'P' ? 'Ibu' : 'Bapak'} ${name}`;
}

/** The link that opens this patient's home and makes them the active profile. */
const profileHome = (nomr: string): string => `${HOME}?profil=${encodeURIComponent(nomr)}`;

/**
 * The message a phone linked to several patients gets: named, and opening that patient's home
 * (the notification is theirs, whatever page the hospital meant: another patient may be the one
 * on screen). `shared` false: the message unchanged.
 */
export function addressed(m: PushMessage, to: Addressee, shared: boolean, now = Date.now()): PushMessage {
  if (!shared) return m;
  return { ...m, title: `${addresseeName(to, now)}: ${m.title}`.slice(0, 120), url: profileHome(to.nomr) };
}

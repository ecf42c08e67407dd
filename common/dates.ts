// Calendar dates as the hospital counts them: Asia/Jakarta (WIB, UTC+7, no daylight saving),
// whatever the device's or server's own time zone (decisions 8). A date is a 'YYYY-MM-DD' string.

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const WEEKDAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;
export const MONTHS = [
  'Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni',
  'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember',
] as const;

/** Today's date in WIB. */
export function todayWib(now: number = Date.now()): string {
  return new Date(now + WIB_OFFSET_MS).toISOString().slice(0, 10);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when s is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function utc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utc(b) - utc(a)) / DAY_MS);
}

export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Indonesian weekday name (decisions 9). */
export function weekdayName(date: string): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[new Date(utc(date)).getUTCDay()];
}

export function sameWeekday(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** MM/DD/YY, the quota query's date (decisions 10). */
export function toQuotaDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y.slice(2)}`;
}

/** Reads MM/DD/YY back into YYYY-MM-DD (20YY), or null. */
export function fromQuotaDate(s: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(s);
  if (!m) return null;
  const iso = `20${m[3]}-${m[1]}-${m[2]}`;
  return isIsoDate(iso) ? iso : null;
}

/** DD/MM/YYYY */
export function formatDmy(date: string | null | undefined): string {
  if (!date) return '';
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** DD MMMM YYYY with Indonesian month names, e.g. 17 Agustus 1968. */
export function formatLong(date: string | null | undefined): string {
  if (!date || !isIsoDate(date.slice(0, 10))) return '';
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
}

/** ISO weekday number: 1 Senin … 7 Minggu. */
export function isoWeekday(date: string): number {
  const d = new Date(utc(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Indonesian name of ISO weekday n (1 Senin … 7 Minggu). */
export function isoWeekdayName(n: number): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[n % 7];
}

/** The ISO weekday number of an Indonesian weekday name, or null. */
export function weekdayNumber(name: string): number | null {
  const i = WEEKDAYS.findIndex((w) => sameWeekday(w, name));
  return i < 0 ? null : i === 0 ? 7 : i;
}

/** The first date on or after `from` that falls on ISO weekday n. */
export function nextOnWeekday(from: string, n: number): string {
  return addDays(from, (n - isoWeekday(from) + 7) % 7);
}

/** A date as read out: 'Senin, 7 Desember 2026'. */
export function dayLabel(date: string): string {
  return `${weekdayName(date)}, ${formatLong(date).replace(/^0/, '')}`;
}

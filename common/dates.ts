// Calendar dates as the hospital counts them: Asia/Jakarta (WIB, UTC+7, no daylight saving),
// whatever the device's or server's own time zone (docs/decisions.md D8). A date is a 'YYYY-MM-DD' string.
// The display and wire formats (docs/decisions.md D10) are tinydate templates.
import tinydate from 'tinydate';
import { WIB_OFFSET_MS } from './wib.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const WEEKDAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;
export const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'] as const;

const pad = (n: number) => (n < 10 ? '0' : '') + n;

// tinydate reads a Date in the machine's own zone. These read it in UTC, and every Date given
// them holds either a calendar date at UTC midnight or a WIB wall-clock time shifted by +7 h, so
// the result is the same on a phone in Jayapura and a server in UTC.
const WIB = {
  YYYY: (d: Date) => d.getUTCFullYear(),
  YY: (d: Date) => pad(d.getUTCFullYear() % 100),
  MM: (d: Date) => pad(d.getUTCMonth() + 1),
  MMMM: (d: Date) => MONTHS[d.getUTCMonth()],
  DD: (d: Date) => pad(d.getUTCDate()),
  D: (d: Date) => d.getUTCDate(),
  HH: (d: Date) => pad(d.getUTCHours()),
  mm: (d: Date) => pad(d.getUTCMinutes()),
};
const template = (t: string) => tinydate(t, WIB);

const ISO = /* @__PURE__ */ template('{YYYY}-{MM}-{DD}');
const QUOTA = /* @__PURE__ */ template('{MM}/{DD}/{YY}');
const DMY = /* @__PURE__ */ template('{DD}/{MM}/{YYYY}');
// The day without a leading zero, as Indonesian writes a date: '7 Desember 2026' (decisions).
const LONG = /* @__PURE__ */ template('{D} {MMMM} {YYYY}');
const MOMENT = /* @__PURE__ */ template('{D} {MMMM} {YYYY} pukul {HH}.{mm}');

/** The WIB wall-clock time of an instant, as a Date to read in UTC. */
const wib = (ms: number) => new Date(ms + WIB_OFFSET_MS);

/** Today's date in WIB. */
export function todayWib(now: number = Date.now()): string {
  return ISO(wib(now));
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

/** A date (its first ten characters: '2026-12-01 07:45:00' is 1 December) at UTC midnight. */
const day = (date: string) => new Date(utc(date.slice(0, 10)));

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utc(b) - utc(a)) / DAY_MS);
}

export function addDays(date: string, days: number): string {
  return ISO(new Date(utc(date) + days * DAY_MS));
}

/** Indonesian weekday name (docs/decisions.md D9). */
export function weekdayName(date: string): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[day(date).getUTCDay()];
}

export function sameWeekday(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** MM/DD/YY, the quota query's date (docs/decisions.md D10). */
export function toQuotaDate(date: string): string {
  return QUOTA(day(date));
}

/** Reads MM/DD/YY back into YYYY-MM-DD (20YY), or null. */
export function fromQuotaDate(s: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(s);
  if (!m) return null;
  const iso = `20${m[3]}-${m[1]}-${m[2]}`;
  return isIsoDate(iso) ? iso : null;
}

const known = (date: string | null | undefined): date is string => !!date && isIsoDate(date.slice(0, 10));

/**
 * How a date is shown on screen, in one voice: 'long' 7 Desember 2026, 'day' Senin, 7 Desember
 * 2026 (a day to come: the weekday helps plan it), 'dmy' 07/12/2026 (only where the spec asks for
 * DD/MM/YYYY). '' for anything that is not a date, so no wire format ever reaches the screen.
 */
export type DateStyle = 'long' | 'day' | 'dmy';

export function formatDate(date: string | null | undefined, style: DateStyle = 'long'): string {
  if (!known(date)) return '';
  const d = day(date);
  if (style === 'dmy') return DMY(d);
  const long = LONG(d);
  return style === 'day' ? `${WEEKDAYS[d.getUTCDay()]}, ${long}` : long;
}

/** The long form, e.g. 17 Agustus 1968. */
export function formatLong(date: string | null | undefined): string {
  return formatDate(date, 'long');
}

/** An instant as a WIB date and time: '23 November 2026 pukul 07.45'. */
export function formatMoment(ms: number): string {
  return MOMENT(wib(ms));
}

/** ISO weekday number: 1 Senin … 7 Minggu. */
export function isoWeekday(date: string): number {
  const d = day(date).getUTCDay();
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
  return formatDate(date, 'day');
}

const CLOCK = /* @__PURE__ */ template('{HH}.{mm}');

/** An instant (ms, or ISO 8601 with its offset) as a WIB time of day: '09.40'; '' when unreadable. */
export function formatClock(at: number | string): string {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return Number.isFinite(ms) ? CLOCK(wib(ms)) : '';
}

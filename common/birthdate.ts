// A birth date as a person enters it, in three parts (Tanggal, Bulan, Tahun), and the one rule of
// what a birth date may be: the login and registration forms say what is wrong beside the field,
// and the server refuses a registration by the same rule.
import { daysBetween, isIsoDate, MONTHS, todayWib } from './dates.ts';

export interface DateParts {
  day: string;
  month: string;
  year: string;
}
export type DatePart = keyof DateParts;

/**
 * 'empty': a part left unfilled. 'year': a year not written with four digits ('68' could be 1968
 * or 2068: asked again, not guessed). 'invalid': no such day (31 Februari), or no birth date a
 * living patient can have (in the future, or more than 130 years ago).
 */
type BirthDateProblem = 'empty' | 'year' | 'invalid';

export interface BirthDateCheck {
  /** YYYY-MM-DD when the date is fine, '' otherwise. */
  iso: string;
  problem: BirthDateProblem | null;
  /** The parts to mark wrong, in the order they appear. */
  parts: DatePart[];
}

const MAX_AGE_DAYS = 130 * 366;

/** A real calendar date, not after today (WIB) and at most 130 years before it. */
export function isBirthDate(iso: string, today: string = todayWib()): boolean {
  if (!isIsoDate(iso)) return false;
  const age = daysBetween(iso, today);
  return age >= 0 && age <= MAX_AGE_DAYS;
}

const two = (s: string) => (/^\d$/.test(s) ? `0${s}` : s);

export function checkBirthDate(p: DateParts, today: string = todayWib()): BirthDateCheck {
  const empty = (['day', 'month', 'year'] as const).filter((k) => !p[k].trim());
  if (empty.length) return { iso: '', problem: 'empty', parts: empty };
  const year = p.year.trim();
  if (!/^\d{4}$/.test(year)) return { iso: '', problem: 'year', parts: ['year'] };
  const iso = `${year}-${two(p.month.trim())}-${two(p.day.trim())}`;
  if (!isIsoDate(iso)) return { iso: '', problem: 'invalid', parts: ['day'] };
  if (!isBirthDate(iso, today)) return { iso: '', problem: 'invalid', parts: ['year'] };
  return { iso, problem: null, parts: [] };
}

const MONTH_NAMES = MONTHS.map((m) => m.toLowerCase());

/**
 * A whole date pasted into one part, as people keep it in a note: 31/08/1968, 31-08-1968,
 * 31.08.1968, 1968-08-31 or 31 Agustus 1968. null for anything else (pasted as typed).
 */
export function readPastedDate(text: string): DateParts | null {
  const s = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return fits(m[3], m[2], m[1]);
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return fits(m[1], m[2], m[3]);
  m = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})$/.exec(s);
  const month = m ? MONTH_NAMES.indexOf(m[2].toLowerCase()) : -1;
  return m && month >= 0 ? fits(m[1], String(month + 1), m[3]) : null;
}

/** Parts the day and month lists can show (1–31, 1–12); the calendar is checked on submit. */
function fits(day: string, month: string, year: string): DateParts | null {
  const d = Number(day);
  const mo = Number(month);
  return d >= 1 && d <= 31 && mo >= 1 && mo <= 12 ? { day: two(day), month: two(month), year } : null;
}

/** Nothing entered yet. */
export const NO_DATE: BirthDateCheck = { iso: '', problem: 'empty', parts: ['day', 'month', 'year'] };

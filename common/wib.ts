// The hospital's clock: Asia/Jakarta (WIB, UTC+7, no daylight saving), whatever the zone of the
// phone or the server (docs/decisions.md D8). The one offset, and the one reading of a WIB wall-clock
// time: every instant of a date and an 'HH:MM' goes through atWib.

/** WIB's offset from UTC, as ISO 8601 writes it (docs/decisions.md D22) and in milliseconds. */
export const WIB_OFFSET = '+07:00';
export const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** '08:00', '8:00', '08.00' or '08:00:00' as minutes after midnight; null when it is no time of day. */
export function minutesOf(hhmm: string): number | null {
  const m = /^(\d{1,2})[:.](\d{2})/.exec(hhmm.trim());
  return m && Number(m[1]) < 24 && Number(m[2]) < 60 ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** UTC midnight of a 'YYYY-MM-DD' that is a real calendar date; null otherwise. */
function dayOf(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(date) ? ms : null;
}

/** The instant of a WIB wall-clock time on a date; null when the date is no date or the time no time. */
export function atWib(date: string, hhmm: string | null | undefined): number | null {
  const day = dayOf(date);
  const minutes = hhmm ? minutesOf(hhmm) : null;
  return day === null || minutes === null ? null : day - WIB_OFFSET_MS + minutes * MINUTE_MS;
}

/**
 * atWib for the rules that read a practice's hours (reminders, whether it has started): the same
 * instant wherever atWib reads one, a time that is no time read as the day's start, and NaN for a
 * date that is no date, so every comparison with it is false (no reminder, never started).
 */
export function wibInstant(date: string, hhmm: string | null | undefined): number {
  return atWib(date, hhmm) ?? atWib(date, '00:00') ?? Number.NaN;
}

/** An instant as ISO 8601 with the WIB offset, to the second: '2026-11-26T08:00:00+07:00'. */
export const wibIso = (at: number): string => `${new Date(at + WIB_OFFSET_MS).toISOString().slice(0, 19)}${WIB_OFFSET}`;

/** Minutes since midnight of the WIB wall clock at an instant. */
export const wibMinutes = (at: number): number => Math.floor(((((at + WIB_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);

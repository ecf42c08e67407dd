// Hours in the app's one voice (issue #43 item 10), apart from dates.ts: the login page's shell
// carries dates.ts whole, and none of its screens shows a practice's hours.
import { minutesOf } from './wib.ts';

const two = (n: number) => String(n).padStart(2, '0');

/** A wall-clock time as the hospital writes it ('08:00', '8:00', '08:00:00') the Indonesian way: '08.00'; else as it came. */
function clockText(hhmm: string): string {
  const m = minutesOf(hhmm);
  return m === null ? hhmm.trim() : `${two(Math.floor(m / 60))}.${two(m % 60)}`;
}

/**
 * Hours in the app's one voice: a range '08.00–12.00' (an en dash, no spaces), a single time
 * 'pukul 08.00'. Takes the booking routes' joined 'HH:MM-HH:MM' (sessionHours) as a range too.
 * Every practice's hours and time a patient reads go through it (screens and the server's texts).
 */
export function formatHours(from: string, to?: string | null): string {
  const joined = to == null ? /^\s*(\d{1,2}[:.]\d{2}(?::\d{2})?)\s*[-–]\s*(\d{1,2}[:.]\d{2}(?::\d{2})?)\s*$/.exec(from) : null;
  const [a, b] = joined ? [joined[1], joined[2]] : [from, to];
  return b?.trim() ? `${clockText(a)}–${clockText(b)}` : minutesOf(a) === null ? a.trim() : `pukul ${clockText(a)}`;
}

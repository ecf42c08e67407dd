// Hours in the app's one voice (issue #43 item 10), apart from dates.ts: the login page's shell
// carries dates.ts whole, and none of its screens shows a practice's hours. The rule itself is
// clock.ts's hoursText; this adds the booking routes' joined 'HH:MM-HH:MM'.
import { hoursText } from './clock.ts';

/**
 * Hours in the app's one voice: a range '08.00–12.00' (an en dash, no spaces), a single time
 * 'pukul 08.00'. Takes the booking routes' joined 'HH:MM-HH:MM' (sessionHours) as a range too.
 * Every practice's hours and time a patient reads go through it or hoursText (screens and the server's texts).
 */
export function formatHours(from: string, to?: string | null): string {
  const joined = to == null ? /^\s*(\d{1,2}[:.]\d{2}(?::\d{2})?)\s*[-–]\s*(\d{1,2}[:.]\d{2}(?::\d{2})?)\s*$/.exec(from) : null;
  return joined ? hoursText(joined[1], joined[2]) : hoursText(from, to);
}

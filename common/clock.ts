// Hours in the app's one voice, the core every screen needs: '08.00–12.00' and 'pukul 08.00'.
// Apart from hours.ts, whose reading of the booking routes' joined 'HH:MM-HH:MM' only the booking
// screens and the server need: /home carries this file alone (in the signed-in core), and its
// 43 KB have no room for the rest.
import { minutesOf } from './wib.ts';

const two = (n: number) => String(n).padStart(2, '0');

/** A wall-clock time as the hospital writes it ('08:00', '8:00', '08:00:00') the Indonesian way: '08.00'; else as it came. */
function clockText(hhmm: string): string {
  const m = minutesOf(hhmm);
  return m === null ? hhmm.trim() : `${two(Math.floor(m / 60))}.${two(m % 60)}`;
}

/** A range '08.00–12.00' (an en dash, no spaces); a single time 'pukul 08.00'; what is no time as it came. */
export function hoursText(from: string, to?: string | null): string {
  return to?.trim() ? `${clockText(from)}–${clockText(to)}` : minutesOf(from) === null ? from.trim() : `pukul ${clockText(from)}`;
}

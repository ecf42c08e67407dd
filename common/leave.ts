// The words of a doctor's leave and of the waiting list that the server's notices and the app's
// cards share (docs/leave.md): a session to move to, in one voice, 'Senin, 7 Desember, 08.00–12.00'.
import { hoursText } from './clock.ts';
import { formatDate } from './dates.ts';

/** A session's day without its year, and its hours: 'Senin, 7 Desember, 08.00–12.00'. */
export const sessionLabel = (s: { tgl_janji: string; jam_dtg: string; jam_plg: string }): string =>
  `${formatDate(s.tgl_janji, 'day').replace(/ \d{4}$/, '')}, ${hoursText(s.jam_dtg, s.jam_plg)}`;

/** The one-tap move's button. */
export const moveLabel = (s: { tgl_janji: string; jam_dtg: string; jam_plg: string }): string => `Pindahkan ke ${sessionLabel(s)}`;

/** How a booking the hospital cancelled is shown. */
export const HOSPITAL_CANCELLED = 'Dibatalkan oleh rumah sakit';

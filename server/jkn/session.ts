// Which of a doctor's sessions Mobile JKN means: BPJS names it by its hours (jampraktek, HH:mm-HH:mm).
import type { JknPracticeSession } from '../connector/hospital-connector.ts';

/** 'H:MM', 'HH.MM' or 'HH:MM:SS' as 'HH:mm'. */
const hhmm = (t: string) => {
  const m = /^(\d{1,2})[:.](\d{2})/.exec(t.trim());
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : t;
};

/** The session whose hours are `jampraktek` (HH:mm-HH:mm); its start alone will do when the end differs. */
export function sessionAt(sessions: JknPracticeSession[], jampraktek: string): JknPracticeSession | null {
  const exact = sessions.find((s) => `${hhmm(s.jam_dtg)}-${hhmm(s.jam_plg)}` === jampraktek);
  return exact ?? sessions.find((s) => hhmm(s.jam_dtg) === jampraktek.slice(0, 5)) ?? null;
}

// When a waiting patient will be called, from the pace of the doctor's session today (decisions:
// the queue's estimate). Pure: the times come in as epoch milliseconds.

const MINUTE = 60_000;

/** The recent intervals between calls the pace is taken from. */
const RECENT_INTERVALS = 6;
/** Until this many intervals are known, the default counts as one of them. */
const PRIOR_UNTIL = 3;
/** An interval this many times the default (and at least 30 minutes) is a pause, not a patient. */
const PAUSE_FACTOR = 3;
const PAUSE_MIN_MINUTES = 30;

export interface SessionState {
  now: number;
  /** The practice's start today; null when the session's hours are unknown. */
  start: number | null;
  /** When the session's numbers were called, in any order. */
  calls: readonly number[];
  /** Minutes per patient before calls say otherwise: the clinic's own, or the server's. */
  defaultMinutes: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/**
 * Minutes per patient: the median of the last intervals between calls, leaving out pauses
 * (prayer, a meal, an emergency). The median ignores a patient who was skipped in a minute and
 * one who took forty; while few intervals are known the default is one of them.
 */
export function paceMinutes(calls: readonly number[], defaultMinutes: number): number {
  const pause = Math.max(PAUSE_MIN_MINUTES, PAUSE_FACTOR * defaultMinutes);
  const sorted = [...calls].sort((a, b) => a - b);
  const intervals = sorted
    .slice(1)
    .map((t, i) => (t - sorted[i]) / MINUTE)
    .filter((m) => m < pause)
    .slice(-RECENT_INTERVALS);
  if (intervals.length < PRIOR_UNTIL) intervals.push(defaultMinutes);
  return median(intervals);
}

/**
 * When the patient with `ahead` waiting patients before them is expected to be called: after the
 * one called last and those ahead, at the session's pace; before the first call, from the
 * practice start (or from now, when the doctor is late). Never earlier than now; whole minutes.
 */
export function estimateCall(s: SessionState, ahead: number): number {
  const pace = paceMinutes(s.calls, s.defaultMinutes) * MINUTE;
  let at: number;
  if (s.calls.length) {
    const last = Math.max(...s.calls);
    // The one being seen takes its share; once it has run over, the next call is due any moment.
    at = Math.max(last + (ahead + 1) * pace, s.now + ahead * pace);
  } else {
    at = Math.max(s.start ?? s.now, s.now) + ahead * pace;
  }
  return Math.ceil(Math.max(at, s.now) / MINUTE) * MINUTE;
}

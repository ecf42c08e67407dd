// The demo's "today" (its session of Dr D001 placed around the moment of seeding, A's queue
// number in it) is the WIB day it was seeded on. A test that began at 23:59 WIB would find it
// yesterday's halfway through: so whatever seeds the demo for a test waits, when the day ends within
// DAY_LEFT_MS, until it has turned, and seeds once per WIB day (docs/decisions.md, Tests at any hour).
import { addDays, todayWib } from '../../common/dates.ts';
import { atWib } from '../../common/wib.ts';

/** What a test file with the demo data may take at most: it starts with at least this much of the WIB day left. */
const DAY_LEFT_MS = 5 * 60_000;

/** Waits, when the WIB day ends within DAY_LEFT_MS, until it has turned. */
export async function enoughOfTheDay(): Promise<void> {
  const midnight = atWib(addDays(todayWib(), 1), '00:00') as number;
  const left = midnight - Date.now();
  if (left < DAY_LEFT_MS) await new Promise((r) => setTimeout(r, left + 1000));
}

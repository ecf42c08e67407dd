// The demo's "today" (its session of Dr D001 placed around the moment of seeding, A's queue
// number in it) is the WIB day it was seeded on. A test that began at 23:59 WIB would find it
// yesterday's halfway through, and one seeded at 00:00 finds the numbers already called all called
// at the same instant (the session's history is squeezed into the part of the day gone by,
// demoSession). So whatever seeds the demo for a test, or imports a test file, first waits out the
// day's last DAY_LEFT_MS and its first DAY_START_MS (docs/decisions.md, Tests at any hour).
import { addDays, todayWib } from '../../common/dates.ts';
import { atWib } from '../../common/wib.ts';

/** What a test file with the demo data may take at most: it starts with at least this much of the WIB day left. */
const DAY_LEFT_MS = 5 * 60_000;
/** The part of a new day the demo's session needs behind it to have called its numbers one after the other. */
const DAY_START_MS = 2 * 60_000;

/** Waits, when the WIB day ends within DAY_LEFT_MS or began less than DAY_START_MS ago, until it is DAY_START_MS old. */
export async function enoughOfTheDay(): Promise<void> {
  const today = todayWib();
  const now = Date.now();
  const left = (atWib(addDays(today, 1), '00:00') as number) - now;
  const gone = now - (atWib(today, '00:00') as number);
  const wait = left < DAY_LEFT_MS ? left + DAY_START_MS : gone < DAY_START_MS ? DAY_START_MS - gone : 0;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

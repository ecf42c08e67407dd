// The waiting list's one seat across two real server processes on one PostgreSQL (issue #45): one
// process frees the seat (the counter releases a no-show, POST …/antrian/poli/lepas) while direct
// bookings race for it through both; then the hold lapses and both processes' push workers sweep
// (db/waitlist.ts sweepOffers, every 50 ms here) beside two sweeps of this test's own. One patient
// holds the seat at any time, and it passes down the line once. PostgreSQL only: PGlite is one
// process, and leave.test.ts runs the one-process race on it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isoWeekday, todayWib } from '../../common/dates.ts';
import { LEAVE_API } from '../../common/leave-paths.ts';
import { API } from '../../common/paths.ts';
import { INTERNAL } from '../../common/server-paths.ts';
import { COHORT } from '../../server/connector/local/demo/seed.ts';
import { openPostgres } from '../../server/db/client.ts';
import { sweepOffers } from '../../server/db/waitlist.ts';
import { INTERNAL_TOKEN } from '../support/app.ts';
import { d001BookingOf } from '../support/booking.ts';
import { createPgDatabase, ENGINE } from '../support/db.ts';
import { apiToken, startServer, type RunningServer } from '../support/server.ts';

const NAME =
  'two server processes: a no-show released through one while ten wait and ten direct bookings race through both; one holder, then the next in line once';

/** Cohort patients far from the demo's queue of today (its first 14). */
const who = (i: number) => ({ nomr: String(COHORT.first + 100 + i), tgl_lahir: COHORT.tgl_lahir });

async function post(url: string, body: object, token: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read several answer shapes
  return { code: res.status, body: (await res.json()) as Record<string, any> };
}

async function race(): Promise<void> {
  const url = await createPgDatabase(process.env.TEST_PG_URL!);
  const env = { DATABASE_URL: url, DIST_DIR: '/nonexistent', INTERNAL_API_TOKEN: INTERNAL_TOKEN, PUSH_WORKER: 'true', PUSH_POLL_MS: '50' };
  // One after the other: the first migrates and seeds the database, the second finds it so.
  const a = await startServer(env);
  let b: RunningServer | undefined;
  const db = await openPostgres(url, 6);
  try {
    b = await startServer(env);
    const servers = [a, b];
    const via = (i: number) => servers[i % 2];
    const today = todayWib();
    // Today's session of D001 open all day, with one seat beside the demo's queue.
    const session = `SELECT ps.schedule_id FROM practice_sessions ps JOIN practice_schedules s ON s.id = ps.schedule_id
                      WHERE s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.sts_jam = '1' AND s.jenis = 'poli' AND s.hari = $2 AND ps.tgl = $1`;
    const [{ schedule_id }] = await db.query<{ schedule_id: number }>(session, [today, isoWeekday(today)]);
    await db.query(`UPDATE practice_sessions SET jam_dtg = '00:00', jam_plg = '23:59', batas_quota = quota_terisi + 1 WHERE schedule_id = $1 AND tgl = $2`, [
      schedule_id,
      today,
    ]);
    const counter = () =>
      db.query<{ batas_quota: number; quota_terisi: number }>('SELECT batas_quota, quota_terisi FROM practice_sessions WHERE schedule_id = $1 AND tgl = $2', [
        schedule_id,
        today,
      ]);
    const tokens = new Map<number, string>();
    for (let i = 0; i <= 20; i++) tokens.set(i, await apiToken(via(i).url, who(i)));
    const book = (i: number) => post(`${via(i).url}${API.book}`, d001BookingOf(who(i), today), tokens.get(i)!);

    // Patient 0 books the last seat; 1–10 join the line in order, through both processes.
    const booked = await book(0);
    assert.is(booked.body.status, true, JSON.stringify(booked.body));
    const no_reg = booked.body.data.no_reg as string;
    const line: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const joined = await post(`${via(i).url}${LEAVE_API.waitlistJoin}`, d001BookingOf(who(i), today), tokens.get(i)!);
      assert.is(joined.body.status, true, JSON.stringify(joined.body));
      line.push(joined.body.data.id);
    }

    // Patient 0 did not come: released through a's internal listener while 11–20 book through both.
    const [released, ...direct] = await Promise.all([
      post(`${a.internalUrl}${INTERNAL.noShowRelease}`, { no_reg }, INTERNAL_TOKEN),
      ...Array.from({ length: 10 }, (_, k) => book(11 + k)),
    ]);
    assert.is(released.code, 200, JSON.stringify(released.body));
    assert.equal(released.body.data, { no_reg, ditawarkan: true });
    assert.is([released, ...direct].filter((r) => r.code >= 500).length, 0);
    // Before the release the session was full; after it the seat was held: no direct booking got it.
    assert.equal(
      direct.filter((d) => d.body.status === true),
      [],
    );
    const holders = async () =>
      db.query<{ waitlist_id: number }>(`SELECT waitlist_id::int AS waitlist_id FROM seat_offers WHERE schedule_id = $1 AND tgl = $2 AND status = 'terbuka'`, [
        schedule_id,
        today,
      ]);
    assert.equal(await holders(), [{ waitlist_id: line[0] }]);
    const racers = Array.from({ length: 10 }, (_, k) => who(11 + k).nomr);
    const active = await db.query('SELECT 1 FROM appointments WHERE schedule_id = $1 AND tgl_janji = $2 AND cancelled_at IS NULL AND nomr = ANY($3)', [
      schedule_id,
      today,
      racers,
    ]);
    assert.is(active.length, 0, 'one holder: the offer, never a direct booking beside it');
    const [c1] = await counter();
    assert.is(c1.quota_terisi, c1.batas_quota, 'the held seat stays counted, never one more');

    // The hold runs out (its end moved into the past, as if its minutes had passed): both workers sweep, and so does this test, twice at once.
    await db.query(`UPDATE seat_offers SET expires_at = now() - interval '1 second' WHERE waitlist_id = $1`, [line[0]]);
    const [s1, s2] = await Promise.all([sweepOffers(db, Date.now() + 1000), sweepOffers(db, Date.now() + 1000)]);
    assert.ok(s1 + s2 <= 1, `lapsed ${s1} + ${s2}`);
    const deadline = Date.now() + 20_000;
    while ((await holders())[0]?.waitlist_id !== line[1] && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(await holders(), [{ waitlist_id: line[1] }], 'the second in line holds it now');
    // Whoever swept it, it passed once: two offers in all, one lapsed, the next told once, the rest still waiting.
    assert.is(await sweepOffers(db, Date.now() + 1000), 0);
    const offers = await db.query<{ waitlist_id: number; status: string }>(
      `SELECT waitlist_id::int AS waitlist_id, status FROM seat_offers WHERE schedule_id = $1 AND tgl = $2 ORDER BY id`,
      [schedule_id, today],
    );
    assert.equal(offers, [
      { waitlist_id: line[0], status: 'lewat' },
      { waitlist_id: line[1], status: 'terbuka' },
    ]);
    const statuses = await db.query<{ status: string }>('SELECT status FROM waitlist WHERE id = ANY($1) ORDER BY id', [line]);
    assert.equal(
      statuses.map((s) => s.status),
      ['lewat', 'ditawari', ...Array(8).fill('menunggu')],
    );
    const told = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE nomr = $1', [who(2).nomr]);
    assert.equal(told, [{ n: 1 }], 'the next in line is told once');
    const [c2] = await counter();
    assert.is(c2.quota_terisi, c2.batas_quota);
  } finally {
    await db.close();
    await Promise.all([a.stop(), b?.stop()]);
  }
}

if (ENGINE === 'postgres') test(NAME, race);
else {
  console.log(`skipped, needs PostgreSQL (TEST_PG_URL): ${NAME}`); // uvu counts skips but names none
  test.skip(NAME);
}

test.run();

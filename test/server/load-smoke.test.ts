// The load benchmarks' morning rush and waiting hall (scripts/bench/rush.ts, hall.ts), small, on
// the real HTTP server over sockets, on PGlite and on PostgreSQL: what they must show whatever the
// machine. Correctness only; `npm run bench` measures the same at full size.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { patientsWithSessions } from '../../scripts/bench/fixtures.ts';
import { hall } from '../../scripts/bench/hall.ts';
import { rush, toldWhy } from '../../scripts/bench/rush.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { COHORT } from '../../server/db/seed.ts';
import { BOOKING_MSG } from '../../server/domain/booking.ts';
import type { Api } from '../../server/routes/contract.ts';
import { INTERNAL_TOKEN, testConfig } from '../support/app.ts';
import { freshDb } from '../support/db.ts';

const config = testConfig();
let db: Db;
let app: Api;
let url: string;

test.before(async () => {
  db = await freshDb();
  // One listener for the patients' and the hospital's calls, as the inject() tests have it.
  app = await buildApp({ config, db, logger: false, internal: 'here' });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
test.after(async () => {
  await app.close();
  await db.close();
});

test('the morning rush: 200 patients for 30 seats of a day get exactly 30 bookings, and every other one is told in Indonesian that it is full', async () => {
  const people = await patientsWithSessions(db, String(COHORT.first), 200, config);
  const r = await rush({ url, db, people, seats: 30, seconds: 1, windowDays: config.booking.windowDays });
  assert.equal(r.failures, {}, 'no 5xx and no attempt without an answer');
  assert.is(r.booked, 30);
  assert.is(r.duplicateNumbers, 0, 'no queue number given twice');
  assert.equal(r.held, { quota: 30, counter: 30, appointments: 30, distinctNumbers: 30 }, 'the database holds 30, none over');
  assert.equal(r.refusals, { [BOOKING_MSG.full]: 170 });
  assert.ok(toldWhy(BOOKING_MSG.full));
  assert.is(r.untold, 0);
  assert.is(r.latency.count, 200);
});

test("the waiting hall: 30 phones on the live queue, a call reaches each of its session's 20 and none of the other 10", async () => {
  const people = await patientsWithSessions(db, String(COHORT.first + 100), 30, config);
  const r = await hall({ url, internalUrl: url, internalToken: INTERNAL_TOKEN, db, people, sessionSize: 20, calls: 2, pid: process.pid });
  assert.equal(r.refused, {});
  assert.is(r.connected, 30);
  assert.is(r.sessionPhones, 20);
  assert.is(r.delivered, 40, 'both called numbers on all 20 phones');
  assert.is(r.missing, 0);
  assert.is(r.crossTalk, 0, "other sessions' phones hear nothing");
  assert.ok(r.memory.connected.rssMb > 0, 'the memory is read from /proc');
});

test.run();

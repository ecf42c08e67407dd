// The load benchmarks' constant-rate generator with the realistic mix, the morning rush and the
// waiting hall (scripts/bench/open-loop.ts, rush.ts, hall.ts), small, on the real HTTP server over
// sockets, on PGlite and on PostgreSQL: what they must show whatever the machine. Correctness
// only; `npm run bench` measures the same at full size.
import { createServer } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { patientsWithSessions } from '../../scripts/bench/fixtures.ts';
import { hall } from '../../scripts/bench/hall.ts';
import { mixFixtures, prebook } from '../../scripts/bench/mix.ts';
import { capacity, openLoop } from '../../scripts/bench/open-loop.ts';
import { MIX, realisticMix } from '../../scripts/bench/realistic-mix.ts';
import { rush, toldWhy } from '../../scripts/bench/rush.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { COHORT } from '../../server/connector/local/demo/seed.ts';
import { BOOKING_MSG } from '../../server/domain/booking.ts';
import type { Api } from '../../server/routes/route-schema.ts';
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

test('the realistic mix at a constant rate: every kind of call of the mix is sent, and every one answered 2xx', async () => {
  const fixtures = await mixFixtures(db, String(COHORT.first + 150), 50, config);
  const setup = { ...fixtures, booked: await prebook(url, fixtures.people.slice(0, 10), fixtures.slots) };
  const r = await openLoop({ url, rate: 100, seconds: 2, ...realisticMix(setup) });
  assert.is(r.sent, 200);
  assert.equal(r.examples, {}, 'no answer other than 2xx');
  assert.is(r.non2xx, 0);
  assert.is(r.failed, 0);
  assert.equal(Object.keys(r.perCall).sort(), MIX.map(([name]) => name).sort());
  assert.is(r.latency.count, 200);
});

test("the generator counts each latency from the request's scheduled start: a server that answers one at a time shows its queue", async () => {
  // A real server that answers one request at a time, 20 ms each: 100 arrive in a second, every
  // 10 ms, so each waits longer than the last (the 100th about 1 s). A closed loop would see 20 ms.
  let line = Promise.resolve();
  const slow = createServer((_req, res) => {
    line = line.then(() => new Promise<void>((done) => setTimeout(() => (res.end('ok'), done()), 20)));
  });
  await new Promise<void>((ready) => slow.listen(0, '127.0.0.1', ready));
  try {
    const { port } = slow.address() as { port: number };
    const r = await openLoop({ url: `http://127.0.0.1:${port}`, rate: 100, seconds: 1, next: () => ({ name: 'slow', method: 'GET', path: '/' }) });
    assert.is(r.failed, 0);
    assert.ok(r.latency.p50 > 400, `p50 ${r.latency.p50} ms`);
    assert.ok(r.latency.max > 900, `max ${r.latency.max} ms`);
    assert.ok(r.achieved < 60, `answered ${r.achieved}/s`);
  } finally {
    slow.closeAllConnections();
    await new Promise((closed) => slow.close(closed));
  }
});

test('a target that answers every request 401 at once holds no rate: a refusal answered fast is not the call served', async () => {
  const refusing = createServer((_req, res) => {
    res.statusCode = 401;
    res.end('{"status":false}');
  });
  await new Promise<void>((ready) => refusing.listen(0, '127.0.0.1', ready));
  try {
    const { port } = refusing.address() as { port: number };
    const found = await capacity(
      (rate) => openLoop({ url: `http://127.0.0.1:${port}`, rate, seconds: 1, next: () => ({ name: 'refused', method: 'GET', path: '/' }) }),
      [50, 100],
    );
    assert.is(found.held, 0);
    assert.equal(
      found.runs.map((r) => [r.rate, r.non2xx, r.failed]),
      [[50, 50, 0]],
      'fast, nothing failed, every answer a 401: stopped at the first rate',
    );
  } finally {
    refusing.closeAllConnections();
    await new Promise((closed) => refusing.close(closed));
  }
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

test('the waiting hall behind one address: past LIVE_MAX_PER_ADDRESS its phones are refused 429; named apart by a trusted proxy, every one connects', async () => {
  // Ten streams an address, and the socket's peer (this test) is the proxy the server believes.
  const behind = await buildApp({
    config: testConfig({ live: { maxPerSession: 3, maxPerAddress: 10 }, security: { ...config.security, trustProxy: '127.0.0.1' } }),
    db,
    logger: false,
    internal: 'here',
  });
  try {
    const at = await behind.listen({ port: 0, host: '127.0.0.1' });
    const run = (first: number, phonesPerAddress?: number) =>
      patientsWithSessions(db, String(COHORT.first + first), 30, config).then((people) =>
        hall({ url: at, internalUrl: at, internalToken: INTERNAL_TOKEN, db, people, sessionSize: 30, calls: 1, pid: process.pid, phonesPerAddress }),
      );
    const one = await run(0);
    assert.is(one.addresses, 1);
    assert.is(one.connected, 10);
    assert.equal(one.refused, { '429': 20 });
    const spread = await run(30, 10);
    assert.is(spread.addresses, 3);
    assert.equal(spread.refused, {});
    assert.is(spread.connected, 30);
    assert.is(spread.delivered, 30, 'the called number on every phone');
  } finally {
    await behind.close();
  }
});

test.run();

// The memory of checked sessions (server/db/session-cache.ts) on its own, listening on a real
// database: how long it holds an answer, and the answers it refuses to hold.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Db } from '../../server/db/client.ts';
import { SESSION_CHANNEL, SessionCache, sessionsEndedHere } from '../../server/db/session-cache.ts';
import { ENGINE, freshDb } from '../support/db.ts';

let db: Db;
let clock = 0;
const cache = new SessionCache(() => clock);
test.before(async () => {
  db = await freshDb({ seed: false });
});
test.after(async () => {
  await cache.stop();
  await db.close();
});

/** Announces an end as the sessions table's trigger does, and waits until the cache has heard it. */
async function announce(hash: string): Promise<void> {
  const probe = `probe-${hash}`;
  await db.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, hash]);
  // A second word after it: heard in order, so once the probe is out, the first was heard.
  cache.keep(probe, 'x', 60_000, cache.mark());
  await db.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, probe]);
  const deadline = Date.now() + 2000;
  while (cache.get(probe) !== undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  assert.is(cache.get(probe), undefined, 'the word was heard');
}

test(`[${ENGINE}] nothing is held before the cache listens`, async () => {
  cache.keep('h0', '00012345', 60_000, cache.mark());
  assert.is(cache.get('h0'), undefined);
  assert.ok(await cache.start(db));
  cache.keep('h0', '00012345', 60_000, cache.mark());
  assert.is(cache.get('h0'), '00012345');
});

test(`[${ENGINE}] an answer is held for as long as it was given, by this clock`, () => {
  clock = 1000;
  cache.keep('h1', '00012345', 30_000, cache.mark());
  clock = 30_999;
  assert.is(cache.get('h1'), '00012345');
  clock = 31_000;
  assert.is(cache.get('h1'), undefined);
  cache.keep('h1', '00012345', 0, cache.mark());
  assert.is(cache.get('h1'), undefined, 'an answer good for no time is not held');
});

test(`[${ENGINE}] a session that ends is dropped when the word comes, and an answer read before the word is not held`, async () => {
  cache.keep('h2', '00012345', 60_000, cache.mark());
  const before = cache.mark();
  await announce('h2');
  assert.is(cache.get('h2'), undefined);
  // A lookup that began before the word: its answer may be the session as it was.
  cache.keep('h2', '00012345', 60_000, before);
  assert.is(cache.get('h2'), undefined);
  cache.keep('h2', '00012345', 60_000, cache.mark());
  assert.is(cache.get('h2'), '00012345', 'a lookup after the word is held again');
});

test(`[${ENGINE}] a session ended by this process stays out until the word of its commit comes back`, async () => {
  cache.keep('h3', '00012345', 60_000, cache.mark());
  sessionsEndedHere(['h3']);
  assert.is(cache.get('h3'), undefined, 'dropped at once');
  // Read again before the commit: still the session as it was, and not held.
  cache.keep('h3', '00012345', 60_000, cache.mark());
  assert.is(cache.get('h3'), undefined);
  await announce('h3');
  cache.keep('h3', '00012345', 60_000, cache.mark());
  assert.is(cache.get('h3'), '00012345');
});

test(`[${ENGINE}] requests that come while a session is looked up take its answer; one that comes before an end is heard asks again`, async () => {
  let asked = 0;
  const opens: Array<(nomr: string | null) => void> = [];
  const ask = () => {
    asked++;
    return new Promise<string | null>((resolve) => opens.push(resolve));
  };
  const both = Promise.all([cache.lookup('h5', ask), cache.lookup('h5', ask)]);
  opens[0]('00012345');
  assert.equal(await both, ['00012345', '00012345']);
  assert.is(asked, 1, 'one lookup for both');

  const first = cache.lookup('h6', ask);
  const joined = cache.lookup('h6', ask);
  // A session ends, any one, and the word is heard before the lookup answers.
  await announce('h-other');
  opens[1]('00012345');
  assert.is(await first, '00012345', 'the request that asked takes its own answer, as before');
  const deadline = Date.now() + 2000;
  while (opens.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  assert.is(asked, 3, 'the one that joined asks on its own');
  opens[2](null);
  assert.is(await joined, null);
});

test(`[${ENGINE}] stopped, it holds nothing`, async () => {
  await cache.stop();
  assert.is(cache.get('h3'), undefined);
  cache.keep('h4', '00012345', 60_000, cache.mark());
  assert.is(cache.size, 0);
});

test.run();

// Sessions held in memory (server/db/session-cache.ts): a session checked lately is answered
// without the database, and it is refused on every server process as soon as it ends, however it
// ended. On PostgreSQL the second process is a second app with its own pool and its own LISTEN,
// as a second server process behind the load balancer has; on PGlite (one process) the same app.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { openPostgres, type Db, type Queryable } from '../../server/db/client.ts';
import { SessionCache } from '../../server/db/session-cache.ts';
import { hashToken, resolveSession } from '../../server/db/sessions.ts';
import type { Api } from '../../server/routes/route-schema.ts';
import { DEMO_A, DEMO_B, INTERNAL_TOKEN, loginAs, testApp, testConfig, type TestApp } from '../support/app.ts';
import { ENGINE } from '../support/db.ts';

let t: TestApp;
/** The other server process (PostgreSQL), or the same app (PGlite). */
let other: { app: Api | TestApp['app']; close: () => Promise<void> };

test.before(async () => {
  t = await testApp();
  if (ENGINE === 'postgres') {
    const otherDb = await openPostgres((t.db as Db & { url: string }).url, 5);
    const app = await buildApp({ config: testConfig(), db: otherDb, logger: false, internal: 'here' });
    await app.ready();
    other = { app, close: async () => (await app.close(), await otherDb.close()) };
  } else {
    other = { app: t.app, close: async () => undefined };
  }
});
test.after(async () => {
  await other.close();
  await t.close();
});

const profileStatus = async (app: TestApp['app'] | Api, token: string) =>
  (await app.inject({ url: API.profile, headers: { authorization: `Bearer ${token}` } })).statusCode;

/**
 * The status the call gets once the other processes have heard what the database announced on
 * commit (NOTIFY: on one machine within milliseconds); asked again every 5 ms, for 2 s at most.
 */
async function statusOnceHeard(app: TestApp['app'] | Api, token: string, expected: number): Promise<number> {
  const deadline = Date.now() + 2000;
  let status = await profileStatus(app, token);
  while (status !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 5));
    status = await profileStatus(app, token);
  }
  return status;
}

/** A token of `who` that both processes have just checked, so both hold it. */
async function heldToken(who = DEMO_A): Promise<string> {
  const token = await loginAs(t.app, who);
  assert.is(await profileStatus(t.app, token), 200);
  assert.is(await profileStatus(other.app, token), 200);
  return token;
}

test(`[${ENGINE}] a session checked a moment ago is answered from memory: an end the database does not announce is not seen within the minute`, async () => {
  const token = await heldToken();
  const fresh = await loginAs(t.app, DEMO_A);
  // Only here: the announcement switched off, the sessions ended behind the server's back.
  await t.db.query('ALTER TABLE sessions DISABLE TRIGGER sessions_ended');
  try {
    await t.db.query('UPDATE sessions SET revoked_at = now() WHERE nomr = $1 AND revoked_at IS NULL', [DEMO_A.nomr]);
    assert.is(await profileStatus(t.app, token), 200, 'held: the database was not asked');
    assert.is(await profileStatus(t.app, fresh), 401, 'a token not checked before is asked of the database');
  } finally {
    await t.db.query('ALTER TABLE sessions ENABLE TRIGGER sessions_ended');
  }
  // Announced (revoked_at written again), the end reaches the held session on every process.
  await t.db.query('UPDATE sessions SET revoked_at = now() WHERE nomr = $1', [DEMO_A.nomr]);
  assert.is(await statusOnceHeard(t.app, token, 401), 401);
  assert.is(await statusOnceHeard(other.app, token, 401), 401);
});

test(`[${ENGINE}] a session not held, its last use due: calls at once make one statement, which writes the last use`, async () => {
  const token = await loginAs(t.app, DEMO_B);
  const hash = hashToken(token);
  await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '5 minutes' WHERE token_hash = $1`, [hash]);
  const cache = new SessionCache();
  assert.ok(await cache.start(t.db));
  try {
    let statements = 0;
    const counted: Queryable = { query: (sql, params) => (statements++, t.db.query(sql, params)) };
    const policy = { idleMinutes: 60, maxDays: 30 };
    const answers = await Promise.all([1, 2, 3, 4].map(() => resolveSession(counted, token, policy, cache)));
    assert.equal(answers, [DEMO_B.nomr, DEMO_B.nomr, DEMO_B.nomr, DEMO_B.nomr]);
    assert.is(statements, 1);
    const [row] = await t.db.query<{ ago: number }>('SELECT extract(epoch FROM now() - last_seen_at)::float8 AS ago FROM sessions WHERE token_hash = $1', [
      hash,
    ]);
    assert.ok(row.ago < 60, `its last use written (${row.ago} s ago)`);
    assert.is(await resolveSession(counted, token, policy, cache), DEMO_B.nomr);
    assert.is(statements, 1, 'then held');
  } finally {
    await cache.stop();
  }
});

test(`[${ENGINE}] logout: refused at once by the process that ended it, and by the others as soon as they hear it`, async () => {
  const token = await heldToken();
  const out = await t.app.inject({ method: 'POST', url: API.logout, headers: { authorization: `Bearer ${token}` } });
  assert.is(out.statusCode, 200);
  assert.is(await profileStatus(t.app, token), 401, 'no wait on the process that logged out');
  assert.is(await statusOnceHeard(other.app, token, 401), 401);
  assert.is(await profileStatus(t.app, token), 401);
});

test(`[${ENGINE}] ended by SQL by hand (revoked, expired or idle): refused by every process`, async () => {
  for (const end of [`revoked_at = now()`, `expires_at = now() - interval '1 second'`, `last_seen_at = now() - interval '30 days'`]) {
    const token = await heldToken(DEMO_B);
    await t.db.query(`UPDATE sessions SET ${end} WHERE nomr = $1 AND revoked_at IS NULL`, [DEMO_B.nomr]);
    assert.is(await statusOnceHeard(t.app, token, 401), 401, end);
    assert.is(await statusOnceHeard(other.app, token, 401), 401, end);
  }
});

test(`[${ENGINE}] a session whose use is written again, or whose expiry moves later, stays open`, async () => {
  const token = await heldToken(DEMO_B);
  await t.db.query(`UPDATE sessions SET last_seen_at = now(), expires_at = expires_at + interval '1 day' WHERE nomr = $1 AND revoked_at IS NULL`, [
    DEMO_B.nomr,
  ]);
  assert.is(await profileStatus(t.app, token), 200);
  assert.is(await profileStatus(other.app, token), 200);
});

test(`[${ENGINE}] the Perangkat screen ends another phone's session, and the counter ends them all`, async () => {
  const phone = await heldToken(DEMO_B);
  const mine = await heldToken(DEMO_B);
  const list = await t.app.inject({ url: API.devices, headers: { authorization: `Bearer ${mine}` } });
  const others = (list.json().data.sessions as Array<{ id: string; current: boolean }>).filter((s) => !s.current);
  assert.ok(others.length >= 1);
  for (const s of others) {
    const res = await other.app.inject({ method: 'POST', url: API.sessionEnd, headers: { authorization: `Bearer ${mine}` }, payload: { id: s.id } });
    assert.is(res.statusCode, 200);
  }
  assert.is(await profileStatus(other.app, phone), 401, 'at once on the process that ended it');
  assert.is(await statusOnceHeard(t.app, phone, 401), 401);
  assert.is(await profileStatus(t.app, mine), 200, 'this phone stays signed in');

  const reset = await t.app.inject({ method: 'DELETE', url: `/api/internal/passkey/${DEMO_B.nomr}`, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
  assert.is(reset.statusCode, 200);
  assert.is(await profileStatus(t.app, mine), 401);
  assert.is(await statusOnceHeard(other.app, mine, 401), 401);
});

if (ENGINE === 'postgres') {
  test('a process that lost its LISTEN connection holds nothing: an end it could not hear is not missed', async () => {
    const token = await heldToken();
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "session_ended"'`,
    );
    assert.is(n, 2, 'each process listens once');
    // Ended while nobody listens: no process can hear it.
    await t.db.query('UPDATE sessions SET revoked_at = now() WHERE nomr = $1 AND revoked_at IS NULL', [DEMO_A.nomr]);
    assert.is(await statusOnceHeard(t.app, token, 401), 401);
    assert.is(await statusOnceHeard(other.app, token, 401), 401);
    // Listening again (after about a second), they hold sessions again, and hear them end.
    const again = await loginAs(t.app, DEMO_A);
    const deadline = Date.now() + 5000;
    let listening = 0;
    while (listening < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      [{ n: listening }] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "session_ended"'`,
      );
    }
    assert.is(listening, 2);
    assert.is(await profileStatus(other.app, again), 200);
    await t.app.inject({ method: 'POST', url: API.logout, headers: { authorization: `Bearer ${again}` } });
    assert.is(await statusOnceHeard(other.app, again, 401), 401);
  });
}

test.run();

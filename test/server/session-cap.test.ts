// Sessions per patient (SESSION_MAX_PER_PATIENT): a login past the cap ends the patient's least
// recently used session, as a logout ends it (refused from the next call on), so a script that logs
// in in a loop does not collect tokens that each open the records for 30 days. On PGlite and on
// PostgreSQL (there also logins sent at once, each in its own transaction on its own connection).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API } from '../../common/paths.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { hashToken } from '../../server/db/sessions.ts';
import { DEMO_A, DEMO_B, loginAs, testApp, type TestApp } from '../support/app.ts';
import { ENGINE } from '../support/db.ts';

let t: TestApp;
test.before(async () => {
  // The number's throttle counts attempts in flight before it compares (5 by default): twelve
  // logins of one patient at once need room for twelve.
  t = await testApp({ security: loadConfig({ LOGIN_MAX_FAILURES: '100' }).security });
});
test.after(() => t.close());

const profileStatus = async (token: string) => (await t.app.inject({ url: API.profile, headers: { authorization: `Bearer ${token}` } })).statusCode;
/** The patient's sessions that would still open the records. */
const holding = async (nomr: string) =>
  Number(
    (await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM sessions WHERE nomr = $1 AND revoked_at IS NULL AND expires_at > now()`, [nomr]))[0].n,
  );

test('SESSION_MAX_PER_PATIENT: 10 by default, a whole number from 1, checked at start', () => {
  assert.is(loadConfig({}).sessionMaxPerPatient, 10);
  assert.is(loadConfig({ SESSION_MAX_PER_PATIENT: '3' }).sessionMaxPerPatient, 3);
  for (const value of ['0', 'ten', '2.5', '-1'])
    assert.throws(
      () => loadConfig({ SESSION_MAX_PER_PATIENT: value }),
      (err: Error) => err instanceof ConfigError && err.message.includes('SESSION_MAX_PER_PATIENT'),
      value,
    );
});

test(`[${ENGINE}] 25 logins leave the patient 10 sessions: the 15 least recently used answer 401, the 10 newest work, another patient's are untouched`, async () => {
  const other = await loginAs(t.app, DEMO_B);
  const tokens: string[] = [];
  for (let i = 0; i < 25; i++) tokens.push(await loginAs(t.app, DEMO_A));
  assert.is(await holding(DEMO_A.nomr), 10);
  const statuses = [];
  for (const token of tokens) statuses.push(await profileStatus(token));
  assert.equal(statuses, [...Array(15).fill(401), ...Array(10).fill(200)]);
  assert.is(await profileStatus(other), 200);
  // The devices page lists the ten.
  const list = await t.app.inject({ url: API.devices, headers: { authorization: `Bearer ${tokens[24]}` } });
  assert.is(list.json().data.sessions.length, 10);
});

test(`[${ENGINE}] the least recently used goes, not the oldest login: a session in use is kept`, async () => {
  const tokens: string[] = [];
  for (let i = 0; i < 10; i++) tokens.push(await loginAs(t.app, DEMO_B));
  // The first login was used a minute ago, the others an hour ago: the second is the least recently used.
  await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '1 hour' WHERE token_hash = ANY($1::text[])`, [tokens.slice(1).map(hashToken)]);
  await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '1 minute' WHERE token_hash = $1`, [hashToken(tokens[0])]);
  const newest = await loginAs(t.app, DEMO_B);
  assert.is(await profileStatus(tokens[1]), 401);
  assert.is(await profileStatus(tokens[0]), 200);
  assert.is(await profileStatus(newest), 200);
  assert.is(await holding(DEMO_B.nomr), 10);
});

test(`[${ENGINE}] 12 logins sent at once leave exactly 10 sessions, each login answered`, async () => {
  const answers = await Promise.all(
    // From twelve phones.
    Array.from({ length: 12 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: API.login,
        remoteAddress: `198.51.100.${i + 1}`,
        payload: { medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir, fcmtoken: '' },
      }),
    ),
  );
  assert.equal(
    answers.map((a) => a.statusCode),
    Array(12).fill(200),
  );
  assert.is(await holding(DEMO_A.nomr), 10);
  let working = 0;
  for (const a of answers) if ((await profileStatus(a.json().token.access_token)) === 200) working++;
  assert.is(working, 10);
});

test.run();

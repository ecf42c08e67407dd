// NOMR_WIDTH: the hospital's numbers have a fixed width, and a number typed without its leading
// zeros is the same number to the login, to the connector's lookup and to the login throttle (which
// counts a number's failures, db/throttle.ts): '12345' logs in as '00012345', and wrong tries in
// its short and its long form count toward one lock. Unset, numbers are taken as typed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { padNomr } from '../../common/nomr.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { DEMO_A, DEMO_B, testConfig } from '../support/app.ts';
import { freshDb } from '../support/db.ts';

const MAX = 5;
const security = { ...loadConfig({}).security };
security.login = { ...security.login, nomr: { max: MAX, windowMinutes: 15, lockMinutes: 15, maxLockMinutes: 60 } };

let db: Db;
let padded: Awaited<ReturnType<typeof buildApp>>;
let asTyped: Awaited<ReturnType<typeof buildApp>>;

test.before(async () => {
  db = await freshDb();
  padded = await buildApp({ config: testConfig({ security, nomrWidth: 8 }), db, logger: false });
  asTyped = await buildApp({ config: testConfig({ security }), db, logger: false });
});
test.after(async () => {
  await padded.close();
  await asTyped.close();
  await db.close();
});
test.before.each(async () => {
  await db.query('DELETE FROM throttle');
});

let address = 0;
const login = (app: typeof padded, nomr: string, birthdate: string) =>
  app.inject({ method: 'POST', url: API.login, payload: { medical_record_number: nomr, birthdate }, remoteAddress: `10.9.0.${++address}` });
const failures = async (nomr: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'login' AND outcome = 'failed' AND subject = $1`, [nomr]))[0].n;

test('NOMR_WIDTH is checked at start: a whole number from 1 to 20, unset for numbers as typed', () => {
  assert.is(loadConfig({}).nomrWidth, null);
  assert.is(loadConfig({ NOMR_WIDTH: '' }).nomrWidth, null);
  assert.is(loadConfig({ NOMR_WIDTH: '8' }).nomrWidth, 8);
  for (const bad of ['0', '21', 'delapan', '6.5']) assert.throws(() => loadConfig({ NOMR_WIDTH: bad }), /NOMR_WIDTH must be a whole number from 1 to 20/);
});

test('padNomr fills zeros in only where the number is digits and shorter; letters and longer numbers stay as typed', () => {
  assert.is(padNomr(' 12345 ', 8), '00012345');
  assert.is(padNomr('00012345', 8), '00012345');
  assert.is(padNomr('123456789', 8), '123456789');
  assert.is(padNomr('RM-12', 8), 'RM-12');
  assert.is(padNomr('12345', null), '12345');
});

test('the public answer names the width, and null where it is unset; it is in /api/docs', async () => {
  const set = await padded.inject({ method: 'GET', url: API.nomrFormat });
  assert.is(set.statusCode, 200);
  assert.equal(set.json(), { status: true, data: { width: 8 } });
  assert.equal((await asTyped.inject({ method: 'GET', url: API.nomrFormat })).json(), { status: true, data: { width: null } });
  const doc = (await padded.inject({ method: 'GET', url: '/api/docs' })).json();
  assert.ok(doc.paths[API.nomrFormat]?.get, 'documented');
});

test("under width 8, '12345' logs in as 00012345: the session is DEMO_A's", async () => {
  const res = await login(padded, '12345', DEMO_A.tgl_lahir);
  assert.is(res.statusCode, 200, res.body);
  const token = res.json().token.access_token;
  const profile = await padded.inject({ method: 'GET', url: API.profile, headers: { authorization: `Bearer ${token}` } });
  assert.is(profile.statusCode, 200);
  assert.is(profile.json().data.nomr, DEMO_A.nomr);
});

test('under width 8, wrong tries in the short and the long form count once each toward one lock of the padded number', async () => {
  const forms = ['12346', '00012346', ' 012346', '12346', '0012346'];
  for (const typed of forms) assert.is((await login(padded, typed, '1970-01-01')).statusCode, 401);
  assert.is(await failures(DEMO_B.nomr), forms.length, 'audited under the padded number');
  const [row] = await db.query<{ key: string; locked: boolean }>(
    `SELECT key, locked_until > now() AS locked FROM throttle WHERE scope = 'login-nomr' AND key LIKE '%12346'`,
  );
  assert.equal(row, { key: DEMO_B.nomr, locked: true }, 'one row, the padded number, locked after LOGIN_MAX_FAILURES');
  // The lock holds for every form of the number, the right birth date included.
  assert.is((await login(padded, '12346', DEMO_B.tgl_lahir)).statusCode, 429);
  assert.is((await login(padded, DEMO_B.nomr, DEMO_B.tgl_lahir)).statusCode, 429);
});

test('unset, the number is taken as typed: the short form is another (unknown) number', async () => {
  assert.is((await login(asTyped, '12345', DEMO_A.tgl_lahir)).statusCode, 401);
  assert.is((await login(asTyped, DEMO_A.nomr, DEMO_A.tgl_lahir)).statusCode, 200);
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_A, DEMO_B, loginAs, testApp, type TestApp } from '../support/app.ts';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

const login = (body: object) => t.app.inject({ method: 'POST', url: '/api/auth/proxy-login', payload: body });

test('demo patient A logs in and gets an opaque bearer token', async () => {
  const res = await login({ medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir, fcmtoken: '' });
  assert.is(res.statusCode, 200);
  const { token } = res.json();
  assert.match(token.access_token, /^[A-Za-z0-9_-]{22}$/);
  assert.is(token.token_type, 'Bearer');
  assert.ok(token.expires_in > 0);
});

test('the token is stored only as a hash', async () => {
  const token = await loginAs(t.app);
  const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
  assert.ok(rows.length > 0);
  assert.not.ok(rows.some((r) => r.token_hash.includes(token)));
});

test('an unknown number and a wrong birth date get the same answer', async () => {
  const unknown = await login({ medical_record_number: '99999999', birthdate: DEMO_A.tgl_lahir, fcmtoken: '' });
  const wrongDate = await login({ medical_record_number: DEMO_A.nomr, birthdate: '1970-01-01', fcmtoken: '' });
  assert.is(unknown.statusCode, 401);
  assert.is(wrongDate.statusCode, 401);
  assert.equal(unknown.json(), wrongDate.json());
});

test('a malformed login body is a 400 with a message, not a 5xx', async () => {
  const res = await login({ medical_record_number: DEMO_A.nomr, birthdate: '17-08-1968' });
  assert.is(res.statusCode, 400);
  assert.is(res.json().status, false);
  assert.type(res.json().message, 'string');
});

test('patient calls without a token, or with an unknown one, answer 401', async () => {
  const none = await t.app.inject({ url: '/api/patient/profil/pasien' });
  const bad = await t.app.inject({ url: '/api/patient/profil/pasien', headers: { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAA' } });
  assert.is(none.statusCode, 401);
  assert.is(bad.statusCode, 401);
});

test('logout ends the session: the token no longer works', async () => {
  const token = await loginAs(t.app, DEMO_B);
  const auth = { authorization: `Bearer ${token}` };
  assert.is((await t.app.inject({ url: '/api/patient/profil/pasien', headers: auth })).statusCode, 200);
  const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
  assert.is(out.statusCode, 200);
  assert.is((await t.app.inject({ url: '/api/patient/profil/pasien', headers: auth })).statusCode, 401);
});

test('a session idle for longer than the idle limit has expired', async () => {
  const token = await loginAs(t.app, DEMO_B);
  await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '8 days' WHERE nomr = $1`, [DEMO_B.nomr]);
  const res = await t.app.inject({ url: '/api/patient/profil/pasien', headers: { authorization: `Bearer ${token}` } });
  assert.is(res.statusCode, 401);
});

test('using a session keeps it alive: its last use moves on (at most once a minute)', async () => {
  const token = await loginAs(t.app, DEMO_B);
  await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '6 days' WHERE nomr = $1`, [DEMO_B.nomr]);
  const auth = { authorization: `Bearer ${token}` };
  assert.is((await t.app.inject({ url: '/api/patient/profil/pasien', headers: auth })).statusCode, 200);
  const [row] = await t.db.query<{ idle: number }>(`SELECT extract(epoch FROM now() - max(last_seen_at))::int AS idle FROM sessions WHERE nomr = $1`, [
    DEMO_B.nomr,
  ]);
  assert.ok(row.idle < 60, `idle ${row.idle} s`);
});

test('a session past its absolute expiry has expired even when in use', async () => {
  const token = await loginAs(t.app, DEMO_B);
  await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE nomr = $1`, [DEMO_B.nomr]);
  const res = await t.app.inject({ url: '/api/patient/profil/pasien', headers: { authorization: `Bearer ${token}` } });
  assert.is(res.statusCode, 401);
});

test('the fcmtoken of a login is kept as the patient push registration', async () => {
  const sub = JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'x', auth: 'y' } });
  await login({ medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir, fcmtoken: sub });
  await login({ medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir, fcmtoken: 'fcm-token-0123456789:APA91b' });
  const rows = await t.db.query<{ kind: string }>('SELECT kind FROM push_registrations WHERE nomr = $1 ORDER BY kind', [DEMO_A.nomr]);
  assert.equal(
    rows.map((r) => r.kind),
    ['fcm', 'webpush'],
  );
});

test('a subscription pointing anywhere but a push service is not kept, and the login still succeeds', async () => {
  for (const endpoint of ['http://169.254.169.254/latest/meta-data', 'https://evil.example/push', 'https://fcm.googleapis.com.evil.example/x']) {
    const res = await login({
      medical_record_number: DEMO_B.nomr,
      birthdate: DEMO_B.tgl_lahir,
      fcmtoken: JSON.stringify({ endpoint, keys: { p256dh: 'x', auth: 'y' } }),
    });
    assert.is(res.statusCode, 200, endpoint);
  }
  const rows = await t.db.query('SELECT 1 FROM push_registrations WHERE nomr = $1', [DEMO_B.nomr]);
  assert.is(rows.length, 0);
});

test.run();

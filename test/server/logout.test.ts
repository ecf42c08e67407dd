// Logout ends a session on the server: the token is revoked, and the phone's push registration
// named in the body is unlinked from the token's patient, even when that session had already
// ended (the app's forced logout after a 401). The browser's storage is the app's to clear.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API } from '../../common/paths.ts';
import { enqueueNotification } from '../../server/db/push.ts';
import { DEMO_A, DEMO_B, loginAs, testApp, type TestApp } from '../support/app.ts';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

let phones = 0;
/** A Web Push subscription as the app sends it (JSON), one per phone. */
const phone = () =>
  JSON.stringify({ endpoint: `https://fcm.googleapis.com/fcm/send/phone-${++phones}`, expirationTime: null, keys: { p256dh: 'x', auth: 'y' } });

/** Logs in from a phone: the login carries its registration, as the app's does. */
async function loginFrom(who: { nomr: string; tgl_lahir: string }, registration: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: API.login,
    payload: { medical_record_number: who.nomr, birthdate: who.tgl_lahir, fcmtoken: registration },
  });
  assert.is(res.statusCode, 200);
  return res.json().token.access_token;
}

const logout = (token: string | null, body?: object) =>
  t.app.inject({ method: 'POST', url: API.logout, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body ? { payload: body } : {}) });

const profileStatus = async (token: string) =>
  (await t.app.inject({ url: API.profile, query: { nomr: DEMO_A.nomr }, headers: { authorization: `Bearer ${token}` } })).statusCode;

const linkedTo = async (registration: string) =>
  (await t.db.query<{ nomr: string }>('SELECT nomr FROM push_registrations WHERE token = $1', [registration])).map((r) => r.nomr);

test('logout with the registration revokes the token and unlinks that phone, and only that phone', async () => {
  const mine = phone();
  const other = phone();
  await loginFrom(DEMO_A, other);
  const token = await loginFrom(DEMO_A, mine);
  assert.equal(await linkedTo(mine), [DEMO_A.nomr]);
  const out = await logout(token, { fcmtoken: mine });
  assert.is(out.statusCode, 200);
  assert.equal(out.json(), { status: true, data: null });
  assert.is(await profileStatus(token), 401, 'the token no longer opens the records');
  assert.equal(await linkedTo(mine), [], 'this phone gets no more of the patient’s notifications');
  assert.equal(await linkedTo(other), [DEMO_A.nomr], "the patient's other phone still does");
  const [entry] = await t.db.query<{ detail: string }>(`SELECT detail FROM audit_log WHERE action = 'logout' AND subject = $1 ORDER BY id DESC LIMIT 1`, [
    DEMO_A.nomr,
  ]);
  assert.is(entry?.detail, 'token revoked, push registration unlinked');
});

test('the answer clears nothing in the browser: no Clear-Site-Data, so the installed app stays', async () => {
  const out = await logout(await loginAs(t.app, DEMO_B), {});
  assert.is(out.statusCode, 200);
  assert.is(out.headers['clear-site-data'], undefined);
});

test("the spec's logout, with no body at all, still revokes the token and leaves the registrations", async () => {
  const mine = phone();
  const token = await loginFrom(DEMO_A, mine);
  const out = await logout(token);
  assert.is(out.statusCode, 200);
  assert.is(await profileStatus(token), 401);
  assert.equal(await linkedTo(mine), [DEMO_A.nomr]);
});

test('after a 401 (the session ended behind the phone), the old token still unlinks its phone', async () => {
  for (const end of [`revoked_at = now()`, `expires_at = now() - interval '1 second'`, `last_seen_at = now() - interval '30 days'`]) {
    const mine = phone();
    const token = await loginFrom(DEMO_A, mine);
    await t.db.query(`UPDATE sessions SET ${end} WHERE nomr = $1 AND revoked_at IS NULL`, [DEMO_A.nomr]);
    assert.is(await profileStatus(token), 401, end);
    assert.is((await logout(token, { fcmtoken: mine })).statusCode, 200, end);
    assert.equal(await linkedTo(mine), [], end);
  }
});

test('a phone that has passed to another patient is not unlinked from them by the old token', async () => {
  const shared = phone();
  const tokenA = await loginFrom(DEMO_A, shared);
  await loginFrom(DEMO_B, shared);
  assert.equal(await linkedTo(shared), [DEMO_B.nomr]);
  assert.is((await logout(tokenA, { fcmtoken: shared })).statusCode, 200);
  assert.equal(await linkedTo(shared), [DEMO_B.nomr]);
});

test('without a token, or with one never issued, nothing is revoked or unlinked', async () => {
  const mine = phone();
  const token = await loginFrom(DEMO_A, mine);
  for (const bearer of [null, 'AAAAAAAAAAAAAAAAAAAAAA']) {
    assert.is((await logout(bearer, { fcmtoken: mine })).statusCode, 200, String(bearer));
  }
  assert.equal(await linkedTo(mine), [DEMO_A.nomr]);
  assert.is(await profileStatus(token), 200);
});

test('a notification still waiting for the unlinked phone is never sent there', async () => {
  const mine = phone();
  const token = await loginFrom(DEMO_B, mine);
  const queued = await enqueueNotification(t.db, { nomr: DEMO_B.nomr, title: 'Antrian', body: 'Nomor Anda dipanggil' });
  assert.ok(queued && queued.registrations > 0);
  assert.is((await logout(token, { fcmtoken: mine })).statusCode, 200);
  const rows = await t.db.query<{ status: string; last_error: string }>('SELECT status, last_error FROM push_deliveries WHERE notification_id = $1', [
    queued.id,
  ]);
  const pending = rows.filter((r) => r.status === 'pending');
  // Its delivery is gone; B's other phones (from earlier tests) may still wait for theirs.
  assert.ok(
    rows.some((r) => r.status === 'gone' && r.last_error === 'logged out'),
    JSON.stringify(rows),
  );
  assert.is(pending.length, rows.length - 1);
});

test('a body other than the registration is refused with a 400 that names the field', async () => {
  const out = await logout(await loginAs(t.app, DEMO_B), { fcmtoken: 42 });
  assert.is(out.statusCode, 400);
  assert.match(out.json().message, /fcmtoken/);
});

test.run();

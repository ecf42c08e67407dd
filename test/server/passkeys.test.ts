// Passkeys on the server, with a real P-256 key signing the real ceremony data
// (support/authenticator.ts): enrolment, sign-in, everything a sign-in must refuse, the
// patient's sessions, PASSKEY_REQUIRED and the counter's reset. On PGlite and PostgreSQL.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Value } from 'typebox/value';
import type { FastifyInstance } from 'fastify';
import { API } from '../../common/paths.ts';
import { LoginResponse } from '../../common/schemas/auth.ts';
import type { Devices, LoginOptions, PasskeyInfo, RegistrationOptions } from '../../common/schemas/passkey.ts';
import { PASSKEY_MSG } from '../../server/domain/passkeys.ts';
import { DEMO_A, DEMO_B, INTERNAL_TOKEN, loginAs, testApp, testConfig, type TestApp } from '../support/app.ts';
import { SoftAuthenticator } from '../support/authenticator.ts';

const ORIGIN = 'http://localhost:8080';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'user-agent': PHONE_UA });

async function registrationOptions(app: FastifyInstance, token: string): Promise<RegistrationOptions> {
  const res = await app.inject({ url: API.passkeyRegisterOptions, headers: bearer(token) });
  assert.is(res.statusCode, 200, res.body);
  return res.json().data;
}

const register = (app: FastifyInstance, token: string, payload: object) =>
  app.inject({ method: 'POST', url: API.passkeyRegister, headers: bearer(token), payload });

/** A new passkey for the token's patient, as the phone would make it. */
async function enrol(app: FastifyInstance, token: string, phone = new SoftAuthenticator({ origin: ORIGIN })): Promise<SoftAuthenticator> {
  const res = await register(app, token, phone.register(await registrationOptions(app, token)));
  assert.is(res.statusCode, 200, res.body);
  return phone;
}

async function loginOptions(app: FastifyInstance, remoteAddress?: string): Promise<LoginOptions> {
  const res = await app.inject({ url: API.passkeyLoginOptions, remoteAddress });
  assert.is(res.statusCode, 200, res.body);
  return res.json().data;
}

const passkeyLogin = (app: FastifyInstance, payload: object, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: API.passkeyLogin, payload, headers: { 'user-agent': PHONE_UA }, remoteAddress });

const profile = (app: FastifyInstance, token: string) => app.inject({ url: API.profile, headers: bearer(token) });

const devices = async (app: FastifyInstance, token: string): Promise<Devices> => {
  const res = await app.inject({ url: API.devices, headers: bearer(token) });
  assert.is(res.statusCode, 200, res.body);
  return res.json().data;
};

test('enrolment asks for a discoverable credential on the platform authenticator with user verification, and keeps it', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const options = await registrationOptions(t.app, token);
  assert.equal(options.authenticatorSelection, {
    residentKey: 'required',
    requireResidentKey: true,
    userVerification: 'required',
    authenticatorAttachment: 'platform',
  });
  assert.equal(options.rp, { name: 'Pasien RS Jantung', id: 'localhost' });
  assert.is(options.timeout, 5 * 60_000);
  assert.not.match(Buffer.from(options.user.id, 'base64url').toString('latin1'), DEMO_A.nomr, 'the user handle is not the number');
  const [challenge] = await t.db.query<{ minutes: number }>(
    `SELECT round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes FROM webauthn_challenges WHERE challenge = $1 AND purpose = 'register' AND nomr = $2`,
    [options.challenge, DEMO_A.nomr],
  );
  assert.is(challenge?.minutes, 5, 'kept on the server for 5 minutes');

  const phone = new SoftAuthenticator({ origin: ORIGIN, synced: true });
  const res = await register(t.app, token, phone.register(options));
  assert.is(res.statusCode, 200, res.body);
  const saved: PasskeyInfo = res.json().data;
  assert.is(saved.id, phone.id);
  assert.is(saved.device, 'Chrome di Android');
  assert.is(saved.backed_up, true);
  assert.is(saved.last_used_at, null);
  const [row] = await t.db.query<{ device_type: string; backed_up: boolean; counter: string | number }>(
    'SELECT device_type, backed_up, counter FROM passkeys WHERE id = $1',
    [phone.id],
  );
  assert.equal({ ...row, counter: Number(row.counter) }, { device_type: 'multiDevice', backed_up: true, counter: 0 });
  assert.is((await devices(t.app, token)).passkeys.length, 1);
  const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'passkey' AND outcome = 'registered' AND subject = $1`, [DEMO_A.nomr]);
  assert.is(audit.length, 1);
});

test('a passkey signs in: the answer has proxy-login’s shape and whose it is, and the token opens the records', async () => {
  const token = await loginAs(t.app, DEMO_B);
  const phone = await enrol(t.app, token);
  const res = await passkeyLogin(t.app, phone.assert(await loginOptions(t.app)));
  assert.is(res.statusCode, 200, res.body);
  const body = res.json();
  assert.ok(Value.Check(LoginResponse, res.json()), 'the shape of proxy-login');
  assert.equal(body.patient, { nomr: DEMO_B.nomr, tgl_lahir: DEMO_B.tgl_lahir });
  assert.is((await profile(t.app, body.token.access_token)).json().data.nomr, DEMO_B.nomr);
  const [key] = await t.db.query<{ counter: string | number; last_used_at: Date | null }>('SELECT counter, last_used_at FROM passkeys WHERE id = $1', [
    phone.id,
  ]);
  assert.is(Number(key.counter), 1, 'the signature counter is recorded');
  assert.ok(key.last_used_at);
  const mine = (await devices(t.app, body.token.access_token)).sessions.find((s) => s.current);
  assert.equal([mine?.method, mine?.device], ['passkey', 'Chrome di Android']);
  const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'login' AND outcome = 'ok' AND subject = $1 AND detail = 'passkey'`, [DEMO_B.nomr]);
  assert.is(audit.length, 1);
});

test('a replayed assertion is refused: its challenge was taken by the first', async () => {
  const phone = await enrol(t.app, await loginAs(t.app, DEMO_A));
  const assertion = phone.assert(await loginOptions(t.app));
  assert.is((await passkeyLogin(t.app, assertion)).statusCode, 200);
  const again = await passkeyLogin(t.app, assertion);
  assert.is(again.statusCode, 401);
  assert.equal(again.json(), { status: false, message: PASSKEY_MSG.loginFailed });
});

test('a stale challenge, and one never issued, are refused', async () => {
  const phone = await enrol(t.app, await loginAs(t.app, DEMO_A));
  const options = await loginOptions(t.app);
  // Five minutes on: the challenge's time is over.
  await t.db.query(`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1`, [options.challenge]);
  assert.is((await passkeyLogin(t.app, phone.assert(options))).statusCode, 401);
  const invented = { ...options, challenge: Buffer.from('a challenge the server never gave').toString('base64url') };
  assert.is((await passkeyLogin(t.app, phone.assert(invented))).statusCode, 401);
  // A registration challenge does not serve a sign-in either.
  const token = await loginAs(t.app, DEMO_A);
  const forRegistration = await registrationOptions(t.app, token);
  assert.is((await passkeyLogin(t.app, phone.assert({ ...options, challenge: forRegistration.challenge }))).statusCode, 401);
  assert.is((await passkeyLogin(t.app, phone.assert(await loginOptions(t.app)))).statusCode, 200, 'a fresh one works');
});

test("another patient's credential is refused: with A's user handle, and as A's enrolment", async () => {
  const tokenA = await loginAs(t.app, DEMO_A);
  const tokenB = await loginAs(t.app, DEMO_B);
  const phoneA = await enrol(t.app, tokenA);
  const phoneB = await enrol(t.app, tokenB);
  // B's key claiming to be A's account.
  const forged = await passkeyLogin(t.app, phoneB.assert(await loginOptions(t.app), { userHandle: phoneA.userHandle }));
  assert.is(forged.statusCode, 401);
  // A finishing an enrolment begun by B: the challenge is B's.
  const optionsB = await registrationOptions(t.app, tokenB);
  const res = await register(t.app, tokenA, new SoftAuthenticator({ origin: ORIGIN }).register(optionsB));
  assert.is(res.statusCode, 400);
  assert.is(res.json().message, PASSKEY_MSG.stale);
  // A cannot remove B's passkey, nor end B's session.
  const removeB = await t.app.inject({ method: 'POST', url: API.passkeyRemove, headers: bearer(tokenA), payload: { id: phoneB.id } });
  assert.is(removeB.statusCode, 404);
  const sessionB = (await devices(t.app, tokenB)).sessions.find((s) => s.current)!;
  const endB = await t.app.inject({ method: 'POST', url: API.sessionEnd, headers: bearer(tokenA), payload: { id: sessionB.id } });
  assert.is(endB.statusCode, 404);
  assert.is((await profile(t.app, tokenB)).statusCode, 200);
  assert.is((await passkeyLogin(t.app, phoneB.assert(await loginOptions(t.app)))).statusCode, 200, "B's passkey still works");
});

test('a removed passkey signs in no more, from the next attempt on', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const phone = await enrol(t.app, token);
  const res = await t.app.inject({ method: 'POST', url: API.passkeyRemove, headers: bearer(token), payload: { id: phone.id } });
  assert.is(res.statusCode, 200, res.body);
  assert.not.ok((await devices(t.app, token)).passkeys.some((p) => p.id === phone.id));
  assert.is((await passkeyLogin(t.app, phone.assert(await loginOptions(t.app)))).statusCode, 401);
  const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'passkey' AND outcome = 'removed' AND subject = $1`, [DEMO_A.nomr]);
  assert.ok(audit.length >= 1);
});

test('no user verification, another origin, a counter gone back: refused', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const unverified = new SoftAuthenticator({ origin: ORIGIN, uv: false });
  const res = await register(t.app, token, unverified.register(await registrationOptions(t.app, token)));
  assert.is(res.statusCode, 400);
  assert.is(res.json().message, PASSKEY_MSG.registerFailed);
  const phone = await enrol(t.app, token);
  assert.is((await passkeyLogin(t.app, phone.assert(await loginOptions(t.app), { origin: 'https://pasien.attacker.example' }))).statusCode, 401);
  assert.is((await passkeyLogin(t.app, phone.assert(await loginOptions(t.app), { counter: 5 }))).statusCode, 200);
  assert.is((await passkeyLogin(t.app, phone.assert(await loginOptions(t.app), { counter: 3 }))).statusCode, 401, 'a cloned key');
});

test('assertions with the same counter sent at once: one signs in, the others fail as a failed sign-in; the stored counter never goes back', async () => {
  const token = await loginAs(t.app, DEMO_B);
  const phone = await enrol(t.app, token);
  const counterOf = async () => Number((await t.db.query<{ counter: string | number }>('SELECT counter FROM passkeys WHERE id = $1', [phone.id]))[0].counter);
  // Each one a challenge of its own, all signed with the count 7: each verifies against the
  // stored 0, so only the writing of the counter can tell them apart.
  const failures = async () =>
    (await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'login' AND outcome = 'failed' AND subject = $1 AND detail LIKE 'passkey: %'`, [DEMO_B.nomr]))
      .length;
  const before = await failures();
  const same = [];
  for (let i = 0; i < 5; i++) same.push(phone.assert(await loginOptions(t.app, '198.51.100.71'), { counter: 7 }));
  const answers = await Promise.all(same.map((a) => passkeyLogin(t.app, a, '198.51.100.71')));
  assert.equal(answers.map((r) => r.statusCode).sort(), [200, 401, 401, 401, 401]);
  for (const r of answers.filter((r) => r.statusCode === 401)) assert.is(r.json().message, PASSKEY_MSG.loginFailed);
  assert.is(await counterOf(), 7);
  // A loser is refused either by the counter's conditional write or, when it read the count after
  // the winner wrote it, by the verification itself: each is audited as a failed sign-in.
  assert.is((await failures()) - before, 4, 'each lost race is audited as a failed sign-in');
  // A higher and a lower count at once: the lower one never writes the counter back.
  const [high, low] = [
    phone.assert(await loginOptions(t.app, '198.51.100.71'), { counter: 12 }),
    phone.assert(await loginOptions(t.app, '198.51.100.71'), { counter: 9 }),
  ];
  await Promise.all([passkeyLogin(t.app, high, '198.51.100.71'), passkeyLogin(t.app, low, '198.51.100.71')]);
  assert.is(await counterOf(), 12);
});

test('an authenticator that does not count (always 0) keeps signing in, one sign-in after another', async () => {
  const token = await loginAs(t.app, DEMO_B);
  const phone = await enrol(t.app, token);
  for (let i = 0; i < 3; i++) assert.is((await passkeyLogin(t.app, phone.assert(await loginOptions(t.app), { counter: 0 }))).statusCode, 200);
});

test('a security key or a credential the phone cannot list is refused; the same credential twice is a 409', async () => {
  const token = await loginAs(t.app, DEMO_B);
  const phone = new SoftAuthenticator({ origin: ORIGIN });
  const roaming = { ...phone.register(await registrationOptions(t.app, token)), authenticatorAttachment: 'cross-platform' };
  assert.equal((await register(t.app, token, roaming)).json(), { status: false, message: PASSKEY_MSG.notPlatform });
  const notListed = { ...phone.register(await registrationOptions(t.app, token)), clientExtensionResults: { credProps: { rk: false } } };
  assert.equal((await register(t.app, token, notListed)).json(), { status: false, message: PASSKEY_MSG.notDiscoverable });
  await enrol(t.app, token, phone);
  const twice = await register(t.app, token, phone.register(await registrationOptions(t.app, token)));
  assert.is(twice.statusCode, 409);
});

test('the patient sees their active sessions and ends one: its token answers 401 on the next request', async () => {
  const mine = await loginAs(t.app, DEMO_B);
  const formLogin = { medical_record_number: DEMO_B.nomr, birthdate: DEMO_B.tgl_lahir, fcmtoken: '' };
  const other = (await t.app.inject({ method: 'POST', url: API.login, headers: { 'user-agent': PHONE_UA }, payload: formLogin })).json().token.access_token;
  const list = await devices(t.app, mine);
  assert.is(list.sessions.filter((s) => s.current).length, 1);
  const otherId = (await devices(t.app, other)).sessions.find((s) => s.current)!.id;
  const listed = list.sessions.find((s) => s.id === otherId);
  assert.ok(listed && !listed.current, "the other phone's session is in the list");
  assert.equal([listed.method, listed.device], ['form', 'Chrome di Android']);
  assert.match(listed.last_seen_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

  const end = await t.app.inject({ method: 'POST', url: API.sessionEnd, headers: bearer(mine), payload: { id: otherId } });
  assert.is(end.statusCode, 200, end.body);
  assert.is((await profile(t.app, other)).statusCode, 401);
  assert.is((await profile(t.app, mine)).statusCode, 200);
  assert.not.ok((await devices(t.app, mine)).sessions.some((s) => s.id === otherId));
  const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'session' AND outcome = 'ended' AND detail = $1`, [otherId]);
  assert.is(audit.length, 1);
  // Ending it twice, or an id that is no session, is refused with a message.
  const again = await t.app.inject({ method: 'POST', url: API.sessionEnd, headers: bearer(mine), payload: { id: otherId } });
  assert.equal([again.statusCode, again.json()], [404, { status: false, message: PASSKEY_MSG.sessionNotFound }]);
  assert.is((await t.app.inject({ method: 'POST', url: API.sessionEnd, headers: bearer(mine), payload: { id: 'not-a-session' } })).statusCode, 400);
  const current = (await devices(t.app, mine)).sessions.find((s) => s.current)!;
  assert.is((await t.app.inject({ method: 'POST', url: API.sessionEnd, headers: bearer(mine), payload: { id: current.id } })).statusCode, 200);
  assert.is((await profile(t.app, mine)).statusCode, 401, 'ending this very session works too');
});

test('the offer to enrol is made once per patient, and never to one with a passkey', async () => {
  const t2 = await testApp();
  try {
    const token = await loginAs(t2.app, DEMO_B);
    const offer = async () => (await t2.app.inject({ url: API.passkeyOffer, headers: bearer(token) })).json().data.offer;
    assert.is(await offer(), true);
    assert.is(await offer(), false);
    const tokenA = await loginAs(t2.app, DEMO_A);
    await enrol(t2.app, tokenA);
    assert.is((await t2.app.inject({ url: API.passkeyOffer, headers: bearer(tokenA) })).json().data.offer, false);
  } finally {
    await t2.close();
  }
});

test('PASSKEY_REQUIRED: an enrolled patient’s number and birth date are refused with how to recover; the counter’s reset gives them back', async () => {
  const base = testConfig();
  const t2 = await testApp({ passkey: { ...base.passkey, required: true } });
  try {
    const form = (who: { nomr: string; tgl_lahir: string }) =>
      t2.app.inject({ method: 'POST', url: API.login, payload: { medical_record_number: who.nomr, birthdate: who.tgl_lahir, fcmtoken: '' } });
    const phone = await enrol(t2.app, await loginAs(t2.app, DEMO_A));
    const refused = await form(DEMO_A);
    assert.is(refused.statusCode, 403);
    assert.equal(refused.json(), { status: false, message: PASSKEY_MSG.required });
    assert.match(refused.json().message, /loket pendaftaran/);
    assert.is((await form(DEMO_B)).statusCode, 200, 'a patient without a passkey signs in as before');
    const wrong = await t2.app.inject({ method: 'POST', url: API.login, payload: { medical_record_number: DEMO_A.nomr, birthdate: '1970-01-01' } });
    assert.is(wrong.statusCode, 401, 'a wrong birth date says nothing about passkeys');
    const viaPasskey = await passkeyLogin(t2.app, phone.assert(await loginOptions(t2.app)));
    assert.is(viaPasskey.statusCode, 200);
    const session = viaPasskey.json().token.access_token;

    // The counter: without the service token nothing happens; with it, passkeys and sessions go.
    const url = `/api/internal/passkey/${DEMO_A.nomr}`;
    assert.is((await t2.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${session}` } })).statusCode, 401);
    const reset = await t2.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
    assert.is(reset.statusCode, 200, reset.body);
    assert.equal(reset.json().data.removed, 1);
    assert.ok(reset.json().data.sessions_ended >= 1);
    assert.is((await profile(t2.app, session)).statusCode, 401, 'a lost phone’s session ends with it');
    assert.is((await form(DEMO_A)).statusCode, 200);
    assert.is((await passkeyLogin(t2.app, phone.assert(await loginOptions(t2.app)))).statusCode, 401);
    const audit = await t2.db.query(`SELECT actor FROM audit_log WHERE action = 'passkey' AND outcome = 'reset' AND subject = $1`, [DEMO_A.nomr]);
    assert.equal(audit, [{ actor: 'hospital-system' }]);
    const unknown = await t2.app.inject({ method: 'DELETE', url: '/api/internal/passkey/77777777', headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
    assert.is(unknown.statusCode, 404);
  } finally {
    await t2.close();
  }
});

test('failed passkey sign-ins count against the address like failed logins; a locked number does not stop a passkey', async () => {
  const base = testConfig();
  const t2 = await testApp({ security: { ...base.security, login: { ...base.security.login, ip: { ...base.security.login.ip, max: 3 } } } });
  try {
    const phone = await enrol(t2.app, await loginAs(t2.app, DEMO_A));
    // The number locked by five wrong birth dates, from other addresses.
    for (let i = 0; i < 5; i++) {
      await t2.app.inject({
        method: 'POST',
        url: API.login,
        payload: { medical_record_number: DEMO_A.nomr, birthdate: '1970-01-01' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
    }
    assert.is(
      (await t2.app.inject({ method: 'POST', url: API.login, payload: { medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir } })).statusCode,
      429,
    );
    assert.is((await passkeyLogin(t2.app, phone.assert(await loginOptions(t2.app)))).statusCode, 200, 'the passkey still signs in');

    const attacker = '10.9.9.9';
    const stranger = new SoftAuthenticator({ origin: ORIGIN });
    stranger.userHandle = phone.userHandle;
    for (let i = 0; i < 3; i++) assert.is((await passkeyLogin(t2.app, stranger.assert(await loginOptions(t2.app, attacker)), attacker)).statusCode, 401);
    const locked = await passkeyLogin(t2.app, phone.assert(await loginOptions(t2.app)), attacker);
    assert.is(locked.statusCode, 429);
    assert.match(locked.headers['retry-after'] as string, /^\d+$/);
    assert.is((await t2.app.inject({ url: API.passkeyLoginOptions, remoteAddress: attacker })).statusCode, 429, 'no challenge for a locked address');
    const failures = await t2.db.query(`SELECT 1 FROM audit_log WHERE action = 'login' AND outcome = 'failed' AND ip = $1`, [attacker]);
    assert.is(failures.length, 3);
  } finally {
    await t2.close();
  }
});

test('PASSKEY_OPTIONS_MAX_PER_ADDRESS (100 in 5 minutes): the 101st anonymous challenge of an address is a 429 with Retry-After; other addresses still get theirs', async () => {
  const max = testConfig().security.passkeyOptions.max;
  assert.is(max, 100);
  const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webauthn_challenges');
  for (let i = 0; i < max; i++) await loginOptions(t.app, '203.0.113.50');
  const refused = await t.app.inject({ url: API.passkeyLoginOptions, remoteAddress: '203.0.113.50' });
  assert.is(refused.statusCode, 429);
  const wait = Number(refused.headers['retry-after']);
  assert.ok(wait > 0 && wait <= 300, `Retry-After ${wait}`);
  assert.match(
    refused.json().message,
    /^Terlalu banyak permintaan masuk dengan sidik jari dari jaringan ini\. Silakan coba lagi setelah pukul \d{2}\.\d{2} WIB\.$/,
  );
  const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webauthn_challenges');
  assert.ok(after[0].n - before[0].n <= max, 'no challenge row for the refused one');
  await loginOptions(t.app, '203.0.113.51');
});

test('the new calls refuse malformed bodies with a 400 that names the field, and need a session', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const res = await t.app.inject({ method: 'POST', url: API.passkeyRemove, headers: bearer(token), payload: { id: 'not base64url!' } });
  assert.is(res.statusCode, 400);
  assert.match(res.json().message, /id/);
  const login = await t.app.inject({ method: 'POST', url: API.passkeyLogin, payload: { id: 'x' } });
  assert.is(login.statusCode, 400);
  for (const url of [API.devices, API.passkeyOffer, API.passkeyRegisterOptions]) assert.is((await t.app.inject({ url })).statusCode, 401, url);
});

test.run();

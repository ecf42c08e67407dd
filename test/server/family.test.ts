// Family profiles on the server: one phone's push registration linked to several patients, each
// by that patient's own token; the notification names its patient and opens their home; a
// profile's logout unlinks the phone from that patient only; a login still moves the phone to its
// patient alone; and a family phone's token still opens only its own patient's records.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API } from '../../common/paths.ts';
import { loadConfig, type PushConfig } from '../../server/config.ts';
import { DEMO_QUEUE, DEMO_REGS } from '../../server/connector/local/demo/seed.ts';
import { addresseeName } from '../../server/push/naming.ts';
import { pushService } from '../../server/push/service.ts';
import { DEMO_A, DEMO_B, INTERNAL_TOKEN, testApp, type TestApp } from '../support/app.ts';
import { ENGINE } from '../support/db.ts';
import { pushEndpoint, subscriber, type PushEndpoint, type Subscriber } from '../support/push.ts';

let t: TestApp;
let endpoint: PushEndpoint;
let push: PushConfig;

test.before(async () => {
  endpoint = await pushEndpoint();
  push = { ...loadConfig({}).push, endpointHosts: ['127.0.0.1'] };
  t = await testApp({ push });
});
test.after(async () => {
  await t.close();
  await endpoint.close();
});
test.before.each(async () => {
  endpoint.received.length = 0;
  endpoint.answer(201);
  await t.db.query('DELETE FROM push_deliveries');
  await t.db.query('DELETE FROM push_registrations');
});

let phones = 0;
const phone = (): Subscriber => subscriber(`${endpoint.url}/push/phone-${++phones}`);

const inject = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A login from the phone, as the app's login form sends it. */
async function loginFrom(who: { nomr: string; tgl_lahir: string }, registration: string): Promise<string> {
  const res = await inject('POST', API.login, null, { medical_record_number: who.nomr, birthdate: who.tgl_lahir, fcmtoken: registration });
  assert.is(res.statusCode, 200, res.body);
  return res.json().token.access_token;
}

/** What the app does after adding a family profile: links the phone with that profile's own token. */
const link = (token: string, registration: string) => inject('POST', '/api/patient/simpan/fcmtoken', token, { fcmtoken: registration });

const linkedTo = async (registration: string) =>
  (await t.db.query<{ nomr: string }>('SELECT nomr FROM push_registrations WHERE token = $1 ORDER BY nomr', [registration])).map((r) => r.nomr);

/** Calls A's number in today's clinic queue, sends what is due, and answers what the phone decrypts. */
async function callA(p: Subscriber): Promise<Record<string, unknown>[]> {
  const called = await inject('POST', '/api/internal/antrian/poli/panggil', INTERNAL_TOKEN, { no_reg: DEMO_REGS.queue() });
  assert.is(called.statusCode, 200, called.body);
  await pushService(t.db, push).worker().drain();
  return endpoint.received.map((r) => p.decrypt(r.body));
}

test(`[${ENGINE}] a phone with A and B: a clinic call for A is named for A and opens A's home`, async () => {
  const p = phone();
  const tokenA = await loginFrom(DEMO_A, p.json);
  const tokenB = await loginFrom(DEMO_B, '');
  assert.is((await link(tokenB, p.json)).statusCode, 200);
  assert.equal(await linkedTo(p.json), [DEMO_A.nomr, DEMO_B.nomr]);

  const [message] = await callA(p);
  assert.is(message.title, 'Bapak Budi Santoso: Nomor antrian Anda dipanggil');
  assert.match(String(message.body), `nomor antrian ${DEMO_QUEUE.a}`);
  assert.is(message.url, `/home?profil=${DEMO_A.nomr}`);
  assert.is(endpoint.received.length, 1, 'sent once, to the one phone, though it is linked twice');
  assert.ok(tokenA);
});

test(`[${ENGINE}] a phone with one patient gets the message as written`, async () => {
  const p = phone();
  await loginFrom(DEMO_A, p.json);
  const [message] = await callA(p);
  assert.is(message.title, 'Nomor antrian Anda dipanggil');
  assert.is(message.url, '/home');
});

test(`[${ENGINE}] B's profile signing out unlinks the phone from B only; A's notifications come unnamed again`, async () => {
  const p = phone();
  await loginFrom(DEMO_A, p.json);
  const tokenB = await loginFrom(DEMO_B, '');
  await link(tokenB, p.json);
  const out = await inject('POST', API.logout, tokenB, { fcmtoken: p.json });
  assert.is(out.statusCode, 200);
  assert.equal(await linkedTo(p.json), [DEMO_A.nomr]);
  const [message] = await callA(p);
  assert.is(message.title, 'Nomor antrian Anda dipanggil');
});

test(`[${ENGINE}] a login moves the phone to its patient alone, and what waited for the others is not sent`, async () => {
  const p = phone();
  const tokenA = await loginFrom(DEMO_A, p.json);
  const tokenB = await loginFrom(DEMO_B, '');
  await link(tokenB, p.json);
  await inject('POST', '/api/internal/notify', INTERNAL_TOKEN, { nomr: DEMO_B.nomr, title: 'Obat Anda siap diambil', body: 'Nomor antrian farmasi F-1.' });
  await loginFrom(DEMO_B, p.json); // the phone's storage was lost: a fresh login
  assert.equal(await linkedTo(p.json), [DEMO_B.nomr]);
  const [{ status }] = await t.db.query<{ status: string }>('SELECT status FROM push_deliveries');
  assert.is(status, 'pending', "B's own notification still goes");
  assert.ok(tokenA);
});

test(`[${ENGINE}] A's token on a family phone still opens only A's records: B's are 403`, async () => {
  const p = phone();
  const tokenA = await loginFrom(DEMO_A, p.json);
  const tokenB = await loginFrom(DEMO_B, '');
  await link(tokenB, p.json);
  for (const path of [API.profile, API.upcoming, API.clinicQueue]) {
    const own = await inject('GET', `${path}?nomr=${DEMO_A.nomr}&tgllahir=${DEMO_A.tgl_lahir}`, tokenA);
    assert.is(own.statusCode, 200, path);
    const other = await inject('GET', `${path}?nomr=${DEMO_B.nomr}&tgllahir=${DEMO_B.tgl_lahir}`, tokenA);
    assert.is(other.statusCode, 403, path);
  }
  const own = await inject('GET', `${API.profile}?nomr=${DEMO_B.nomr}&tgllahir=${DEMO_B.tgl_lahir}`, tokenB);
  assert.is(own.statusCode, 200);
});

test('a notification names adults Bapak or Ibu, and a child by name alone', () => {
  const now = Date.UTC(2026, 5, 1, 3);
  assert.is(addresseeName({ nomr: '1', nama: 'BUDI SANTOSO', jenis_kelamin: 'L', tgl_lahir: '1968-08-17' }, now), 'Bapak Budi Santoso');
  assert.is(addresseeName({ nomr: '2', nama: 'siti  aminah', jenis_kelamin: 'P', tgl_lahir: '1990-12-25' }, now), 'Ibu Siti Aminah');
  assert.is(addresseeName({ nomr: '3', nama: "RAFI O'NEIL", jenis_kelamin: 'L', tgl_lahir: '2015-01-01' }, now), "Rafi O'Neil");
  assert.is(addresseeName({ nomr: '4', nama: 'DEWI', jenis_kelamin: 'P', tgl_lahir: '2009-06-02' }, now), 'Dewi', 'a day before turning 17');
  assert.is(addresseeName({ nomr: '5', nama: 'DEWI', jenis_kelamin: 'P', tgl_lahir: '2009-06-01' }, now), 'Ibu Dewi');
});

test.run();

// Push end to end on the server: the queue, the Web Push sender delivering a real encrypted,
// VAPID-signed message to a push service on 127.0.0.1, the FCM v1 sender's authorised request,
// retries, gone registrations, and the two hospital queue events.
import { generateKeyPairSync, verify } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, type PushConfig } from '../../server/config.ts';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { memoVapidKeys } from '../../server/push/keys.ts';
import { pushRetry } from '../../server/push/queue.ts';
import { nextAttemptIn } from '../../server/retry/backoff.ts';
import { pushService } from '../../server/push/service.ts';
import { webPushSender } from '../../server/push/webpush.ts';
import { createPushWorker } from '../../server/push/worker.ts';
import { DEMO_QUEUE, DEMO_REGS } from '../../server/connector/local/demo/seed.ts';
import { DEMO_A, DEMO_B, INTERNAL_TOKEN, loginAs, testApp, type TestApp } from '../support/app.ts';
import { freshDb } from '../support/db.ts';
import { pushEndpoint, subscriber, verifyVapidJwt, type PushEndpoint } from '../support/push.ts';

let t: TestApp;
let endpoint: PushEndpoint;
let push: PushConfig;
let tokenA: string;

const { publicKey: fcmPublicKey, privateKey: fcmPrivateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const FCM_PROJECT = 'rs-pasien-demo';

test.before(async () => {
  endpoint = await pushEndpoint();
  push = {
    ...loadConfig({}).push,
    endpointHosts: ['127.0.0.1'],
    fcm: {
      account: {
        project_id: FCM_PROJECT,
        client_email: 'push@rs-pasien-demo.iam.gserviceaccount.com',
        private_key: fcmPrivateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${endpoint.url}/token`,
      },
      endpoint: endpoint.url,
    },
  };
  t = await testApp({ push });
  tokenA = await loginAs(t.app, DEMO_A);
});
test.after(async () => {
  await t.close();
  await endpoint.close();
});
test.before.each(async () => {
  endpoint.received.length = 0;
  endpoint.answer(201);
  endpoint.route(null);
  await t.db.query('DELETE FROM push_deliveries');
  await t.db.query('DELETE FROM push_registrations');
});

const worker = (db: Db = t.db) => pushService(db, push).worker();
const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
const register = (token: string, fcmtoken: string, replaces?: string) =>
  inject('POST', '/api/patient/simpan/fcmtoken', token, { fcmtoken, ...(replaces ? { replaces } : {}) });
const notify = (title = 'Nomor antrian Anda dipanggil', body = 'POLI KARDIOLOGI DEWASA, nomor 7') =>
  inject('POST', '/api/internal/notify', INTERNAL_TOKEN, { nomr: DEMO_A.nomr, title, body, url: '/home' });
const deliveries = () =>
  t.db.query<{ status: string; attempts: number; due_in: number }>(
    `SELECT status, attempts, extract(epoch FROM next_attempt_at - now())::int AS due_in FROM push_deliveries ORDER BY id`,
  );

test('the Web Push sender delivers an encrypted, VAPID-signed message that only the subscription keys open', async () => {
  const phone = subscriber(`${endpoint.url}/push/abc123`);
  assert.is((await register(tokenA, phone.json)).statusCode, 200);
  const queued = await notify();
  assert.equal(queued.json().data.registrations, 1);
  assert.is(await worker().drain(), 1);

  assert.is(endpoint.received.length, 1);
  const [req] = endpoint.received;
  assert.is(req.url, '/push/abc123');
  assert.is(req.headers['content-encoding'], 'aes128gcm');
  assert.is(req.headers.urgency, 'high');
  assert.ok(Number(req.headers.ttl) > 0);
  assert.match(String(req.headers.topic), /^n\d+$/);
  assert.not.ok(req.body.toString('latin1').includes('dipanggil'), 'the body is encrypted');
  assert.equal(phone.decrypt(req.body), {
    id: String(queued.json().data.id),
    title: 'Nomor antrian Anda dipanggil',
    body: 'POLI KARDIOLOGI DEWASA, nomor 7',
    url: '/home',
  });

  // VAPID: signed with the key pair whose public half the app subscribes with.
  const served = (await t.app.inject({ method: 'GET', url: '/api/push/vapid' })).json().data.publicKey as string;
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(req.headers.authorization));
  assert.ok(m, String(req.headers.authorization));
  assert.is(m![2], served);
  const claims = verifyVapidJwt(m![1], served);
  assert.ok(claims, 'the JWT signature verifies');
  assert.is(claims!.aud, endpoint.url);
  assert.match(String(claims!.sub), /^(mailto:|https:)/);
  assert.ok(Number(claims!.exp) > Date.now() / 1000);
  assert.equal(
    (await deliveries()).map((d) => d.status),
    ['sent'],
  );
});

test('a registration the push service reports gone (410) is removed, and so is what waited for it', async () => {
  const phone = subscriber(`${endpoint.url}/push/gone`);
  await register(tokenA, phone.json);
  await notify();
  endpoint.answer(410);
  await worker().drain();
  assert.equal(
    (await deliveries()).map((d) => d.status),
    ['gone'],
  );
  assert.is((await t.db.query('SELECT 1 FROM push_registrations')).length, 0);
  await notify();
  assert.is((await deliveries()).length, 1, 'nothing queued for a removed registration');
});

test('a failed send is retried with backoff, then delivered once', async () => {
  await register(tokenA, subscriber(`${endpoint.url}/push/flaky`).json);
  await notify();
  endpoint.answer(503);
  const w = worker();
  await w.drain();
  let [d] = await deliveries();
  assert.is(d.status, 'pending');
  assert.is(d.attempts, 1);
  assert.ok(d.due_in >= 5, `due again in ${d.due_in} s`);
  assert.is(await w.drain(), 0, 'not before its time');
  await t.db.query('UPDATE push_deliveries SET next_attempt_at = now()');
  endpoint.answer(201);
  await w.drain();
  [d] = await deliveries();
  assert.is(d.status, 'sent');
  assert.is(d.attempts, 2);
  assert.is(endpoint.received.length, 2);
});

test('the backoff doubles from 10 s up to an hour', () => {
  const delay = (attempts: number) => nextAttemptIn(attempts, pushRetry(50));
  assert.equal([1, 2, 3, 4].map(delay), [10, 20, 40, 80]);
  assert.is(delay(20), 3600);
});

test('four workers draining at once send every delivery exactly once', async () => {
  await register(tokenA, subscriber(`${endpoint.url}/push/busy`).json);
  for (let i = 0; i < 40; i++) await notify('Info', `pesan ${i}`);
  // On PostgreSQL each worker has its own connection pool, as a separate process would; small
  // batches make their claims overlap.
  const url = (t.db as Db & { url?: string }).url;
  const dbs = url ? await Promise.all([1, 2, 3, 4].map(() => openPostgres(url, 3))) : [t.db, t.db, t.db, t.db];
  const keys = await memoVapidKeys(t.db, push)();
  const senders = async () => ({ webpush: webPushSender(keys, push.endpointHosts) });
  try {
    await Promise.all(dbs.map((db) => createPushWorker({ db, senders, config: push, batch: 2 }).drain()));
  } finally {
    if (url) await Promise.all(dbs.map((db) => db.close()));
  }
  const topics = endpoint.received.map((r) => r.headers.topic);
  assert.is(topics.length, 40);
  assert.is(new Set(topics).size, 40, 'no delivery sent twice');
  assert.ok((await deliveries()).every((d) => d.status === 'sent' && d.attempts === 1));
});

test('the FCM sender: an authorised, well-formed HTTP v1 request; the token reused; UNREGISTERED removes it', async () => {
  const fcmToken = 'dGVzdC1mY20tdG9rZW4:APA91bHPRgkF-demo-token-0123456789';
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/proxy-login',
    payload: { medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir, fcmtoken: fcmToken },
  });
  assert.is(login.statusCode, 200);
  let unregistered = false;
  endpoint.route((r) => {
    if (r.url === '/token') {
      const form = new URLSearchParams(r.body.toString());
      assert.is(form.get('grant_type'), 'urn:ietf:params:oauth:grant-type:jwt-bearer');
      const [h, p, s] = form.get('assertion')!.split('.');
      assert.ok(verify('RSA-SHA256', Buffer.from(`${h}.${p}`), fcmPublicKey, Buffer.from(s, 'base64url')), 'the assertion is signed by the service account');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      assert.is(claims.iss, 'push@rs-pasien-demo.iam.gserviceaccount.com');
      assert.is(claims.scope, 'https://www.googleapis.com/auth/firebase.messaging');
      assert.is(claims.aud, `${endpoint.url}/token`);
      return { status: 200, body: JSON.stringify({ access_token: 'ya29.local-test-token', expires_in: 3600, token_type: 'Bearer' }) };
    }
    if (unregistered) return { status: 404, body: JSON.stringify({ error: { code: 404, status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } }) };
    return { status: 200, body: JSON.stringify({ name: `projects/${FCM_PROJECT}/messages/1` }) };
  });

  const w = worker();
  await notify('Obat Anda siap diambil', 'Nomor antrian farmasi F-012.');
  await w.drain();
  await notify('Info', 'kedua');
  await w.drain();
  const sends = endpoint.received.filter((r) => r.url !== '/token');
  assert.is(endpoint.received.filter((r) => r.url === '/token').length, 1, 'one access token for both sends');
  assert.is(sends.length, 2);
  assert.is(sends[0].method, 'POST');
  assert.is(sends[0].url, `/v1/projects/${FCM_PROJECT}/messages:send`);
  assert.is(sends[0].headers.authorization, 'Bearer ya29.local-test-token');
  const { message } = JSON.parse(sends[0].body.toString());
  assert.is(message.token, fcmToken);
  assert.equal(
    { title: message.data.title, body: message.data.body, url: message.data.url },
    { title: 'Obat Anda siap diambil', body: 'Nomor antrian farmasi F-012.', url: '/home' },
  );
  assert.ok(
    Object.values(message.data).every((v) => typeof v === 'string'),
    'FCM data values are strings',
  );
  assert.is(message.webpush.headers.Urgency, 'high');

  unregistered = true;
  await notify();
  await w.drain();
  assert.is((await t.db.query('SELECT 1 FROM push_registrations')).length, 0);
});

test('a called clinic number shows on the card and notifies the patient; an unknown one is a 404', async () => {
  const called = await inject('POST', '/api/internal/antrian/poli/panggil', INTERNAL_TOKEN, { no_reg: DEMO_REGS.queue() });
  assert.is(called.statusCode, 200);
  const [queue] = (await inject('GET', `/api/patient/antrian/poli?nomr=${DEMO_A.nomr}&tgllahir=${DEMO_A.tgl_lahir}`, tokenA)).json().data;
  assert.is(queue.status, 'dipanggil');
  assert.is(queue.no_dipanggil, DEMO_QUEUE.a);
  const [n] = await t.db.query<{ title: string; body: string }>('SELECT title, body FROM notifications WHERE nomr = $1 ORDER BY id DESC LIMIT 1', [
    DEMO_A.nomr,
  ]);
  assert.is(n.title, 'Nomor antrian Anda dipanggil');
  assert.ok(n.body.startsWith(`POLI KARDIOLOGI DEWASA, nomor antrian ${DEMO_QUEUE.a}.`), n.body);
  assert.is((await inject('POST', '/api/internal/antrian/poli/panggil', INTERNAL_TOKEN, { no_reg: 'RJ-TIDAK-ADA' })).statusCode, 404);
  assert.is(
    (await inject('POST', '/api/internal/antrian/poli/panggil', tokenA, { no_reg: DEMO_REGS.queue() })).statusCode,
    401,
    'a patient cannot call numbers',
  );
});

test('the pharmacy change to Siap diambil notifies once; other changes only update the card', async () => {
  const count = async () => (await t.db.query(`SELECT 1 FROM notifications WHERE title = 'Obat Anda siap diambil' AND nomr = $1`, [DEMO_A.nomr])).length;
  const before = await count();
  const set = (status_obat: string) => inject('POST', '/api/internal/antrian/farmasi/status', INTERNAL_TOKEN, { no_antrian: 'F-012', status_obat });
  assert.is((await set('Sedang diracik')).json().data.notified, null);
  assert.is(await count(), before);
  assert.ok((await set('Siap diambil')).json().data.notified);
  assert.is((await set('Siap diambil')).json().data.notified, null, 'no second buzz');
  assert.is(await count(), before + 1);
  const [f] = (await inject('GET', `/api/patient/antrian/farmasi?nomr=${DEMO_A.nomr}&tgllahir=${DEMO_A.tgl_lahir}`, tokenA)).json().data;
  assert.is(f.status_obat, 'Siap diambil');
});

test('a renewed registration replaces the old one; another patient cannot remove it; a foreign endpoint is refused', async () => {
  const first = subscriber(`${endpoint.url}/push/one`).json;
  const second = subscriber(`${endpoint.url}/push/two`).json;
  await register(tokenA, first);
  assert.is((await register(tokenA, second, first)).statusCode, 200);
  const tokens = async () => (await t.db.query<{ token: string }>('SELECT token FROM push_registrations ORDER BY id')).map((r) => r.token);
  assert.equal(await tokens(), [second]);
  const tokenB = await loginAs(t.app, DEMO_B);
  await register(tokenB, subscriber(`${endpoint.url}/push/b`).json, second);
  assert.ok((await tokens()).includes(second), "B's call leaves A's registration");
  const foreign = await register(tokenA, subscriber('https://attacker.example/push').json);
  assert.is(foreign.statusCode, 400);
  assert.is((await t.app.inject({ method: 'POST', url: '/api/patient/simpan/fcmtoken', payload: { fcmtoken: first } })).statusCode, 401);
});

test('PUSH_MAX_PER_PATIENT (10): a new registration past it replaces the least recently renewed, also when sent at once; a notify then makes at most 10 deliveries', async () => {
  const max = loadConfig({}).push.maxPerPatient;
  assert.is(max, 10);
  const subs = new Map<number, string>();
  const sub = (i: number) => subs.get(i) ?? (subs.set(i, subscriber(`${endpoint.url}/push/many-${i}`).json), subs.get(i) as string);
  for (let i = 0; i < 12; i++) assert.is((await register(tokenA, sub(i))).statusCode, 200);
  const kept = async () =>
    (await t.db.query<{ token: string }>('SELECT token FROM push_registrations WHERE nomr = $1 ORDER BY id', [DEMO_A.nomr])).map((r) => r.token);
  assert.equal(
    await kept(),
    Array.from({ length: 10 }, (_, k) => sub(k + 2)),
  );
  // Renewing the oldest makes it the newest: the next one replaces the one after it.
  await register(tokenA, sub(2));
  // A delivery waiting for the one about to go is not sent to a registration that no longer exists.
  assert.is((await notify()).json().data.registrations, 10);
  await register(tokenA, sub(12));
  assert.not.ok((await kept()).includes(sub(3)));
  assert.ok((await kept()).includes(sub(2)));
  const gone = await t.db.query<{ status: string }>(`SELECT status FROM push_deliveries WHERE registration_id IS NULL OR status = 'gone'`);
  assert.equal(
    gone.map((d) => d.status),
    ['gone'],
  );
  // Twenty at once: still ten.
  await Promise.all(Array.from({ length: 20 }, (_, k) => register(tokenA, sub(100 + k))));
  assert.is((await kept()).length, 10);
  assert.is((await notify()).json().data.registrations, 10);
});

test('without configured keys, one VAPID pair is generated and every process shares it', async () => {
  const config = { vapid: null, vapidSubject: 'mailto:it@rs.example' };
  // A database with no pair yet, and two processes starting on it at once: both generate one.
  const db = await freshDb({ seed: false });
  try {
    const [a, b] = await Promise.all([memoVapidKeys(db, config)(), memoVapidKeys(db, config)()]);
    assert.is(a.publicKey, b.publicKey);
    assert.is(a.privateKey, b.privateKey);
    assert.match(a.publicKey, /^[A-Za-z0-9_-]{87}$/);
    assert.is((await db.query('SELECT 1 FROM server_keys')).length, 1, 'one pair kept');
  } finally {
    await db.close();
  }
  const served = (await t.app.inject({ method: 'GET', url: '/api/push/vapid' })).json().data.publicKey;
  assert.is(served, (await memoVapidKeys(t.db, config)()).publicKey);
});

test.run();

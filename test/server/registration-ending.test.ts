// A registration's ending (docs/product.md, Registration's ending): the reference and the counter
// in the saved answer, 'Cek status pendaftaran' (one answer for a wrong reference and a wrong
// date, a 400 naming the field, throttled as login), and the counter's verification telling the
// registering phone its Nomor MR through the durable push queue, delivered to a real P-256
// subscriber on loopback (test/support/push.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, type PushConfig } from '../../server/config.ts';
import { ConfigError } from '../../server/config.ts';
import { openDatabase } from '../../server/open-database.ts';
import { giveReference } from '../../server/db/registration-status.ts';
import { saveRegistration } from '../../server/db/registrations.ts';
import { pushService } from '../../server/push/service.ts';
import { createPgDatabase, ENGINE } from '../support/db.ts';
import { INTERNAL_TOKEN, newPatient, testApp, type TestApp } from '../support/app.ts';
import { pushEndpoint, subscriber, type PushEndpoint } from '../support/push.ts';

let t: TestApp;
let endpoint: PushEndpoint;
let push: PushConfig;
const LOKET = { tempat: 'Loket Pendaftaran Pasien Baru, Gedung A lantai 1', jam: 'Senin–Jumat 07.00–14.00' };

test.before(async () => {
  endpoint = await pushEndpoint();
  push = { ...loadConfig({}).push, endpointHosts: ['127.0.0.1'] };
  t = await testApp({ push, registrationCounter: LOKET });
});
test.after(async () => {
  await t.close();
  await endpoint.close();
});

let address = 0;
/** Each test from addresses of its own: the per-address limits are tested on purpose below. */
const from = () => `10.43.${Math.floor(++address / 250)}.${address % 250}`;
const post = (url: string, payload: object, remoteAddress = from()) => t.app.inject({ method: 'POST', url, payload, remoteAddress });
const register = (nik: string, over: Record<string, unknown> = {}) => post('/api/patient/simpan/pasien/baru', newPatient(nik, over));
const status = (payload: object, remoteAddress?: string) => post('/api/pendaftaran/status', payload, remoteAddress);
const verify = (id: unknown, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/internal/registrasi/${id}/verifikasi`, payload, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
const idOf = async (nik: string) => (await t.db.query<{ id: number }>('SELECT id::int AS id FROM registrations WHERE no_ktp = $1', [nik]))[0].id;

test('the saved answer carries a reference of its own, stored with the submission, and the counter from the settings', async () => {
  const res = await register('3173041708680101');
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.match(body.message, /Silahkan lanjutkan proses verifikasi di loket pendaftaran/);
  assert.match(body.referensi, /^REG-[34679ACDEFGHJKMNPQRTUVWXY]{6}$/);
  assert.equal(body.loket, LOKET);
  const [row] = await t.db.query<{ referensi: string }>('SELECT referensi FROM registration_submissions WHERE registration_id = $1', [
    await idOf('3173041708680101'),
  ]);
  assert.is(row.referensi, body.referensi);
  // Another submission with the same NIK: a reference of its own, the same shape of answer.
  const again = (await register('3173041708680101', { nama: 'Orang Lain' })).json();
  assert.is.not(again.referensi, body.referensi);
  assert.equal(Object.keys(again), Object.keys(body));
});

test('unset counter settings are left out of the answer, never filled in', async () => {
  const bare = await testApp({ registrationCounter: {} });
  try {
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/patient/simpan/pasien/baru',
      payload: newPatient('3173041708680102'),
      remoteAddress: from(),
    });
    assert.is(res.json().status, true);
    assert.is('loket' in res.json(), false, JSON.stringify(res.json()));
  } finally {
    await bare.close();
  }
});

test('Cek status: waiting, then verified with the Nomor MR; a wrong reference and a wrong date get one message; audited', async () => {
  const nik = '3173041708680103';
  const { referensi } = (await register(nik)).json();
  const tgl_lahir = newPatient(nik).tgl_lahir;
  const waiting = await status({ referensi, tgl_lahir });
  assert.is(waiting.statusCode, 200);
  assert.equal(waiting.json().data, { status: 'menunggu', loket: LOKET });

  const wrongDate = await status({ referensi, tgl_lahir: '1970-01-02' });
  const wrongRef = await status({ referensi: 'REG-XXXXXX', tgl_lahir });
  assert.is(wrongDate.statusCode, 404);
  assert.is(wrongRef.statusCode, 404);
  assert.is(wrongDate.body, wrongRef.body, 'one answer for both');
  assert.match(wrongDate.json().message, /Silakan periksa kembali kode referensi dan tanggal lahir/);

  const verified = await verify(await idOf(nik), { no_rm: '00012345', referensi });
  assert.is(verified.statusCode, 200);
  assert.is(verified.json().data.no_rm, '00012345');
  assert.is(verified.json().data.pengajuan[0].referensi, referensi);
  assert.equal((await status({ referensi, tgl_lahir })).json().data, { status: 'terverifikasi', no_rm: '00012345', loket: LOKET });

  const audited = await t.db.query<{ action: string; outcome: string }>(
    `SELECT action, outcome FROM audit_log WHERE action = 'registration-status' ORDER BY id`,
  );
  assert.equal(
    audited.map((a) => a.outcome),
    ['found', 'not-found', 'not-found', 'found'],
  );
});

test('nonsense is a 400 that names the field', async () => {
  const badRef = await status({ referensi: 'REG-1234', tgl_lahir: '1968-08-17' });
  assert.is(badRef.statusCode, 400);
  assert.match(badRef.json().message, /referensi/);
  const badDate = await status({ referensi: 'REG-7K3QAM', tgl_lahir: '17-08-1968' });
  assert.is(badDate.statusCode, 400);
  assert.match(badDate.json().message, /tgl_lahir/);
  const extra = await status({ referensi: 'REG-7K3QAM', tgl_lahir: '1968-08-17', nik: '3173041708680103' });
  assert.is(extra.statusCode, 400);
});

test('throttled as login is: after LOGIN_MAX_FAILURES wrong dates the reference is locked, right date or not', async () => {
  const nik = '3173041708680104';
  const { referensi } = (await register(nik)).json();
  const max = loadConfig({}).security.login.nomr.max;
  for (let i = 0; i < max; i++) assert.is((await status({ referensi, tgl_lahir: `1970-01-${String(i + 1).padStart(2, '0')}` })).statusCode, 404);
  const locked = await status({ referensi, tgl_lahir: newPatient(nik).tgl_lahir });
  assert.is(locked.statusCode, 429);
  assert.ok(Number(locked.headers['retry-after']) > 0);
  assert.match(locked.json().message, /Silakan coba lagi setelah pukul \d\d\.\d\d/);
});

test("the counter's verification tells the registering phone its Nomor MR through the push queue", async () => {
  const nik = '3173041708680105';
  const { referensi } = (await register(nik)).json();
  const tgl_lahir = newPatient(nik).tgl_lahir;
  const phone = subscriber(`${endpoint.url}/push/pendaftaran`);
  const subscribed = await post('/api/pendaftaran/push', { referensi, tgl_lahir, fcmtoken: phone.json });
  assert.is(subscribed.statusCode, 200);
  assert.is(subscribed.json().data.kind, 'webpush');
  // The wrong date subscribes nothing, with the same neutral answer.
  const other = subscriber(`${endpoint.url}/push/orang-lain`);
  assert.is((await post('/api/pendaftaran/push', { referensi, tgl_lahir: '1970-01-01', fcmtoken: other.json })).statusCode, 404);
  // A subscription to anywhere but a push service is refused before anything is looked up.
  const foreign = subscriber('https://attacker.example/push').json;
  assert.is((await post('/api/pendaftaran/push', { referensi, tgl_lahir, fcmtoken: foreign })).statusCode, 400);

  assert.is((await verify(await idOf(nik), { no_rm: '00054321', referensi })).statusCode, 200);
  const queued = await t.db.query<{ status: string; title: string; body: string }>(
    `SELECT d.status, n.title, n.body FROM push_deliveries d JOIN notifications n ON n.id = d.notification_id
      WHERE d.registration_push_id IS NOT NULL ORDER BY d.id`,
  );
  assert.equal(
    queued.map((q) => q.status),
    ['pending'],
    'one enqueued delivery, nothing sent directly',
  );
  assert.ok(queued[0].body.includes('00054321'));

  endpoint.received.length = 0;
  assert.is(await pushService(t.db, push).worker().drain(), 1);
  assert.is(endpoint.received.length, 1);
  const message = phone.decrypt(endpoint.received[0].body);
  assert.is(message.title, 'Pendaftaran sudah terverifikasi');
  assert.match(String(message.body), new RegExp(`${referensi} sudah diverifikasi\\. Nomor MR Anda: 00054321\\. Silakan login`));
  assert.is(message.url, '/');

  // Verifying twice changes nothing, and sends nothing more.
  assert.is((await verify(await idOf(nik), { no_rm: '99999999', referensi })).json().data.no_rm, '00054321');
  assert.is(await pushService(t.db, push).worker().drain(), 0);
});

test('without the reference, the Nomor MR goes to the only submission; with several, to none; a foreign reference is a 409', async () => {
  const [one, two] = ['3173041708680106', '3173041708680107'];
  const a = (await register(one)).json().referensi;
  assert.is((await verify(await idOf(one), { no_rm: '00011111' })).statusCode, 200);
  assert.is((await status({ referensi: a, tgl_lahir: newPatient(one).tgl_lahir })).json().data.no_rm, '00011111');

  const b1 = (await register(two)).json().referensi;
  await register(two, { telp_hp: '081311112222' });
  assert.is((await verify(await idOf(two), { referensi: a })).statusCode, 409);
  assert.is((await verify(await idOf(two), { no_rm: '00022222' })).statusCode, 200);
  assert.equal((await status({ referensi: b1, tgl_lahir: newPatient(two).tgl_lahir })).json().data, { status: 'terverifikasi', loket: LOKET });
});

test('the counter settings are checked at start: one line, times written 07.00', () => {
  assert.equal(loadConfig({ REGISTRATION_COUNTER_PLACE: '  Loket A  ' }).registrationCounter, { tempat: 'Loket A' });
  assert.equal(loadConfig({}).registrationCounter, {});
  assert.throws(
    () => loadConfig({ REGISTRATION_COUNTER_HOURS: 'Senin–Jumat 07:00–14:00' }),
    (e: Error) => e instanceof ConfigError && /07\.00–14\.00/.test(e.message),
  );
  assert.throws(
    () => loadConfig({ REGISTRATION_COUNTER_PLACE: 'Loket <b>A</b>' }),
    (e: Error) => e instanceof ConfigError && /REGISTRATION_COUNTER_PLACE/.test(e.message),
  );
});

test('npm run registrations -- verifikasi REG-… NOMOR_MR verifies by the reference, audited, and queues the message', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pasien-reg-'));
  const where = ENGINE === 'postgres' ? { databaseUrl: await createPgDatabase(process.env.TEST_PG_URL!), dataDir: dir } : { databaseUrl: null, dataDir: dir };
  const env = { ...process.env, LOG_LEVEL: 'silent', ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : { DATA_DIR: dir }) };
  try {
    const db = await openDatabase({ ...where, seedDemo: false });
    const referensi = await db.tx(async (q) => giveReference(q, (await saveRegistration(q, newPatient('3173041708680108'), '10.0.0.1')).id));
    const [sub] = await db.query<{ id: number }>('SELECT id::int AS id FROM registration_submissions WHERE referensi = $1', [referensi]);
    await db.query(`INSERT INTO registration_push (submission_id, token, kind) VALUES ($1, $2, 'webpush')`, [
      sub.id,
      subscriber(`${endpoint.url}/push/cli`).json,
    ]);
    await db.close();
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'server/registrations-cli.ts', ...args], { env })
        .toString()
        .trim();
    assert.is(
      cli('verifikasi', referensi.toLowerCase().replace('-', ' '), '00077777'),
      `Pendaftaran ${referensi} (Rahmat Hidayat) diverifikasi, Nomor MR 00077777; 1 notifikasi menunggu dikirim.`,
    );
    assert.is(cli('verifikasi', referensi), `Pendaftaran ${referensi} sudah diverifikasi sebelumnya; tidak ada yang berubah.`);
    const check = await openDatabase({ ...where, seedDemo: false });
    const [row] = await check.query<{ status: string; no_rm: string }>('SELECT status, no_rm FROM registrations WHERE no_ktp = $1', ['3173041708680108']);
    const audited = await check.query<{ actor: string }>(`SELECT actor FROM audit_log WHERE action = 'registration' AND outcome = 'verified'`);
    await check.close();
    assert.equal(row, { status: 'verified', no_rm: '00077777' });
    assert.is(audited.length, 1);
    assert.match(audited[0].actor, /^cli:/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

// Health, the OpenAPI document, the error handler, configuration and the data dir lock.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp, buildInternalApp } from '../../server/app.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { DataDirLockedError, openPglite, openPostgres, ping, type Db } from '../../server/db/client.ts';
import { openDatabase } from '../../server/open-database.ts';
import { DEMO_A, seedDemo } from '../../server/connector/local/demo/seed.ts';
import { createPgDatabase, ENGINE, freshDb } from '../support/db.ts';
import { INTERNAL_TOKEN, loginAs, testApp, testConfig, type TestApp } from '../support/app.ts';
import { frozenProxy } from '../support/frozen-proxy.ts';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

test("GET /api/health reports the database and the hospital's system", async () => {
  const res = await t.app.inject({ url: '/api/health' });
  assert.is(res.statusCode, 200);
  assert.equal(res.json(), { status: 'ok', database: ENGINE, simrs: 'local' });
});

test('/api/docs is an OpenAPI document with every call of spec section 7', async () => {
  const doc = (await t.app.inject({ url: '/api/docs' })).json();
  assert.match(doc.openapi, /^3\./);
  for (const path of Object.values(API)) assert.ok(doc.paths[path], `missing ${path}`);
  assert.ok(doc.paths['/api/internal/notify']);
  assert.ok(doc.paths[API.book].post.requestBody);
});

test('malformed JSON is a 400 with a JSON message and no stack', async () => {
  const res = await t.app.inject({ method: 'POST', url: API.login, headers: { 'content-type': 'application/json' }, payload: '{"medical_record_number":' });
  assert.is(res.statusCode, 400);
  assert.is(res.json().status, false);
  assert.not.match(res.body, /at .*\.ts/);
});

test('a body over the limit is refused with 413', async () => {
  const res = await t.app.inject({ method: 'POST', url: API.register, payload: { nama: 'x'.repeat(100_000) } });
  assert.is(res.statusCode, 413);
  assert.is(res.json().status, false);
});

test('an unknown API path is a JSON 404', async () => {
  const res = await t.app.inject({ url: '/api/patient/tidak-ada' });
  assert.is(res.statusCode, 404);
  assert.is(res.json().status, false);
});

test('the internal notify call needs its service token and records the notification', async () => {
  const payload = { nomr: '00012345', title: 'Nomor antrian Anda dipanggil', body: 'POLI KARDIOLOGI DEWASA', url: '/home' };
  const none = await t.app.inject({ method: 'POST', url: '/api/internal/notify', payload });
  assert.is(none.statusCode, 401);
  const patientToken = await loginAs(t.app);
  const asPatient = await t.app.inject({ method: 'POST', url: '/api/internal/notify', payload, headers: { authorization: `Bearer ${patientToken}` } });
  assert.is(asPatient.statusCode, 401);
  const ok = await t.app.inject({ method: 'POST', url: '/api/internal/notify', payload, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
  assert.is(ok.statusCode, 200);
  const rows = await t.db.query<{ title: string }>('SELECT title FROM notifications WHERE nomr = $1', ['00012345']);
  assert.equal(
    rows.map((r) => r.title),
    ['Nomor antrian Anda dipanggil'],
  );
  const unknown = await t.app.inject({
    method: 'POST',
    url: '/api/internal/notify',
    payload: { ...payload, nomr: '77777777' },
    headers: { authorization: `Bearer ${INTERNAL_TOKEN}` },
  });
  assert.is(unknown.statusCode, 404);
});

test('a bad configuration value stops the start with a message that names the variable', () => {
  for (const [name, value] of [
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['SESSION_MAX_DAYS', '0'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['INTERNAL_API_TOKEN', 'short'],
    ['SIMRS', 'upstream'],
    ['KHANZA_DATABASE_URL', 'postgres://h/sik'],
  ]) {
    try {
      loadConfig({ [name]: value });
      assert.unreachable(`${name}=${value} was accepted`);
    } catch (err) {
      assert.instance(err, ConfigError);
      assert.match((err as Error).message, name);
    }
  }
  assert.is(loadConfig({}).port, 8080);
  for (const [name, value] of [
    ['INTERNAL_PORT', 'x'],
    ['INTERNAL_PORT', '8080'],
  ]) {
    assert.throws(
      () => loadConfig({ [name]: value }),
      (err: Error) => err instanceof ConfigError && err.message.includes(name),
      `${name}=${value}`,
    );
  }
});

test('FCM_ENDPOINT is https (http only to this machine) and PUSH_ENDPOINT_HOSTS lists host names, checked at start', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const FCM_SERVICE_ACCOUNT = JSON.stringify({
    project_id: 'rs-pasien',
    client_email: 'push@rs-pasien.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  const refused = (env: Record<string, string>, name: string) =>
    assert.throws(
      () => loadConfig(env),
      (err: Error) => err instanceof ConfigError && err.message.startsWith(name),
      JSON.stringify(env).slice(0, 80),
    );
  refused({ FCM_SERVICE_ACCOUNT, FCM_ENDPOINT: 'http://fcm.rs.example.id' }, 'FCM_ENDPOINT must be an https:// address');
  refused({ FCM_SERVICE_ACCOUNT, FCM_ENDPOINT: 'fcm.googleapis.com' }, 'FCM_ENDPOINT must be an http(s) address');
  assert.is(loadConfig({ FCM_SERVICE_ACCOUNT }).push.fcm?.endpoint, 'https://fcm.googleapis.com');
  assert.is(loadConfig({ FCM_SERVICE_ACCOUNT, FCM_ENDPOINT: 'http://127.0.0.1:9099/' }).push.fcm?.endpoint, 'http://127.0.0.1:9099');
  refused({ PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com,https://push.rs.example.id/' }, 'PUSH_ENDPOINT_HOSTS must list host names');
  assert.equal(loadConfig({ PUSH_ENDPOINT_HOSTS: 'FCM.googleapis.com, push.rs.example.id' }).push.endpointHosts, ['fcm.googleapis.com', 'push.rs.example.id']);
});

test('the limits and timeouts: their defaults, and a bad value names its variable', () => {
  const c = loadConfig({});
  assert.equal(
    [c.timeouts, c.live, c.booking.maxActive, c.push.maxPerPatient, c.security.passkeyOptions.max, c.security.exports.max],
    [{ requestMs: 30_000, connectionMs: 120_000 }, { maxPerSession: 3, maxPerAddress: 200 }, 3, 10, 100, 10],
  );
  for (const [name, value] of [
    ['REQUEST_TIMEOUT_SECONDS', '0'],
    ['CONNECTION_TIMEOUT_SECONDS', 'soon'],
    ['LIVE_MAX_PER_SESSION', '0'],
    ['LIVE_MAX_PER_ADDRESS', '-1'],
    ['MAX_ACTIVE_APPOINTMENTS', '2.5'],
    ['PUSH_MAX_PER_PATIENT', '0'],
    ['PASSKEY_OPTIONS_MAX_PER_ADDRESS', 'many'],
    ['EXPORT_MAX_PER_SESSION', '0'],
  ]) {
    assert.throws(
      () => loadConfig({ [name]: value }),
      (err: Error) => err instanceof ConfigError && err.message.includes(name),
      `${name}=${value}`,
    );
  }
  // A connection's silence limit below the request's would cut requests the request timeout allows.
  assert.throws(
    () => loadConfig({ REQUEST_TIMEOUT_SECONDS: '60', CONNECTION_TIMEOUT_SECONDS: '30' }),
    (err: Error) => err instanceof ConfigError && err.message.includes('CONNECTION_TIMEOUT_SECONDS'),
  );
});

test('SIMRS is local unless set; khanza needs a mysql:// KHANZA_DATABASE_URL naming its database', () => {
  assert.equal(loadConfig({}).simrs, { kind: 'local' });
  assert.equal(loadConfig({ SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9:3306/sik' }).simrs, {
    kind: 'khanza',
    url: 'mysql://app:pw@10.0.0.9:3306/sik',
    timeoutMs: 5000,
    // Khanza's shipped payer codes, and its numbering defaults (DlgReg.java: URUTNOREG dokter, BASENOREG registrasi).
    payers: { bpjs: 'BPJ', umum: 'A09' },
    cathRooms: [],
    pollMs: 15_000,
    numbering: { urut: 'dokter', base: 'registrasi' },
    quotaGuard: 'app',
  });
  const numbering = (env: Record<string, string>) =>
    (loadConfig({ SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9:3306/sik', ...env }).simrs as { numbering: unknown }).numbering;
  // As Khanza's koneksiDB reads setting/database.xml: case and spaces do not matter.
  assert.equal(numbering({ KHANZA_URUTNOREG: 'Dokter + Poli', KHANZA_BASENOREG: 'BOOKING' }), { urut: 'dokter + poli', base: 'booking' });
  assert.equal(numbering({ KHANZA_URUTNOREG: 'poli' }), { urut: 'poli', base: 'registrasi' });
  assert.is(
    (loadConfig({ SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9:3306/sik', KHANZA_POLL_SECONDS: '60' }).simrs as { pollMs: number }).pollMs,
    60_000,
  );
  for (const env of [
    { SIMRS: 'khanza' },
    { SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9:3306' },
    { SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9/sik', KHANZA_TIMEOUT_SECONDS: '0' },
    { SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9/sik', KHANZA_KD_PJ_BPJS: 'BPJS!' },
    { SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9/sik', KHANZA_URUTNOREG: 'kamar' },
    { SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9/sik', KHANZA_BASENOREG: 'jadwal' },
    // A change made in Khanza reaches the live streams within a minute: the poll is never rarer.
    { SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9/sik', KHANZA_POLL_SECONDS: '61' },
    // The quota guard's modes are app and strict (docs/integration.md, The quota guard).
    { SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9/sik', KHANZA_QUOTA_GUARD: 'loket' },
    { KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9:3306/sik' },
  ]) {
    assert.throws(
      () => loadConfig(env),
      (err: Error) => err instanceof ConfigError && /KHANZA_|SIMRS/.test(err.message),
      JSON.stringify(env),
    );
  }
});

test("Mobile JKN's service runs on SIMRS=khanza too (its seats are Khanza's); BPJS_REPORTER is simrs there, and app is refused", () => {
  const khanza = { SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://app:pw@10.0.0.9/sik' };
  const jkn = { JKN_WS_USERNAME: 'bpjs', JKN_WS_PASSWORD: 'a-long-enough-password' };
  const bpjs = { BPJS_ANTREAN_URL: 'https://apijkn.bpjs-kesehatan.go.id/antreanrs', BPJS_CONS_ID: '1', BPJS_SECRET_KEY: 's', BPJS_USER_KEY: 'u' };
  assert.is(loadConfig({ ...khanza, ...jkn }).jkn?.username, 'bpjs');
  assert.is(loadConfig({ ...khanza, ...jkn, ...bpjs }).bpjs?.reporter, 'simrs');
  assert.is(loadConfig({ ...bpjs }).bpjs?.reporter, 'app');
  assert.throws(
    () => loadConfig({ ...khanza, ...bpjs, BPJS_REPORTER: 'app' }),
    (err: Error) => err instanceof ConfigError && /BPJS_REPORTER/.test(err.message) && /SIMRS=khanza/.test(err.message),
  );
});

test('the internal calls listen apart, on 127.0.0.1:8081 unless told otherwise', () => {
  assert.equal([loadConfig({}).internalHost, loadConfig({}).internalPort], ['127.0.0.1', 8081]);
  const set = loadConfig({ INTERNAL_HOST: '10.0.0.5', INTERNAL_PORT: '9090' });
  assert.equal([set.internalHost, set.internalPort], ['10.0.0.5', 9090]);
});

test('demo data by default only in the embedded database; SEED_DEMO decides when set', () => {
  assert.is(loadConfig({}).seedDemo, true);
  assert.is(loadConfig({ DATABASE_URL: 'postgres://h/db' }).seedDemo, false);
  assert.is(loadConfig({ DATABASE_URL: 'postgres://h/db', SEED_DEMO: 'true' }).seedDemo, true);
  assert.is(loadConfig({ SEED_DEMO: 'false' }).seedDemo, false);
});

const count = async (db: Db, table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

test('the demo data never goes into a database that holds patients, clinics or doctors', async () => {
  for (const [table, row] of [
    [
      'patients',
      "INSERT INTO patients (nomr, nama, jenis_kelamin, tgl_lahir, pastipe, alamat) VALUES ('55500001', 'PASIEN NYATA', 'P', '1970-01-01', 'BPJS', 'Jakarta')",
    ],
    ['clinics', "INSERT INTO clinics (kd_dep, ds_dep) VALUES ('30001', 'POLI NYATA')"],
  ]) {
    const db = await freshDb({ seed: false });
    try {
      await db.query(row);
      await seedDemo(db);
      assert.is(await count(db, table), 1, table);
      assert.is((await db.query('SELECT 1 FROM patients WHERE nomr = $1', [DEMO_A.nomr])).length, 0, `no demo patient beside ${table}`);
    } finally {
      await db.close();
    }
  }
});

test("the demo data seeds whatever weekday it is started on, with both of A's upcoming appointments", async () => {
  // Which sessions the seed fills at random depends on the weekday: each of the seven is tried.
  const start = todayWib();
  for (let d = 0; d < 7; d++) {
    const day = addDays(start, d);
    const db = await freshDb({ seed: false });
    try {
      await seedDemo(db, day, Date.parse(`${day}T09:00:00+07:00`));
      const upcoming = await db.query('SELECT 1 FROM appointments WHERE nomr = $1 AND tgl_janji > $2', [DEMO_A.nomr, day]);
      assert.is(upcoming.length, 2, `started on ${day}`);
    } finally {
      await db.close();
    }
  }
});

test('a start without SEED_DEMO seeds nothing; with it, an empty database once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pasien-seed-'));
  const where = ENGINE === 'postgres' ? { databaseUrl: await createPgDatabase(process.env.TEST_PG_URL!), dataDir: dir } : { databaseUrl: null, dataDir: dir };
  const patientsAfterStart = async (seedDemo: boolean) => {
    const db = await openDatabase({ ...where, seedDemo });
    try {
      return await count(db, 'patients');
    } finally {
      await db.close();
    }
  };
  try {
    assert.is(await patientsAfterStart(false), 0);
    const seeded = await patientsAfterStart(true);
    assert.ok(seeded > 2);
    assert.is(await patientsAfterStart(true), seeded, 'a second start adds nothing');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the public app answers 404 for the internal calls; the internal app serves them, with their own /api/docs', async () => {
  const config = testConfig();
  const auth = { authorization: `Bearer ${INTERNAL_TOKEN}` };
  const pub = await buildApp({ config, db: t.db, logger: false });
  const internal = await buildInternalApp({ config, db: t.db, logger: false });
  try {
    for (const [method, url] of [
      ['GET', '/api/internal/registrasi'],
      ['POST', '/api/internal/registrasi/1/verifikasi'],
      ['POST', '/api/internal/notify'],
    ] as const) {
      const res = await pub.inject({ method, url, headers: auth, payload: method === 'POST' ? {} : undefined });
      assert.is(res.statusCode, 404, `${method} ${url}`);
      assert.is(res.json().status, false);
    }
    const publicDoc = (await pub.inject({ url: '/api/docs' })).json();
    assert.ok(publicDoc.paths[API.register]);
    assert.equal(
      Object.keys(publicDoc.paths).filter((p) => p.startsWith('/api/internal/')),
      [],
    );

    assert.is((await internal.inject({ url: '/api/internal/registrasi', headers: auth })).statusCode, 200);
    assert.is((await internal.inject({ url: '/api/internal/registrasi' })).statusCode, 401);
    assert.is((await internal.inject({ method: 'POST', url: API.register, payload: {} })).statusCode, 404, 'no public call there');
    const doc = (await internal.inject({ url: '/api/docs' })).json();
    const paths = Object.keys(doc.paths).sort();
    assert.equal(paths, [
      '/api/internal/antrian/farmasi/status',
      '/api/internal/antrian/poli',
      '/api/internal/antrian/poli/checkin',
      '/api/internal/antrian/poli/lepas',
      '/api/internal/antrian/poli/lewati',
      '/api/internal/antrian/poli/panggil',
      '/api/internal/antrian/poli/selesai',
      '/api/internal/antrian/poli/walkin',
      '/api/internal/bpjs/antrean',
      '/api/internal/bpjs/antrean/{id}/ulang',
      '/api/internal/bpjs/dashboard',
      '/api/internal/bpjs/hfis',
      '/api/internal/bpjs/rekonsiliasi',
      '/api/internal/jadwal/dokter',
      '/api/internal/jadwal/sesi',
      '/api/internal/konsultasi/link',
      '/api/internal/notify',
      '/api/internal/passkey/{nomr}',
      '/api/internal/pengingat',
      '/api/internal/registrasi',
      '/api/internal/registrasi/{id}/verifikasi',
    ]);
    assert.equal(doc.paths['/api/internal/registrasi'].get.security, [{ serviceToken: [] }]);
    assert.ok(doc.paths['/api/internal/registrasi/{id}/verifikasi'].post.responses['404']);
  } finally {
    await pub.close();
    await internal.close();
  }
});

if (ENGINE === 'pglite') {
  test('a second process on the same DATA_DIR is refused at once; a stale lock is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pasien-lock-'));
    try {
      // A lock held by a live process (this test runner's parent stands in for another server).
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, 'server.lock'), String(process.ppid));
      try {
        await openPglite(dir);
        assert.unreachable('opened a locked data dir');
      } catch (err) {
        assert.instance(err, DataDirLockedError);
        assert.match((err as Error).message, /in use by another server process/);
      }
      writeFileSync(join(dir, 'server.lock'), '999999999'); // no such process
      const db = await openPglite(dir);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

if (ENGINE === 'postgres') {
  // PGlite runs inside the process; a PostgreSQL server can stop answering on its own.
  test('a database that stops answering: /api/health names it within seconds, a patient read ends with 500 instead of waiting, and both answer again once it is back', async () => {
    const url = new URL((t.db as Db & { url: string }).url);
    const proxy = await frozenProxy(url.hostname, Number(url.port));
    url.host = proxy.address;
    // A statement limit of 2 s here (30 s by default), so the test is short.
    const db = await openPostgres(url.toString(), 4, 2000);
    const app = await buildApp({ config: testConfig(), db, logger: false, internal: 'here' });
    // With the default limit a statement waits 30 s: health's own ping gives up sooner.
    const patient = await openPostgres(url.toString(), 1);
    try {
      const token = await loginAs(app);
      const read = () => app.inject({ url: API.clinicQueue, headers: { authorization: `Bearer ${token}` } });
      assert.is((await read()).statusCode, 200);
      proxy.freeze();
      const health = await app.inject({ url: '/api/health' });
      assert.equal([health.statusCode, health.json()], [503, { status: 'unavailable', database: 'postgres', simrs: 'local', down: ['database'] }]);
      const refused = await read();
      assert.equal([refused.statusCode, refused.json().status], [500, false]);
      try {
        await ping(patient, 500);
        assert.unreachable('a frozen database answered the ping');
      } catch (err) {
        assert.match((err as Error).message, 'the database did not answer within 500 ms');
      }
      proxy.thaw();
      assert.is((await app.inject({ url: '/api/health' })).statusCode, 200);
      assert.is((await read()).statusCode, 200, 'the connection that got no answer was dropped, a fresh one serves');
    } finally {
      proxy.thaw();
      await app.close();
      await db.close();
      await patient.close();
      await proxy.close();
    }
  });
}

test.run();

// Health, the OpenAPI document, the error handler, configuration and the data dir lock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API } from '../../common/paths.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { DataDirLockedError, openPglite } from '../../server/db/client.ts';
import { ENGINE } from '../support/db.ts';
import { INTERNAL_TOKEN, loginAs, testApp, type TestApp } from '../support/app.ts';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

test('GET /api/health reports the database', async () => {
  const res = await t.app.inject({ url: '/api/health' });
  assert.is(res.statusCode, 200);
  assert.equal(res.json(), { status: 'ok', database: ENGINE });
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
  assert.equal(rows.map((r) => r.title), ['Nomor antrian Anda dipanggil']);
  const unknown = await t.app.inject({ method: 'POST', url: '/api/internal/notify', payload: { ...payload, nomr: '77777777' }, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
  assert.is(unknown.statusCode, 404);
});

test('a bad configuration value stops the start with a message that names the variable', () => {
  for (const [name, value] of [['PORT', 'eighty'], ['DATABASE_URL', 'mysql://x'], ['SESSION_MAX_DAYS', '0'], ['SEED_DEMO', 'maybe'], ['LOG_LEVEL', 'loud'], ['INTERNAL_API_TOKEN', 'short']]) {
    try {
      loadConfig({ [name]: value });
      assert.unreachable(`${name}=${value} was accepted`);
    } catch (err) {
      assert.instance(err, ConfigError);
      assert.match((err as Error).message, name);
    }
  }
  assert.is(loadConfig({}).port, 8080);
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

test.run();

// What the server shows of itself where it is not asked: the passkey's name in the phone's
// password manager, Fastify's own refusals, source maps, and where a push may be sent. On PGlite
// and on PostgreSQL.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API } from '../../common/paths.ts';
import { PUSH_SERVICE_HOSTS } from '../../server/config.ts';
import { parseSubscription } from '../../server/push/webpush.ts';
import { DEMO_A, loginAs, testApp, type TestApp } from '../support/app.ts';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'pasien-dist-'));
test.before(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="app"><script type="isodata"></script></div></body></html>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n//# sourceMappingURL=sw.js.map\n');
  writeFileSync(join(dist, 'sw.js.map'), '{"version":3,"sources":["../src/sw.ts"],"sourcesContent":["// the source"]}');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
  t = await testApp({ distDir: dist });
});
test.after(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const OUR_400 = { status: false, message: 'Permintaan tidak valid.' };

test("the passkey's user.name, which the password manager shows, holds the name but not the medical record number", async () => {
  const token = await loginAs(t.app, DEMO_A);
  const res = await t.app.inject({ url: API.passkeyRegisterOptions, headers: { authorization: `Bearer ${token}` } });
  assert.is(res.statusCode, 200);
  const { user } = res.json().data;
  assert.not.ok(user.name.includes(DEMO_A.nomr), user.name);
  assert.not.ok(user.displayName.includes(DEMO_A.nomr), user.displayName);
  assert.ok(user.name.startsWith(user.displayName), 'the name, for a family sharing a phone');
  assert.ok(user.name.endsWith(`…${DEMO_A.nomr.slice(-2)})`), user.name);
});

test("a URL that does not decode (FST_ERR_BAD_URL) answers with our body, not Fastify's", async () => {
  for (const url of ['/api/fhir/Patient/%E0%A4%A', '/%', '/api/patient/%zz/x']) {
    const res = await t.app.inject({ url });
    assert.is(res.statusCode, 400, url);
    assert.equal(res.json(), OUR_400, url);
    assert.not.match(res.body, /FST_|Bad Request|statusCode/, url);
  }
});

test("a request Node's parser refuses answers with our body too, over a real socket", async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(address);
  const raw = await new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'));
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  assert.match(raw, /^HTTP\/1\.1 400 Bad Request\r\n/);
  assert.equal(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)), OUR_400);
});

test('source maps are never served, the files they map are', async () => {
  assert.is((await t.app.inject({ url: '/sw.js' })).statusCode, 200);
  assert.is((await t.app.inject({ url: '/assets/index-abc123.js' })).statusCode, 200);
  for (const url of ['/sw.js.map', '/assets/index-abc123.js.map', '/SW.JS.MAP']) {
    const res = await t.app.inject({ url });
    assert.is(res.statusCode, 404, url);
    assert.is(res.json().status, false, url);
    assert.not.match(res.body, /sourcesContent/, url);
  }
});

test('a push endpoint must be on the push service itself: no other port of an allowed host, no credentials', async () => {
  const sub = (endpoint: string) => JSON.stringify({ endpoint, keys: { p256dh: 'BP', auth: 'au' } });
  for (const ok of [
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:443/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/x',
  ]) {
    assert.ok(parseSubscription(sub(ok), PUSH_SERVICE_HOSTS), ok);
  }
  for (const bad of [
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com:22/x',
    'https://updates.push.services.mozilla.com:9200/_cat',
    'https://user:secret@fcm.googleapis.com/fcm/send/abc',
  ]) {
    assert.is(parseSubscription(sub(bad), PUSH_SERVICE_HOSTS), null, bad);
  }
  const token = await loginAs(t.app, DEMO_A);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patient/simpan/fcmtoken',
    headers: { authorization: `Bearer ${token}` },
    payload: { fcmtoken: sub('https://fcm.googleapis.com:8443/fcm/send/abc') },
  });
  assert.equal([res.statusCode, res.json()], [400, { status: false, message: 'Registrasi notifikasi tidak valid.' }]);
});

test.run();

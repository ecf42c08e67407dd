// Guessing logins, the audit trail, the log, and the headers of every answer.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { maskUrl } from '../../server/security.ts';
import { DEMO_A, DEMO_B, loginAs, testApp, testConfig, type TestApp } from '../support/app.ts';
import { freshDb } from '../support/db.ts';

let t: TestApp;
const security = { ...loadConfig({}).security, register: { max: 3, windowMinutes: 60, lockMinutes: 60 } };
security.login = { nomr: { max: 5, windowMinutes: 15, lockMinutes: 15 }, ip: { max: 12, windowMinutes: 15, lockMinutes: 15 } };

test.before(async () => {
  t = await testApp({ security });
});
test.after(async () => t.close());
test.before.each(async () => {
  await t.db.query('DELETE FROM throttle');
});

let address = 0;
/** Each test logs in from its own client address, so the address counts do not mix. */
const newAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;
const login = (nomr: string, birthdate: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/proxy-login', payload: { medical_record_number: nomr, birthdate, fcmtoken: '' }, remoteAddress });

test('five wrong birth dates lock the number: even the right date is refused, with when to try again', async () => {
  const ip = newAddress();
  for (let i = 0; i < 5; i++) assert.is((await login(DEMO_A.nomr, '1970-01-01', ip)).statusCode, 401);
  const locked = await login(DEMO_A.nomr, DEMO_A.tgl_lahir, newAddress());
  assert.is(locked.statusCode, 429);
  assert.match(
    locked.json().message,
    /^Terlalu banyak percobaan login yang gagal\. .* silakan coba lagi setelah \d{2} [A-Z][a-z]+ \d{4} pukul \d{2}\.\d{2} WIB\.$/,
  );
  const wait = Number(locked.headers['retry-after']);
  assert.ok(wait > 14 * 60 && wait <= 15 * 60, `Retry-After ${wait}`);
  // Other patients are not affected.
  assert.is((await login(DEMO_B.nomr, DEMO_B.tgl_lahir, ip)).statusCode, 200);
});

test('a second lock of the same number lasts longer than the first', async () => {
  const nomr = '90000010';
  for (let i = 0; i < 5; i++) await login(nomr, '1999-01-01', newAddress());
  const first = Number((await login(nomr, '2000-01-01', newAddress())).headers['retry-after']);
  await t.db.query(`UPDATE throttle SET locked_until = now() - interval '1 second' WHERE scope = 'login-nomr' AND key = $1`, [nomr]);
  for (let i = 0; i < 5; i++) await login(nomr, '1999-01-01', newAddress());
  const second = Number((await login(nomr, '2000-01-01', newAddress())).headers['retry-after']);
  assert.ok(second > first * 1.9, `${first} s, then ${second} s`);
});

test('an unknown number and a wrong date get identical answers, locks included', async () => {
  const ip = newAddress();
  const strip = (r: Awaited<ReturnType<typeof login>>) => {
    const { date: _date, ...headers } = r.headers;
    return { status: r.statusCode, body: r.body, headers };
  };
  const unknown = await login('77777777', DEMO_B.tgl_lahir, ip);
  const wrong = await login(DEMO_B.nomr, '1991-12-25', ip);
  assert.equal(strip(unknown), strip(wrong));
  for (let i = 0; i < 4; i++) {
    await login('77777777', DEMO_B.tgl_lahir, newAddress());
    await login(DEMO_B.nomr, '1991-12-25', newAddress());
  }
  const lockedUnknown = await login('77777777', DEMO_B.tgl_lahir, newAddress());
  const lockedKnown = await login(DEMO_B.nomr, DEMO_B.tgl_lahir, newAddress());
  assert.is(lockedUnknown.statusCode, 429);
  assert.is(lockedKnown.statusCode, 429);
  const when = /\d{2} \w+ \d{4} pukul \d{2}\.\d{2}/;
  assert.is(lockedUnknown.json().message.replace(when, ''), lockedKnown.json().message.replace(when, ''));
});

test("an address is locked after many failures over many numbers, never for other patients' successes", async () => {
  const shared = newAddress();
  for (let i = 0; i < 40; i++) assert.is((await login(String(90000101 + (i % 20)), '2000-01-01', shared)).statusCode, 200);
  const guesser = newAddress();
  for (let i = 0; i < 12; i++) assert.is((await login(String(91000000 + i), '2000-01-01', guesser)).statusCode, 401);
  assert.is((await login('90000150', '2000-01-01', guesser)).statusCode, 429, 'the guessing address waits');
  assert.is((await login('90000150', '2000-01-01', shared)).statusCode, 200, 'the busy address does not');
});

test('registration is limited per address, and other addresses go on', async () => {
  const ip = newAddress();
  const register = (nik: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/patient/simpan/pasien/baru',
      remoteAddress,
      payload: {
        nama: 'Rina Wati',
        no_ktp: nik,
        tempat_lahir: 'Bogor',
        tgl_lahir: '1980-02-02',
        telp_hp: '081234567891',
        email: 'rina@example.id',
        pekerjaan: '03',
      },
    });
  for (let i = 0; i < 3; i++) assert.is((await register(`32010100000000${10 + i}`, ip)).json().status, true);
  const refused = await register('3201010000000099', ip);
  assert.is(refused.statusCode, 429);
  assert.match(refused.json().message, /^Terlalu banyak pendaftaran dari jaringan ini\. Silakan coba lagi setelah pukul \d{2}\.\d{2} WIB\.$/);
  assert.is((await t.db.query(`SELECT 1 FROM registrations WHERE no_ktp = '3201010000000099'`)).length, 0);
  assert.is((await register('3201010000000099', newAddress())).json().status, true);
});

test('the audit log records logins, record reads and refusals, with no birth date, and refuses changes', async () => {
  await t.app.flushAudit(); // the refusals earlier tests counted
  await t.db.query(`INSERT INTO audit_log (action, outcome, detail) VALUES ('test', 'mark', 'from here')`);
  const [{ id: from }] = await t.db.query<{ id: number }>(`SELECT max(id)::int AS id FROM audit_log`);
  const ip = newAddress();
  await login(DEMO_B.nomr, '1900-01-01', ip);
  const token = (await login(DEMO_B.nomr, DEMO_B.tgl_lahir, ip)).json().token.access_token as string;
  const auth = { authorization: `Bearer ${token}` };
  await t.app.inject({ method: 'GET', url: `/api/patient/profil/pasien?nomr=${DEMO_B.nomr}&tgllahir=${DEMO_B.tgl_lahir}`, headers: auth, remoteAddress: ip });
  await t.app.inject({ method: 'GET', url: `/api/patient/riwayat/penunjang?nomr=${DEMO_A.nomr}`, headers: auth, remoteAddress: ip });
  await t.app.inject({ method: 'GET', url: '/api/patient/kddep', remoteAddress: ip });
  await t.app.inject({
    method: 'POST',
    url: '/api/internal/notify',
    payload: { nomr: DEMO_B.nomr, title: 'x', body: 'y' },
    headers: { authorization: 'Bearer wrong-token-0123456789' },
    remoteAddress: ip,
  });
  await t.app.flushAudit(); // record reads are written in batches
  const rows = await t.db.query<Record<string, string>>(`SELECT action, outcome, actor, subject, detail, ip, count FROM audit_log WHERE id > $1 ORDER BY id`, [
    from,
  ]);
  // Record reads are written in batches, so compare the entries, not their order.
  const sorted = (xs: unknown[][]) => xs.map((x) => JSON.stringify(x)).sort();
  const seen = rows.map((r) => [r.action, r.outcome, r.actor, r.subject, r.detail, r.count]);
  assert.equal(
    sorted(seen),
    sorted([
      ['login', 'failed', null, DEMO_B.nomr, null, 1],
      ['login', 'ok', DEMO_B.nomr, DEMO_B.nomr, null, 1],
      ['auth', 'forbidden', DEMO_B.nomr, DEMO_A.nomr, 'GET /api/patient/riwayat/penunjang', 1],
      // Refusals of no one in particular are counted per minute and address (audit.test.ts).
      ['auth', 'unauthorized', null, null, null, 1],
      ['internal', 'unauthorized', null, null, null, 1],
      ['records.read', '200', DEMO_B.nomr, DEMO_B.nomr, 'GET /api/patient/profil/pasien', 1],
    ]),
  );
  assert.ok(rows.every((r) => r.ip === ip));
  assert.not.match(JSON.stringify(await t.db.query('SELECT * FROM audit_log')), /1990-12-25|1968-08-17|1900-01-01/);
  for (const change of ['UPDATE audit_log SET outcome = $1', 'DELETE FROM audit_log WHERE outcome = $1']) {
    let refused = false;
    await t.db.query(change, ['ok']).catch(() => (refused = true));
    assert.ok(refused, change);
  }
});

test('the log masks medical record numbers and leaves out birth dates and tokens', async () => {
  let lines = '';
  const stream = new Writable({
    write: (chunk, _enc, done) => {
      lines += chunk;
      done();
    },
  });
  const db = await freshDb();
  const app = await buildApp({ config: testConfig({ logLevel: 'info' }), db, logStream: stream });
  try {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/proxy-login',
      payload: { medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir, fcmtoken: '' },
    });
    const token = res.json().token.access_token as string;
    await app.inject({
      method: 'GET',
      url: `/api/patient/profil/pasien?nomr=${DEMO_A.nomr}&tgllahir=${DEMO_A.tgl_lahir}`,
      headers: { authorization: `Bearer ${token}` },
    });
    await app.inject({
      method: 'GET',
      url: `/api/patient/jadwal/perjanjian/terdekat?tgllahir=${DEMO_A.tgl_lahir}&nomr=${DEMO_A.nomr}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.match(lines, /nomr=\*\*\*\*\*\*45/, 'requests are logged, masked');
    assert.not.ok(lines.includes(DEMO_A.nomr), 'no whole nomr');
    assert.not.ok(lines.includes(DEMO_A.tgl_lahir), 'no birth date');
    assert.not.ok(lines.includes(token), 'no token');
  } finally {
    await app.close();
    await db.close();
  }
  assert.is(maskUrl('/x?a=1&medical_record_number=00012345&birthdate=1968-08-17'), '/x?a=1&medical_record_number=******45&birthdate=[hidden]');
});

test('API answers carry nosniff and are never stored; the photo SVG documents get the whole policy', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const api = await t.app.inject({ method: 'GET', url: `/api/patient/profil/pasien?nomr=${DEMO_A.nomr}`, headers: { authorization: `Bearer ${token}` } });
  const refused = await t.app.inject({ method: 'GET', url: '/api/patient/profil/pasien' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/proxy-login',
    payload: { medical_record_number: DEMO_B.nomr, birthdate: DEMO_B.tgl_lahir },
  });
  for (const [what, res] of [
    ['records', api],
    ['refused', refused],
    ['login', login],
  ] as const) {
    assert.is(res.headers['cache-control'], 'no-store', what);
    assert.is(res.headers['x-content-type-options'], 'nosniff', what);
  }
  assert.match((await t.app.inject({ method: 'GET', url: '/api/push/vapid' })).headers['cache-control'] as string, /^public/);
  const photo = await t.app.inject({ method: 'GET', url: '/foto-dokter/D001.svg' });
  assert.is(photo.statusCode, 200);
  assertDocumentHeaders(photo.headers, 'the SVG photo');
});

function assertDocumentHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy']);
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "style-src 'self'"])
    assert.ok(csp.includes(directive), `${what}: ${directive}`);
  const scriptSrc = /script-src ([^;]*)/.exec(csp)![1];
  assert.not.ok(scriptSrc.includes('unsafe-inline'), what);
  assert.not.ok(scriptSrc.includes('unsafe-eval'), what);
  assert.match(String(headers['strict-transport-security']), /max-age=\d{7,}/, what);
  assert.is(headers['x-content-type-options'], 'nosniff', what);
  assert.is(headers['referrer-policy'], 'no-referrer', what);
  assert.match(String(headers['permissions-policy']), /camera=\(\)/, what);
  assert.is(headers['x-frame-options'], 'DENY', what);
}

if (existsSync('dist/index.html')) {
  test('the app pages and the service worker carry the whole policy, with no inline script allowed', async () => {
    const db = await freshDb({ seed: false });
    const app = await buildApp({ config: testConfig({ distDir: resolve('dist') }), db, logger: false });
    try {
      for (const url of ['/', '/registrasi', '/home', '/sw.js']) {
        const res = await app.inject({ method: 'GET', url });
        assert.is(res.statusCode, 200, url);
        assertDocumentHeaders(res.headers, url);
        assert.is(res.headers['cache-control'], 'no-cache', url);
      }
    } finally {
      await app.close();
      await db.close();
    }
  });
}

test.run();

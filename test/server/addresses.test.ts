// Who a client is, for the per-address limits, and where the server may send the BPJS bridge's
// secrets: an IPv6 client is counted by its /64 (it may change address within it at will), a
// proxy that believes any X-Forwarded-For is refused at start unless acknowledged, and the BPJS
// address is https:// except on this machine. On PGlite and on PostgreSQL.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { addressKey } from '../../server/domain/address.ts';
import { newPatient, testApp, type TestApp } from '../support/app.ts';

const security = loadConfig({}).security;
let t: TestApp;
test.before(async () => {
  t = await testApp({
    security: {
      ...security,
      login: { ...security.login, ip: { max: 3, windowMinutes: 15, lockMinutes: 15, maxLockMinutes: 60 } },
      register: { max: 3, windowMinutes: 60, lockMinutes: 60 },
    },
  });
});
test.after(async () => t.close());

const login = (nomr: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/proxy-login',
    payload: { medical_record_number: nomr, birthdate: '1900-01-01', fcmtoken: '' },
    remoteAddress,
  });

test('an IPv6 address is counted by its /64; IPv4, also IPv4-mapped, by the address', () => {
  assert.is(addressKey('2001:db8:1:2::a'), '2001:db8:1:2::/64');
  assert.is(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64');
  assert.is(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
  assert.is(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.is(addressKey('::1'), '0:0:0:0::/64');
  assert.is(addressKey('2001:db8:1:2:3:4:10.0.0.1'), '2001:db8:1:2::/64');
  assert.is(addressKey('::ffff:192.0.2.7'), '192.0.2.7');
  assert.is(addressKey('192.0.2.7'), '192.0.2.7');
  assert.is.not(addressKey('2001:db8:1:3::a'), addressKey('2001:db8:1:2::a'));
});

test('failed logins from many addresses of one IPv6 /64 lock that /64, not its neighbour', async () => {
  const codes: number[] = [];
  for (let i = 1; i <= 4; i++) codes.push((await login(`9900000${i}`, `2001:db8:77:1::${i.toString(16)}:${i}`)).statusCode);
  assert.equal(codes.slice(0, 3), [401, 401, 401]);
  assert.is(codes[3], 429, 'the fourth failure from the same /64, under a fresh address, finds it locked');
  assert.is((await login('99000005', '2001:db8:77:1:ffff:ffff:ffff:fffe')).statusCode, 429);
  assert.is((await login('99000006', '2001:db8:77:2::1')).statusCode, 401, 'the next /64 is another client');
});

test('self-registrations from one IPv6 /64 share one count', async () => {
  const codes: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patient/simpan/pasien/baru',
      payload: newPatient(`317304170868${String(1000 + i)}`),
      remoteAddress: `2001:db8:88:5:${i + 1}::${i + 7}`,
    });
    codes.push(res.statusCode);
  }
  assert.equal(codes, [200, 200, 200, 429]);
});

test('TRUST_PROXY=true (or a range of every address) is refused unless TRUST_PROXY_ANY acknowledges it', () => {
  for (const value of ['true', 'yes', '0.0.0.0/0', '10.0.0.1, ::/0']) {
    assert.throws(
      () => loadConfig({ TRUST_PROXY: value }),
      (err: Error) => err instanceof ConfigError && /TRUST_PROXY_ANY=acknowledged/.test(err.message),
      value,
    );
  }
  assert.throws(() => loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_ANY: 'yes' }), /TRUST_PROXY_ANY/);
  assert.is(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_ANY: 'acknowledged' }).security.trustProxy, true);
  assert.is(loadConfig({ TRUST_PROXY: '1' }).security.trustProxy, 1);
  assert.is(loadConfig({ TRUST_PROXY: '10.0.0.1' }).security.trustProxy, '10.0.0.1');
  assert.is(loadConfig({}).security.trustProxy, false);
});

test('BPJS_ANTREAN_URL must be https://, except on this machine', () => {
  const bridge = { BPJS_CONS_ID: '1', BPJS_SECRET_KEY: 's', BPJS_USER_KEY: 'u' };
  for (const url of [
    'http://apijkn.bpjs-kesehatan.go.id/antreanrs',
    'http://10.0.0.5:8080/antrean',
    'http://127.example.id/x',
    'http://localhost.example.id',
  ]) {
    assert.throws(
      () => loadConfig({ ...bridge, BPJS_ANTREAN_URL: url }),
      (err: Error) => err instanceof ConfigError && /BPJS_ANTREAN_URL must be an https:\/\//.test(err.message),
      url,
    );
  }
  for (const url of ['https://apijkn.bpjs-kesehatan.go.id/antreanrs', 'http://127.0.0.1:9001', 'http://localhost:9001/x', 'http://[::1]:9001']) {
    assert.is(loadConfig({ ...bridge, BPJS_ANTREAN_URL: url }).bpjs?.url, url, url);
  }
});

test.run();

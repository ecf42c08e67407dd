// Passkeys' rules without a database: where the demo's passkeys work by default, which settings
// a start refuses, the challenge an answer carries, and what a device is called in the lists.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { challengeOf, deviceLabel } from '../../server/domain/passkeys.ts';

test('by default passkeys belong to localhost, at the port the server listens on, and are optional', () => {
  assert.equal(loadConfig({ PORT: '3000' }).passkey, { rpId: 'localhost', origins: ['http://localhost:3000'], required: false });
  assert.equal(loadConfig({}).passkey.origins, ['http://localhost:8080']);
  assert.equal(loadConfig({ WEBAUTHN_RP_ID: 'pasien.rs.example.id' }).passkey.origins, ['https://pasien.rs.example.id']);
});

test('a hospital names its host and origins, and may make a passkey mandatory once enrolled', () => {
  const { passkey } = loadConfig({
    WEBAUTHN_RP_ID: 'rs.example.id',
    WEBAUTHN_ORIGINS: 'https://pasien.rs.example.id, https://rs.example.id:8443',
    PASSKEY_REQUIRED: 'true',
  });
  assert.equal(passkey, { rpId: 'rs.example.id', origins: ['https://pasien.rs.example.id', 'https://rs.example.id:8443'], required: true });
});

test('an IP address, a URL for the RP ID, a foreign origin or http off localhost stop the start', () => {
  assert.throws(
    () => loadConfig({ WEBAUTHN_RP_ID: '192.168.1.10' }),
    (e: unknown) => e instanceof ConfigError && /WEBAUTHN_RP_ID/.test(String(e)),
  );
  assert.throws(() => loadConfig({ WEBAUTHN_RP_ID: 'https://rs.example.id' }), /WEBAUTHN_RP_ID/);
  assert.throws(() => loadConfig({ WEBAUTHN_RP_ID: 'rs.example.id', WEBAUTHN_ORIGINS: 'https://evil.example' }), /WEBAUTHN_ORIGINS/);
  assert.throws(() => loadConfig({ WEBAUTHN_RP_ID: 'rs.example.id', WEBAUTHN_ORIGINS: 'https://rs.example.id/app' }), /WEBAUTHN_ORIGINS/);
  assert.throws(() => loadConfig({ WEBAUTHN_RP_ID: 'rs.example.id', WEBAUTHN_ORIGINS: 'http://rs.example.id' }), /only on localhost/);
  assert.throws(() => loadConfig({ PASSKEY_REQUIRED: 'maybe' }), /PASSKEY_REQUIRED/);
});

test("the challenge is read from the client's data, and nothing else passes for one", () => {
  const data = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  assert.is(
    challengeOf(data({ type: 'webauthn.get', challenge: 'Ty-Ef9TvG2IuI5OlaJEtYeb618CI2f3MeDK_BxTQdFE' })),
    'Ty-Ef9TvG2IuI5OlaJEtYeb618CI2f3MeDK_BxTQdFE',
  );
  assert.is(challengeOf(data({ challenge: 42 })), null);
  assert.is(challengeOf(data({ challenge: "x' OR '1'='1" })), null);
  assert.is(challengeOf('not json at all'), null);
});

test('a device is named by its browser and system, as the patient knows them', () => {
  const ua = {
    android: 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    chrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  };
  assert.is(deviceLabel(ua.android), 'Samsung Internet di Android');
  assert.is(deviceLabel(ua.iphone), 'Safari di iPhone');
  assert.is(deviceLabel(ua.chrome), 'Chrome di Android');
  assert.is(deviceLabel(ua.windows), 'Edge di Windows');
  assert.is(deviceLabel('curl/8.5.0'), null);
  assert.is(deviceLabel(undefined), null);
});

test.run();

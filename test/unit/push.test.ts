import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { appPath, readPushMessage } from '../../common/push.ts';
import { isFresh } from '../../src/push/subscribe.ts';

test('a push payload is read from our JSON or from FCM data', () => {
  const ours = { id: '7', title: 'Obat Anda siap diambil', body: 'Nomor antrian farmasi F-012.', url: '/home' };
  assert.equal(readPushMessage(JSON.stringify(ours)), ours);
  assert.equal(readPushMessage(JSON.stringify({ data: ours, from: '123', fcmMessageId: 'x' })), ours);
});

test('a payload without a title, or not JSON, is no message', () => {
  assert.is(readPushMessage(null), null);
  assert.is(readPushMessage('hallo'), null);
  assert.is(readPushMessage(JSON.stringify({ body: 'tanpa judul' })), null);
});

test('a push only ever leads to a page of the app', () => {
  assert.is(appPath('/riwayatpemeriksaan'), '/riwayatpemeriksaan');
  for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', 42, null])
    assert.is(appPath(bad), '/home', String(bad));
  assert.is(readPushMessage(JSON.stringify({ title: 'x', url: '//evil.example' }))!.url, '/home');
});

test('the push registration is renewed after 7 days, not before', () => {
  // Written in days, not through RENEW_MS, so a changed constant fails here.
  const now = Date.UTC(2026, 10, 22);
  const day = 24 * 3600 * 1000;
  assert.not.ok(isFresh(null, now), 'never sent: register');
  assert.ok(isFresh({ at: now - day }, now), 'a day old');
  assert.ok(isFresh({ at: now - 7 * day + 1000 }, now), 'a second short of 7 days');
  assert.not.ok(isFresh({ at: now - 7 * day }, now), '7 days old: renew');
  assert.not.ok(isFresh({ at: now - 30 * day }, now), 'a month old: renew');
});

test.run();

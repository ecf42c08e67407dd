// Push in Chromium: a message delivered to the app's service worker through CDP (the hop a push
// service makes) shows a system notification when no app window is in front, and a toast when
// one is; and a login with notifications allowed is never held up by a push service that does
// not answer.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CDPSession, Worker } from 'playwright-core';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { fillLogin, leaveApp, serviceWorkerOf, signedInPage, INSTALLED, withServiceWorker } from '../support/browser.ts';
import { fullChromium, needsFullChromium, realApp } from '../support/e2e.ts';

const app = realApp(test);

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: { url?: string } | null;
}

const deliver = (cdp: CDPSession, registrationId: string, data: object) =>
  cdp.send('ServiceWorker.deliverPushMessage', { origin: app.server.url, registrationId, data: JSON.stringify(data) });

const notifications = (sw: Worker) =>
  sw.evaluate(async () => {
    const scope = self as unknown as { registration: { getNotifications(): Promise<Shown[]> } };
    return (await scope.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
  });

/** The worker's notifications once there are at least `count` of them (or after 5 s). */
async function notificationsShown(sw: Worker, count: number): Promise<Shown[]> {
  let shown = await notifications(sw);
  for (let i = 0; i < 50 && shown.length < count; i++) {
    await new Promise((r) => setTimeout(r, 100));
    shown = await notifications(sw);
  }
  return shown;
}

/** Patient A at home, notifications allowed, with the app's service worker running. */
async function homeWithWorker(browser = app.browser) {
  const page = await signedInPage(browser, app.server.url, DEMO_A, INSTALLED);
  const ctx = page.context();
  await ctx.grantPermissions(['notifications'], { origin: app.server.url });
  await page.goto(`${app.server.url}/home`);
  return { page, ctx, ...(await serviceWorkerOf(page, app.server.url)) };
}

needsFullChromium(test)('with no app window in front, a push shows a system notification that leads to its page', async () => {
  const { page, ctx, sw, cdp, registrationId } = await homeWithWorker(await fullChromium());
  await leaveApp(page, sw); // no window of the app is open now

  await deliver(cdp, registrationId, { id: '42', title: 'Obat Anda siap diambil', body: 'Nomor antrian farmasi F-012.', url: '/home' });
  let shown = await notificationsShown(sw, 1);
  assert.equal(shown, [{ title: 'Obat Anda siap diambil', body: 'Nomor antrian farmasi F-012.', tag: 'pasien-42', data: { url: '/home' } }]);

  // FCM wraps the same message under data; a link to another site is never followed.
  await deliver(cdp, registrationId, {
    data: { id: '43', title: 'Nomor antrian Anda dipanggil', body: 'POLI KARDIOLOGI DEWASA, nomor antrian 7.', url: 'https://evil.example/' },
    from: '1234567890',
    fcmMessageId: 'abc',
  });
  shown = await notificationsShown(sw, 2);
  const called = shown.find((n) => n.tag === 'pasien-43');
  assert.ok(called, JSON.stringify(shown));
  assert.is(called!.title, 'Nomor antrian Anda dipanggil');
  assert.equal(called!.data, { url: '/home' });
  await ctx.close();
});

test('with the app in front, a push shows a toast with its title and body, and no system notification', async () => {
  const { page, ctx, sw, cdp, registrationId } = await homeWithWorker();
  await page.getByRole('region', { name: 'Antrian Poli' }).locator('summary').first().waitFor();

  const cardReloaded = page.waitForRequest((r) => r.url().includes('/api/patient/antrian/poli'));
  await deliver(cdp, registrationId, { id: '44', title: 'Nomor antrian Anda dipanggil', body: 'POLI KARDIOLOGI DEWASA, nomor antrian 7.', url: '/home' });
  const toast = page.getByRole('status').filter({ hasText: 'Nomor antrian Anda dipanggil' });
  await toast.waitFor();
  assert.match((await toast.textContent()) ?? '', /POLI KARDIOLOGI DEWASA, nomor antrian 7\./);
  await cardReloaded; // the queue card asks again
  assert.equal(await notifications(sw), []);
  await ctx.close();
});

needsFullChromium(test)('with notifications allowed, login reaches home though no push service answers; the key is asked for', async () => {
  const ctx = await (await fullChromium()).newContext(INSTALLED);
  await ctx.grantPermissions(['notifications'], { origin: app.server.url });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${app.server.url}/`);
  await withServiceWorker(page);
  await fillLogin(page, DEMO_A.nomr, DEMO_A.tgl_lahir);
  const keyAsked = page.waitForRequest((r) => r.url().endsWith('/api/push/vapid'), { timeout: 15_000 });
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/home', { timeout: 10_000 });
  await page.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
  await keyAsked;
  assert.equal(errors, []);
  await ctx.close();
});

test.run();

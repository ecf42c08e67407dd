// Family profiles in Chromium: A signs in, adds B from the home bar, and the phone shows each
// patient's home with that patient's own data; A's clinic call while B is on screen arrives as a
// notification naming A whose link opens A's home; B signing out leaves A signed in, and the
// phone's copies of B's answers go with B.
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { API } from '../../common/paths.ts';
import { DEMO_A, DEMO_B, DEMO_QUEUE, DEMO_REGS } from '../../server/db/seed.ts';
import { DEVICE_DB, DEVICE_STORE } from '../../src/data/device.ts';
import { PUSH_STORE_KEY } from '../../src/push/unlink.ts';
import { PHONE, fillLogin, launch } from '../support/browser.ts';
import { needsFullChromium } from '../support/e2e.ts';
import { pushEndpoint, subscriber, type PushEndpoint, type Subscriber } from '../support/push.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const INTERNAL_TOKEN = 'e2e-internal-token-0123456789';
let server: RunningServer;
let browser: Browser;
let pushService: PushEndpoint;

// The push worker sends to a push service on loopback, as a browser's would receive it.
test.before(async () => {
  pushService = await pushEndpoint();
  server = await startServer({ INTERNAL_API_TOKEN: INTERNAL_TOKEN, PUSH_ENDPOINT_HOSTS: '127.0.0.1', PUSH_POLL_MS: '100' });
  browser = await launch();
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
  await pushService?.close();
});

async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (await check()) return;
  }
  assert.unreachable(`timed out waiting until ${what}`);
}

const welcome = (nama: string) => `Selamat Datang ${nama}`;

/** axe-core's WCAG A/AA findings on the page as it is now (test/e2e/a11y.test.ts runs it on every route). */
async function violations(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return p.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }> };
    };
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** A signs in through the login form and reaches home. */
async function signInA(ctx: BrowserContext, before?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${server.url}/`);
  await before?.(page);
  const tutup = page.getByRole('button', { name: 'Tutup' });
  if (await tutup.isVisible().catch(() => false)) await tutup.click();
  await fillLogin(page, DEMO_A.nomr, DEMO_A.tgl_lahir);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/home', { timeout: 10_000 });
  await page.getByText(welcome(DEMO_A.nama)).waitFor();
  return page;
}

/** From home: the account menu's 'Tambah Anggota Keluarga', B's number and birth date. */
async function addB(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Akun' }).click();
  await page.getByRole('menuitem', { name: 'Tambah Anggota Keluarga' }).click();
  await page.waitForURL('**/tambahprofil');
  await page.getByRole('heading', { name: 'Tambah Anggota Keluarga' }).waitFor();
  await fillLogin(page, DEMO_B.nomr, DEMO_B.tgl_lahir);
  await page.getByRole('button', { name: 'Tambah Profil' }).click();
  await page.getByRole('dialog', { name: 'Profil Ditambahkan' }).waitFor();
  await page.waitForURL('**/home', { timeout: 10_000 });
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    nomormr: localStorage.getItem('nomormr'),
    token: localStorage.getItem('token'),
    profillain: (JSON.parse(localStorage.getItem('profillain') ?? '[]') as Array<{ nomr: string }>).map((p) => p.nomr),
  }));

const recordsStatus = async (token: string, who: { nomr: string; tgl_lahir: string }) =>
  (await fetch(`${server.url}${API.profile}?nomr=${who.nomr}&tgllahir=${who.tgl_lahir}`, { headers: { authorization: `Bearer ${token}` } })).status;

/** The owners of the data layer's copies on the phone. */
const ownersOnPhone = (p: Page) =>
  p.evaluate(
    async ([name, storeName]) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) return (db.close(), resolve([]));
          const all = db.transaction(storeName).objectStore(storeName).getAllKeys();
          all.onsuccess = () => (db.close(), resolve([...new Set(all.result.map((k) => String(k).split('/')[0]))].sort()));
          all.onerror = () => reject(all.error);
        };
      }),
    [DEVICE_DB, DEVICE_STORE],
  );

test("A adds B: B's home with B's data, A one line above the cards, one tap back to A", async () => {
  // The page's CSP would refuse the injected accessibility checker.
  const ctx = await browser.newContext({ ...PHONE, bypassCSP: true });
  const page = await signInA(ctx);
  const tokenA = (await stored(page)).token!;
  await addB(page);

  await page.getByText(welcome(DEMO_B.nama)).waitFor();
  const bar = page.getByRole('region', { name: 'Profil aktif' });
  assert.match((await bar.textContent()) ?? '', `Profil aktif: ${DEMO_B.nama} · No. MR ${DEMO_B.nomr}`);
  const others = page.getByRole('region', { name: 'Profil lain di ponsel ini' });
  // A's line, read with A's own token: the next appointment and, today, A's place in the queue.
  await others.getByText(`Hari ini: antrian ${DEMO_QUEUE.a}, menunggu`).waitFor();
  assert.match((await others.textContent()) ?? '', DEMO_A.nama);
  const s = await stored(page);
  assert.is(s.nomormr, DEMO_B.nomr, "the spec's keys hold the active profile");
  assert.equal(s.profillain, [DEMO_A.nomr]);
  assert.is.not(s.token, tokenA, 'each profile its own token');
  assert.is(await recordsStatus(s.token!, DEMO_B), 200);
  assert.equal(await violations(page), [], 'accessible with two profiles');

  await page.getByRole('button', { name: `Buka profil ${DEMO_A.nama}` }).click();
  await page.getByText(welcome(DEMO_A.nama)).waitFor();
  assert.is((await stored(page)).token, tokenA);
  await page.getByRole('region', { name: 'Antrian Poli' }).getByText(String(DEMO_QUEUE.a), { exact: true }).first().waitFor();
  assert.match((await page.getByRole('region', { name: 'Profil lain di ponsel ini' }).textContent()) ?? '', DEMO_B.nama);
  assert.equal(await ownersOnPhone(page), [DEMO_A.nomr, DEMO_B.nomr], "both profiles' copies are kept");

  // The same patient again is refused, with no login call.
  await page.getByRole('button', { name: 'Akun' }).click();
  await page.getByRole('menuitem', { name: 'Tambah Anggota Keluarga' }).click();
  await fillLogin(page, DEMO_B.nomr, DEMO_B.tgl_lahir);
  let logins = 0;
  page.on('request', (r) => void (r.url().endsWith(API.login) && logins++));
  await page.getByRole('button', { name: 'Tambah Profil' }).click();
  await page.getByRole('alertdialog', { name: 'Profil Sudah Ada' }).waitFor();
  assert.is(logins, 0);
  await ctx.close();
});

test("B signing out leaves A signed in; B's token and B's copies on the phone are gone", async () => {
  const ctx = await browser.newContext(PHONE);
  const page = await signInA(ctx);
  await addB(page);
  await page.getByText(welcome(DEMO_B.nama)).waitFor();
  const tokenB = (await stored(page)).token!;
  await until("B's copies are on the phone", async () => (await ownersOnPhone(page)).includes(DEMO_B.nomr));

  await page.getByRole('button', { name: 'Akun' }).click();
  await page.getByRole('menuitem', { name: 'Keluar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Keluar' });
  assert.match((await dialog.textContent()) ?? '', `${DEMO_B.nama} akan keluar dari ponsel ini`);
  await dialog.getByRole('button', { name: 'Yes' }).click();

  await page.getByText(welcome(DEMO_A.nama)).waitFor();
  assert.ok(page.url().endsWith('/home'), 'still signed in, at home');
  const s = await stored(page);
  assert.is(s.nomormr, DEMO_A.nomr);
  assert.equal(s.profillain, []);
  assert.is(await page.getByRole('region', { name: 'Profil lain di ponsel ini' }).count(), 0, 'a one-patient home again');
  await until("B's token is revoked", async () => (await recordsStatus(tokenB, DEMO_B)) === 401);
  await until("B's copies are gone", async () => !(await ownersOnPhone(page)).includes(DEMO_B.nomr));
  assert.is(await recordsStatus(s.token!, DEMO_A), 200);
  await ctx.close();
});

interface Shown {
  title: string;
  body: string;
  data: { url?: string } | null;
}

/** The app's service worker and its registration id for CDP (as test/e2e/push.test.ts finds them). */
async function serviceWorker(ctx: BrowserContext, page: Page): Promise<{ sw: Worker; cdp: CDPSession; registrationId: string }> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await ctx.newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${server.url}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  const sw = ctx.serviceWorkers()[0] ?? (await ctx.waitForEvent('serviceworker'));
  return { sw, cdp, registrationId };
}

const notifications = (sw: Worker) =>
  sw.evaluate(async () => {
    const scope = self as unknown as { registration: { getNotifications(): Promise<Shown[]> } };
    return (await scope.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }));
  });

needsFullChromium(test)("a clinic call for A while B is on screen is a notification naming A, and its link opens A's home", async () => {
  const phone: Subscriber = subscriber(`${pushService.url}/push/family-phone`);
  const ctx = await browser.newContext(PHONE);
  await ctx.grantPermissions(['notifications'], { origin: server.url });
  // This phone's push registration, as the app keeps it once the browser has subscribed (Chromium
  // here reaches no push service, so the subscription is the loopback service's).
  const page = await signInA(ctx, (p) =>
    p.evaluate(([key, value]) => localStorage.setItem(key, value), [PUSH_STORE_KEY, JSON.stringify({ token: phone.json, at: Date.now() })]),
  );
  const { sw, cdp, registrationId } = await serviceWorker(ctx, page);
  await addB(page);
  await page.getByText(welcome(DEMO_B.nama)).waitFor();

  // The app links the phone to both patients, each with its own token; then the clinic calls A.
  const linked = async () => {
    const res = await fetch(`${server.internalUrl}/api/internal/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${INTERNAL_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nomr: DEMO_B.nomr, title: 'Info', body: 'Uji' }),
    });
    return ((await res.json()) as { data: { registrations: number } }).data.registrations === 1;
  };
  await until('the phone is linked to B', linked);
  const called = await fetch(`${server.internalUrl}/api/internal/antrian/poli/panggil`, {
    method: 'POST',
    headers: { authorization: `Bearer ${INTERNAL_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ no_reg: DEMO_REGS.queue() }),
  });
  assert.is(called.status, 200);
  const forA = () => pushService.received.map((r) => phone.decrypt(r.body)).find((m) => String(m.title).includes('dipanggil'));
  await until('the push service has the call', async () => !!forA());
  const message = forA()!;
  assert.is(message.title, 'Bapak Budi Santoso: Nomor antrian Anda dipanggil');
  assert.is(message.url, `/home?profil=${DEMO_A.nomr}`);

  // The push service hands it to the phone, with no app window in front.
  await page.goto('about:blank');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: JSON.stringify(message) });
  const shownCall = async () => (await notifications(sw)).find((n) => n.title.includes('dipanggil'));
  await until('the notification shows', async () => !!(await shownCall()));
  const notification = (await shownCall())!;
  assert.is(notification.title, 'Bapak Budi Santoso: Nomor antrian Anda dipanggil');
  assert.match(notification.body, `nomor antrian ${DEMO_QUEUE.a}`);

  // A tap opens the notification's link in the app (sw.ts); Chromium here cannot tap a system
  // notification, so the test opens that link as the worker does.
  await page.goto(`${server.url}${notification.data?.url}`);
  await page.getByText(welcome(DEMO_A.nama)).waitFor();
  const s = await stored(page);
  assert.is(s.nomormr, DEMO_A.nomr, 'A is the active profile');
  assert.equal(s.profillain, [DEMO_B.nomr]);
  assert.ok(page.url().endsWith('/home'), 'the link is not kept in the address');
  await ctx.close();
});

test.run();

// Family profiles in Chromium: A signs in, adds B from the home bar, and the phone shows each
// patient's home with that patient's own data; A's clinic call while B is on screen arrives as a
// notification naming A, and the service worker's tap handler opens A's home; B signing out
// leaves A signed in, and the phone's copies of B's answers go with B; a 401 ends one profile;
// 'Keluar dari semua profil' ends them all, on the phone and on the server.
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { formatDate } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import type { UpcomingAppointment } from '../../common/schemas/index.ts';
import type { RegistrationOptions } from '../../common/schemas/passkey.ts';
import { PASSKEY_MSG } from '../../server/domain/passkeys.ts';
import { COHORT, DEMO_A, DEMO_B, DEMO_C, DEMO_QUEUE, DEMO_REGS } from '../../server/connector/local/demo/seed.ts';
import { PUSH_STORE_KEY } from '../../src/push/unlink.ts';
import { SoftAuthenticator } from '../support/authenticator.ts';
import { PHONE, fillLogin, launch, leaveApp, serviceWorkerOf, INSTALLED } from '../support/browser.ts';
import { fullChromium, keysOnPhone, needsFullChromium } from '../support/e2e.ts';
import { pushEndpoint, subscriber, type PushEndpoint, type Subscriber } from '../support/push.ts';
import { apiToken, startServer, type RunningServer } from '../support/server.ts';

const INTERNAL_TOKEN = 'e2e-internal-token-0123456789';
let server: RunningServer;
let browser: Browser;
let pushService: PushEndpoint;

// The push worker sends to a push service on loopback, as a browser's would receive it.
// PASSKEY_REQUIRED changes nothing for patients without a passkey (all but one here).
test.before(async () => {
  pushService = await pushEndpoint();
  server = await startServer({ INTERNAL_API_TOKEN: INTERNAL_TOKEN, PUSH_ENDPOINT_HOSTS: '127.0.0.1', PUSH_POLL_MS: '100', PASSKEY_REQUIRED: 'true' });
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

/** From home: the account menu's 'Tambah Anggota Keluarga', filled in with this patient's number and birth date. */
async function openAddForm(page: Page, who: { nomr: string; tgl_lahir: string }): Promise<void> {
  await page.getByRole('button', { name: 'Akun' }).click();
  await page.getByRole('menuitem', { name: 'Tambah Anggota Keluarga' }).click();
  await page.waitForURL('**/tambahprofil');
  await page.getByRole('heading', { name: 'Tambah Anggota Keluarga' }).waitFor();
  await fillLogin(page, who.nomr, who.tgl_lahir);
}

/** Adds a profile from home; its home opens. */
async function addProfile(page: Page, who: { nomr: string; tgl_lahir: string; nama: string }): Promise<void> {
  await openAddForm(page, who);
  await page.getByRole('button', { name: 'Tambah Profil' }).click();
  await page.getByRole('dialog', { name: 'Profil Ditambahkan' }).waitFor();
  await page.waitForURL('**/home', { timeout: 10_000 });
  await page.getByText(welcome(who.nama)).waitFor();
}
const addB = (page: Page) => addProfile(page, DEMO_B);

const stored = (page: Page) =>
  page.evaluate(() => ({
    nomormr: localStorage.getItem('nomormr'),
    token: localStorage.getItem('token'),
    profillain: (JSON.parse(localStorage.getItem('profillain') ?? '[]') as Array<{ nomr: string }>).map((p) => p.nomr),
  }));

const recordsStatus = async (token: string, who: { nomr: string; tgl_lahir: string }) =>
  (await fetch(`${server.url}${API.profile}?nomr=${who.nomr}&tgllahir=${who.tgl_lahir}`, { headers: { authorization: `Bearer ${token}` } })).status;

/** The session ends on the server, as when the patient ends it from another phone's list of sessions. */
async function revoke(token: string): Promise<void> {
  const res = await fetch(`${server.url}${API.logout}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  assert.is(res.status, 200);
}

/** A signed-in call of the API from outside the browser, its `data`. */
async function apiData<T>(path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert.is(res.status, 200, `${path}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** The owners of the data layer's copies on the phone. */
const ownersOnPhone = async (p: Page) => [...new Set((await keysOnPhone(p)).map((k) => k.split('/')[0]))].sort();

test("A adds B: B's home with B's data, A one line above the cards, one tap back to A", async () => {
  // The page's CSP would refuse the injected accessibility checker.
  const ctx = await browser.newContext({ ...PHONE, bypassCSP: true });
  const page = await signInA(ctx);
  const tokenA = (await stored(page)).token!;
  await addB(page);

  const bar = page.getByRole('region', { name: 'Profil aktif' });
  assert.match((await bar.textContent()) ?? '', `Profil aktif: ${DEMO_B.nama} · No. MR ${DEMO_B.nomr}`);
  const others = page.getByRole('region', { name: 'Profil lain di ponsel ini' });
  // A's line, read with A's own token: the next appointment and, today, A's place in the queue.
  await others.getByText(`Hari ini: antrian ${DEMO_QUEUE.a}, menunggu`).waitFor();
  assert.match((await others.textContent()) ?? '', DEMO_A.nama);
  const [nextOfA] = (await apiData<{ jadwal: UpcomingAppointment[] }>(`${API.upcoming}?nomr=${DEMO_A.nomr}&tgllahir=${DEMO_A.tgl_lahir}`, tokenA)).jadwal;
  assert.ok(nextOfA, 'A has an appointment ahead');
  await others.getByText(`${formatDate(nextOfA.tanggal_janji, 'day')} · ${nextOfA.departemen}`, { exact: true }).waitFor();
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

const TOAST_ENDED = (nama: string) => `Sesi ${nama} telah berakhir. Tambahkan kembali profilnya untuk melihat datanya.`;

test("a 401 ends that profile alone: the active one's hands over to the next, another's leaves the active one on screen", async () => {
  const ctx = await browser.newContext(PHONE);
  const page = await signInA(ctx);
  const tokenA = (await stored(page)).token!;
  await addB(page);
  const tokenB = (await stored(page)).token!;

  // The active profile's session ends on the server: its next call is refused, and A takes over.
  await revoke(tokenB);
  await page.getByRole('button', { name: 'Perbarui data' }).click();
  await page.getByRole('status').getByText(TOAST_ENDED(DEMO_B.nama)).waitFor();
  await page.getByText(welcome(DEMO_A.nama)).waitFor();
  let s = await stored(page);
  assert.is(s.nomormr, DEMO_A.nomr, 'A is the active profile');
  assert.is(s.token, tokenA);
  assert.equal(s.profillain, []);
  assert.ok(page.url().endsWith('/home'), 'still signed in, at home');
  await until("B's copies are gone", async () => !(await ownersOnPhone(page)).includes(DEMO_B.nomr));

  // C joins and is on screen. The app is closed, and meanwhile A's session ends on the server:
  // A's line, read when the app opens again, is refused, and A goes while C stays. (Closed first:
  // home's reads of A's line, made when C's home opened, would otherwise meet the 401 before the
  // app opens again, at a moment the machine's load decides.)
  await addProfile(page, DEMO_C);
  const tokenC = (await stored(page)).token!;
  assert.equal((await stored(page)).profillain, [DEMO_A.nomr]);
  await until("A's copies are on the phone", async () => (await ownersOnPhone(page)).includes(DEMO_A.nomr));
  await page.close();
  await revoke(tokenA);
  const again = await ctx.newPage();
  // From the moment the page is there: the toast lasts 4 s, whatever else the page still loads.
  await again.goto(`${server.url}/home`, { waitUntil: 'commit' });
  await again.getByRole('status').getByText(TOAST_ENDED(DEMO_A.nama)).waitFor();
  await again.getByText(welcome(DEMO_C.nama)).waitFor();
  s = await stored(again);
  assert.is(s.nomormr, DEMO_C.nomr, 'C stays the active profile');
  assert.is(s.token, tokenC);
  assert.equal(s.profillain, []);
  await until("A's line is gone", async () => (await again.getByRole('region', { name: 'Profil lain di ponsel ini' }).count()) === 0);
  await until("A's copies are gone", async () => !(await ownersOnPhone(again)).includes(DEMO_A.nomr));
  assert.is(await recordsStatus(tokenC, DEMO_C), 200);
  await ctx.close();
});

test("a patient who must sign in with a passkey is not added, told so with the login page's way to recover; 'Keluar dari semua profil' ends every profile, on the phone and on the server", async () => {
  // A patient of the cohort enrolled a passkey on their own phone (PASSKEY_REQUIRED is on).
  const withPasskey = { nomr: String(COHORT.first + 150), tgl_lahir: COHORT.tgl_lahir };
  const own = await apiToken(server.url, withPasskey);
  const options = await apiData<RegistrationOptions>(API.passkeyRegisterOptions, own);
  await apiData(API.passkeyRegister, own, new SoftAuthenticator({ origin: `http://localhost:${server.port}` }).register(options));

  const ctx = await browser.newContext(PHONE);
  const page = await signInA(ctx);
  const tokenA = (await stored(page)).token!;
  await openAddForm(page, withPasskey);
  await page.getByRole('button', { name: 'Tambah Profil' }).click();
  const failed = page.getByRole('alertdialog', { name: 'Gunakan Sidik Jari' });
  await failed.waitFor();
  assert.is(await failed.textContent(), `Gunakan Sidik JariPasien dengan Nomor MR ${withPasskey.nomr} masuk dengan sidik jari.${PASSKEY_MSG.required}Tutup`);
  await failed.getByRole('button', { name: 'Tutup' }).click();
  assert.equal((await stored(page)).profillain, [], 'nobody joined');
  await page.getByRole('button', { name: 'Kembali' }).click();
  await page.getByText(welcome(DEMO_A.nama)).waitFor();

  await addB(page);
  const tokenB = (await stored(page)).token!;
  await until("both profiles' copies are on the phone", async () => (await ownersOnPhone(page)).length === 2);
  await page.getByRole('button', { name: 'Akun' }).click();
  await page.getByRole('menuitem', { name: 'Keluar dari semua profil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keluar dari semua profil' });
  assert.match((await dialog.textContent()) ?? '', 'Semua profil akan keluar dari ponsel ini.');
  await dialog.getByRole('button', { name: 'Yes' }).click();

  await page.waitForURL(`${server.url}/`);
  await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  assert.equal(
    await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) })),
    { local: [], session: [] },
    'nothing of either patient is left in storage',
  );
  await until("A's token is revoked", async () => (await recordsStatus(tokenA, DEMO_A)) === 401);
  await until("B's token is revoked", async () => (await recordsStatus(tokenB, DEMO_B)) === 401);
  await until('no copies are left on the phone', async () => (await ownersOnPhone(page)).length === 0);
  await ctx.close();
});

interface Shown {
  title: string;
  body: string;
  data: { url?: string } | null;
}

const notifications = (sw: Worker) =>
  sw.evaluate(async () => {
    const scope = self as unknown as { registration: { getNotifications(): Promise<Shown[]> } };
    return (await scope.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }));
  });

needsFullChromium(test)("a clinic call for A while B is on screen is a notification naming A, and tapping it opens A's home", async () => {
  const phone: Subscriber = subscriber(`${pushService.url}/push/family-phone`);
  const ctx = await (await fullChromium()).newContext(INSTALLED);
  await ctx.grantPermissions(['notifications'], { origin: server.url });
  // This phone's push registration, as the app keeps it once the browser has subscribed (Chromium
  // here reaches no push service, so the subscription is the loopback service's).
  const page = await signInA(ctx, (p) =>
    p.evaluate(([key, value]) => localStorage.setItem(key, value), [PUSH_STORE_KEY, JSON.stringify({ token: phone.json, at: Date.now() })]),
  );
  const { sw, cdp, registrationId } = await serviceWorkerOf(page, server.url);
  await addB(page);

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
  await leaveApp(page, sw);
  const push = () => cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: JSON.stringify(message) });
  await push();
  // The worker as it runs now: one stopped while idle (the sign-in and B's profile take a while on a
  // busy machine) is started again for the push, a new instance in place of the one first seen.
  const live = () => ctx.serviceWorkers().at(-1) ?? sw;
  const shownCall = async () => (await notifications(live())).find((n) => n.title.includes('dipanggil'));
  // Twice in CI runs on a busy machine a push handed over DevTools showed nothing for 15 s, the
  // worker alive and the app's window gone (not seen since, alone or under load). Handed over once
  // more after 10 s, the same tag replacing the first if both arrive: still one notification, and
  // none at all still fails the test.
  await until('the notification shows', async () => !!(await shownCall()), 10_000).catch(async () => {
    await push();
    await until('the notification shows, the push handed over again', async () => !!(await shownCall()));
  });
  const notification = (await shownCall())!;
  assert.is(notification.title, 'Bapak Budi Santoso: Nomor antrian Anda dipanggil');
  assert.match(notification.body, `nomor antrian ${DEMO_QUEUE.a}`);

  // The patient opens the app again (B's home), and then taps A's notification. The service worker's
  // own handler runs (sw.ts) on the notification Chromium shows; Playwright cannot tap a system
  // notification, so the test hands the worker a NotificationEvent of it. Two things a tap gives
  // and a script-made event cannot: the event is not extendable (its waitUntil here receives the
  // handler's work, for the test to wait on), and Chromium lets a worker focus a window only in
  // the seconds after a tap (WindowClient.focus is answered as it answers then, with the window).
  await page.goto(`${server.url}/home`);
  await page.getByText(welcome(DEMO_B.nama)).waitFor();
  const tapped = await live().evaluate(async (title) => {
    // The worker's types (lib webworker), named here: the tests compile against the DOM's.
    interface WindowClient {
      url: string;
      focus(): Promise<WindowClient>;
    }
    const scope = self as unknown as EventTarget & {
      registration: { getNotifications(): Promise<Array<{ title: string }>> };
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
      WindowClient: { prototype: WindowClient };
    };
    const shown = (await scope.registration.getNotifications()).find((n) => n.title === title);
    if (!shown) return { error: 'not shown' };
    const focused: string[] = [];
    const window = scope.WindowClient.prototype;
    const { focus } = window;
    window.focus = function (this: WindowClient) {
      focused.push(this.url);
      return Promise.resolve(this);
    };
    try {
      const tap = new scope.NotificationEvent('notificationclick', { notification: shown }) as Event & { waitUntil(p: Promise<unknown>): void };
      let work: Promise<unknown> | undefined;
      // Member assignments only in here: the test's compiler names other functions with a helper
      // the worker does not have.
      tap.waitUntil = (p) => {
        work = p;
      };
      scope.dispatchEvent(tap);
      await work;
    } finally {
      window.focus = focus;
    }
    const left = (await scope.registration.getNotifications()).map((n) => n.title);
    return { focused, left };
  }, notification.title);
  assert.equal(tapped, { focused: [`${server.url}/home`], left: [] }, 'the open window is brought to the front; the notification is closed');
  await page.getByText(welcome(DEMO_A.nama)).waitFor();
  const s = await stored(page);
  assert.is(s.nomormr, DEMO_A.nomr, 'A is the active profile');
  assert.equal(s.profillain, [DEMO_B.nomr]);
  await until('the link is not kept in the address', async () => page.url() === `${server.url}/home`);
  await ctx.close();
});

test.run();

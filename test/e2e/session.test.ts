// A session under a patient's real conditions, in Chromium: a failing profile call keeps the
// patient signed in and offers to try again; only the server refusing the patient, or a 401, ends
// the session, and then on the server too. Logout leaves nothing of the patient on the phone but
// keeps the installed app; a booking made online is on the home opened offline until logout.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page, Route } from 'playwright-core';
import type { QuotaSlot } from '../../common/schemas/index.ts';
import { isSlotAvailable, sessionHours } from '../../common/booking.ts';
import { addDays, toQuotaDate, todayWib, weekdayName } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { clinicQuery } from '../../common/clinic-link.ts';
import { to } from '../../common/routes.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { DEVICE_DB, DEVICE_STORE } from '../../src/data/device.ts';
import { PUSH_STORE_KEY } from '../../src/push/unlink.ts';
import {
  PHONE,
  gotoQuiet,
  launch,
  offlineAgain,
  onlineAgain,
  reloadQuiet,
  signedInPage,
  storeSession,
  INSTALLED,
  withServiceWorker,
} from '../support/browser.ts';
import { keysOnPhone } from '../support/e2e.ts';
import { apiToken, startServer, type RunningServer } from '../support/server.ts';

const INTERNAL_TOKEN = 'e2e-internal-token-0123456789';
let server: RunningServer;
let browser: Browser;
// The hospital's internal calls are on: a notification's answer counts the patient's phones. No
// push worker: the test's registrations lead to no real phone.
test.before(async () => {
  server = await startServer({ INTERNAL_API_TOKEN: INTERNAL_TOKEN, PUSH_WORKER: 'false' });
  browser = await launch();
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
});

const CARDS = ['Jadwal Perjanjian Aktif', 'Antrian Poli', 'Antrian Obat Farmasi'];
const PROBLEM = 'Koneksi bermasalah, coba lagi';
const ENDED = 'Sesi Anda telah berakhir, silakan login kembali';
const OFFLINE_TEXT = 'Anda sedang offline. Data akan dimuat saat koneksi kembali.';

async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (await check()) return;
  }
  assert.unreachable(`timed out waiting until ${what}`);
}

/**
 * Signed in as A, with no service worker: Playwright's routes see only the page's own requests,
 * and a worker would make them its own.
 */
async function pageWithoutWorker(): Promise<Page> {
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto(`${server.url}/registrasi`);
  await storeSession(page, DEMO_A, await apiToken(server.url, DEMO_A));
  return page;
}

/** A with the app's service worker in control and home's cards filled. */
async function homeWithWorker(): Promise<Page> {
  const page = await signedInPage(browser, server.url, DEMO_A, INSTALLED);
  await gotoQuiet(page, `${server.url}/home`);
  await withServiceWorker(page);
  await reloadQuiet(page);
  await page.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
  for (const card of CARDS) await page.getByRole('region', { name: card }).locator('summary').first().waitFor();
  return page;
}

const profileRoute = `**${API.profile}?*`;
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const profileStatus = async (token: string) =>
  (await fetch(`${server.url}${API.profile}?nomr=${DEMO_A.nomr}`, { headers: { authorization: `Bearer ${token}` } })).status;

let phoneCount = 0;
/**
 * A push registration for this phone, kept on the server and in the phone's storage as the app's
 * renewal keeps it. (Chromium here reaches no push service, so the browser itself cannot
 * subscribe; what logout sends comes from that storage.)
 */
async function registerPhone(page: Page): Promise<string> {
  const registration = JSON.stringify({
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${++phoneCount}`,
    expirationTime: null,
    keys: { p256dh: 'x', auth: 'y' },
  });
  const token = await tokenOf(page);
  const res = await fetch(`${server.url}${API.savePush}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fcmtoken: registration }),
  });
  assert.is(res.status, 200);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [PUSH_STORE_KEY, JSON.stringify({ token: registration, at: Date.now() })]);
  return registration;
}

/** How many phones a notification to A would go to now (the hospital's own call). */
async function phonesOfA(): Promise<number> {
  const res = await fetch(`${server.internalUrl}/api/internal/notify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${INTERNAL_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ nomr: DEMO_A.nomr, title: 'Info', body: 'Uji' }),
  });
  assert.is(res.status, 200);
  return ((await res.json()) as { data: { registrations: number } }).data.registrations;
}

/** Every entry of the service worker's caches (its precache: it keeps no API answer). */
const cachedEntries = (p: Page) =>
  p.evaluate(async () => {
    let n = 0;
    for (const name of await caches.keys()) n += (await (await caches.open(name)).keys()).length;
    return n;
  });

async function logoutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Akun' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const loggedOut = page.waitForResponse((r) => r.url().endsWith(API.logout));
  await page.getByRole('button', { name: 'Yes' }).click();
  assert.is((await loggedOut).status(), 200);
  await page.waitForURL(`${server.url}/`);
}

test('the profile call answering 502 keeps A signed in, says Koneksi bermasalah, coba lagi, and Coba lagi reads it once it answers', async () => {
  const page = await pageWithoutWorker();
  let failing = true;
  let calls = 0;
  await page.route(profileRoute, (route: Route) => {
    calls++;
    return failing ? route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }) : route.continue();
  });
  await page.goto(`${server.url}/home`);
  await page.getByText(PROBLEM).waitFor();
  assert.is(new URL(page.url()).pathname, '/home', 'still on home');
  assert.ok(await tokenOf(page), 'still signed in');
  // What the phone has is shown: the cards answered.
  await page.getByRole('region', { name: CARDS[0] }).locator('summary').first().waitFor();
  assert.is(await page.getByText(ENDED).count(), 0);

  const retry = page.getByRole('button', { name: 'Coba lagi' });
  const box = await retry.boundingBox();
  assert.ok(box && box.height >= 48 && box.width >= 48, `a 48 px target: ${JSON.stringify(box)}`);
  failing = false;
  const before = calls;
  await retry.focus();
  await page.keyboard.press('Enter');
  await page.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
  assert.ok(calls > before, 'called again');
  assert.is(await page.getByText(PROBLEM).count(), 0, 'the notice is gone');
  assert.is(new URL(page.url()).pathname, '/home');
  await page.context().close();
});

test('a profile call that never reaches the server (network failure) keeps A signed in too', async () => {
  const page = await pageWithoutWorker();
  await page.route(profileRoute, (route: Route) => route.abort('timedout'));
  await page.goto(`${server.url}/home`);
  await page.getByText(PROBLEM).waitFor();
  assert.is(new URL(page.url()).pathname, '/home');
  assert.ok(await tokenOf(page));
  await page.context().close();
});

test('a profile answer that refuses the patient signs out, revokes the token and unlinks the phone', async () => {
  const refusals = [
    { status: 200, body: { status: false, message: 'Data pasien tidak ditemukan.' } },
    { status: 404, body: { status: false, message: 'Data pasien tidak ditemukan.' } },
  ];
  for (const refusal of refusals) {
    const page = await pageWithoutWorker();
    await registerPhone(page);
    const phones = await phonesOfA();
    const token = (await tokenOf(page))!;
    await page.route(profileRoute, (route: Route) => route.fulfill({ status: refusal.status, json: refusal.body }));
    const loggedOut = page.waitForResponse((r) => r.url().endsWith(API.logout));
    await page.goto(`${server.url}/home`);
    await page.waitForURL(`${server.url}/`);
    await page.getByText(ENDED).waitFor();
    assert.is(await page.evaluate(() => localStorage.length), 0, `${refusal.status}: storage cleared`);
    assert.is((await loggedOut).status(), 200);
    assert.is(await profileStatus(token), 401, `${refusal.status}: the token is revoked`);
    assert.is(await phonesOfA(), phones - 1, `${refusal.status}: this phone is unlinked`);
    await page.context().close();
  }
});

test('a session ended behind the phone (401) signs out and still unlinks the phone on the server', async () => {
  const page = await pageWithoutWorker();
  // The live stream ends with its session and would hear the revocation first (the next test):
  // here the API has no stream (404, as a hospital API without it), so the 401 is the tap's.
  await page.route(`**${API.clinicQueueLive}?*`, (route: Route) => route.fulfill({ status: 404, json: { status: false } }));
  await registerPhone(page);
  const phones = await phonesOfA();
  const token = (await tokenOf(page))!;
  // Home's reads all answered before the revocation, so the one 401 is the tap's.
  await gotoQuiet(page, `${server.url}/home`);
  await page.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
  // Revoked from elsewhere, with no registration named: this phone stays linked until it hears.
  assert.is((await fetch(`${server.url}${API.logout}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status, 200);
  assert.is(await phonesOfA(), phones);
  const loggedOut = page.waitForResponse((r) => r.url().endsWith(API.logout));
  await page.getByRole('button', { name: 'Perbarui data' }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByText(ENDED).waitFor();
  assert.is((await loggedOut).status(), 200);
  assert.is(await phonesOfA(), phones - 1);
  await page.context().close();
});

test('a session ended behind the phone is heard by the live queue stream: signed out, the phone unlinked, with no tap', async () => {
  const page = await pageWithoutWorker();
  await registerPhone(page);
  const phones = await phonesOfA();
  const token = (await tokenOf(page))!;
  const stream = page.waitForResponse((r) => r.url().includes(API.clinicQueueLive) && r.status() === 200);
  await page.goto(`${server.url}/home`);
  await page.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
  await stream;
  // Revoked from elsewhere: the server ends the stream with the session, and the stream's next
  // connection is refused (401), which ends the session on the phone and unlinks it.
  const loggedOut = page.waitForResponse((r) => r.url().endsWith(API.logout));
  assert.is((await fetch(`${server.url}${API.logout}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status, 200);
  await page.waitForURL(`${server.url}/`);
  await page.getByText(ENDED).waitFor();
  assert.is((await loggedOut).status(), 200);
  assert.is(await page.evaluate(() => localStorage.length), 0, 'storage cleared');
  assert.is(await phonesOfA(), phones - 1);
  await page.context().close();
});

test('logout keeps the installed app (service worker, precache) and leaves nothing of the patient; the token is revoked and the phone unlinked', async () => {
  const page = await homeWithWorker();
  await registerPhone(page);
  const phones = await phonesOfA();
  const token = (await tokenOf(page))!;
  await until('the answers are on the phone', async () => (await keysOnPhone(page)).length > 0);
  const precached = await cachedEntries(page);
  assert.ok(precached > 10, `the app is precached (${precached} entries)`);

  await logoutFromMenu(page);
  await until('the store on the phone is empty', async () => (await keysOnPhone(page)).length === 0);
  assert.is(await page.evaluate(() => localStorage.length), 0, 'local storage is empty');
  assert.is(await page.evaluate(() => sessionStorage.length), 0);
  const worker = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { active: reg?.active?.state ?? null, controlled: !!navigator.serviceWorker.controller };
  });
  assert.equal(worker, { active: 'activated', controlled: true }, 'the service worker stays');
  assert.is(await cachedEntries(page), precached, 'the precache is whole');
  assert.is(await profileStatus(token), 401, 'the token is revoked');
  assert.is(await phonesOfA(), phones - 1, 'this phone is unlinked from A');
  // Nothing of A left to show: offline, the app opens signed out.
  await page.context().setOffline(true);
  await page.goto(`${server.url}/home`);
  await page.waitForURL(`${server.url}/`);
  await page.getByLabel('Nomor MR').waitFor();
  assert.is(await page.getByText(DEMO_A.nama).count(), 0);
  await page.context().close();
});

/** A session of a clinic with a seat left, from the far end of the next four weeks. */
async function openSlot(token: string): Promise<{ date: string; slot: QuotaSlot }> {
  for (let i = 27; i > 0; i--) {
    const date = addDays(todayWib(), i);
    const query = new URLSearchParams({ kd_dr: '', kd_dep: '20001', tgl_janji: toQuotaDate(date), hari: weekdayName(date) });
    const res = await fetch(`${server.url}${API.quota}?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const slot = ((await res.json()) as { data: QuotaSlot[] }).data.find((s) => s.kode !== 301 && isSlotAvailable(s));
    if (slot) return { date, slot };
  }
  throw new Error('no open session in clinic 20001');
}

test('offline, home shows a booking made online with Terakhir diperbarui and the offline banner; logout clears it', async () => {
  const page = await homeWithWorker();
  const card = page.getByRole('region', { name: CARDS[0] });
  const before = await card.locator('summary').count();
  const { date, slot } = await openSlot((await tokenOf(page))!);
  const clinic = { kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' };
  // The confirmation's reads all answered (its patient, the phone number to offer) before typing.
  await gotoQuiet(
    page,
    server.url +
      to(
        'confirm',
        {
          dokterr: slot.nama_dr,
          kd_dokter: slot.kd_dr,
          jam: sessionHours(slot),
          tgljanji: date,
          sts_jam: slot.sts_jam,
          sts_ue: slot.sts_ue,
          bayar: 'Non BPJS',
        },
        clinicQuery(clinic),
      ),
  );
  await page.getByLabel('Nomor HP').fill('081298765400');
  await page.getByRole('button', { name: 'Buat Janji' }).click();
  await page
    .getByRole('alertdialog', { name: 'Alert' })
    .getByText(/Perjanjian berhasil dibuat/)
    .waitFor();
  // Straight from the booking, without going home online: the phone's copy already has it.
  await until('the booking is in the copy on the phone', () =>
    page.evaluate(
      async ([name, storeName, key, day]) =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => {
            const get = open.result.transaction(storeName).objectStore(storeName).get(key);
            get.onsuccess = () => (open.result.close(), resolve(JSON.stringify(get.result?.data ?? null).includes(day)));
            get.onerror = () => (open.result.close(), resolve(false));
          };
          open.onerror = () => resolve(false);
        }),
      [DEVICE_DB, DEVICE_STORE, `${DEMO_A.nomr}/upcoming`, date],
    ),
  );

  await page.context().setOffline(true);
  await page.goto(`${server.url}/home`);
  await offlineAgain(page);
  await page.getByText(OFFLINE_TEXT).waitFor();
  await card.getByText(/^Terakhir diperbarui /).waitFor();
  await until('the booking is listed', async () => (await card.locator('summary').count()) === before + 1);
  assert.ok(((await card.textContent()) ?? '').includes(slot.nama_dr), 'with its doctor');

  await onlineAgain(page);
  await logoutFromMenu(page);
  await until('the store on the phone is empty', async () => (await keysOnPhone(page)).length === 0);
  await page.context().setOffline(true);
  await page.goto(`${server.url}/home`);
  await page.waitForURL(`${server.url}/`);
  assert.is(await page.getByText(slot.nama_dr).count(), 0);
  await page.context().close();
});

test.run();

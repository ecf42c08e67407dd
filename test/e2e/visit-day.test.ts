// The visit day in Chromium against the real server: A's open home follows the clinic queue live
// (a number called through the hospital's internal API shows within 5 s, without a reload, with no
// new read of the queue), the pharmacy card the same way, the number called naming its room,
// check-in from the card with the phone's position (refused permission,
// too far, then near; a second phone of A sees the same time), the 'tinggal N lagi' push once and
// the notification it shows, an API with only the spec's fields, what an idle stream costs, and a
// push in the foreground reading the card again.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { API } from '../../common/paths.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { launch, leaveApp, serviceWorkerOf, signedInPage, INSTALLED } from '../support/browser.ts';
import { fullChromium, needsFullChromium } from '../support/e2e.ts';
import { TEXT_SIZES, layoutProblems, pageAt } from '../support/layout.ts';
import { pushEndpoint, subscriber, type PushEndpoint, type Subscriber } from '../support/push.ts';
import { apiToken, startServer, type RunningServer } from '../support/server.ts';
import { noWireDateIn } from '../support/wire-dates.ts';

const INTERNAL_TOKEN = 'e2e-internal-token-visit-day-0123';
/** The hospital, and a phone at its door (about 110 m away) and one 2.3 km away. */
const SITE = { lat: -6.1927, lon: 106.7974 };
const NEAR = { latitude: -6.1935, longitude: 106.7981, accuracy: 35 };
const FAR = { latitude: -6.2135, longitude: 106.7974, accuracy: 20 };
/** A short heartbeat, so the idle stream's cost is seen in seconds (the default is 25 s). */
const HEARTBEAT_S = 1;

let server: RunningServer;
let browser: Browser;
let push: PushEndpoint;
let phoneOfA: Subscriber;

test.before(async () => {
  push = await pushEndpoint();
  server = await startServer({
    INTERNAL_API_TOKEN: INTERNAL_TOKEN,
    PUSH_ENDPOINT_HOSTS: '127.0.0.1',
    PUSH_POLL_MS: '100',
    HOSPITAL_LAT: String(SITE.lat),
    HOSPITAL_LON: String(SITE.lon),
    CHECKIN_RADIUS_M: '500',
    LIVE_HEARTBEAT_SECONDS: String(HEARTBEAT_S),
  });
  browser = await launch();
  // A phone of A's that receives pushes through a push service on loopback, as a browser would.
  phoneOfA = subscriber(`${push.url}/push/a`);
  const token = await apiToken(server.url, DEMO_A);
  const res = await fetch(`${server.url}${API.savePush}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fcmtoken: phoneOfA.json }),
  });
  assert.is(res.status, 200);
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
  await push?.close();
});

/** The hospital's own call (service token) on the internal listener. */
async function internal(method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; json: { data: unknown } }> {
  const res = await fetch(`${server.internalUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${INTERNAL_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as { data: unknown } };
}

/** The registration number of a number in A's session today (Dr. D001, Kardiologi Dewasa). */
async function regOf(noUrut: number): Promise<string> {
  const day = (await internal('GET', '/api/internal/antrian/poli')).json.data as Array<{ no_reg: string; no_urut: number; kd_dr: string; kd_dep: string }>;
  const entry = day.find((e) => e.kd_dr === 'D001' && e.kd_dep === '20001' && e.no_urut === noUrut);
  assert.ok(entry, `number ${noUrut} in the session`);
  return entry!.no_reg;
}

async function call(noUrut: number): Promise<void> {
  const res = await internal('POST', '/api/internal/antrian/poli/panggil', { no_reg: await regOf(noUrut) });
  assert.is(res.status, 200, JSON.stringify(res.json));
}

const isLive = (url: string) => new URL(url).pathname === API.clinicQueueLive;

/** The page's API without the live stream (as one with the spec's calls only): the addresses it asked for. */
async function withoutStream(page: Page): Promise<string[]> {
  const live: string[] = [];
  await page.route(
    (url) => isLive(url.href),
    (route) => {
      live.push(route.request().url());
      return route.fulfill({ status: 404, contentType: 'application/json', body: '{"status":false,"message":"Not Found"}' });
    },
  );
  return live;
}
const isQueueRead = (url: string) => new URL(url).pathname === API.clinicQueue;

/** A's home on a phone of its own, with the live stream open. */
async function homeOfA(setup?: (ctx: BrowserContext) => Promise<void>): Promise<Page> {
  const page = await signedInPage(browser, server.url, DEMO_A);
  await setup?.(page.context());
  const streaming = page.waitForResponse((r) => isLive(r.url()));
  await page.goto(`${server.url}/home`);
  assert.is((await streaming).status(), 200);
  await queueCard(page).getByText('Nomor Antrian', { exact: true }).waitFor();
  return page;
}

const queueCard = (page: Page) => page.getByRole('region', { name: 'Antrian Poli' });
/** The value beside a label in the card. */
const shownBeside = (page: Page, label: string) =>
  queueCard(page)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The 'tinggal N lagi' and call pushes that reached A's loopback phone, in order. */
const pushesToA = () => push.received.filter((r) => r.url === '/push/a').map((r) => String(phoneOfA.decrypt(r.body).title));

test("A's open home shows how many are ahead and the estimate; a number called shows within 5 s, without a reload", async () => {
  const page = await homeOfA();
  const card = queueCard(page);
  assert.is(await shownBeside(page, 'Nomor Antrian').textContent(), '9');
  assert.is(await shownBeside(page, 'Nomor Dipanggil Saat Ini').textContent(), '6');
  await card.getByText('2 antrian lagi').waitFor();
  assert.match((await card.getByText(/^Perkiraan dipanggil pukul/).textContent()) ?? '', /^Perkiraan dipanggil pukul \d{2}\.\d{2}$/);

  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const reads: string[] = [];
  page.on('request', (r) => isQueueRead(r.url()) && reads.push(r.url()));
  await call(7);
  await card.getByText('1 antrian lagi').waitFor({ timeout: 5000 });
  assert.is(await shownBeside(page, 'Nomor Dipanggil Saat Ini').textContent(), '7');
  assert.is(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'not reloaded');
  assert.equal(reads, [], 'brought by the stream, not by a new read of the queue');
  await page.context().close();
});

/** WCAG contrast of an element's text on its own background (both computed). */
async function contrastOf(el: Locator): Promise<number> {
  // tsx names the functions declared below through a helper the page does not have.
  await el.page().evaluate('globalThis.__name ??= (f) => f');
  return el.evaluate((node) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const s = getComputedStyle(node);
    const [a, b] = [lum(rgb(s.color)), lum(rgb(s.backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

const pharmacyCard = (page: Page) => page.getByRole('region', { name: 'Antrian Obat Farmasi' });
const isPharmacyRead = (url: string) => new URL(url).pathname === API.pharmacyQueue;

test('check-in from the card: refused permission and too far say so; near, both phones of A show the same time', async () => {
  // The second phone first, with its home open: it learns of the check-in live. Nobody allowed
  // its position: Chromium refuses it.
  const second = await homeOfA();
  const secondCard = queueCard(second);
  assert.ok(await secondCard.getByText('Untuk check-in, aplikasi akan meminta lokasi ponsel Anda.').isVisible());
  await secondCard.getByRole('button', { name: 'Check-in' }).click();
  assert.match((await secondCard.getByRole('alert').textContent()) ?? '', /^Izin lokasi ditolak\./);

  // Allowed, but across town: the server's answer with the distance. Then at the door.
  const first = await homeOfA(async (ctx) => {
    await ctx.grantPermissions(['geolocation'], { origin: server.url });
    await ctx.setGeolocation(FAR);
  });
  const card = queueCard(first);
  await card.getByRole('button', { name: 'Check-in' }).click();
  const far = (await card.getByRole('alert').textContent()) ?? '';
  assert.match(far, /^Lokasi Anda sekitar 2\.\d{3} m dari rumah sakit\. Check-in hanya dapat dilakukan dalam jarak 500 m dari rumah sakit\.$/, far);
  await first.context().setGeolocation(NEAR);
  const sent = first.waitForRequest((r) => new URL(r.url()).pathname === API.checkin);
  await card.getByRole('button', { name: 'Check-in' }).click();
  const body = (await sent).postDataJSON() as { no_reg: string; posisi: { lat: number; lon: number; accuracy: number } };
  assert.equal(body.posisi, { lat: NEAR.latitude, lon: NEAR.longitude, accuracy: NEAR.accuracy });
  const done = card.getByText(/^Sudah check-in pukul \d{2}\.\d{2}$/);
  await done.waitFor();
  const said = await done.textContent();
  await secondCard.getByText(said!).waitFor({ timeout: 5000 });
  await noWireDateIn(card, 'the queue card after check-in');
  assert.is(await secondCard.getByRole('button', { name: 'Check-in' }).count(), 0);
  await first.context().close();
  await second.context().close();
});

/** Waits until A's loopback phone has had what `done` looks for (the safety limit only keeps a broken run from hanging). */
async function pushesUntil(done: (titles: string[]) => boolean): Promise<string[]> {
  for (let i = 0; i < 150 && !done(pushesToA()); i++) await new Promise((r) => setTimeout(r, 100));
  return pushesToA();
}

needsFullChromium(test)("'Antrian Anda tinggal N lagi' arrives once, and its notification opens home", async () => {
  // Number 7's call (the first test) brought A within three: told once. Then 8 is called, and A
  // itself: only the call comes.
  await pushesUntil((t) => t.length > 0);
  await call(8);
  await call(9);
  const all = await pushesUntil((t) => t.includes('Nomor antrian Anda dipanggil'));
  assert.equal(all, ['Antrian Anda tinggal 1 lagi', 'Nomor antrian Anda dipanggil']);

  // Given to Chromium's service worker as a push service would, with no window of the app in front.
  const near = push.received
    .filter((r) => r.url === '/push/a')
    .map((r) => phoneOfA.decrypt(r.body))
    .find((m) => String(m.title).startsWith('Antrian Anda tinggal'))!;
  assert.is(near.url, '/home');
  const page = await signedInPage(await fullChromium(), server.url, DEMO_A, INSTALLED);
  const ctx = page.context();
  await ctx.grantPermissions(['notifications'], { origin: server.url });
  await page.goto(`${server.url}/home`);
  const { sw, cdp, registrationId } = await serviceWorkerOf(page, server.url);
  await leaveApp(page, sw);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: JSON.stringify(near) });
  const shown = async () =>
    sw.evaluate(async () =>
      (
        await (
          self as unknown as { registration: { getNotifications(): Promise<Array<{ title: string; data: { url?: string } | null }>> } }
        ).registration.getNotifications()
      ).map((n) => ({ title: n.title, url: n.data?.url })),
    );
  let notes = await shown();
  for (let i = 0; i < 50 && notes.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    notes = await shown();
  }
  assert.equal(notes, [{ title: 'Antrian Anda tinggal 1 lagi', url: '/home' }]);
  await ctx.close();
});

// After the pushes above are counted: 'Siap diambil' sends one of its own.
test("the pharmacy card follows live: 'Siap diambil' set by the pharmacy shows within 5 s, without a reload or a new read, in its own colour and words", async () => {
  const page = await homeOfA();
  const card = pharmacyCard(page);
  const preparing = card.locator('strong', { hasText: 'Sedang disiapkan' });
  await preparing.waitFor();
  await card.getByText('Obat Anda sedang disiapkan. Anda akan diberi tahu saat obat siap.').waitFor();
  const before = await preparing.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
  assert.ok((await contrastOf(preparing)) >= 4.5, `Sedang disiapkan at ${await contrastOf(preparing)}:1`);

  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const reads: string[] = [];
  page.on('request', (r) => isPharmacyRead(r.url()) && reads.push(r.url()));
  const res = await internal('POST', '/api/internal/antrian/farmasi/status', { no_antrian: 'F-012', status_obat: 'Siap diambil' });
  assert.is(res.status, 200);
  const ready = card.locator('strong', { hasText: 'Siap diambil' });
  await ready.waitFor({ timeout: 5000 });
  await card.getByText('Silakan ambil obat Anda di loket farmasi.').waitFor();
  // 'Hari ini' says it too.
  await page.locator('section[aria-labelledby="hari-ini"]').getByText('Siap diambil', { exact: true }).waitFor();
  const after = await ready.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
  assert.is.not(after[0], before[0], 'ready and in preparation differ in colour');
  assert.is.not(after[1], before[1], 'and in background');
  assert.ok((await contrastOf(ready)) >= 4.5, `Siap diambil at ${await contrastOf(ready)}:1`);
  assert.is(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'not reloaded');
  assert.equal(reads, [], 'brought by the stream, not by a new read');
  await page.context().close();
});

for (const size of TEXT_SIZES.slice(0, 2)) {
  test(`${size.name}: once A's number is called, 'Hari ini' and the queue card say where to go, large, with the room`, async () => {
    const page = await pageAt(browser, server.url, size, DEMO_A);
    const streaming = page.waitForResponse((r) => isLive(r.url()));
    await page.goto(`${server.url}/home`);
    await streaming;
    const today = page.locator('section[aria-labelledby="hari-ini"]');
    await today.getByText('Nomor antrian 9', { exact: true }).waitFor();
    // Called now, or already by an earlier test: either way the open home shows it live.
    await call(9);
    const notice = today.getByRole('status').filter({ hasText: 'Dipanggil, silakan menuju ruang periksa' });
    await notice.waitFor({ timeout: 5000 });
    assert.is(await notice.innerText(), 'Dipanggil, silakan menuju ruang periksa\nRuang Periksa 1, Lantai 1');
    const words = notice.getByText('Dipanggil, silakan menuju ruang periksa');
    const rootPx = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
    const px = await words.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    assert.ok(px >= 1.125 * rootPx, `the words at ${px} px, root ${rootPx} px`);
    assert.ok((await notice.evaluate((el) => Number.parseFloat(getComputedStyle(el.lastElementChild!).fontSize))) > px, 'the room larger still');
    assert.ok((await contrastOf(notice)) >= 4.5, `${await contrastOf(notice)}:1`);
    await queueCard(page).getByText('Ruang Periksa 1, Lantai 1').waitFor();
    // Hari ini comes first: above the shortcuts and the spec's cards.
    const [todayBox, navBox] = [await today.boundingBox(), await page.getByRole('navigation', { name: 'Pintasan' }).boundingBox()];
    assert.ok(todayBox && navBox && todayBox.y < navBox.y);
    assert.equal(await layoutProblems(page), []);
    await page.context().close();
  });
}

test("against an API with only the spec's fields and no stream, the card shows what the spec shows and asks once", async () => {
  const page = await signedInPage(browser, server.url, DEMO_A);
  const live = await withoutStream(page);
  await page.route(
    (url) => isQueueRead(url.href),
    async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { status: boolean; data: Array<Record<string, unknown>> };
      const SPEC = ['no_urut', 'no_reg', 'tgl_janji', 'hari', 'dokter', 'ds_dep', 'no_mr', 'nama_pas'];
      const data = body.data.map((item) => Object.fromEntries(SPEC.map((k) => [k, item[k]])));
      return route.fulfill({ response: res, json: { status: true, data } });
    },
  );
  await page.goto(`${server.url}/home`);
  const card = queueCard(page);
  await card.getByText('Nomor Antrian', { exact: true }).waitFor();
  assert.is(await shownBeside(page, 'Nomor Antrian').textContent(), '9');
  assert.is(await shownBeside(page, 'Dokter').isVisible(), true);
  for (const text of [/Nomor Dipanggil/, /antrian lagi/, /Giliran/, /Perkiraan/, /check-in/i]) assert.is(await card.getByText(text).count(), 0, String(text));
  assert.is(await card.getByRole('button').count(), 0);
  // The stream is asked for once the screen has settled, and found missing.
  for (const end = Date.now() + 15_000; live.length === 0 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100));
  assert.is(live.length, 1);
  // The refresh control reads the card again; the missing stream is not asked for again.
  const read = page.waitForResponse((r) => isQueueRead(r.url()));
  await page.getByRole('button', { name: 'Perbarui data' }).click();
  await read;
  assert.is(live.length, 1);
  await page.context().close();
});

test('while nothing changes, the open home receives only the heartbeat: a few bytes each, and no other request; the stream is asked for at low priority', async () => {
  const page = await signedInPage(browser, server.url, DEMO_A);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let stream = '';
  let priority = '';
  const chunks: Array<{ data: number; wire: number }> = [];
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (!isLive(request.url)) return;
    stream = requestId;
    priority = request.initialPriority;
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength, encodedDataLength }) => {
    if (requestId === stream) chunks.push({ data: dataLength, wire: encodedDataLength });
  });
  await page.goto(`${server.url}/home`);
  await queueCard(page).getByText('Nomor Antrian', { exact: true }).waitFor();
  // The first event is the queue, in one chunk or more; once three heartbeats (':\n\n') in a row
  // have come, what follows while nothing changes is counted.
  const heartbeat = (c: { data: number }) => c.data > 0 && c.data % 3 === 0 && c.data <= 30;
  const settled = () => chunks.length >= 4 && chunks.slice(-3).every(heartbeat);
  for (let i = 0; i < 150 && !settled(); i++) await new Promise((r) => setTimeout(r, 100));
  const from = chunks.length;
  const others: string[] = [];
  page.on('request', (r) => others.push(r.url()));
  const idle = () => chunks.slice(from);
  const beats = () => idle().reduce((n, c) => n + c.data, 0) / 3;
  for (let i = 0; i < 150 && beats() < 5; i++) await new Promise((r) => setTimeout(r, 100));
  const count = beats();
  const wire = idle().reduce((n, c) => n + c.wire, 0);
  assert.ok(count >= 5 && idle().every(heartbeat), `only heartbeats: ${JSON.stringify(chunks)}`);
  // A heartbeat is 3 bytes in an HTTP/1.1 chunk ('3\r\n:\n\n\r\n'): 8 bytes of body on the wire.
  // Chromium may report one chunk's bytes with the next, so one more may fall in the window.
  assert.ok(wire <= 8 * (count + 1), `${wire} bytes for ${count} heartbeats: ${JSON.stringify(chunks)}`);
  assert.equal(others, [], 'no other request while nothing changes');
  // Nothing the screen waits for: behind the screen's own calls on a slow line.
  assert.is(priority, 'Low');
  await page.context().close();
});

test('a push in the foreground reads the queue card again, which shows the number called meanwhile', async () => {
  // The stream is not there (as on an API with the spec's calls only), so nothing but the push
  // can bring the call to the open card.
  const page = await signedInPage(browser, server.url, DEMO_A, INSTALLED);
  const ctx = page.context();
  await ctx.grantPermissions(['notifications'], { origin: server.url });
  const live = await withoutStream(page);
  await page.goto(`${server.url}/home`);
  await queueCard(page).getByText('Nomor Antrian', { exact: true }).waitFor();
  for (const end = Date.now() + 15_000; live.length === 0 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100));
  assert.is(live.length, 1, 'the stream was asked for, and found missing');
  const before = Number(await shownBeside(page, 'Nomor Dipanggil Saat Ini').textContent());

  // The app's service worker, and its registration id for CDP.
  const { cdp, registrationId } = await serviceWorkerOf(page, server.url);

  const reads: string[] = [];
  page.on('request', (r) => isQueueRead(r.url()) && reads.push(r.url()));
  await call(before + 1);
  assert.equal(reads, [], 'the call alone asks nothing');
  assert.is(Number(await shownBeside(page, 'Nomor Dipanggil Saat Ini').textContent()), before);

  // The push service hands the hospital's message to the phone while home is in front.
  const read = page.waitForResponse((r) => isQueueRead(r.url()));
  const message = { id: '901', title: 'Info antrian', body: `POLI KARDIOLOGI DEWASA, nomor antrian ${before + 1} dipanggil.`, url: '/home' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: JSON.stringify(message) });
  await page.getByRole('status').filter({ hasText: 'Info antrian' }).waitFor();
  assert.is((await read).status(), 200);
  await shownBeside(page, 'Nomor Dipanggil Saat Ini')
    .getByText(String(before + 1), { exact: true })
    .waitFor({ timeout: 5000 });
  assert.is(live.length, 1, 'the missing stream is not asked for again');
  await ctx.close();
});

test.run();

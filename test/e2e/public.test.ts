// End-to-end in Debian's headless Chromium against the built app served by the real app.server.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { PHONE, fillLogin, launchPersistent, storeSession } from '../support/browser.ts';
import { fullChromium, needsFullChromium, realApp } from '../support/e2e.ts';
import { apiToken } from '../support/server.ts';

const app = realApp(test);

async function page(opts: { permission?: 'granted' | 'denied'; js?: boolean; browser?: Browser } = {}): Promise<{ ctx: BrowserContext; page: Page }> {
  const browser = opts.browser ?? app.browser;
  const ctx = await browser.newContext({ ...PHONE, javaScriptEnabled: opts.js ?? true });
  if (opts.permission === 'granted') await ctx.grantPermissions(['notifications'], { origin: app.server.url });
  const p = await ctx.newPage();
  if (opts.permission === 'denied') {
    // The browser's own setting, as a patient who blocked notifications has it.
    const cdp = await browser.newBrowserCDPSession();
    const { browserContextIds } = (await cdp.send('Target.getBrowserContexts')) as { browserContextIds: string[] };
    for (const id of browserContextIds) {
      await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: app.server.url, browserContextId: id });
    }
  }
  return { ctx, page: p };
}

async function closeNotificationDialog(p: Page) {
  const close = p.getByRole('button', { name: 'Tutup' });
  await close.waitFor({ timeout: 5000 }).then(
    () => close.click(),
    () => undefined,
  );
}

test('the login shell is painted by the prerendered HTML, before any script runs', async () => {
  const { ctx, page: p } = await page({ js: false });
  await p.goto(`${app.server.url}/`);
  for (const t of ['Nomor MR', 'Tanggal Lahir', 'Login', 'Registrasi Pasien Baru']) assert.ok(await p.getByText(t, { exact: true }).first().isVisible(), t);
  await p.goto(`${app.server.url}/registrasi`);
  assert.ok(await p.getByRole('heading', { name: 'Registrasi Pasien Baru' }).isVisible());
  await ctx.close();
});

test('hydrating the login shell shifts no layout', async () => {
  const { ctx, page: p } = await page({ permission: 'granted' });
  await p.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await p.goto(`${app.server.url}/`, { waitUntil: 'networkidle' });
  // Hydrated once a notice fills its slot: the headless shell reads the grant as denied.
  await p
    .getByText('Fitur notifikasi sudah aktif. Silahkan Login !')
    .or(p.getByRole('button', { name: /Anda belum mengaktifkan fitur notifikasi/ }))
    .waitFor();
  const cls = await p.evaluate(() => (window as unknown as { __cls: number }).__cls);
  assert.ok(cls < 0.01, `CLS ${cls}`);
  await ctx.close();
});

test('a failed login shows Login Gagal', async () => {
  const { ctx, page: p } = await page();
  await p.goto(`${app.server.url}/`);
  await closeNotificationDialog(p);
  await fillLogin(p, DEMO_A.nomr, '1968-08-18');
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = p.getByRole('alertdialog');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /Login Gagal[\s\S]*Periksa kembali Nomor MR dan Tanggal Lahir Anda/);
  assert.is(await p.evaluate(() => localStorage.getItem('token')), null);
  await ctx.close();
});

test('a successful login stores the four keys and reaches /home about 2 s later', async () => {
  const { ctx, page: p } = await page();
  await p.goto(`${app.server.url}/`);
  await closeNotificationDialog(p);
  await fillLogin(p, DEMO_A.nomr, DEMO_A.tgl_lahir);
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  await p.getByText('Login Berhasil').waitFor();
  const started = Date.now();
  const keys = await p.evaluate(() => ['statuslogin', 'nomormr', 'tgllahir', 'token'].map((k) => localStorage.getItem(k)));
  assert.is(keys[0], '1');
  assert.is(keys[1], DEMO_A.nomr);
  assert.is(keys[2], DEMO_A.tgl_lahir);
  assert.match(keys[3] ?? '', /^[A-Za-z0-9_-]{22}$/);
  assert.is(new URL(p.url()).pathname, '/');
  await p.waitForURL('**/home', { timeout: 5000 });
  const waited = Date.now() - started;
  assert.ok(waited > 1000 && waited < 3500, `${waited} ms`);
  await ctx.close();
});

test('signed out, a signed-in path leads to login; signed in, an unknown one leads home', async () => {
  const { ctx, page: p } = await page();
  await p.goto(`${app.server.url}/riwayattindakan`);
  await p.waitForURL(`${app.server.url}/`);
  // A real token: home's calls would end a made-up one's session (docs/decisions.md D6).
  const token = await apiToken(app.server.url, DEMO_A);
  await storeSession(p, DEMO_A, token);
  await p.goto(`${app.server.url}/tidak/ada/halaman`);
  await p.waitForURL('**/home');
  await p.goto(`${app.server.url}/PerjanjianPoli`);
  await p.waitForURL('**/perjanjianpoli');
  await p.getByRole('heading', { name: 'Perjanjian Poliklinik' }).waitFor();
  await ctx.close();
});

needsFullChromium(test)('granted notifications show the green notice', async () => {
  const { ctx, page: p } = await page({ permission: 'granted', browser: await fullChromium() });
  await p.goto(`${app.server.url}/`);
  await p.getByText('Fitur notifikasi sudah aktif. Silahkan Login !').waitFor();
  assert.is(await p.getByText('Pastikan Anda Mengaktifkan Notifikasi').count(), 0);
  await ctx.close();
});

test('denied notifications show the red notice, which opens the four-step guide', async () => {
  const { ctx, page: p } = await page({ permission: 'denied' });
  await p.goto(`${app.server.url}/`);
  await p.getByRole('heading', { name: 'Pastikan Anda Mengaktifkan Notifikasi' }).waitFor();
  await p.getByRole('button', { name: 'Tutup' }).click();
  const notice = p.getByRole('button', { name: /Anda belum mengaktifkan fitur notifikasi agar dapat login & menggunakan aplikasi. Klik untuk panduan !/ });
  await notice.click();
  const guide = p.getByRole('dialog', { name: 'Panduan Mengaktifkan Notifikasi' });
  await guide.waitFor();
  assert.is(await guide.locator('li').count(), 4);
  await ctx.close();
});

test('Lanjutkan asks the browser for permission; a refusal opens the guide', async () => {
  const { ctx, page: p } = await page();
  await p.goto(`${app.server.url}/`);
  await p.getByRole('button', { name: 'Lanjutkan' }).click();
  await p.getByRole('dialog', { name: 'Panduan Mengaktifkan Notifikasi' }).waitFor();
  await ctx.close();
});

async function openRegistration(p: Page) {
  await p.goto(`${app.server.url}/`);
  await closeNotificationDialog(p);
  await p.getByRole('link', { name: 'Registrasi Pasien Baru' }).click();
  await p.waitForURL('**/registrasi');
}

async function fillRegistration(p: Page, over: Record<string, string> = {}) {
  const v = {
    Nama: 'Agus Salim',
    'No KTP': `3174${String(Date.now()).slice(-12)}`,
    'Tempat Lahir': 'Padang',
    Telpon: '081377788899',
    Email: 'agus@example.co.id',
    ...over,
  };
  for (const [label, value] of Object.entries(v)) await p.getByLabel(label, { exact: true }).fill(value);
  await p.getByLabel('Tanggal', { exact: true }).selectOption('09');
  await p.getByLabel('Bulan').selectOption('11');
  await p.getByLabel('Tahun').fill('1955');
  await p.getByLabel('Pekerjaan').selectOption('07');
  await p.getByRole('checkbox', { name: /Saya setuju/ }).check();
}

test('registration: empty, success and the way back to login, wrong before any call, refused by the server, and network error', async () => {
  const { ctx, page: p } = await page();
  await openRegistration(p);
  const requests: string[] = [];
  p.on('request', (r) => r.url().includes('/api/') && requests.push(r.url()));

  await p.getByRole('button', { name: 'Daftar' }).click();
  const dialog = p.getByRole('dialog', { name: 'Pesan' });
  assert.match(await dialog.innerText(), /Mohon isi semua data dengan benar!/);
  assert.equal(requests, []);
  await p.getByRole('button', { name: 'Close' }).click();

  await fillRegistration(p);
  await p.getByRole('button', { name: 'Daftar' }).click();
  assert.match(await dialog.innerText(), /Data Anda Telah disimpan\. Silahkan lanjutkan proses verifikasi di loket pendaftaran\. Terimakasih/);
  await p.getByRole('button', { name: 'Close' }).click();
  assert.is(await p.getByLabel('Nama').inputValue(), 'Agus Salim', 'the form is not reset');
  // The focus on the saved message, what the patient holds under it, then the way back.
  const back = p.getByRole('link', { name: 'Kembali ke halaman Login' });
  await p.waitForFunction(() => document.activeElement?.id === 'reg-pesan');
  assert.is(await back.getAttribute('href'), '/');

  // An NIK of five digits: said beside the field, no call.
  const calls = requests.length;
  await p.getByLabel('No KTP').fill('12345');
  await p.getByRole('button', { name: 'Daftar' }).click();
  assert.match(await dialog.innerText(), /Mohon isi semua data dengan benar!/);
  assert.is(requests.length, calls);
  await p.getByRole('button', { name: 'Close' }).click();
  assert.is(await p.getByLabel('No KTP').getAttribute('aria-invalid'), 'true');
  assert.is(await p.getByText('No KTP (NIK) harus 16 angka.').count(), 1);

  // Refused by the server (a direction character): its words, and the field marked.
  await p.getByLabel('No KTP').fill(`3174${String(Date.now()).slice(-12)}`);
  await p.getByLabel('Tempat Lahir').fill('Padang\u202e');
  await p.getByRole('button', { name: 'Daftar' }).click();
  const refused = await dialog.innerText();
  assert.match(refused, /Data Anda Gagal disimpan\. Mohon diperiksa kembali/);
  assert.match(refused, /kolom tempat_lahir/i);
  await p.getByRole('button', { name: 'Close' }).click();
  assert.is(await p.getByLabel('Tempat Lahir').getAttribute('aria-invalid'), 'true');
  await p.waitForFunction(() => document.activeElement?.id === 'reg-tempat_lahir');

  const alerts: string[] = [];
  p.on('dialog', (d) => (alerts.push(d.message()), void d.accept()));
  await ctx.setOffline(true);
  await p.getByRole('button', { name: 'Daftar' }).click();
  await p.waitForFunction(() => true, undefined, { timeout: 100 }).catch(() => undefined);
  for (let i = 0; i < 100 && !alerts.length; i++) await p.waitForTimeout(100);
  assert.equal(alerts, ['There was an error sending the data!']);
  await ctx.close();
});

needsFullChromium(test)('Chromium judges the app installable, and the Install App bar appears when it offers to install', async () => {
  const ctx = await launchPersistent();
  try {
    const p = ctx.pages()[0] ?? (await ctx.newPage());
    await p.goto(`${app.server.url}/`);
    await p.evaluate(() => navigator.serviceWorker.ready);
    await p.reload();
    await p.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await ctx.newCDPSession(p);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    assert.equal(installabilityErrors, []);
    await p.getByRole('button', { name: 'Install App' }).waitFor({ timeout: 15000 });
  } finally {
    await ctx.close();
  }
});

test('no Install App bar when the browser does not offer installation', async () => {
  const { ctx, page: p } = await page();
  await p.goto(`${app.server.url}/`, { waitUntil: 'networkidle' });
  await p.waitForTimeout(500);
  assert.is(await p.getByRole('button', { name: 'Install App' }).count(), 0);
  await ctx.close();
});

test('the server answers hashed assets as immutable and HTML as no-cache', async () => {
  const html = await fetch(`${app.server.url}/`);
  assert.is(html.headers.get('cache-control'), 'no-cache');
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())![1];
  assert.match((await fetch(app.server.url + asset)).headers.get('cache-control') ?? '', /immutable/);
  const deep = await (await fetch(`${app.server.url}/riwayattindakan`)).text();
  assert.not.match(deep, /Nomor MR/, 'a signed-in deep link gets no login markup');
});

test.run();

// The shell around the screens under a patient's real conditions: a screen's code that fails to
// download, the back arrow on a page opened from outside, and a new version deployed while the
// app is open.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { to } from '../../common/routes.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { PHONE, signedInPage, INSTALLED } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { startServer } from '../support/server.ts';

const app = realApp(test);
const DIST = process.env.DIST_DIR || 'dist';

/** The file the build made of a screen's module, read from the bundler's manifest. */
function chunkOf(module: string): string {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[module];
  if (!entry) throw new Error(`${module} is not in the build manifest`);
  return `/${entry.file}`;
}

const back = (p: Page) => p.getByRole('button', { name: 'Kembali' }).click();
const path = (p: Page) => new URL(p.url()).pathname;

test("a screen whose code fails to download says so, and 'Muat ulang' loads it once the network is back", async () => {
  // No service worker: the first visit on a weak signal, before it is installed.
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  const chunk = chunkOf('src/screens/menus/menus.tsx');
  await p.route(`${app.server.url}${chunk}`, (r) => r.abort('internetdisconnected'));

  await p.goto(app.server.url + to('consultations'));
  const alert = p.getByRole('alert');
  await alert.getByText('Halaman tidak dapat dimuat. Periksa koneksi internet Anda.').waitFor();
  await p.getByRole('heading', { name: 'Riwayat Konsultasi' }).waitFor(); // the top bar stays, with its way back
  const reload = p.getByRole('button', { name: 'Muat ulang' });
  const box = await reload.boundingBox();
  assert.ok(box && box.height >= 48, `a 48 px target, not ${box?.height}`);

  // By keyboard: past the back arrow to 'Muat ulang'. Still no network: the message stays.
  await p.keyboard.press('Tab');
  await p.keyboard.press('Tab');
  assert.is(await p.evaluate(() => document.activeElement?.textContent), 'Muat ulang');
  const failed = p.waitForEvent('requestfailed', (r) => r.url().endsWith(chunk));
  await p.keyboard.press('Enter');
  await failed;
  await p.waitForFunction(() => document.activeElement?.getAttribute('aria-disabled') === 'false');
  await alert.getByText('Halaman tidak dapat dimuat').waitFor();
  assert.is(await p.getByRole('link', { name: 'Poliklinik' }).count(), 0);

  await p.unroute(`${app.server.url}${chunk}`);
  await p.keyboard.press('Enter');
  await p.getByRole('link', { name: 'Poliklinik', exact: true }).waitFor();
  await p.getByRole('link', { name: 'Poli Online' }).waitFor();
  assert.is(await alert.count(), 0, 'the message is gone');
  await p.context().close();
});

test('the back arrow on /registrasi opened from another site stays in the app: it lands on the login page', async () => {
  const p = await (await app.browser.newContext(PHONE)).newPage();
  // Another site first (the same server under another name is another origin), then the link.
  await p.goto(app.server.url.replace('127.0.0.1', 'localhost'));
  await p.goto(`${app.server.url}/registrasi`);
  await p.getByRole('heading', { name: 'Registrasi Pasien Baru' }).waitFor();
  await back(p);
  await p.getByRole('button', { name: 'Login', exact: true }).waitFor();
  assert.is(p.url(), `${app.server.url}/`);
  await p.context().close();
});

test('a detail opened directly goes back to its list, the list to its menu, the menu home', async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await p.goto(app.server.url + to('lab'));
  const detail = p.locator('a[href^="/riwayatpemeriksaan/patologiklinikdetail/"]').first();
  await detail.waitFor();
  // Typed into the address bar, as a link from a message would open it.
  await p.goto(app.server.url + (await detail.getAttribute('href')));
  await p.getByRole('heading', { name: 'Hasil Laboratorium' }).waitFor();
  await back(p);
  await p.getByRole('heading', { name: 'Patologi Klinik & Bank Darah' }).waitFor();
  assert.is(path(p), to('lab'));
  await back(p);
  await p.getByRole('heading', { name: 'Riwayat Pemeriksaan' }).waitFor();
  assert.is(path(p), to('examinations'));
  await back(p);
  await p.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
  assert.is(path(p), to('home'));
  await p.context().close();
});

test('after moving within the app, the back arrow returns to the previous screen, not the parent', async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await p.goto(app.server.url + to('doctors'));
  await p.locator(`a[href="${to('doctorList', { spesialis: 'Kardiologi' })}"]`).click();
  const list = p.url();
  await p.locator('a[href^="/cekjadwaldokter/cekkuota/"]').first().click();
  await p.getByRole('heading', { name: 'Cek Kuota' }).waitFor();
  await back(p); // the parent would be Jadwal Dokter
  await p.waitForURL(list);
  await p.locator('a[href^="/cekjadwaldokter/cekkuota/"]').first().waitFor();
  await back(p);
  await p.getByRole('heading', { name: 'Jadwal Dokter' }).waitFor();
  assert.is(path(p), to('doctors'));
  await p.context().close();
});

test('a new version deployed while the app is open: not taken while a form holds typed input, taken at the next move with a toast', async () => {
  // The deploy happens in a copy of the build, served by a server of its own.
  const dist = mkdtempSync(join(tmpdir(), 'pasien-dist-'));
  cpSync(DIST, dist, { recursive: true });
  const server = await startServer({ DIST_DIR: dist });
  const p = await (await app.browser.newContext(INSTALLED)).newPage();
  try {
    await p.goto(`${server.url}/registrasi`);
    await p.waitForFunction(() => navigator.serviceWorker.controller !== null); // installed, in charge
    await p.getByLabel('Nama').fill('Siti Aminah');

    // The deploy: a new login page, so a new precache revision in a new sw.js.
    const index = join(dist, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('</head>', '<meta name="deploy" content="2"></head>'));
    const sw = join(dist, 'sw.js');
    const before = readFileSync(sw, 'utf8');
    const after = before.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, '$1d2d2d2d2$2');
    assert.is.not(after, before, 'the precache entry of index.html was found');
    writeFileSync(sw, after);

    // Back from the background: the app looks for the new version, which installs and waits.
    const fromBackground = () => p.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await fromBackground();
    const waiting = () => p.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state === 'installed'));
    while (!(await waiting())) await new Promise((r) => setTimeout(r, 100)); // waitForFunction would not await the promise
    await p.evaluate(() => Object.assign(window, { sameDocument: true }));

    // Back from the background again, now with it waiting: the typed name holds it back.
    await fromBackground();
    await p.getByText('Versi baru aplikasi tersedia. Aplikasi dimuat ulang setelah Anda pindah halaman.').waitFor();
    assert.is(await p.getByText('Memuat ulang…').count(), 0);
    assert.is(await p.getByLabel('Nama').inputValue(), 'Siti Aminah');
    assert.ok(await p.evaluate(() => 'sameDocument' in window), 'not reloaded');

    // The next move to another screen is the safe moment: said, then reloaded into the new version.
    const reloaded = p.waitForEvent('load', { timeout: 60_000 }); // a busy machine is slow to switch workers
    await back(p);
    await p.getByText('Versi baru aplikasi tersedia. Memuat ulang…').waitFor();
    await reloaded;
    await p.getByRole('button', { name: 'Login', exact: true }).waitFor();
    assert.is(p.url(), `${server.url}/`);
    assert.not.ok(await p.evaluate(() => 'sameDocument' in window), 'a new document');
    assert.is(await p.locator('meta[name=deploy]').getAttribute('content'), '2', 'the new version is on screen');
  } finally {
    await p.context().close();
    await server.stop();
    rmSync(dist, { recursive: true, force: true });
  }
});

test.run();

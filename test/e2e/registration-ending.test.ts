// The end of a registration on a 360 px phone in Chromium, at 100 % and 200 % text, against the
// real server (docs/product.md, Registration's ending): under §2's saved message the reference and
// its QR code, what to bring, the counter's place and hours (shown when set, absent when not), kept
// offline; 'Cek status pendaftaran' before and after the counter's verification. SHOTS_DIR keeps
// the screenshots.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { REGISTRATION_MSG } from '../../common/registration.ts';
import { launch, withServiceWorker } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { TEXT_SIZES, layoutProblems, pageAt, settle, type TextSize, keepShot } from '../support/layout.ts';
import { startServer } from '../support/server.ts';

const TOKEN = 'e2e-internal-token-0123456789';
const PLACE = 'Loket Pendaftaran Pasien Baru, Gedung A lantai 1';
const HOURS = 'Senin–Jumat 07.00–14.00, Sabtu 07.00–12.00';
const app = realApp(test, { INTERNAL_API_TOKEN: TOKEN, REGISTRATION_COUNTER_PLACE: PLACE, REGISTRATION_COUNTER_HOURS: HOURS });
const shot = (p: Page, name: string, size: TextSize) => keepShot(p, `registrasi-${name}-${size.name.replace(/\W+/g, '-')}.png`);

let nik = Number(String(Date.now()).slice(-9));
/** Fills and sends the form; answers the birth date sent (1962-04-12). */
async function registerOn(p: Page, base: string): Promise<void> {
  await settle(p, `${base}/registrasi`);
  await p.getByLabel('Nama').fill('Rina Marlina');
  await p.getByLabel('No KTP').fill(`3175000${++nik}`);
  await p.getByLabel('Tempat Lahir').fill('Cirebon');
  await p.getByLabel('Tanggal', { exact: true }).selectOption('12');
  await p.getByLabel('Bulan').selectOption('04');
  await p.getByLabel('Tahun').fill('1962');
  await p.getByLabel('Telpon').fill('0813 7778 8899');
  await p.getByLabel('Email').fill('rina@mail.co.id');
  await p.getByLabel('Pekerjaan').selectOption('06');
  await p.getByRole('checkbox', { name: /Saya setuju/ }).check();
  await p.getByRole('button', { name: 'Daftar' }).click();
  const dialog = p.getByRole('dialog', { name: 'Pesan' });
  await dialog.getByText(REGISTRATION_MSG.saved).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** The QR code as drawn: its size in modules and whether its three finder patterns are dark where they must be. */
async function qrOf(p: Page) {
  const svg = p.locator('svg[role="img"][aria-label^="Kode QR referensi"]');
  const [viewBox, d, text] = await Promise.all([svg.getAttribute('viewBox'), svg.locator('path').getAttribute('d'), svg.getAttribute('data-qr')]);
  const n = Number(viewBox?.split(' ')[2]) - 8;
  const dark = new Set((d ?? '').match(/M\d+ \d+/g));
  const at = (x: number, y: number) => dark.has(`M${x + 4} ${y + 4}`);
  const finder = (ox: number, oy: number) => at(ox, oy) && at(ox + 6, oy + 6) && !at(ox + 1, oy + 1) && at(ox + 3, oy + 3);
  return { modules: n, finders: finder(0, 0) && finder(n - 7, 0) && finder(0, n - 7), text };
}

for (const size of TEXT_SIZES.slice(0, 2)) {
  test(`${size.name}: the saved message, then the reference and its QR code, what to bring, the counter; kept offline`, async () => {
    const p = await pageAt(app.browser, app.server.url, { ...size, context: { ...size.context, serviceWorkers: 'allow' } });
    await registerOn(p, app.server.url);
    const card = p.locator('#reg-selesai');
    await card.waitFor();
    await p.waitForFunction(() => document.activeElement?.id === 'reg-pesan');
    assert.is(await card.locator('#reg-pesan').textContent(), REGISTRATION_MSG.saved, "§2's message, exactly, first");
    const referensi = (await card.getByTestId('referensi').textContent()) ?? '';
    assert.match(referensi, /^REG-[34679ACDEFGHJKMNPQRTUVWXY]{6}$/);
    assert.equal(await qrOf(p), { modules: 21, finders: true, text: referensi });
    assert.equal(await card.getByRole('region', { name: 'Yang perlu dibawa' }).locator('li').allTextContents(), [
      'KTP asli',
      'Kartu BPJS Kesehatan, bila Anda peserta BPJS',
      'Surat rujukan, bila ada',
    ]);
    const counter = card.getByRole('region', { name: 'Tempat dan jam loket' });
    assert.is(await counter.locator('dd').first().textContent(), PLACE);
    assert.is(await counter.locator('dd').nth(1).textContent(), HOURS);
    assert.equal(await layoutProblems(p), []);
    await shot(p, 'selesai', size);

    // Offline, the page opens from the service worker and shows the same reference and code.
    await withServiceWorker(p);
    await p.context().setOffline(true);
    await p.reload();
    await p.getByTestId('referensi').getByText(referensi).waitFor();
    assert.is((await qrOf(p)).text, referensi);
    await p.context().setOffline(false);
    await p.context().close();
  });
}

test('without the counter settings nothing is said of a place or hours', async () => {
  const bare = await startServer({});
  let browser: Browser | null = null;
  try {
    browser = await launch();
    const p = await pageAt(browser, bare.url, TEXT_SIZES[0]);
    await registerOn(p, bare.url);
    await p.locator('#reg-selesai').getByTestId('referensi').waitFor();
    assert.is(await p.getByRole('region', { name: 'Tempat dan jam loket' }).count(), 0);
    assert.is(await p.getByText(/Gedung|pukul|07\.00/).count(), 0);
  } finally {
    await browser?.close();
    await bare.stop();
  }
});

for (const size of TEXT_SIZES.slice(0, 2)) {
  test(`${size.name}: Cek status pendaftaran before and after the counter verifies, one message for a wrong date`, async () => {
    const p = await pageAt(app.browser, app.server.url, size);
    await registerOn(p, app.server.url);
    const referensi = (await p.getByTestId('referensi').textContent()) ?? '';
    await p.getByRole('link', { name: 'Cek status pendaftaran' }).click();
    await p.waitForURL(`${app.server.url}/cekpendaftaran`);
    const field = p.getByLabel('Kode referensi');
    await p.waitForFunction(() => (document.getElementById('cek-ref') as HTMLInputElement | null)?.value.startsWith('REG-'));
    assert.is(await field.inputValue(), referensi, 'the reference of this phone, filled in');
    const check = async (day: string) => {
      await p.getByLabel('Tanggal', { exact: true }).selectOption(day);
      await p.getByLabel('Bulan').selectOption('04');
      await p.getByLabel('Tahun').fill('1962');
      await p.getByRole('button', { name: 'Cek status' }).click();
    };
    await check('13');
    const result = p.locator('#cek-hasil');
    await result.getByText('Pendaftaran tidak ditemukan. Silakan periksa kembali kode referensi dan tanggal lahir').waitFor();
    await check('12');
    await result.getByRole('heading', { name: 'Menunggu verifikasi' }).waitFor();
    assert.is(await result.getByRole('region', { name: 'Tempat dan jam loket' }).locator('dd').nth(1).textContent(), HOURS);
    assert.equal(await layoutProblems(p), []);
    await shot(p, 'cek-menunggu', size);

    // The counter verifies it with the Nomor MR, as the hospital's system calls it.
    const list = await fetch(`${app.server.internalUrl}/api/internal/registrasi`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.json());
    const entry = list.data.find((e: { pengajuan: Array<{ referensi: string }> }) => e.pengajuan[0].referensi === referensi);
    const verified = await fetch(`${app.server.internalUrl}/api/internal/registrasi/${entry.id}/verifikasi`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ no_rm: '00098765', referensi }),
    });
    assert.is(verified.status, 200);
    await p.getByRole('button', { name: 'Cek status' }).click();
    await result.getByRole('heading', { name: 'Sudah terverifikasi' }).waitFor();
    assert.is(await result.getByTestId('no-rm').textContent(), '00098765');
    await result.getByText('Silakan login dengan Nomor MR dan tanggal lahir Anda.').waitFor();
    assert.equal(await layoutProblems(p), []);
    await shot(p, 'cek-terverifikasi', size);
    await p.context().close();
  });
}

test('the login page links to Cek status pendaftaran', async () => {
  const p = await pageAt(app.browser, app.server.url, TEXT_SIZES[0]);
  await settle(p, `${app.server.url}/`);
  // By keyboard: the install bar may lie over the page's foot on a first visit.
  await p.getByRole('link', { name: 'Cek status pendaftaran' }).focus();
  await p.keyboard.press('Enter');
  await p.getByRole('heading', { name: 'Cek Status Pendaftaran' }).waitFor();
  await p.context().close();
});

test.run();

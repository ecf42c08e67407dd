// The signed-in shell and home in Chromium against the real app.server.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DEMO_A, DEMO_B } from '../../server/db/seed.ts';
import { signedInPage } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';

const app = realApp(test);

async function loggedIn(who: { nomr: string; tgl_lahir: string }): Promise<Page> {
  const p = await signedInPage(app.browser, app.server.url, who);
  await p.goto(`${app.server.url}/home`);
  return p;
}

test('A sees the welcome with the name and all three cards filled', async () => {
  const p = await loggedIn(DEMO_A);
  await p.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
  for (const card of ['Jadwal Perjanjian Aktif', 'Antrian Poli', 'Antrian Obat Farmasi']) {
    const region = p.getByRole('region', { name: card });
    await region.locator('summary').first().waitFor();
    assert.is(await region.getByText('Tidak ada data !').count(), 0, card);
  }
  const pharmacy = p.getByRole('region', { name: 'Antrian Obat Farmasi' });
  await pharmacy.locator('summary').first().click();
  const status = pharmacy.locator('strong', { hasText: 'Sedang disiapkan' });
  assert.is(await status.evaluate((el) => getComputedStyle(el).fontWeight), '700');
  assert.is(await status.evaluate((el) => getComputedStyle(el).color), 'rgb(179, 38, 30)');
  await p.context().close();
});

test('B sees Tidak ada data ! on each of the three cards', async () => {
  const p = await loggedIn(DEMO_B);
  for (const card of ['Jadwal Perjanjian Aktif', 'Antrian Poli', 'Antrian Obat Farmasi']) {
    await p.getByRole('region', { name: card }).getByText('Tidak ada data !').waitFor();
  }
  await p.context().close();
});

test('the drawer leads to the histories; the shortcuts to their screens', async () => {
  const p = await loggedIn(DEMO_B);
  await p.getByRole('button', { name: 'Menu' }).click();
  for (const t of ['Riwayat Konsultasi', 'Rawat Inap', 'Riwayat Tindakan', 'Riwayat Pemeriksaan'])
    assert.ok(await p.getByRole('link', { name: t }).isVisible(), t);
  await p.getByRole('link', { name: 'Riwayat Tindakan' }).click();
  await p.waitForURL('**/riwayattindakan');
  await p.getByRole('heading', { name: 'Riwayat Tindakan' }).waitFor();
  await p.getByRole('button', { name: 'Kembali' }).click();
  await p.waitForURL('**/home');
  await p.getByRole('link', { name: 'Jadwal Dokter' }).click();
  await p.waitForURL('**/cekjadwaldokter');
  await p.context().close();
});

test('logout clears the four keys, ends the session on the server and lands on /', async () => {
  const p = await loggedIn(DEMO_B);
  const token = await p.evaluate(() => localStorage.getItem('token'));
  await p.getByRole('button', { name: 'Akun' }).click();
  await p.getByRole('menuitem', { name: 'Logout' }).click();
  await p.getByRole('dialog', { name: 'Confirm Logout' }).waitFor();
  await p.getByRole('button', { name: 'Yes' }).click();
  await p.waitForURL(`${app.server.url}/`);
  const keys = await p.evaluate(() => ['statuslogin', 'nomormr', 'tgllahir', 'token'].map((k) => localStorage.getItem(k)));
  assert.equal(keys, [null, null, null, null]);
  const after = await fetch(`${app.server.url}/api/patient/profil/pasien`, { headers: { authorization: `Bearer ${token}` } });
  assert.is(after.status, 401);
  await p.context().close();
});

test('an expired token sends the patient to / with the toast', async () => {
  const p = await loggedIn(DEMO_B);
  await p.getByText(`Selamat Datang ${DEMO_B.nama}`).waitFor();
  const token = await p.evaluate(() => localStorage.getItem('token'));
  await fetch(`${app.server.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  await p.getByRole('button', { name: 'Perbarui data' }).click();
  await p.getByText('Sesi Anda telah berakhir, silakan login kembali').waitFor();
  await p.waitForURL(`${app.server.url}/`);
  assert.is(await p.evaluate(() => localStorage.getItem('token')), null);
  await p.context().close();
});

test.run();

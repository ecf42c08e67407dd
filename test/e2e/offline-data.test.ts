// The installed app opened offline shows the last good answers kept on the phone (IndexedDB),
// with the time they were fetched; a detail it has nothing for says the phone is offline; logout
// and an expired session leave nothing of the patient on the phone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DEMO_A, DEMO_REGS } from '../../server/connector/local/demo/seed.ts';
import { to } from '../../common/routes.ts';
import { gotoQuiet, offlineAgain, reloadQuiet, signedInPage, INSTALLED, withServiceWorker } from '../support/browser.ts';
import { keysOnPhone, realApp } from '../support/e2e.ts';

const app = realApp(test);
const OFFLINE_TEXT = 'Anda sedang offline. Data akan dimuat saat koneksi kembali.';
const CARDS = ['Jadwal Perjanjian Aktif', 'Antrian Poli', 'Antrian Obat Farmasi'];

async function until(what: string, check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (await check()) return;
  }
  assert.unreachable(`timed out waiting until ${what}`);
}

/** A (the patient with data) on home, the service worker in control, the cards filled. */
async function homeOfA(): Promise<Page> {
  const page = await signedInPage(app.browser, app.server.url, DEMO_A, INSTALLED);
  await gotoQuiet(page, `${app.server.url}/home`);
  await withServiceWorker(page);
  await reloadQuiet(page);
  await page.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
  for (const card of CARDS) await page.getByRole('region', { name: card }).locator('summary').first().waitFor();
  return page;
}

test('offline, home and a history list show what was last fetched, with Terakhir diperbarui; a detail without data says offline', async () => {
  const page = await homeOfA();
  await page.goto(`${app.server.url}${to('lab')}`);
  await page.getByText(DEMO_REGS.lab()).waitFor();
  const mine = ['profile', 'upcoming', 'clinicQueue', 'pharmacyQueue', 'supporting'].map((k) => `${DEMO_A.nomr}/${k}`);
  await until('the answers are on the phone', async () => {
    const keys = await keysOnPhone(page);
    return mine.every((k) => keys.includes(k));
  });

  await page.context().setOffline(true);
  await page.goto(`${app.server.url}/home`);
  await offlineAgain(page);
  await page.getByText(OFFLINE_TEXT).waitFor();
  await page.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
  for (const card of CARDS) {
    const region = page.getByRole('region', { name: card });
    await region.getByText(/^Terakhir diperbarui \d{2} \w+ \d{4} pukul \d{2}\.\d{2}$/).waitFor();
    assert.ok((await region.locator('summary').count()) > 0, `${card}: its items`);
  }
  assert.is(await page.getByText('Tidak ada data !').count(), 0, 'no failure shown');

  await page.goto(`${app.server.url}${to('lab')}`);
  await page.getByText(DEMO_REGS.lab()).waitFor();
  await page
    .locator('main')
    .getByText(/^Terakhir diperbarui /)
    .waitFor();
  // The lab detail comes out of the list kept on the phone.
  await page.goto(`${app.server.url}${to('labDetail', { nolab: DEMO_REGS.lab() })}`);
  await page.locator('main').getByText('Nilai Rujukan').first().waitFor();
  // The vascular list was never fetched: nothing to show, and the detail says why.
  await page.goto(`${app.server.url}${to('vascularDetail', { noreg: DEMO_REGS.vascular() })}`);
  await offlineAgain(page);
  await page.locator('main').getByText(OFFLINE_TEXT).waitFor();
  assert.is(await page.getByText('Tidak Ada Data').count(), 0);
  assert.is(await page.getByText('Data tidak ditemukan').count(), 0);
  await page.context().close();
});

test('logout leaves nothing of the patient in the store on the phone', async () => {
  const page = await homeOfA();
  await until('the answers are on the phone', async () => (await keysOnPhone(page)).length > 0);
  await page.getByRole('button', { name: 'Akun' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL(`${app.server.url}/`);
  await until('the store is empty', async () => (await keysOnPhone(page)).length === 0);
  await page.context().close();
});

test('an expired session (401) empties the store on the phone too', async () => {
  const page = await homeOfA();
  await until('the answers are on the phone', async () => (await keysOnPhone(page)).length > 0);
  // The session ends on the server behind the phone's back: the app hears it as a 401, and its
  // own sign-out clears the phone (the server's answers clear nothing in the browser).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const ended = await fetch(`${app.server.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  assert.is(ended.status, 200);
  await page.getByRole('button', { name: 'Perbarui data' }).click();
  await page.waitForURL(`${app.server.url}/`);
  await until('the store is empty', async () => (await keysOnPhone(page)).length === 0);
  await page.context().close();
});

test.run();

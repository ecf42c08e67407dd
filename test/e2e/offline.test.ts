// With no network at all, the installed app still opens: the service worker serves the shell,
// the app says it is offline (not 'Tidak ada data !' everywhere), and loads once back online.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { gotoQuiet, offlineAgain, onlineAgain, reloadQuiet, signedInPage, INSTALLED, withServiceWorker } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';

const app = realApp(test);

test('offline after a first visit: home, login and registration open from the service worker and say they are offline', async () => {
  const page = await signedInPage(app.browser, app.server.url, DEMO_A, INSTALLED);
  await gotoQuiet(page, `${app.server.url}/home`);
  await withServiceWorker(page);
  await reloadQuiet(page);
  await page.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();

  await page.context().setOffline(true);
  await page.reload();
  await offlineAgain(page);
  await page.getByText('Anda sedang offline. Data akan dimuat saat koneksi kembali.').waitFor();
  await page.getByRole('button', { name: 'Perbarui data' }).click(); // read again, now known offline
  await page.getByRole('button', { name: 'Akun' }).waitFor(); // the shell, from the service worker
  for (const card of ['Jadwal Perjanjian Aktif', 'Antrian Poli', 'Antrian Obat Farmasi']) {
    await page.getByRole('region', { name: card }).getByText('Menunggu koneksi internet…').waitFor();
  }
  assert.is(await page.getByText('Tidak ada data !').count(), 0, 'no failure shown');
  assert.is(await page.evaluate(() => localStorage.getItem('nomormr')), DEMO_A.nomr, 'still signed in');

  // Back online: the cards load by themselves.
  await onlineAgain(page);
  await page.getByRole('region', { name: 'Antrian Poli' }).locator('summary').first().waitFor();
  assert.is(await page.getByText('Anda sedang offline').count(), 0);

  // Signed out, the prerendered login and registration pages open offline too.
  await page.evaluate(() => localStorage.clear());
  await page.context().setOffline(true);
  await page.goto(`${app.server.url}/`);
  await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  await offlineAgain(page);
  await page.getByText('Anda sedang offline. Data akan dimuat saat koneksi kembali.').waitFor();
  await page.goto(`${app.server.url}/registrasi`);
  await page.getByRole('heading', { name: 'Registrasi Pasien Baru' }).waitFor();
  await page.getByRole('button', { name: 'Daftar' }).waitFor();
  await page.context().close();
});

test.run();

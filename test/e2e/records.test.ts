// Every schedule, history and result screen in Chromium, as A (data) and as B (none).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DEMO_A, DEMO_B } from '../../server/db/seed.ts';
import { to } from '../../common/routes.ts';
import { signedInPage } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';

const app = realApp(test);

async function loggedIn(who: { nomr: string; tgl_lahir: string }): Promise<Page> {
  const p = await signedInPage(app.browser, app.server.url, who);
  return p;
}

const LISTS: Array<[string, string, string]> = [
  [to.surgerySchedule(), 'Jadwal Operasi', 'Penggantian katup mitral'],
  [to.cathSchedule(), 'Jadwal Katerisasi', 'Intervensi koroner perkutan'],
  [to.consultationsPoli(), 'Poliklinik Rawat Jalan', 'Rencana kateterisasi jantung'],
  [to.consultationsOnline(), 'Poli Online', 'POLI GIZI'],
  [to.inpatientCurrent(), 'Rawat Inap Berjalan', 'ICVCU'],
  [to.inpatientPast(), 'Riwayat Rawat Inap', 'Infark miokard akut'],
  [to.cathHistory(), 'Riwayat Katerisasi', 'KT2410210003'],
  [to.surgeryHistory(), 'Riwayat Operasi', 'dr. Andi Wijaya'],
  [to.vascular(), 'Poli Vaskular', 'Stenosis ringan arteri femoralis kiri'],
  [to.lab(), 'Patologi Klinik & Bank Darah', 'LAB2411150077'],
  [to.poliHistory('poli kardiologi dewasa'), 'Riwayat poli kardiologi dewasa', 'RJ2410150045'],
];

test('as A, every list screen shows its data', async () => {
  const p = await loggedIn(DEMO_A);
  for (const [path, title, expected] of LISTS) {
    await p.goto(app.server.url + path);
    await p.getByRole('heading', { name: title }).waitFor();
    await p.getByText(expected).first().waitFor({ timeout: 10000 });
    assert.is(await p.getByText('Tidak ada data !').count(), 0, path);
  }
  await p.goto(app.server.url + to.vascular());
  await p.getByText('Stenosis ringan').waitFor();
  assert.is(await p.getByText('Pemeriksaan belum diverifikasi').count(), 0, 'the report without no_reg is dropped');
  await p.context().close();
});

test('as A, the menus lead to their lists and the details open as tables', async () => {
  const p = await loggedIn(DEMO_A);
  await p.goto(app.server.url + to.examinations());
  await p.getByRole('link', { name: 'Patologi Klinik & Bank Darah' }).click();
  await p.getByRole('link', { name: 'Lihat hasil' }).first().click();
  // The heading is the top bar's title, there before the results: wait for the table itself.
  await p.getByRole('heading', { name: 'Hasil Laboratorium' }).waitFor();
  await p.getByRole('columnheader', { name: 'Nilai Rujukan' }).waitFor();
  assert.ok((await p.getByRole('row').count()) > 5);
  await p.goto(app.server.url + to.vascularDetail('VS2411010004'));
  await p.getByRole('columnheader', { name: 'Kanan' }).waitFor();
  assert.ok(await p.getByText('Arteri poplitea').isVisible());
  await p.goto(app.server.url + to.profile());
  await p.getByText(DEMO_A.nama).waitFor();
  assert.ok(await p.getByText('17 Agustus 1968').isVisible());
  await p.context().close();
});

test('an unknown lab number says Data tidak ditemukan; an unknown vascular one Tidak Ada Data', async () => {
  const p = await loggedIn(DEMO_A);
  await p.goto(app.server.url + to.labDetail('LAB-TIDAK-ADA'));
  await p.getByText('Data tidak ditemukan').waitFor();
  await p.goto(app.server.url + to.vascularDetail('VS-TIDAK-ADA'));
  await p.getByText('Tidak Ada Data').waitFor();
  await p.context().close();
});

test('as B, every list shows Tidak ada data !', async () => {
  const p = await loggedIn(DEMO_B);
  for (const [path] of LISTS) {
    await p.goto(app.server.url + path);
    await p.getByText('Tidak ada data !').waitFor({ timeout: 10000 });
  }
  await p.context().close();
});

test.run();

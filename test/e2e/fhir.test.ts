// The record to take elsewhere, in Chromium on a 360 px phone: Profil's download saves A's FHIR
// Bundle as a file, and the printable summary shows A's identity, procedures done and planned,
// bookings, last visits and lab results with their ranges, fits the phone, and on paper drops the top bar and the buttons onto
// one A4 page.
import { readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type * as fhir4 from 'fhir/r4';
import { addDays, formatDate, todayWib } from '../../common/dates.ts';
import { to } from '../../common/routes.ts';
import { DEMO_A, DEMO_B } from '../../server/connector/local/demo/seed.ts';
import { gotoQuiet, quiet, signedInPage } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { layoutProblems } from '../support/layout.ts';

const app = realApp(test);

test("Profil's 'Unduh Rekam Medis (FHIR)' saves A's record as a FHIR Bundle file", async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await gotoQuiet(p, app.server.url + to('profile'));
  const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Unduh Rekam Medis (FHIR)' }).click()]);
  assert.is(download.suggestedFilename(), `rekam-medis-${DEMO_A.nomr}.json`);
  const bundle: fhir4.Bundle = JSON.parse(await readFile(String(await download.path()), 'utf8'));
  assert.is(bundle.resourceType, 'Bundle');
  const patient = bundle.entry?.map((e) => e.resource).find((r): r is fhir4.Patient => r?.resourceType === 'Patient');
  assert.equal(
    patient?.identifier?.find((i) => i.system === 'http://sys-ids.kemkes.go.id/mrn/demo')?.value,
    DEMO_A.nomr,
    "A's MR number in the SATUSEHAT system",
  );
  assert.ok((bundle.entry?.length ?? 0) > 20);
  await p.getByText(`Berkas rekam-medis-${DEMO_A.nomr}.json sudah diunduh`).waitFor();
  await p.context().close();
});

test("Profil's 'Ringkasan untuk Dicetak' opens A's summary: identity, a booking, the last visits, a lab result with its range; no sideways scroll at 360 px", async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await gotoQuiet(p, app.server.url + to('profile'));
  await p.getByRole('link', { name: 'Ringkasan untuk Dicetak' }).click();
  await p.getByRole('heading', { name: 'Ringkasan Rekam Medis' }).waitFor();
  await quiet(p);
  const main = p.locator('main');
  await main.getByText(DEMO_A.nama).waitFor();
  const identity = p.getByRole('region', { name: 'Identitas Pasien' });
  const [terms, values] = [await identity.locator('dt').allInnerTexts(), await identity.locator('dd').allInnerTexts()];
  assert.equal(
    terms.map((t, i) => [t, values[i]]),
    [
      ['Nama', DEMO_A.nama],
      ['Nomor MR', DEMO_A.nomr],
      ['Tanggal Lahir', '17 Agustus 1968'],
      ['Jenis Kelamin', 'Laki-laki'],
      ['Alamat', 'Jl. Letjen S. Parman Kav. 87, Slipi, Jakarta Barat'],
      ['Jenis Pasien', 'BPJS'],
      ['No. Jaminan', '0001234567890'],
    ],
  );
  // A's demo visits (seeded around today, the day the server started): the five latest, clinic and
  // online together, latest first.
  const ago = (days: number) => formatDate(addDays(todayWib(), -days));
  const visits = p.getByRole('region', { name: 'Kunjungan Terakhir' }).getByRole('listitem');
  assert.equal(await visits.allInnerTexts(), [
    `${ago(14)} · Poli Gizi (Konsultasi online)\ndr. Nurul Hidayah, Sp.GK`,
    `${ago(35)} · Poli Kardiologi Dewasa\ndr. Ratna Dewi Lestari, Sp.JP(K)`,
    `${ago(70)} · Poli Kardiologi Dewasa (Konsultasi online)\ndr. Ahmad Fauzi, Sp.JP(K)`,
    `${ago(100)} · Poli Penyakit Dalam\ndr. Maya Sari Siregar, Sp.PD`,
    `${ago(190)} · Poli Kardiologi Dewasa\ndr. Ahmad Fauzi, Sp.JP(K)`,
  ]);
  const booked = p.getByRole('region', { name: 'Jadwal Perjanjian' });
  assert.match(await booked.innerText(), /Poli Kardiologi Dewasa · dr\. Ahmad Fauzi, Sp\.JP\(K\) · No\. antrian \d+/);
  const ldl = p.getByRole('region', { name: 'Hasil Laboratorium Terakhir' }).getByRole('row', { name: /Kolesterol LDL/ });
  assert.equal(await ldl.locator('th, td').allInnerTexts(), ['Kolesterol LDL', '96 mg/dL', '< 130']);
  assert.match(await p.getByRole('region', { name: 'Diagnosis Rawat Inap' }).innerText(), /I21\.4 Infark miokard akut non-ST elevasi/);
  assert.is(p.viewportSize()?.width, 360);
  assert.equal(await layoutProblems(p), []);
  await p.context().close();
});

test('the summary lists the catheterizations and surgeries done, latest first, and those planned, nearest first, each with its date', async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await gotoQuiet(p, app.server.url + to('summary'));
  const on = (days: number) => formatDate(addDays(todayWib(), days));
  const done = p.getByRole('region', { name: 'Tindakan yang Sudah Dilakukan' }).getByRole('listitem');
  await done.first().waitFor();
  const doneTexts = await done.allInnerTexts();
  assert.is(doneTexts.length, 2, doneTexts.join(' | '));
  assert.match(doneTexts[0], new RegExp(`^${on(-31)} · Kateterisasi\nKateterisasi jantung diagnostik \\(angiografi koroner\\)\ndr\\. `));
  assert.match(doneTexts[1], new RegExp(`^${on(-378)} · Operasi\nBedah pintas arteri koroner \\(CABG\\)\ndr\\. `));
  const planned = p.getByRole('region', { name: 'Jadwal Tindakan Mendatang' }).getByRole('listitem');
  await planned.first().waitFor();
  const plannedTexts = await planned.allInnerTexts();
  assert.is(plannedTexts.length, 2, plannedTexts.join(' | '));
  assert.match(plannedTexts[0], new RegExp(`^${on(4)} · Kateterisasi\nIntervensi koroner perkutan \\(PCI\\) pada LAD\ndr\\. `));
  assert.match(plannedTexts[1], new RegExp(`^${on(12)} · Operasi\nPenggantian katup mitral\ndr\\. `));
  await p.context().close();
});

test('B, with no procedures, reads so plainly in both sections', async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_B);
  await gotoQuiet(p, app.server.url + to('summary'));
  await p.getByRole('region', { name: 'Tindakan yang Sudah Dilakukan' }).getByText('Belum ada tindakan kateterisasi atau operasi.').waitFor();
  await p.getByRole('region', { name: 'Jadwal Tindakan Mendatang' }).getByText('Tidak ada tindakan terjadwal.').waitFor();
  await p.context().close();
});

test("on paper the summary has no top bar and no button, and fits one A4 page; 'Cetak' opens printing", async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await gotoQuiet(p, app.server.url + to('summary'));
  const print = p.getByRole('button', { name: 'Cetak' });
  assert.ok(await print.isVisible());
  // The browser's print dialog cannot be driven: the call that opens it is counted instead.
  await p.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => void w.printed++;
  });
  await print.click();
  assert.is(await p.evaluate(() => (window as unknown as { printed: number }).printed), 1);

  await p.emulateMedia({ media: 'print' });
  assert.not.ok(await print.isVisible(), 'Cetak is not printed');
  assert.not.ok(await p.locator('header').isVisible(), 'the top bar is not printed');
  assert.is(await p.locator('main button:visible, header:visible').count(), 0);
  await p.getByText('Dicetak ').waitFor();
  assert.ok(await p.getByText(DEMO_A.nama).isVisible());

  const pdf = await p.pdf({ format: 'A4', margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' } });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
  assert.is(pages.length, 1, `${pages.length} A4 pages`);
  await p.context().close();
});

test.run();

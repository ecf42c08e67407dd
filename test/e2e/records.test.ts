// Every schedule, history and result screen in Chromium, as A (data) and as B (none).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DEMO_A, DEMO_B, DEMO_C, DEMO_REGS } from '../../server/connector/local/demo/seed.ts';
import { to } from '../../common/routes.ts';
import { signedInPage } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { layoutProblems, pageAt, settle, TEXT_SIZES } from '../support/layout.ts';
import { noWireDateIn } from '../support/wire-dates.ts';

const app = realApp(test);

async function loggedIn(who: { nomr: string; tgl_lahir: string }): Promise<Page> {
  const p = await signedInPage(app.browser, app.server.url, who);
  return p;
}

const LISTS: Array<[string, string, string]> = [
  [to('surgerySchedule'), 'Jadwal Operasi', 'Penggantian katup mitral'],
  [to('cathSchedule'), 'Jadwal Katerisasi', 'Intervensi koroner perkutan'],
  [to('consultationsPoli'), 'Poliklinik Rawat Jalan', 'Rencana kateterisasi jantung'],
  [to('consultationsOnline'), 'Poli Online', 'POLI GIZI'],
  [to('inpatientPast'), 'Riwayat Rawat Inap', 'Infark miokard akut'],
  [to('cathHistory'), 'Riwayat Katerisasi', DEMO_REGS.cathDone()],
  [to('surgeryHistory'), 'Riwayat Operasi', 'dr. Andi Wijaya'],
  [to('vascular'), 'Poli Vaskular', 'Stenosis ringan arteri femoralis kiri'],
  [to('lab'), 'Patologi Klinik & Bank Darah', DEMO_REGS.lab()],
  [to('poliHistory', { poli: 'poli kardiologi dewasa' }), 'Riwayat poli kardiologi dewasa', DEMO_REGS.poliVisit()],
];

test('as A, every list screen shows its data', async () => {
  const p = await loggedIn(DEMO_A);
  for (const [path, title, expected] of LISTS) {
    await p.goto(app.server.url + path);
    await p.getByRole('heading', { name: title }).waitFor();
    await p.getByText(expected).first().waitFor({ timeout: 10000 });
    assert.is(await p.getByText('Tidak ada data !').count(), 0, path);
  }
  await p.goto(app.server.url + to('vascular'));
  await p.getByText('Stenosis ringan').waitFor();
  assert.is(await p.getByText('Pemeriksaan belum diverifikasi').count(), 0, 'the report without no_reg is dropped');
  await p.context().close();
});

/** Elements in the page wider than the viewport, or reaching past its right edge. */
function overflowing(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    if (document.documentElement.scrollWidth > width) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    return out;
  });
}

test('as A, the menus lead to the lab results: a card per result, the flag in words, nothing wider than the phone', async () => {
  const p = await loggedIn(DEMO_A);
  await p.goto(app.server.url + to('examinations'));
  await p.getByRole('link', { name: 'Patologi Klinik & Bank Darah' }).click();
  await p.getByRole('link', { name: 'Lihat hasil' }).first().click();
  await p.getByRole('heading', { name: 'Kolesterol LDL' }).waitFor();
  assert.is(p.viewportSize()?.width, 360);
  assert.equal(await overflowing(p), []);
  const main = p.locator('main');
  for (const word of ['Normal', 'Tinggi', 'Rendah']) assert.ok((await main.getByText(word, { exact: true }).count()) > 0, word);
  assert.not.match(await main.innerText(), /N\/A/, 'a normal result is Normal, not N/A');
  // The flag is in colour as well as in words: high red, low blue, normal green.
  const colour = (word: string) =>
    main
      .getByText(word, { exact: true })
      .first()
      .evaluate((el) => getComputedStyle(el).color);
  assert.is(await colour('Tinggi'), 'rgb(179, 38, 30)');
  assert.is(await colour('Rendah'), 'rgb(11, 87, 208)');
  assert.is(await colour('Normal'), 'rgb(27, 110, 52)');
  // The comment of a high result on its own line, inside the screen.
  await main.getByText('Di atas nilai rujukan, konsultasikan dengan dokter').first().waitFor();
  await p.context().close();
});

test('as A, the lab results say how many are outside their range, advise a doctor under each of them, high or low, and write decimals with a comma', async () => {
  const p = await loggedIn(DEMO_A);
  await p.goto(app.server.url + to('labDetail', { nolab: DEMO_REGS.lab() }));
  await p.getByRole('heading', { name: 'Kolesterol LDL' }).waitFor();
  const main = p.locator('main');
  const cards = await main.getByRole('listitem').evaluateAll((items) =>
    items.map((li) => ({
      name: li.querySelector('h2')?.textContent ?? '',
      flag: li.querySelector('h2 + span')?.textContent ?? '',
      text: (li as HTMLElement).innerText,
    })),
  );
  const outside = cards.filter((c) => c.flag !== 'Normal');
  assert.ok(outside.length >= 2, `some results outside: ${outside.map((c) => c.name)}`);
  assert.ok(outside.some((c) => c.flag === 'Rendah') && outside.some((c) => c.flag === 'Tinggi'), 'low and high among them');
  for (const c of outside) assert.match(c.text, /konsultasikan dengan dokter/i, `advice under ${c.name}`);
  for (const c of cards.filter((c) => !outside.includes(c))) assert.not.match(c.text, /konsultasikan/i, `no advice under ${c.name}`);
  // The line on top, before the first result.
  const line = main.getByText(`${outside.length} dari ${cards.length} hasil di luar rentang normal`, { exact: true });
  assert.ok(await line.isVisible());
  const [lineBox, firstCard] = [await line.boundingBox(), await main.getByRole('listitem').first().boundingBox()];
  assert.ok(lineBox && firstCard && lineBox.y < firstCard.y, 'the line above the results');
  // Decimals the Indonesian way: HbA1c 6,1 %, its range 4 - 5,6; no decimal point anywhere.
  const hba1c = main.getByRole('listitem').filter({ has: p.getByRole('heading', { name: 'HbA1c', exact: true }) });
  assert.ok(await hba1c.getByText('6,1 %', { exact: true }).isVisible());
  assert.ok(await hba1c.getByText('4 - 5,6', { exact: true }).isVisible());
  await hba1c.getByText('HbA1c: 8,1 → 7,4 → 6,8 → 6,3 → 6,1 %').waitFor();
  assert.not.match(await main.innerText(), /\d\.\d/, 'no decimal point on the lab screen');
  // The vascular report and the printable summary say numbers the same way.
  await p.goto(app.server.url + to('vascularDetail', { noreg: DEMO_REGS.vascular() }));
  await main.getByText('Refluks 1,8 detik').waitFor();
  assert.not.match(await main.innerText(), /\d\.\d/, 'no decimal point on the vascular report');
  await p.goto(app.server.url + to('summary'));
  await main.getByText('6,1 %').waitFor();
  assert.not.match(await main.locator('table').innerText(), /\d\.\d/, "no decimal point in the summary's lab table");
  await p.context().close();
});

test('as A, LDL shows its trend over the years: a chart with the range as a band, and the same as text', async () => {
  const p = await loggedIn(DEMO_A);
  await p.goto(app.server.url + to('labDetail', { nolab: DEMO_REGS.lab() }));
  const ldl = p.getByRole('listitem').filter({ has: p.getByRole('heading', { name: 'Kolesterol LDL' }) });
  const text = 'Kolesterol LDL: 190 → 160 → 128 → 112 → 96 mg/dL';
  await ldl.getByText(text).waitFor();
  // The sentence names the figure, so a screen reader reads the trend where the chart is.
  assert.ok(await ldl.getByRole('figure', { name: text }).isVisible());
  const svg = ldl.locator('svg');
  assert.is(await svg.getAttribute('aria-hidden'), 'true');
  assert.is(await svg.locator('[data-point]').count(), 5, 'a mark per result: a circle within the range, a triangle outside it');
  assert.is(await svg.locator('rect').count(), 1, 'the reference range as a band');
  const box = await svg.boundingBox();
  assert.ok(box && box.width > 200 && box.x + box.width <= 360, `the chart fits the phone: ${JSON.stringify(box)}`);
  for (const name of ['HbA1c', 'Kreatinin', 'INR']) {
    const item = p.getByRole('listitem').filter({ has: p.getByRole('heading', { name, exact: true }) });
    assert.is(await item.locator('svg [data-point]').count(), 5, name);
  }
  await p.context().close();
});

test('as A, a vascular report shows each finding as a card, and the profile its dates in words', async () => {
  const p = await loggedIn(DEMO_A);
  await p.goto(app.server.url + to('vascularDetail', { noreg: DEMO_REGS.vascular() }));
  const finding = p.getByRole('listitem').filter({ has: p.getByRole('heading', { name: 'Arteri poplitea' }) });
  await finding.waitFor();
  assert.ok(await finding.getByText('Kanan').isVisible());
  assert.equal(await overflowing(p), []);
  await p.goto(app.server.url + to('profile'));
  await p.getByText(DEMO_A.nama).waitFor();
  assert.ok(await p.getByText('17 Agustus 1968').isVisible());
  await p.context().close();
});

test('as A, each clinic in the outpatient history links to its history list', async () => {
  const p = await loggedIn(DEMO_A);
  await p.goto(app.server.url + to('consultationsPoli'));
  const link = p.getByRole('link', { name: 'Riwayat Poli Kardiologi Dewasa' }).first();
  await link.click();
  await p.waitForURL(`**${to('poliHistory', { poli: 'Poli Kardiologi Dewasa' })}`);
  await p.getByRole('heading', { name: 'Riwayat Poli Kardiologi Dewasa' }).waitFor();
  await p.getByText('POLI KARDIOLOGI DEWASA').first().waitFor();
  assert.is(await p.getByText('Tidak ada data !').count(), 0);
  await p.context().close();
});

test('as A, no history screen shows a date in the wire format', async () => {
  const p = await loggedIn(DEMO_A);
  for (const [path, , expected] of LISTS) {
    await p.goto(app.server.url + path);
    await p.getByText(expected).first().waitFor({ timeout: 10000 });
    await noWireDateIn(p.locator('main'), path);
  }
  await p.goto(app.server.url + to('labDetail', { nolab: DEMO_REGS.lab() }));
  await p.getByRole('heading', { name: 'Kolesterol LDL' }).waitFor();
  await noWireDateIn(p.locator('main'), 'lab detail');
  await p.context().close();
});

test('an unknown lab number says Data tidak ditemukan; an unknown vascular one Tidak Ada Data', async () => {
  const p = await loggedIn(DEMO_A);
  await p.goto(app.server.url + to('labDetail', { nolab: 'LAB-TIDAK-ADA' }));
  await p.getByText('Data tidak ditemukan').waitFor();
  await p.goto(app.server.url + to('vascularDetail', { noreg: 'VS-TIDAK-ADA' }));
  await p.getByText('Tidak Ada Data').waitFor();
  await p.context().close();
});

test("as A, discharged from the ICVCU before today's clinic visit: the stay is past, none is current; C lies there now", async () => {
  const p = await loggedIn(DEMO_A);
  await p.goto(app.server.url + to('inpatientCurrent'));
  await p.getByRole('heading', { name: 'Rawat Inap Berjalan' }).waitFor();
  await p.getByText('Tidak ada data !').waitFor({ timeout: 10000 });
  await p.goto(app.server.url + to('inpatientPast'));
  await p.getByText('Angina pektoris tidak stabil').first().waitFor({ timeout: 10000 });
  await p.context().close();
  const c = await loggedIn(DEMO_C);
  await c.goto(app.server.url + to('inpatientCurrent'));
  await c.getByText('ICVCU').first().waitFor({ timeout: 10000 });
  await c.context().close();
});

test('as B, every list shows Tidak ada data !', async () => {
  const p = await loggedIn(DEMO_B);
  for (const [path] of LISTS) {
    await p.goto(app.server.url + path);
    await p.getByText('Tidak ada data !').waitFor({ timeout: 10000 });
  }
  await p.context().close();
});

for (const size of TEXT_SIZES.slice(0, 2)) {
  test(`${size.name}: a history the server answers from its copy of the hospital system's last answer says when that was read, at 360 px`, async () => {
    // The API's header as it sends it while the hospital's system cannot be reached (test/server/khanza-contract).
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A);
    await p.route('**/api/patient/riwayat/konsul/poli/umum*', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, headers: { ...res.headers(), 'x-data-as-of': '2026-11-20T08:15:00+07:00' } });
    });
    await settle(p, `${app.server.url}${to('consultationsPoli')}`);
    await p.getByText('Terakhir diperbarui 20 November 2026 pukul 08.15').waitFor();
    await p.getByText('Rencana kateterisasi jantung').first().waitFor();
    assert.equal(await layoutProblems(p), []);
    if (process.env.SHOTS_DIR) await p.screenshot({ path: `${process.env.SHOTS_DIR}/copy-${size.name.replace(/\W+/g, '-')}.png` });
    await p.context().close();
  });
}

test.run();

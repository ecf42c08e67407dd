// Whose record a screen shows, and what the lab trend draws, in Chromium. B signs in and adds A
// from the home bar, as a son adds his mother: A's lab results, histories and the reschedule of
// A's appointment each say 'Profil aktif: <A> · No. MR <A>'; one tap on home back to B, and the
// same screens name B. A phone with one patient shows no such line. The trend: each point's value
// with the decimal comma, each point in its own flag's colour and shape, and at 200 % text no value
// over another.
import { mkdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { API } from '../../common/paths.ts';
import { to } from '../../common/routes.ts';
import type { UpcomingAppointment } from '../../common/schemas/index.ts';
import { DEMO_A, DEMO_B, DEMO_REGS } from '../../server/connector/local/demo/seed.ts';
import { PHONE, fillLogin, signedInPage } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { apiToken } from '../support/server.ts';
import { TEXT_SIZES, pageAt, settle } from '../support/layout.ts';

const app = realApp(test);

const line = (who: { nama: string; nomr: string }) => `Profil aktif: ${who.nama} · No. MR ${who.nomr}`;

/**
 * The line under the top bar, once the screen has its data; `shown` false where no line is
 * expected (else it is waited for: a screen's title is in the top bar before its lazy part has
 * drawn the line).
 */
async function whose(p: Page, path: string, wait: string, shown = true): Promise<string> {
  await p.goto(app.server.url + path);
  await p.getByText(wait).first().waitFor({ timeout: 10_000 });
  const region = p.locator('main').getByRole('region', { name: 'Profil aktif' });
  if (shown) await region.waitFor({ timeout: 10_000 }).catch(() => undefined);
  return ((await region.count()) ? await region.innerText() : '').replace(/\s+/g, ' ').trim();
}

test("B adds A: A's lab results, histories and reschedule name A; back on B they name B", async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_B);
  await p.goto(`${app.server.url}/home`);
  await p.getByText(`Selamat Datang ${DEMO_B.nama}`).waitFor();
  await p.getByRole('button', { name: 'Akun' }).click();
  await p.getByRole('menuitem', { name: 'Tambah Anggota Keluarga' }).click();
  await p.waitForURL('**/tambahprofil');
  await fillLogin(p, DEMO_A.nomr, DEMO_A.tgl_lahir);
  await p.getByRole('button', { name: 'Tambah Profil' }).click();
  await p.waitForURL('**/home', { timeout: 10_000 });
  await p.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
  // The name home read is kept for the next page load (an effect after the welcome is drawn).
  await p.waitForFunction((nama) => localStorage.getItem('profilaktif')?.includes(nama), DEMO_A.nama);

  assert.is(await whose(p, to('labDetail', { nolab: DEMO_REGS.lab() }), 'Kolesterol LDL'), line(DEMO_A), 'lab result');
  assert.is(await whose(p, to('lab'), DEMO_REGS.lab()), line(DEMO_A), 'lab list');
  assert.is(await whose(p, to('consultationsPoli'), 'Rencana kateterisasi jantung'), line(DEMO_A), 'outpatient history');
  assert.is(await whose(p, to('inpatientPast'), 'Infark miokard akut'), line(DEMO_A), 'inpatient history');
  // A's own appointment, read with A's token (the active one's, under the spec's key).
  const token = await p.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${app.server.url}${API.upcoming}?nomr=${DEMO_A.nomr}&tgllahir=${DEMO_A.tgl_lahir}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [next] = ((await res.json()) as { data: { jadwal: UpcomingAppointment[] } }).data.jadwal.filter((a) => a.jenis === 'poli');
  assert.ok(next, 'A has a clinic appointment ahead');
  assert.is(await whose(p, to('reschedule', { no_reg: next.no_reg ?? '' }), 'Ubah Jadwal'), line(DEMO_A), 'reschedule');
  assert.is(await whose(p, to('clinicBooking'), 'Perjanjian Poliklinik'), line(DEMO_A), 'booking');

  // One tap on home, and the same screens name B.
  await p.goto(`${app.server.url}/home`);
  await p.getByRole('button', { name: `Buka profil ${DEMO_B.nama}` }).click();
  await p.getByText(`Selamat Datang ${DEMO_B.nama}`).waitFor();
  assert.is(await whose(p, to('lab'), 'Patologi Klinik & Bank Darah'), line(DEMO_B), 'lab list as B');
  assert.is(await whose(p, to('consultationsPoli'), 'Poliklinik Rawat Jalan'), line(DEMO_B), 'history as B');
  await p.context().close();
});

test('a phone with one patient: no line of whose record it is', async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  assert.is(await whose(p, to('lab'), DEMO_REGS.lab(), false), '');
  assert.is(await whose(p, to('labDetail', { nolab: DEMO_REGS.lab() }), 'Kolesterol LDL', false), '');
  await p.context().close();
});

interface Label {
  text: string;
  colour: string;
  box: { left: number; right: number; top: number; bottom: number };
  shown: boolean;
}

/** A test's trend on the lab result: the value labels and the marks, oldest first. */
async function trendOf(p: Page, name: string): Promise<{ labels: Label[]; marks: Array<{ shape: string; fill: string; tone: string }> }> {
  const item = p.getByRole('listitem').filter({ has: p.getByRole('heading', { name, exact: true }) });
  await item.locator('[data-value]').first().waitFor();
  return item.evaluate((li) => ({
    labels: [...li.querySelectorAll<HTMLElement>('[data-value]')].map((el) => {
      const r = el.getBoundingClientRect();
      return {
        text: el.textContent ?? '',
        colour: getComputedStyle(el).color,
        box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
        shown: el.checkVisibility({ visibilityProperty: true }),
      };
    }),
    marks: [...li.querySelectorAll('[data-point]')].map((m) => ({
      shape: m.tagName,
      fill: getComputedStyle(m).fill,
      tone: m.getAttribute('data-point') ?? '',
    })),
  }));
}

const RED = 'rgb(179, 38, 30)';
const BLUE = 'rgb(11, 87, 208)';
const GREEN = 'rgb(27, 110, 52)';

test('the trend: each value at its point with the decimal comma, each point in its own flag', async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await p.goto(app.server.url + to('labDetail', { nolab: DEMO_REGS.lab() }));
  const hba1c = await trendOf(p, 'HbA1c');
  assert.equal(
    hba1c.labels.map((l) => l.text),
    ['8,1', '7,4', '6,8', '6,3', '6,1'],
  );
  // Every HbA1c of A is above 4–5,6: high each, by its own flag.
  assert.equal(
    hba1c.marks.map((m) => [m.shape, m.fill]),
    Array(5).fill(['polygon', RED]),
  );
  // INR finding its range on warfarin (2–3): the first low, the rest within it.
  const inr = await trendOf(p, 'INR');
  assert.equal(
    inr.labels.map((l) => [l.text, l.colour]),
    [
      ['1,6', BLUE],
      ['2,2', GREEN],
      ['2,6', GREEN],
      ['2,9', GREEN],
      ['2,5', GREEN],
    ],
  );
  assert.equal(
    inr.marks.map((m) => [m.tone, m.shape, m.fill]),
    [['low', 'polygon', BLUE], ...Array(4).fill(['normal', 'circle', GREEN])],
  );
  // Creatinine drifting up (0,6–1,3): only 1,4 is high.
  const kreatinin = await trendOf(p, 'Kreatinin');
  assert.equal(
    kreatinin.marks.map((m) => m.tone),
    ['normal', 'normal', 'normal', 'high', 'normal'],
  );
  // The shapes are named in words under the chart.
  const key = await p
    .getByRole('listitem')
    .filter({ has: p.getByRole('heading', { name: 'INR', exact: true }) })
    .locator('figure')
    .innerText();
  assert.match(key, '▼ Rendah');
  assert.match(key, '● Normal');
  await p.context().close();
});

const overlaps = (a: Label['box'], b: Label['box']) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

for (const size of TEXT_SIZES) {
  test(`at ${size.name}, no value label of a trend covers another, and each is on the screen`, async () => {
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A);
    await settle(p, app.server.url + to('labDetail', { nolab: DEMO_REGS.lab() }));
    const width = p.viewportSize()?.width ?? PHONE.viewport.width;
    for (const name of ['Kolesterol LDL', 'HbA1c', 'Kreatinin', 'INR']) {
      const { labels } = await trendOf(p, name);
      assert.is(labels.length, 5, name);
      for (const [i, a] of labels.entries()) {
        assert.ok(a.shown, `${name} ${a.text} is shown`);
        assert.ok(a.box.left >= 0 && a.box.right <= width, `${name} ${a.text} on the screen: ${JSON.stringify(a.box)}`);
        for (const b of labels.slice(i + 1)) assert.not.ok(overlaps(a.box, b.box), `${name}: ${a.text} over ${b.text}`);
      }
    }
    const dir = shots(size.name);
    for (const name of ['HbA1c', 'INR']) {
      await p
        .getByRole('listitem')
        .filter({ has: p.getByRole('heading', { name, exact: true }) })
        .screenshot({ path: `${dir}/trend-${name}.png` });
    }
    await p.context().close();
  });
}

/** Where a text size's screenshots go (as scripts/screenshots.ts names them), for review by eye. */
function shots(size: string): string {
  const dir = `artifacts/screenshots/${size.replace('%', '').replace(/\W+/g, '-')}`;
  mkdirSync(dir, { recursive: true });
  return dir;
}

for (const size of TEXT_SIZES.slice(0, 2)) {
  test(`at ${size.name}, a records screen of a family profile names it under the top bar`, async () => {
    // A phone holding A (active) and B, as 'Tambah Anggota Keluarga' leaves it (src/session/profiles.ts).
    const b = { nomr: DEMO_B.nomr, birthDate: DEMO_B.tgl_lahir, token: await apiToken(app.server.url, DEMO_B), nama: DEMO_B.nama };
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A, {
      profilaktif: JSON.stringify({ nomr: DEMO_A.nomr, nama: DEMO_A.nama }),
      profillain: JSON.stringify([b]),
    });
    await settle(p, app.server.url + to('consultationsPoli'));
    const region = p.getByRole('region', { name: 'Profil aktif' });
    assert.is((await region.innerText()).replace(/\s+/g, ' ').trim(), line(DEMO_A));
    await p.screenshot({ path: `${shots(size.name)}/family-riwayatkonsultasi-poliklinik.png` });
    await settle(p, app.server.url + to('labDetail', { nolab: DEMO_REGS.lab() }));
    await p.screenshot({ path: `${shots(size.name)}/family-labdetail.png` });
    await p.context().close();
  });
}

test.run();

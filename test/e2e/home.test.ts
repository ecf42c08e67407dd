// The signed-in shell and home in Chromium against the real app.server.
import { LEAVE_API } from '../../common/leave-paths.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { API } from '../../common/paths.ts';
import { addDays, formatDate, todayWib } from '../../common/dates.ts';
import type { UpcomingAppointment } from '../../common/schemas/index.ts';
import { DEMO_A, DEMO_B, DEMO_C } from '../../server/connector/local/demo/seed.ts';
import { signedInPage } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { TEXT_SIZES, layoutProblems, pageAt } from '../support/layout.ts';
import { assertNoWireDate, noWireDateIn } from '../support/wire-dates.ts';

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
  // Today's medicine queue is open without a tap.
  const pharmacy = p.getByRole('region', { name: 'Antrian Obat Farmasi' });
  const status = pharmacy.locator('strong', { hasText: 'Sedang disiapkan' });
  assert.ok(await status.isVisible(), 'the medicine status shows without a tap');
  assert.is(await status.evaluate((el) => getComputedStyle(el).fontWeight), '700');
  // In preparation: amber-brown, not the red of an alarm (ready is green: test/e2e/visit-day.test.ts).
  assert.is(await status.evaluate((el) => getComputedStyle(el).color), 'rgb(122, 65, 0)');
  await p.context().close();
});

/** What the server answers A for the appointments card, read with the page's own token. */
async function upcomingOf(p: Page): Promise<UpcomingAppointment[]> {
  return p.evaluate(async (who) => {
    const res = await fetch(`/api/patient/jadwal/perjanjian/terdekat?nomr=${who.nomr}&tgllahir=${who.tgl_lahir}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await res.json()).data.jadwal;
  }, DEMO_A);
}

test("A sees the first appointment and today's queue numbers without a tap; later ones stay folded", async () => {
  const p = await loggedIn(DEMO_A);
  const appointments = p.getByRole('region', { name: 'Jadwal Perjanjian Aktif' });
  await appointments.locator('summary').first().waitFor();
  const [first, ...rest] = await upcomingOf(p);
  assert.ok(first && rest.length > 0, 'A has more than one appointment');
  const item = appointments.locator('details').first();
  for (const text of [formatDate(first.tanggal_janji, 'day'), first.departemen, first.nama_dokter, String(first.no_urut)])
    assert.ok(await item.getByText(text, { exact: true }).isVisible(), `${text} without a tap`);
  assert.is(await appointments.locator('details').nth(1).getAttribute('open'), null, 'the second stays folded');
  const queue = p.getByRole('region', { name: 'Antrian Poli' });
  const number = queue.locator('dt', { hasText: /^Nomor Antrian$/ }).first();
  assert.ok(await number.isVisible(), "today's clinic queue number without a tap");
  await p.context().close();
});

test('home shows no date in the wire format, its queue card neither, and the values of every card start at one place', async () => {
  const p = await loggedIn(DEMO_A);
  for (const card of ['Jadwal Perjanjian Aktif', 'Antrian Poli', 'Antrian Obat Farmasi'])
    await p.getByRole('region', { name: card }).locator('details[open] dd').first().waitFor();
  const text = await p.locator('main').innerText();
  assertNoWireDate(text, 'home');
  // The clinic queue card whole: its date, the numbers, how many are ahead, the estimate, check-in.
  const queue = p.getByRole('region', { name: 'Antrian Poli' });
  await queue.getByText(/^Perkiraan dipanggil pukul/).waitFor();
  await noWireDateIn(queue, 'the clinic queue card');
  assert.match(text, /\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}/);
  const lefts = await p.locator('details[open] dd').evaluateAll((dds) => dds.map((dd) => Math.round(dd.getBoundingClientRect().left)));
  assert.ok(lefts.length > 8, 'the open items of three cards');
  assert.equal([...new Set(lefts)], [lefts[0]], `one value column: ${lefts}`);
  // Every date stays whole on one line, not '23 / November / 2026' (with its weekday, the line
  // may break after the comma).
  const split = await p.locator('details[open] dd').evaluateAll((dds) =>
    dds.flatMap((dd) => {
      const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
      const out: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!/\d{1,2} \p{L}+ \d{4}/u.test(node.textContent ?? '')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) out.push(node.textContent ?? '');
      }
      return out;
    }),
  );
  assert.equal(split, []);
  const dates = await p.locator('details[open] dd').evaluateAll((dds) => dds.filter((dd) => /\d{4}$/.test(dd.textContent ?? '')).length);
  assert.ok(dates >= 3, 'a date in each card');
  await p.context().close();
});

test('B sees Tidak ada data ! on each of the three cards, and no Hari ini card', async () => {
  const p = await loggedIn(DEMO_B);
  for (const card of ['Jadwal Perjanjian Aktif', 'Antrian Poli', 'Antrian Obat Farmasi']) {
    await p.getByRole('region', { name: card }).getByText('Tidak ada data !').waitFor();
  }
  assert.is(await p.getByRole('heading', { name: 'Hari ini' }).count(), 0);
  await p.context().close();
});

const todayCard = (p: Page) => p.locator('section[aria-labelledby="hari-ini"]');

for (const size of TEXT_SIZES.slice(0, 2)) {
  test(`${size.name}: A's home opens with Hari ini: the queue number, the medicine, the catheterization in 4 days with its date; not the surgery in 12`, async () => {
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A);
    await p.goto(`${app.server.url}/home`);
    const today = todayCard(p);
    await today.getByRole('heading', { name: 'Hari ini' }).waitFor();
    // First in main after the welcome: before the shortcuts and the spec's three cards.
    const order = await p
      .locator('main > *')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-labelledby') ?? el.getAttribute('aria-label') ?? el.tagName));
    assert.equal(order.slice(0, 3), ['P', 'hari-ini', 'Pintasan'], order.join(' '));
    const text = await today.innerText();
    assert.match(text, /Nomor antrian 9\n+Poli Kardiologi Dewasa · dr\. Ahmad Fauzi, Sp\.JP\(K\)/);
    assert.match(text, /Nomor antrian farmasi F-012\n+Sedang disiapkan/);
    const inFour = `${formatDate(addDays(todayWib(), 4), 'day')} (4 hari lagi)`;
    assert.ok(await today.getByText(inFour).isVisible(), inFour);
    assert.ok(await today.getByText('Intervensi koroner perkutan (PCI) pada LAD').isVisible());
    assert.not.match(text, /Penggantian katup mitral|12 hari lagi/, 'the surgery in 12 days is not this week');
    await today.getByRole('link', { name: 'Lihat rincian' }).click();
    await p.waitForURL('**/cekjadwaltindakan/katerisasi');
    await p.goBack();
    await todayCard(p).waitFor();
    assert.equal(await layoutProblems(p), []);
    await p.context().close();
  });

  test(`${size.name}: C, in the ICVCU, sees the stay first and three calm cards, not three alarms`, async () => {
    const p = await pageAt(app.browser, app.server.url, size, DEMO_C);
    await p.goto(`${app.server.url}/home`);
    await todayCard(p).getByText('Sedang dirawat di ICVCU').waitFor();
    assert.match(await todayCard(p).innerText(), /Sejak \d{1,2} \p{L}+ \d{4}/u);
    const calm = {
      'Jadwal Perjanjian Aktif': 'Anda belum punya jadwal perjanjian. Buat janji lewat Perjanjian Poliklinik.',
      'Antrian Poli': 'Anda tidak sedang dalam antrian poli hari ini.',
      'Antrian Obat Farmasi': 'Tidak ada antrian obat untuk Anda hari ini.',
    };
    for (const [name, sentence] of Object.entries(calm)) {
      const card = p.getByRole('region', { name });
      const banner = card.getByText('Tidak ada data !');
      await banner.waitFor();
      assert.ok(await card.getByText(sentence).isVisible(), sentence);
      assert.is(await card.getByRole('alert').count(), 0, `${name}: no alarm`);
      assert.is.not(await banner.evaluate((el) => getComputedStyle(el).color), 'rgb(179, 38, 30)', `${name}: not in red`);
    }
    assert.equal(await layoutProblems(p), []);
    await p.context().close();
  });
}

test("each of A's appointments names its date and doctor on a line of its own under 'Tampilkan Jadwal'", async () => {
  const p = await loggedIn(DEMO_A);
  const appointments = p.getByRole('region', { name: 'Jadwal Perjanjian Aktif' });
  await appointments.locator('summary').first().waitFor();
  const all = await upcomingOf(p);
  const summaries = await appointments.locator('summary').allInnerTexts();
  assert.equal(
    summaries,
    all.map((a, i) => `${i + 1}. Tampilkan Jadwal\n${formatDate(a.tanggal_janji, 'day')} · ${a.nama_dokter}`),
  );
  await p.context().close();
});

test('the drawer leads to the histories; the shortcuts to their screens', async () => {
  const p = await loggedIn(DEMO_B);
  await p.getByRole('button', { name: 'Menu' }).click();
  // The drawer's code loads with its first opening.
  await p.getByRole('link', { name: 'Riwayat Konsultasi' }).waitFor();
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
  // The phone signs out at once and tells the server after: the test waits for that answer.
  const told = p.waitForResponse((r) => r.url().endsWith(API.logout));
  await p.getByRole('button', { name: 'Yes' }).click();
  await p.waitForURL(`${app.server.url}/`);
  assert.is((await told).status(), 200);
  const keys = await p.evaluate(() => ['statuslogin', 'nomormr', 'tgllahir', 'token'].map((k) => localStorage.getItem(k)));
  assert.equal(keys, [null, null, null, null]);
  const after = await fetch(`${app.server.url}/api/patient/profil/pasien`, { headers: { authorization: `Bearer ${token}` } });
  assert.is(after.status, 401);
  await p.context().close();
});

test('an expired token sends the patient to / with the toast', async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_B);
  // Home's later part (the leave and waiting-list cards, docs/leave.md) calls too once home is shown:
  // the token ends after its answer, so the refresh below is what meets the expired token.
  const later = p.waitForResponse((r) => r.url().includes(LEAVE_API.waitlist));
  await p.goto(`${app.server.url}/home`);
  await p.getByText(`Selamat Datang ${DEMO_B.nama}`).waitFor();
  await later;
  const token = await p.evaluate(() => localStorage.getItem('token'));
  await fetch(`${app.server.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  await p.getByRole('button', { name: 'Perbarui data' }).click();
  await p.getByText('Sesi Anda telah berakhir, silakan login kembali').waitFor();
  await p.waitForURL(`${app.server.url}/`);
  assert.is(await p.evaluate(() => localStorage.getItem('token')), null);
  await p.context().close();
});

test.run();

// Booking without dead ends, in Chromium at 360 × 740 against the real server: the reschedule
// calendar greys out exactly what ubah/janji refuses (the 8-day rule counted without the
// appointment moved, the booking window, days without practice); every calendar opens on the
// first month with a day to pick; the mobile number starts filled and stays editable; the quota
// entries that can be chosen look like buttons; the online Poli field takes the name as typed.
// Each test has its own patient of the cohort, so none depends on another's bookings.
import { mkdirSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { dateRefusal, firstBookable, type DateRule } from '../../common/booking.ts';
import { MONTHS, addDays, nextOnWeekday, toQuotaDate, todayWib, weekdayName } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { clinicQuery } from '../../common/clinic-link.ts';
import { to } from '../../common/routes.ts';
import type { BookingRules, Clinic, QuotaSlot } from '../../common/schemas/index.ts';
import { COHORT, DEMO_A, DEMO_B } from '../../server/connector/local/demo/seed.ts';
import { confirmationOf, freeSeat, monthHeading, turnMonth } from '../support/booking.ts';
import { signedInPage } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { TEXT_SIZES, layoutProblems, pageAt, settle } from '../support/layout.ts';
import { apiToken } from '../support/server.ts';

const app = realApp(test);
/** Today (WIB) as each test begins: the server waits out the day's last minutes (test/support/server.ts). */
let today = todayWib();
test.before.each(() => {
  today = todayWib();
});
const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

type Who = { nomr: string; tgl_lahir: string };
const cohort = (i: number): Who => ({ nomr: String(COHORT.first + i), tgl_lahir: COHORT.tgl_lahir });

// biome-ignore lint/suspicious/noExplicitAny: the answers of several calls
async function call(who: Who, method: 'GET' | 'POST', path: string, body?: Record<string, string>): Promise<{ code: number; body: any }> {
  const token = await apiToken(app.server.url, who);
  const url = method === 'GET' && body ? `${path}?${new URLSearchParams(body)}` : path;
  const res = await fetch(`${app.server.url}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  return { code: res.status, body: await res.json() };
}

const clinics = async (who: Who): Promise<Clinic[]> => (await call(who, 'GET', API.clinics)).body.data;
const rules = async (who: Who): Promise<BookingRules> => (await call(who, 'GET', API.bookingRules)).body.data;

/** The first date from `from` with a seat of D001 in Kardiologi Dewasa. */
async function d001Date(who: Who, from: string): Promise<[string, QuotaSlot]> {
  for (let d = from; d < addDays(from, 21); d = addDays(d, 1)) {
    const slots: QuotaSlot[] = (await call(who, 'GET', API.quota, { kd_dr: 'D001', kd_dep: '20001', tgl_janji: toQuotaDate(d), hari: weekdayName(d) })).body
      .data;
    const slot = slots.find((s) => s.kode !== 301 && s.batas_quota > s.quota_terisi);
    if (slot) return [d, slot];
  }
  throw new Error(`no seat of D001 from ${from}`);
}

async function bookBpjs(who: Who, date: string, slot: QuotaSlot): Promise<string> {
  const res = await call(who, 'POST', API.book, {
    nomr: who.nomr,
    tgl_janji: date,
    kd_dep: '20001',
    kd_dr: slot.kd_dr,
    sts_jam: slot.sts_jam,
    carabayar: 'B',
    hp: '081234567890',
  });
  assert.is(res.body.status, true, JSON.stringify(res.body));
  return res.body.data.no_reg;
}

const monthOf = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
const toggle = (p: Page) => p.locator('button[aria-controls][aria-expanded]');

/** Every day of the month on screen: whether the calendar marks it unavailable. */
const dayStates = (p: Page) =>
  p
    .locator('button[data-date]')
    .evaluateAll((days) => days.map((d) => [d.getAttribute('data-date') ?? '', d.getAttribute('aria-disabled') === 'true'] as const));

/** The calendar's days, month after month up to the last it shows, against the rule's. */
async function calendarAgrees(p: Page, rule: DateRule): Promise<string[]> {
  const wrong: string[] = [];
  for (let i = 0; i < 6; i++) {
    for (const [date, off] of await dayStates(p)) if (off !== (dateRefusal(date, rule) !== null)) wrong.push(`${date}: ${off ? 'grey' : 'open'}`);
    if (await p.getByRole('button', { name: 'Bulan berikutnya' }).isDisabled()) break;
    await turnMonth(p, 'next');
  }
  return wrong;
}

/** Opens the calendar if closed, pages to the date's month and taps the day. */
async function chooseDay(p: Page, date: string) {
  if (!(await p.getByRole('grid').isVisible())) await toggle(p).click();
  for (let i = 0; i < 6; i++) {
    const shown = (await p.locator('button[data-date]').first().getAttribute('data-date')) ?? '';
    if (shown.slice(0, 7) === date.slice(0, 7)) break;
    await turnMonth(p, date < shown ? 'previous' : 'next');
  }
  await p.locator(`button[data-date="${date}"]`).click();
}

async function shot(p: Page, name: string) {
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('the reschedule calendar greys out exactly what ubah/janji refuses: the 8-day rule without the appointment moved, the window, days without practice', async () => {
  const who = cohort(131);
  const [first, firstSlot] = await d001Date(who, addDays(today, 10));
  const [second, secondSlot] = await d001Date(who, addDays(first, 14));
  await bookBpjs(who, first, firstSlot);
  const moving = await bookBpjs(who, second, secondSlot);
  const clinic = (await clinics(who)).find((c) => c.kd_dep === '20001');
  const window = await rules(who);
  // The calendar's rule as the server's facts give it: the last BPJS date besides the one moved is the first.
  const rule: DateRule = { today, guarantee: 'BPJS', lastAppointment: first, last: window.tanggal_terakhir, practiceDays: clinic?.hari_praktik };
  const opens = firstBookable(today, window.tanggal_terakhir, (d) => dateRefusal(d, rule) === null);
  assert.ok(opens && opens > addDays(first, 8), `the first open day ${opens} is after the gap of ${first}`);

  const p = await signedInPage(app.browser, app.server.url, who);
  await settle(p, app.server.url + to('reschedule', { no_reg: moving }));
  await p.getByText(/Perjanjian BPJS terakhir Anda/).waitFor();
  await toggle(p).click();
  await p.getByRole('grid').waitFor();
  assert.is(await monthHeading(p).textContent(), monthOf(opens), 'opens on the month of the first open day');
  assert.is(await p.evaluate(() => document.activeElement?.getAttribute('data-date')), opens, 'with the focus on it');
  await shot(p, 'reschedule-calendar-100');
  // At 200 % text the same: the first open day's month, the day focused, nothing off the screen.
  const big = await pageAt(app.browser, app.server.url, TEXT_SIZES[1], who);
  await settle(big, app.server.url + to('reschedule', { no_reg: moving }));
  await big.getByText(/Perjanjian BPJS terakhir Anda/).waitFor();
  await toggle(big).click();
  await big.getByRole('grid').waitFor();
  assert.is(await monthHeading(big).textContent(), monthOf(opens));
  assert.is(await big.evaluate(() => document.activeElement?.getAttribute('data-date')), opens);
  assert.equal(await layoutProblems(big), []);
  await shot(big, 'reschedule-calendar-200');
  await big.context().close();
  // Back to the first month, then every month compared with the rule.
  for (let i = 0; i < 6 && !(await p.getByRole('button', { name: 'Bulan sebelumnya' }).isDisabled()); i++) await turnMonth(p, 'previous');
  assert.equal(await calendarAgrees(p, rule), []);

  // The server refuses what is grey and takes what is open: day 8 after the first, a day without
  // practice, the day after the window (each refusal leaves the appointment as it was).
  const move = (tgl_janji: string) => call(who, 'POST', API.reschedule, { no_reg: moving, tgl_janji, kd_dr: 'D001', sts_jam: secondSlot.sts_jam });
  assert.is(dateRefusal(addDays(first, 8), rule), 'bpjs-gap');
  assert.match((await move(addDays(first, 8))).body.message, /8 hari/);
  const closedDay = [1, 2, 3, 4, 5, 6, 7].find((d) => !clinic?.hari_praktik?.includes(d));
  if (closedDay !== undefined) {
    const closed = nextOnWeekday(addDays(first, 9), closedDay);
    assert.is(dateRefusal(closed, rule), 'no-practice');
    assert.match((await move(closed)).body.message, /tidak praktik/);
  }
  assert.is(dateRefusal(addDays(window.tanggal_terakhir, 1), rule), 'window');
  assert.is((await move(addDays(window.tanggal_terakhir, 1))).code, 400);

  // The first open day, chosen in the calendar, is moved to.
  await chooseDay(p, opens);
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  await p
    .getByRole('button', { name: /Pilih$/ })
    .first()
    .click();
  await p.getByRole('dialog', { name: 'Pindahkan janji ini?' }).getByRole('button', { name: 'Ya, Pindahkan' }).click();
  await p.getByRole('alertdialog', { name: 'Jadwal Diubah' }).waitFor();
  const moved = (await call(who, 'GET', API.upcoming, { nomr: who.nomr })).body.data.jadwal.find((a: { no_reg: string }) => a.no_reg === moving);
  assert.is(moved.tanggal_janji, opens);
  await p.context().close();
});

test('every calendar opens on the first month with a day to pick: BPJS after the 8-day rule, a Wednesday-only doctor', async () => {
  const who = cohort(132);
  // A BPJS appointment whose gap reaches past the end of this month.
  const monthEnd = addDays(`${addDays(`${today.slice(0, 8)}28`, 4).slice(0, 8)}01`, -1);
  const from = addDays(monthEnd, -8) > today ? addDays(monthEnd, -8) : addDays(today, 1);
  const [last, slot] = await d001Date(who, from);
  await bookBpjs(who, last, slot);
  const clinic = (await clinics(who)).find((c) => c.kd_dep === '20001');
  const window = await rules(who);
  const rule: DateRule = { today, guarantee: 'BPJS', lastAppointment: last, last: window.tanggal_terakhir, practiceDays: clinic?.hari_praktik };
  const opens = firstBookable(today, window.tanggal_terakhir, (d) => dateRefusal(d, rule) === null) ?? '';
  assert.ok(opens.slice(0, 7) > today.slice(0, 7), `nothing to pick this month (first: ${opens})`);

  const p = await signedInPage(app.browser, app.server.url, who);
  await settle(p, app.server.url + to('clinicBooking'));
  await p.getByLabel('Poli').selectOption('20001');
  await p.getByLabel('Jaminan').selectOption('BPJS');
  await p.getByText(/Perjanjian BPJS terakhir Anda/).waitFor();
  await toggle(p).click();
  await p.getByRole('grid').waitFor();
  assert.is(await monthHeading(p).textContent(), monthOf(opens));
  assert.is(await p.evaluate(() => document.activeElement?.getAttribute('data-date')), opens);
  await shot(p, 'bpjs-calendar-100');

  // Cek Kuota of a Wednesday schedule: the first Wednesday from today.
  const wednesday = nextOnWeekday(today, 3);
  await settle(
    p,
    app.server.url +
      to('checkQuota', {
        nama_dr_lengkap: slot.nama_dr,
        kd_dr: 'D001',
        kd_dep: '20001',
        ds_dep: 'POLI KARDIOLOGI DEWASA',
        hari_jadwal: 'Rabu',
        jam_dtg: slot.jam_dtg,
        jam_plg: slot.jam_plg,
      }),
  );
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  await toggle(p).click();
  await p.getByRole('grid').waitFor();
  assert.is(await monthHeading(p).textContent(), monthOf(wednesday));
  assert.is(await p.evaluate(() => document.activeElement?.getAttribute('data-date')), wednesday);
  await p.context().close();
});

test('days the chosen clinic does not practise are grey and cannot be picked', async () => {
  const who = cohort(133);
  const list = await clinics(who);
  const few = list
    .filter((c) => (c.hari_praktik?.length ?? 7) > 0 && (c.hari_praktik?.length ?? 7) < 7)
    .sort((a, b) => (a.hari_praktik?.length ?? 0) - (b.hari_praktik?.length ?? 0))[0];
  assert.ok(few?.hari_praktik, 'a clinic with days off');
  const window = await rules(who);
  const rule: DateRule = { today, guarantee: 'Non BPJS', last: window.tanggal_terakhir, practiceDays: few.hari_praktik };

  const p = await signedInPage(app.browser, app.server.url, who);
  await settle(p, app.server.url + to('clinicBooking'));
  await p.getByLabel('Poli').selectOption(few.kd_dep);
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  await p.getByText(/^Poli praktik hari /).waitFor();
  await toggle(p).click();
  await p.getByRole('grid').waitFor();
  const states = await dayStates(p);
  const closed = states.find(([d, off]) => off && d >= today && dateRefusal(d, rule) === 'no-practice');
  assert.ok(closed, 'a day without practice on screen');
  // Tapped anyway: nothing is chosen, the calendar stays open.
  await p.locator(`button[data-date="${closed[0]}"]`).click({ force: true });
  assert.ok(await p.getByRole('grid').isVisible());
  assert.match((await toggle(p).textContent()) ?? '', /Pilih tanggal/);
  assert.equal(await calendarAgrees(p, rule), []);
  await p.context().close();
});

test('the mobile number starts with the profile’s, then with the last one booked on this phone, and stays editable', async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_B);
  const [date, slot] = await freeSeat(app.server.url, DEMO_B, 'D001');
  const confirmation = (d: string, s: QuotaSlot) =>
    app.server.url + to('confirm', confirmationOf(d, s), clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' }));
  await settle(p, confirmation(date, slot));
  const hp = p.getByLabel('Nomor HP');
  await p.waitForFunction(() => (document.querySelector<HTMLInputElement>('#bk-hp')?.value ?? '') !== '');
  assert.is(await hp.inputValue(), '081298765432', "B's number as the hospital has it");
  await hp.fill('0813 4455 6677');
  await p.getByRole('button', { name: 'Buat Janji' }).click();
  await p.getByRole('alertdialog', { name: 'Alert' }).waitFor();
  assert.match((await p.getByRole('alertdialog', { name: 'Alert' }).textContent()) ?? '', /berhasil dibuat/);

  const [next, nextSlot] = await freeSeat(app.server.url, DEMO_B, 'D001');
  await settle(p, confirmation(next, nextSlot));
  assert.is(await hp.inputValue(), '0813 4455 6677', 'the last booking’s number');
  await hp.fill('081211112222');
  assert.is(await hp.inputValue(), '081211112222', 'still the patient’s to change');

  // A patient the hospital has no number of, who has booked nothing here: an empty field.
  const q = await signedInPage(app.browser, app.server.url, cohort(134));
  const [d, s] = await freeSeat(app.server.url, cohort(134), 'D001');
  await settle(q, confirmation(d, s));
  await q.waitForFunction(() => !document.querySelector('main')?.textContent?.includes('Memuat'));
  assert.is(await q.getByLabel('Nomor HP').inputValue(), '');
  await q.context().close();
  await p.context().close();
});

for (const size of TEXT_SIZES.slice(0, 2)) {
  test(`${size.name}: the quota entries that can be chosen end in 'Pilih', a button at AA contrast and 44 px`, async () => {
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A);
    const [date] = await freeSeat(app.server.url, DEMO_A, 'D001');
    await settle(p, app.server.url + to('clinicBooking'));
    await p.getByLabel('Poli').selectOption('20001');
    await p.getByLabel('Jaminan').selectOption('Non BPJS');
    await toggle(p).click();
    await p.getByRole('grid').waitFor();
    await shot(p, `clinic-calendar-${size.name.replace(/\W+/g, '-')}`);
    await chooseDay(p, date);
    await p.getByRole('button', { name: 'Cek Kuota' }).click();
    const links = p.getByRole('region', { name: 'Dokter dan kuota' }).getByRole('link');
    await links.first().waitFor();
    await shot(p, `quota-list-${size.name.replace(/\W+/g, '-')}`);
    // tsx names the functions below through a helper the page does not have.
    await p.evaluate('globalThis.__name ??= (f) => f');
    assert.equal(await layoutProblems(p), [], 'the list reflows at 360 px');
    const measured = await links.evaluateAll((as) =>
      as.map((a) => {
        const pill = [...a.querySelectorAll('span')].find((s) => s.textContent?.trim() === 'Pilih');
        if (!pill) return { text: a.textContent, pill: false };
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const lum = (c: string) => {
          const [r, g, b] = rgb(c).map((v) => {
            const s = v / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const style = getComputedStyle(pill);
        const [l1, l2] = [lum(style.color), lum(style.backgroundColor)].sort((x, y) => y - x);
        const box = pill.getBoundingClientRect();
        const link = a.getBoundingClientRect();
        return {
          text: a.textContent,
          pill: true,
          contrast: (l1 + 0.05) / (l2 + 0.05),
          pillHeight: box.height,
          linkHeight: link.height,
          inside: box.right <= link.right + 0.5 && box.left >= link.left - 0.5,
          screenRight: box.right <= document.documentElement.clientWidth,
        };
      }),
    );
    assert.ok(measured.length > 0);
    for (const m of measured) {
      assert.ok(m.pill, `'Pilih' in ${m.text}`);
      assert.ok((m.contrast ?? 0) >= 4.5, `contrast ${m.contrast}`);
      assert.ok((m.pillHeight ?? 0) >= 44 && (m.linkHeight ?? 0) >= 44, `44 px: ${m.pillHeight} / ${m.linkHeight}`);
      assert.ok(m.inside && m.screenRight, 'within its entry and the screen');
    }
    // The entries that cannot be chosen have none.
    const off = p.getByRole('region', { name: 'Dokter dan kuota' }).locator('li > div');
    for (const text of await off.allTextContents()) assert.not.match(text, /Pilih/);
    await p.context().close();
  });
}

test("the online Poli field takes 'poli kardiologi dewasa' typed in lower case, and its calendar opens on a day with online sessions", async () => {
  const p = await signedInPage(app.browser, app.server.url, cohort(135));
  await settle(p, app.server.url + to('onlineBooking'));
  const field = p.getByLabel('Poli', { exact: true });
  await p.waitForFunction(() => document.querySelectorAll('#on-poli-list option').length > 0);
  await field.fill('poli kardiologi dewasa');
  assert.is(await field.getAttribute('aria-invalid'), 'false');
  assert.is(await p.getByText('Pilih poli dari daftar.').count(), 0);
  await field.fill('  Poli Kardiologi  Dewasa ');
  assert.is(await field.getAttribute('aria-invalid'), 'false');
  const clinic = (await clinics(cohort(135))).find((c) => c.kd_dep === '20001');
  const window = await rules(cohort(135));
  const rule: DateRule = { today, guarantee: null, last: window.tanggal_terakhir, practiceDays: clinic?.hari_online };
  const opens = firstBookable(today, window.tanggal_terakhir, (d) => dateRefusal(d, rule) === null);
  await toggle(p).click();
  await p.getByRole('grid').waitFor();
  assert.is(await p.evaluate(() => document.activeElement?.getAttribute('data-date')), opens);
  assert.equal(await calendarAgrees(p, rule), []);
  await chooseDay(p, opens ?? '');
  const check = p.getByRole('button', { name: 'Cek Kuota' });
  assert.not.ok(await check.isDisabled());
  await check.click();
  await p.getByRole('region', { name: 'Dokter dan kuota' }).getByRole('link').first().waitFor();
  await p.context().close();
});

test.run();

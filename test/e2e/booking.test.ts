// Booking in Chromium against the real server, as demo patient A: Perjanjian Poliklinik and
// Jadwal Dokter → Cek Kuota through the confirmation to the 'Alert' dialog and back home, and
// the rules a patient meets on the way.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { DoctorSchedule, QuotaSlot } from '../../common/schemas/index.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { isSlotAvailable } from '../../common/booking.ts';
import { addDays, daysBetween, formatDate, formatLong, isoWeekday, toQuotaDate, todayWib, weekdayName, weekdayNumber } from '../../common/dates.ts';
import { clinicQuery } from '../../common/clinic-link.ts';
import { formatHours } from '../../common/hours.ts';
import { to } from '../../common/routes.ts';
import { PHONE, fillLogin, signedInPage } from '../support/browser.ts';
import { apiReads, realApp } from '../support/e2e.ts';
import { pickDate } from '../support/booking.ts';

const app = realApp(test);
/** Today (WIB) as each test begins: the server waits out the day's last minutes (test/support/server.ts). */
let today = todayWib();
test.before.each(() => {
  today = todayWib();
});
const api = apiReads(test, app, DEMO_A);

const quota = (kd_dep: string, date: string, kd_dr = '') =>
  api<QuotaSlot[]>('/api/patient/list/quota', { kd_dr, kd_dep, tgl_janji: toQuotaDate(date), hari: weekdayName(date) });

/** The first date from `from` on which a slot of the clinic matches. */
async function findDate(kd_dep: string, from: number, match: (s: QuotaSlot) => boolean, kd_dr = ''): Promise<[string, QuotaSlot]> {
  for (let i = from; i < from + 28; i++) {
    const date = addDays(today, i);
    const slot = (await quota(kd_dep, date, kd_dr)).find((s) => s.kode !== 301 && match(s));
    if (slot) return [date, slot];
  }
  throw new Error(`no matching slot in clinic ${kd_dep}`);
}

/**
 * A page signed in through the login screen, so the app hears this server's own login answer and
 * what it offers (its capabilities), then at `path`.
 */
async function loggedIn(path: string): Promise<Page> {
  const p = await (await app.browser.newContext(PHONE)).newPage();
  await p.goto(`${app.server.url}/`);
  await p.getByRole('dialog', { name: 'Pastikan Anda Mengaktifkan Notifikasi' }).getByRole('button', { name: 'Tutup' }).click();
  await fillLogin(p, DEMO_A.nomr, DEMO_A.tgl_lahir);
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  await p.waitForURL('**/home');
  await p.goto(app.server.url + path);
  return p;
}

async function open(path: string): Promise<Page> {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await p.goto(app.server.url + path);
  return p;
}

async function bookOnConfirmation(p: Page, hp = '081298765400'): Promise<string> {
  await p.getByLabel('Nomor HP').fill(hp);
  await p.getByRole('button', { name: 'Buat Janji' }).click();
  const dialog = p.getByRole('alertdialog', { name: 'Alert' });
  await dialog.waitFor();
  return (await dialog.textContent()) ?? '';
}

async function listedOnHome(p: Page, date: string, doctor: string) {
  await p.getByRole('button', { name: 'Ke Beranda' }).click();
  await p.waitForURL(/\/home$/);
  const card = p.getByRole('region', { name: 'Jadwal Perjanjian Aktif' });
  await card.locator('summary').first().waitFor();
  const text = (await card.textContent()) ?? '';
  assert.ok(text.includes(formatLong(date)) && text.includes(doctor), `home lists ${date} with ${doctor}: ${text}`);
}

test('a whole booking from Perjanjian Poliklinik to the Alert dialog, then listed on home', async () => {
  const [date, slot] = await findDate('20001', 1, (s) => s.kd_dr === 'D001' && isSlotAvailable(s));
  const p = await open(to('clinicBooking'));
  await p.locator('#bk-poli option[value="20001"]').waitFor({ state: 'attached' });
  const check = p.getByRole('button', { name: 'Cek Kuota' });
  assert.ok(await p.locator('button[aria-expanded]').isDisabled(), 'the date waits for a guarantee');
  await p.getByLabel('Poli').selectOption('20001');
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  assert.ok(await check.isDisabled(), 'no date yet');
  await pickDate(p, date);
  await check.click();
  // The doctor's session of the slot: on some days he also has an afternoon one.
  const link = p.locator('a', { hasText: slot.nama_dr }).filter({ hasText: formatHours(slot.jam_dtg, slot.jam_plg) });
  await link.waitFor();
  assert.ok((await link.textContent())?.includes(`Quota Tersedia: ${slot.batas_quota - slot.quota_terisi}`));
  await link.click();
  await p.waitForURL(/\/buatjanji\//);
  await p.getByText('BUDI SANTOSO').waitFor();
  for (const shown of [DEMO_A.nomr, formatDate(date, 'day'), 'POLI KARDIOLOGI DEWASA', slot.nama_dr, formatHours(slot.jam_dtg, slot.jam_plg), 'Non BPJS']) {
    assert.ok(((await p.locator('main').textContent()) ?? '').includes(shown), shown);
  }
  const said = await bookOnConfirmation(p);
  assert.match(said, /Perjanjian berhasil dibuat\. Nomor antrian Anda \d+/);
  assert.ok(await p.getByRole('button', { name: 'Buat Janji' }).isDisabled(), 'booked once, not again');
  await listedOnHome(p, date, slot.nama_dr);
  await p.context().close();
});

test('a whole BPJS booking from Jadwal Dokter through Cek Kuota, past the 8-day gap, then listed on home', async () => {
  const doctors = await api<DoctorSchedule[]>('/api/patient/jadwal/dokter', { spesialis: 'Kardiologi' });
  const doctor = doctors.find((d) => d.kd_dr !== 'D001' && d.jadwal.some((j) => j.kd_dep !== '20012'))!;
  const row = doctor.jadwal.find((j) => j.kd_dep !== '20012')!;
  const { tgl_janji: last } = await api<{ tgl_janji: string }>('/api/patient/perjanjian/terakhir', { nomr: DEMO_A.nomr });
  assert.ok(last, 'A has a BPJS appointment');

  const p = await loggedIn(to('doctors'));
  await p.getByRole('link', { name: 'Kardiologi', exact: true }).click();
  await p.waitForURL(/listdokter\/Kardiologi$/);
  const rowLink = p.locator(
    `a[href="${to('checkQuota', { nama_dr_lengkap: doctor.nama_dr_lengkap, kd_dr: doctor.kd_dr, kd_dep: row.kd_dep, ds_dep: row.ds_dep, hari_jadwal: row.hari, jam_dtg: row.jam_dtg, jam_plg: row.jam_plg })}"]`,
  );
  await rowLink.click();
  await p.getByRole('heading', { name: 'Cek Kuota' }).waitFor();
  await p.getByLabel('Jaminan').selectOption('BPJS');
  await p.getByText(`Perjanjian BPJS terakhir Anda ${formatLong(last)}`).waitFor();
  assert.is(await p.getByRole('group', { name: 'Surat rujukan BPJS' }).count(), 0, 'this server offers no letters to pick');

  // The last on-weekday date the gap still closes is greyed; the first after it can be chosen.
  const weekday = weekdayNumber(row.hari)!;
  let closed = addDays(last, 8);
  while (isoWeekday(closed) !== weekday) closed = addDays(closed, -1);
  let date = addDays(last, 9);
  while (isoWeekday(date) !== weekday) date = addDays(date, 1);
  if (daysBetween(today, closed) >= 0) {
    await pickDate(p, closed, { force: true });
    assert.is(await p.locator(`button[data-date="${closed}"]`).getAttribute('aria-disabled'), 'true');
    await p.locator('button[aria-expanded="true"]').click();
  }
  await pickDate(p, date);
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  const link = p.locator('a', { hasText: 'Quota Tersedia' }).first();
  await link.click();
  await p.waitForURL(/\/buatjanji\//);
  await p.getByText('BUDI SANTOSO').waitFor();
  assert.ok(((await p.locator('main').textContent()) ?? '').includes('BPJS'));
  // This server reads no BPJS letters (its login answer names no bpjs-referrals): the confirmation
  // is docs/product.md §2's, the phone number and 'Buat Janji', nothing typed about a referral
  // (the counter checks the letter on arrival).
  const form = p.locator('main form');
  assert.equal(await form.locator('input, select, textarea, button').evaluateAll((els) => els.map((el) => el.getAttribute('name') ?? el.textContent?.trim())), [
    'hp',
    'Buat Janji',
  ]);
  assert.is(await p.getByRole('radio').count(), 0, 'no letter to pick');
  const said = await bookOnConfirmation(p);
  assert.match(said, /Perjanjian berhasil dibuat/);
  await listedOnHome(p, date, doctor.nama_dr_lengkap);
  await p.context().close();
});

test('on Cek Kuota a date on another weekday cannot be chosen', async () => {
  const p = await open(
    to('checkQuota', {
      nama_dr_lengkap: 'dr. Ahmad Fauzi, Sp.JP(K)',
      kd_dr: 'D001',
      kd_dep: '20001',
      ds_dep: 'POLI KARDIOLOGI DEWASA',
      hari_jadwal: 'Senin',
      jam_dtg: '08:00',
      jam_plg: '12:00',
    }),
  );
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  let tuesday = addDays(today, 1);
  while (isoWeekday(tuesday) !== 2) tuesday = addDays(tuesday, 1);
  await pickDate(p, tuesday, { force: true });
  const day = p.locator(`button[data-date="${tuesday}"]`);
  assert.is(await day.getAttribute('aria-disabled'), 'true');
  assert.match((await day.getAttribute('aria-label')) ?? '', /Selasa, .*tidak tersedia/);
  assert.ok(await day.isVisible(), 'the calendar stays open: nothing was chosen');
  assert.ok(await p.getByRole('button', { name: 'Cek Kuota' }).isDisabled());
  // By keyboard: from the Tuesday one day back to the Monday (tomorrow at the earliest), Enter.
  const monday = addDays(tuesday, -1);
  const focused = (date: string) => p.waitForFunction((d) => document.activeElement?.getAttribute('data-date') === d, date);
  await focused(tuesday);
  await p.keyboard.press('ArrowLeft');
  await focused(monday);
  await p.keyboard.press('Enter');
  await p.locator('button[aria-expanded="false"]').waitFor();
  assert.match((await p.locator('button[aria-expanded]').textContent()) ?? '', /^Senin, /, 'Enter on the Monday chose it');
  assert.ok(await p.getByRole('button', { name: 'Cek Kuota' }).isEnabled());
  await p.context().close();
});

test('clinic 20012 presets Non BPJS, and BPJS there is refused with the spec dialog', async () => {
  const [date] = await findDate('20012', 1, () => true);
  const p = await open(to('clinicBooking'));
  await p.locator('#bk-poli option[value="20012"]').waitFor({ state: 'attached' });
  await p.getByLabel('Poli').selectOption('20012');
  assert.is(await p.getByLabel('Jaminan').inputValue(), 'Non BPJS');
  await p.getByLabel('Jaminan').selectOption('BPJS');
  let bpjsDate = date;
  const { tgl_janji: last } = await api<{ tgl_janji: string }>('/api/patient/perjanjian/terakhir', { nomr: DEMO_A.nomr });
  while (last && daysBetween(last, bpjsDate) <= 8) bpjsDate = addDays(bpjsDate, 7);
  await pickDate(p, bpjsDate);
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  const dialog = p.getByRole('alertdialog', { name: 'Jaminan tidak valid' });
  await dialog.getByText('Jaminan Poli Eksekutif / Umum hanya bisa menggunakan Non BPJS.').waitFor();
  assert.is(await p.locator('a', { hasText: 'Quota Tersedia' }).count(), 0, 'no list was fetched');
  await p.context().close();
});

test('a full session is shown but cannot be chosen', async () => {
  const [date, full] = await findDate('20001', 1, (s) => s.batas_quota > 0 && s.quota_terisi >= s.batas_quota);
  const p = await open(to('clinicBooking'));
  await p.locator('#bk-poli option[value="20001"]').waitFor({ state: 'attached' });
  await p.getByLabel('Poli').selectOption('20001');
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  await pickDate(p, date);
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  // Not a link: the patient reads why ('Kuota penuh') and cannot choose it.
  const entry = p.getByRole('listitem').filter({ hasText: full.nama_dr }).filter({ hasText: 'Kuota penuh' });
  await entry.waitFor();
  assert.is(await entry.getByRole('link').count(), 0);
  assert.is(
    await p
      .locator('a', { hasText: full.nama_dr })
      .filter({ hasText: formatHours(full.jam_dtg, full.jam_plg) })
      .count(),
    0,
    'no link to book the full session',
  );
  await p.context().close();
});

test('the mobile number starts filled; emptied, it is refused with no call', async () => {
  const [date, slot] = await findDate('20001', 1, (s) => s.kd_dr === 'D001' && isSlotAvailable(s));
  const p = await open(
    to(
      'confirm',
      {
        dokterr: slot.nama_dr,
        kd_dokter: slot.kd_dr,
        jam: `${slot.jam_dtg}-${slot.jam_plg}`,
        tgljanji: date,
        sts_jam: slot.sts_jam,
        sts_ue: slot.sts_ue,
        bayar: 'Non BPJS',
      },
      clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' }),
    ),
  );
  let calls = 0;
  p.on('request', (r) => r.url().includes('/simpan/janji') && calls++);
  await p.getByText('BUDI SANTOSO').waitFor();
  // The field starts with A's number as the hospital has it; emptied, nothing is sent.
  const hp = p.getByLabel('Nomor HP');
  await p.waitForFunction(() => (document.querySelector<HTMLInputElement>('#bk-hp')?.value ?? '') !== '');
  assert.is(await hp.inputValue(), '081234567890');
  await hp.fill('');
  await p.getByRole('button', { name: 'Buat Janji' }).click();
  const dialog = p.getByRole('alertdialog', { name: 'Gagal' });
  await dialog.getByText('Nomor HP Harus diisi !').waitFor();
  assert.is(calls, 0);
  await p.context().close();
});

test('online against an API without online booking: clinic from suggestions, a date, the quota as filled of limit, and Konfirmasi Data says On Progress !', async () => {
  const [date, slot] = await findDate('20001', 1, isSlotAvailable);
  // The spec's screens, as against a hospital API without perjanjian/aturan (the reference API's
  // online booking: test/e2e/manage.test.ts).
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await p.route('**/api/patient/perjanjian/aturan?*', (r) => r.fulfill({ status: 404, contentType: 'application/json', body: '{"status":false}' }));
  await p.goto(app.server.url + to('onlineBooking'));
  await p.locator('#on-poli-list option').first().waitFor({ state: 'attached' });
  assert.ok(await p.getByRole('button', { name: 'Cek Kuota' }).isDisabled(), 'clinic and date are required');
  await p.getByLabel('Poli').fill('POLI KARDIOLOGI DEWASA');
  await pickDate(p, date);
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  // The doctor's session of the slot: on some days he also has an afternoon one.
  const link = p.locator('a', { hasText: slot.nama_dr }).filter({ hasText: formatHours(slot.jam_dtg, slot.jam_plg) });
  assert.ok(((await link.textContent()) ?? '').includes(`Quota : ${slot.quota_terisi} dari ${slot.batas_quota}`));
  await link.click();
  await p.waitForURL(/\/buatjanjionline\//);
  await p.getByText(`${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`).waitFor();
  await p.getByRole('button', { name: 'Buat Janji' }).click();
  await p.getByRole('alertdialog').getByText('On Progress !').waitFor();
  await p.context().close();
});

test.run();

// Managing appointments in Chromium against the real server, as demo patient A: cancel with a
// reason, reschedule through the date picker, an online consultation booked from home's
// shortcut, the booking window in the picker; and against an API without these calls (its
// perjanjian/aturan answering 404) none of it shows and the online confirmation keeps the spec's
// 'On Progress !'. No screen or dialog on the way shows a date in the wire format (nor does Cek
// Kuota's booking, last). The tests run in order on one server: each leaves A's appointments as
// the next expects.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { API } from '../../common/paths.ts';
import type { BookingRules, Clinic, QuotaSlot, UpcomingAppointment } from '../../common/schemas/index.ts';
import { isSlotAvailable, lastBookableDate } from '../../common/booking.ts';
import { MONTHS, addDays, formatDate, isoWeekday, toQuotaDate, todayWib, weekdayName } from '../../common/dates.ts';
import { clinicQuery } from '../../common/clinic-link.ts';
import { formatHours } from '../../common/hours.ts';
import { to } from '../../common/routes.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { signedInPage } from '../support/browser.ts';
import { apiReads, realApp } from '../support/e2e.ts';
import { noWireDateIn } from '../support/wire-dates.ts';
import { monthHeading, pickDate, turnMonth } from '../support/booking.ts';

const app = realApp(test);
const api = apiReads(test, app, DEMO_A);

const upcoming = async () => (await api<{ jadwal: UpcomingAppointment[] }>(API.upcoming, { nomr: DEMO_A.nomr, tgllahir: DEMO_A.tgl_lahir })).jadwal;
const quota = (kd_dep: string, date: string, jenis: 'poli' | 'online') =>
  api<QuotaSlot[]>(API.quota, { kd_dr: '', kd_dep, tgl_janji: toQuotaDate(date), hari: weekdayName(date), jenis });

/** The first date from tomorrow, on no day A already has an appointment, with a matching slot. */
async function findDate(kd_dep: string, jenis: 'poli' | 'online', match: (s: QuotaSlot) => boolean): Promise<[string, QuotaSlot]> {
  const taken = new Set((await upcoming()).map((a) => a.tanggal_janji));
  const today = todayWib();
  for (let i = 1; i < 40; i++) {
    const date = addDays(today, i);
    if (taken.has(date)) continue;
    const slot = (await quota(kd_dep, date, jenis)).find((s) => s.kode !== 301 && isSlotAvailable(s) && match(s));
    if (slot) return [date, slot];
  }
  throw new Error(`no ${jenis} slot in clinic ${kd_dep}`);
}

async function open(path: string): Promise<Page> {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await p.goto(app.server.url + path);
  return p;
}

const monthOf = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** Home's appointments card, once its list is on screen. */
async function appointmentsCard(p: Page) {
  const card = p.getByRole('region', { name: 'Jadwal Perjanjian Aktif' });
  await card.locator('summary').first().waitFor();
  return card;
}

/** The item of the card naming this text, unfolded. */
async function itemWith(p: Page, text: string) {
  const item = (await appointmentsCard(p)).locator('details', { hasText: text });
  if ((await item.getAttribute('open')) === null) await item.locator('summary').click();
  return item;
}

test('Batalkan with a reason: the server says it is cancelled, and the appointment leaves home', async () => {
  const before = await upcoming();
  const executive = before.find((a) => a.departemen === 'POLI EKSEKUTIF / UMUM');
  assert.ok(executive?.no_reg && executive.dapat_diubah, 'A has a changeable appointment in the executive clinic');
  const p = await open(to('home'));
  const item = await itemWith(p, 'POLI EKSEKUTIF / UMUM');
  await item.getByRole('button', { name: 'Batalkan' }).click();
  const dialog = p.getByRole('dialog', { name: 'Batalkan janji ini?' });
  await dialog.waitFor();
  const said = (await dialog.textContent()) ?? '';
  for (const shown of [formatDate(executive.tanggal_janji, 'day'), executive.departemen, executive.nama_dokter]) assert.ok(said.includes(shown), shown);
  await noWireDateIn(dialog, 'the cancel dialog');
  await dialog.getByRole('radio', { name: 'Lainnya' }).check();
  await dialog.getByLabel('Tuliskan alasan Anda').fill('Ada acara keluarga');
  await dialog.getByRole('button', { name: 'Ya, Batalkan' }).click();
  const answer = p.getByRole('alertdialog', { name: 'Janji Dibatalkan' });
  await answer.waitFor();
  assert.match((await answer.textContent()) ?? '', /sudah dibatalkan/);
  await noWireDateIn(answer, 'Janji Dibatalkan');
  await answer.getByRole('button', { name: 'Tutup' }).click();
  await (await appointmentsCard(p)).locator('details', { hasText: 'POLI EKSEKUTIF / UMUM' }).waitFor({ state: 'detached' });
  assert.ok(await p.getByRole('region', { name: 'Jadwal Perjanjian Aktif' }).getByText('POLI KARDIOLOGI DEWASA').first().isVisible(), 'the other stays');
  assert.not.ok(
    (await upcoming()).some((a) => a.no_reg === executive.no_reg),
    'gone from the server',
  );
  await p.context().close();
});

test('Ubah Jadwal through the date picker and the slot list: home shows the new date', async () => {
  const [old] = (await upcoming()).filter((a) => a.departemen === 'POLI KARDIOLOGI DEWASA' && a.jenis === 'poli');
  assert.ok(old?.no_reg && old.dapat_diubah);
  const [date, slot] = await findDate(old.kd_dep!, 'poli', (s) => s.kd_dr === old.kd_dr);
  const p = await open(to('home'));
  await (await itemWith(p, formatDate(old.tanggal_janji, 'day'))).getByRole('link', { name: 'Ubah Jadwal' }).click();
  await p.waitForURL(/\/ubahjanji\//);
  await p.getByRole('heading', { name: 'Ubah Jadwal' }).waitFor();
  const current = p.getByRole('region', { name: 'Jadwal saat ini' });
  assert.ok(((await current.textContent()) ?? '').includes(formatDate(old.tanggal_janji, 'day')));
  assert.ok(((await current.textContent()) ?? '').includes('BPJS'), 'the guarantee stays');
  await noWireDateIn(p.locator('main'), 'Ubah Jadwal');
  await pickDate(p, date);
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  await p.locator('button', { hasText: slot.nama_dr }).first().waitFor();
  await noWireDateIn(p.locator('main'), "Ubah Jadwal's slots");
  await p.locator('button', { hasText: slot.nama_dr }).first().click();
  const dialog = p.getByRole('dialog', { name: 'Pindahkan janji ini?' });
  assert.ok(((await dialog.textContent()) ?? '').includes(formatDate(date, 'day')));
  await noWireDateIn(dialog, 'Pindahkan janji ini?');
  await dialog.getByRole('button', { name: 'Ya, Pindahkan' }).click();
  const answer = p.getByRole('alertdialog', { name: 'Jadwal Diubah' });
  await answer.waitFor();
  assert.match((await answer.textContent()) ?? '', /berhasil dipindahkan/);
  await noWireDateIn(answer, 'Jadwal Diubah');
  await answer.getByRole('button', { name: 'Ke Beranda' }).click();
  await p.waitForURL(/\/home$/);
  const card = await appointmentsCard(p);
  await card.getByText(formatDate(date, 'day'), { exact: true }).waitFor();
  assert.is(await card.getByText(formatDate(old.tanggal_janji, 'day'), { exact: true }).count(), 0, 'the old date is gone');
  const moved = (await upcoming()).find((a) => a.no_reg === old.no_reg);
  assert.is(moved?.tanggal_janji, date, 'the same appointment, moved');
  await p.context().close();
});

test("an online consultation booked from home's shortcut shows on home and in Poli Online", async () => {
  const [date, slot] = await findDate('20001', 'online', () => true);
  const p = await open(to('home'));
  await p.getByRole('navigation', { name: 'Pintasan' }).getByRole('link', { name: 'Konsultasi Online' }).click();
  await p.waitForURL(/\/perjanjianonline$/);
  await p.locator('#on-poli-list option').first().waitFor({ state: 'attached' });
  await p.getByLabel('Poli').fill('POLI KARDIOLOGI DEWASA');
  await pickDate(p, date);
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  const link = p.locator('a', { hasText: slot.nama_dr }).filter({ hasText: formatHours(slot.jam_dtg, slot.jam_plg) });
  await link.waitFor(); // strict: exactly one entry of that doctor at those hours
  assert.is(await link.count(), 1, 'the online session');
  await link.click();
  await p.waitForURL(/\/buatjanjionline\//);
  assert.is(await p.getByText('belum dapat dibuat melalui aplikasi').count(), 0, 'no note that it cannot be booked');
  await p.getByText('BUDI SANTOSO').waitFor();
  await noWireDateIn(p.locator('main'), 'Konfirmasi Data');
  await p.getByLabel('Nomor HP').fill('081298765400');
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  await p.getByRole('button', { name: 'Buat Janji' }).click();
  const answer = p.getByRole('alertdialog', { name: 'Alert' });
  await answer.waitFor();
  assert.match((await answer.textContent()) ?? '', /konsultasi online berhasil dibuat/);
  await noWireDateIn(answer, "the online booking's answer");
  await answer.getByRole('button', { name: 'Ke Beranda' }).click();
  await p.waitForURL(/\/home$/);
  const item = await itemWith(p, formatDate(date, 'day'));
  assert.ok(((await item.textContent()) ?? '').includes('Konsultasi Online'));
  await p.goto(app.server.url + to('consultationsOnline'));
  await p
    .locator('article', { hasText: formatDate(date) })
    .getByText('Status: Terjadwal')
    .waitFor();
  await p.context().close();
});

test('the date picker offers no date past the booking window', async () => {
  // Today as the server had it when it answered: a run crossing midnight WIB has two.
  const before = todayWib();
  const rules = await api<BookingRules>(API.bookingRules, { nomr: DEMO_A.nomr });
  const days = [before, todayWib()].map((today) => lastBookableDate(today, rules.batas_hari));
  assert.ok(days.includes(rules.tanggal_terakhir), `${rules.tanggal_terakhir} is ${days.join(' or ')}`);
  const last = rules.tanggal_terakhir;
  // The window may end on a day the clinic does not practise (a Sunday, 90 days after a Monday):
  // the days compared are the clinic's last day of practice in the window and its first after it.
  const practice = (await api<Clinic[]>(API.clinics, {})).find((c) => c.kd_dep === '20001')?.hari_praktik;
  const practises = (d: string) => !practice || practice.includes(isoWeekday(d));
  let lastOpen = last;
  while (!practises(lastOpen)) lastOpen = addDays(lastOpen, -1);
  let after = addDays(last, 1);
  while (!practises(after)) after = addDays(after, 1);
  const p = await open(to('clinicBooking'));
  await p.locator('#bk-poli option[value="20001"]').waitFor({ state: 'attached' });
  await p.getByLabel('Poli').selectOption('20001');
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  await p.locator('button[aria-expanded="false"]').click();
  const next = p.getByRole('button', { name: 'Bulan berikutnya' });
  for (let i = 0; i < 12 && (await next.isEnabled()); i++) await turnMonth(p, 'next');
  assert.is(await monthHeading(p).textContent(), monthOf(last), 'no month after the last date');
  if (lastOpen.slice(0, 7) !== last.slice(0, 7)) await turnMonth(p, 'previous');
  assert.is(await p.locator(`button[data-date="${lastOpen}"]`).getAttribute('aria-disabled'), 'false', `${lastOpen} is offered`);
  if (lastOpen.slice(0, 7) !== last.slice(0, 7)) await turnMonth(p, 'next');
  if (after.slice(0, 7) === last.slice(0, 7)) {
    const day = p.locator(`button[data-date="${after}"]`);
    assert.is(await day.getAttribute('aria-disabled'), 'true');
    await day.click({ force: true });
    assert.ok(await day.isVisible(), 'the calendar stays open: nothing was chosen');
    assert.ok(await p.getByRole('button', { name: 'Cek Kuota' }).isDisabled());
  }
  await p.context().close();
});

test("against an API without these calls: no new control, and the online confirmation says 'On Progress !'", async () => {
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await p.route('**/api/patient/perjanjian/aturan?*', (r) =>
    r.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ status: false, message: 'Not Found' }) }),
  );
  const rulesAnswered = p.waitForResponse((r) => r.url().includes('/perjanjian/aturan'));
  await p.goto(app.server.url + to('home'));
  assert.is((await rulesAnswered).status(), 404);
  const card = await appointmentsCard(p);
  await card.locator('details').first().locator('dd').first().waitFor();
  assert.is(await p.getByRole('button', { name: 'Batalkan' }).count(), 0);
  assert.is(await p.getByRole('link', { name: 'Ubah Jadwal' }).count(), 0);
  const shortcuts = p.getByRole('navigation', { name: 'Pintasan' });
  assert.is(await shortcuts.getByRole('link').count(), 3, "the spec's three shortcuts only");
  assert.is(await shortcuts.getByRole('link', { name: 'Konsultasi Online' }).count(), 0);

  let booked = 0;
  p.on('request', (r) => r.url().includes('/simpan/janji') && booked++);
  await p.goto(
    app.server.url +
      to(
        'confirmOnline',
        { dokterr: 'dr. Ahmad Fauzi, Sp.JP(K)', kd_dokter: 'D001', jam: '19:00-21:00', tgljanji: addDays(todayWib(), 1) },
        { ...clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' }), sts_jam: '2' },
      ),
  );
  await p.getByText('belum dapat dibuat melalui aplikasi', { exact: false }).waitFor();
  await p.getByLabel('Nomor HP').fill('081298765400');
  await p.getByRole('button', { name: 'Buat Janji' }).click();
  await p.getByRole('alertdialog').getByText('On Progress !').waitFor();
  assert.is(booked, 0, 'nothing booked');
  await p.context().close();
});

test("from Cek Kuota to the booking's answer, every date is in words: the last BPJS appointment, the slots, the confirmation, the Alert", async () => {
  const [date, slot] = await findDate('20001', 'poli', (s) => s.kd_dr === 'D001');
  const p = await open(
    to('checkQuota', {
      nama_dr_lengkap: slot.nama_dr,
      kd_dr: 'D001',
      kd_dep: '20001',
      ds_dep: 'POLI KARDIOLOGI DEWASA',
      hari_jadwal: weekdayName(date),
      jam_dtg: slot.jam_dtg,
      jam_plg: slot.jam_plg,
    }),
  );
  await p.getByRole('heading', { name: 'Cek Kuota' }).waitFor();
  await p.getByLabel('Jaminan').selectOption('BPJS');
  await p.getByText('Perjanjian BPJS terakhir Anda', { exact: false }).waitFor();
  await noWireDateIn(p.locator('main'), 'Cek Kuota with BPJS');
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  await pickDate(p, date);
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  const link = p.locator('a', { hasText: 'Quota Tersedia' }).first();
  await link.waitFor();
  await noWireDateIn(p.locator('main'), "Cek Kuota's slots");
  await link.click();
  await p.waitForURL(/\/buatjanji\//);
  await p.getByText('BUDI SANTOSO').waitFor();
  await noWireDateIn(p.locator('main'), 'the confirmation');
  await p.getByLabel('Nomor HP').fill('081298765400');
  await p.getByRole('button', { name: 'Buat Janji' }).click();
  const answer = p.getByRole('alertdialog', { name: 'Alert' });
  await answer.getByText('Perjanjian berhasil dibuat', { exact: false }).waitFor();
  await noWireDateIn(answer, "the booking's answer");
  await p.context().close();
});

test.run();

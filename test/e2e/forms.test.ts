// Forms in Chromium against the real server: what is wrong is said beside the field and the focus
// goes there; dialogs give the focus back to what opened them; the login fields take paste and
// the browser's autofill; the booking's mobile number is remembered until logout; the
// notification dialog stays closed once notifications are allowed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { isSlotAvailable } from '../../common/booking.ts';
import { addDays, todayWib, toQuotaDate, weekdayName } from '../../common/dates.ts';
import { clinicQuery } from '../../common/clinic-link.ts';
import { to } from '../../common/routes.ts';
import type { QuotaSlot } from '../../common/schemas/index.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { fillLogin, PHONE, signedInPage } from '../support/browser.ts';
import { fullChromium, needsFullChromium, realApp } from '../support/e2e.ts';
import { apiToken } from '../support/server.ts';

const app = realApp(test);

async function loginPage(permission?: 'granted', browser = app.browser): Promise<Page> {
  const ctx = await browser.newContext(PHONE);
  if (permission) await ctx.grantPermissions(['notifications'], { origin: app.server.url });
  const p = await ctx.newPage();
  await p.goto(`${app.server.url}/`);
  return p;
}

/** The on-load notification dialog (the headless browser has not allowed notifications), closed. */
async function closeNotificationDialog(p: Page) {
  await p.getByRole('dialog', { name: 'Pastikan Anda Mengaktifkan Notifikasi' }).getByRole('button', { name: 'Tutup' }).click();
}

const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** The text of what describes a field (aria-describedby), as a screen reader reads it after the name. */
const description = (l: Locator) =>
  l.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

/** Counts the calls of one API path the page makes. */
/** The registration form filled but for Nama and Email, with 31 February as the date of birth: three fields wrong. */
async function fillAllButNameAndEmail(p: Page): Promise<void> {
  await p.getByLabel('No KTP').fill('3174000011112222');
  await p.getByLabel('Tempat Lahir').fill('Padang');
  await p.getByLabel('Telpon').fill('081377788899');
  await p.getByLabel('Tanggal', { exact: true }).selectOption('31');
  await p.getByLabel('Bulan').selectOption('02');
  await p.getByLabel('Tahun').fill('1968');
  await p.getByLabel('Pekerjaan').selectOption('07');
  await p.getByRole('checkbox', { name: /Saya setuju/ }).check();
}

/**
 * After 'Daftar' on a form fillAllButNameAndEmail filled in (31 February): the spec's dialog, a
 * message beside Nama, Email and the birth date, and none beside the other fields; the dialog.
 */
async function refusedForNameEmailAndDate(p: Page): Promise<Locator> {
  const dialog = p.getByRole('dialog', { name: 'Pesan' });
  await dialog.getByText('Mohon isi semua data dengan benar!').waitFor();
  assert.is(await description(p.getByRole('textbox', { name: 'Nama' })), 'Wajib diisi');
  assert.is(await description(p.getByRole('textbox', { name: 'Email' })), 'Wajib diisi');
  assert.is(await description(p.getByRole('group', { name: 'Tanggal Lahir' })), 'Tanggal lahir tidak valid');
  for (const name of ['No KTP', 'Tempat Lahir', 'Telpon']) assert.is(await p.getByRole('textbox', { name }).getAttribute('aria-invalid'), null, name);
  return dialog;
}

function counter(p: Page, path: string): () => number {
  let n = 0;
  p.on('request', (r) => r.url().includes(path) && n++);
  return () => n;
}

test('login with 31 Februari 1968 says the date is invalid beside it, moves the focus there and sends nothing', async () => {
  const p = await loginPage();
  await closeNotificationDialog(p);
  const logins = counter(p, '/api/auth/proxy-login');
  await fillLogin(p, DEMO_A.nomr, '1968-02-31');
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  const group = p.getByRole('group', { name: 'Tanggal Lahir' });
  await group.getByText('Tanggal lahir tidak valid', { exact: true }).waitFor();
  const day = p.getByRole('combobox', { name: 'Tanggal', exact: true });
  await p.waitForFunction(() => document.activeElement?.tagName === 'SELECT');
  assert.ok(await focused(day), 'the focus is on the day');
  assert.is(await day.getAttribute('aria-invalid'), 'true');
  assert.is(await description(day), 'Tanggal lahir tidak valid');
  assert.is(await description(group), 'Tanggal lahir tidak valid');
  assert.is(await p.getByText('Wajib diisi').count(), 0, 'every field is filled');
  assert.is(logins(), 0);
  // Corrected, the message goes and the login is sent.
  await day.selectOption('29');
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  await p.getByRole('alertdialog', { name: 'Login Gagal' }).waitFor();
  assert.is(await p.getByText('Tanggal lahir tidak valid').count(), 0);
  assert.is(logins(), 1);
  await p.context().close();
});

test('a year of two digits is asked for with four, at the year', async () => {
  const p = await loginPage();
  await closeNotificationDialog(p);
  await fillLogin(p, DEMO_A.nomr, '68-08-17');
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  const year = p.getByRole('textbox', { name: 'Tahun' });
  await p.getByText('Tulis tahun dengan 4 angka, misalnya 1968', { exact: true }).waitFor();
  await p.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
  assert.ok(await focused(year), 'the focus is on the year');
  assert.is(await description(year), 'Tulis tahun dengan 4 angka, misalnya 1968');
  assert.is(await p.getByRole('combobox', { name: 'Tanggal', exact: true }).getAttribute('aria-invalid'), null, 'the day is right');
  await p.context().close();
});

test('an empty Nomor MR says Wajib diisi beside it and takes the focus', async () => {
  const p = await loginPage();
  await closeNotificationDialog(p);
  await fillLogin(p, '', DEMO_A.tgl_lahir);
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  const nomr = p.getByRole('textbox', { name: 'Nomor MR' });
  await p.waitForFunction(() => document.activeElement?.id === 'nomr');
  // The field's hint of how the number looks, then the problem.
  assert.is(await description(nomr), 'Seperti tertulis di kartu berobat Wajib diisi');
  assert.is(await p.getByRole('group', { name: 'Tanggal Lahir' }).getAttribute('aria-describedby'), null, 'the date is fine');
  await p.context().close();
});

test('registration: a message beside each wrong field, the spec dialog, and the focus on the first one after it', async () => {
  const ctx = await app.browser.newContext(PHONE);
  const p = await ctx.newPage();
  await p.goto(`${app.server.url}/registrasi`);
  const sent = counter(p, '/simpan/pasien/baru');
  await fillAllButNameAndEmail(p);
  await p.getByRole('button', { name: 'Daftar' }).click();

  const dialog = await refusedForNameEmailAndDate(p);
  assert.is(sent(), 0);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await p.waitForFunction(() => document.activeElement?.id === 'reg-nama');
  // Corrected, each message goes as its field is put right.
  await p.getByLabel('Nama').fill('Agus Salim');
  await p.getByText('Wajib diisi').first().waitFor();
  assert.is(await p.getByText('Wajib diisi').count(), 1, 'only Email still empty');
  await ctx.close();
});

test('registration filled in before the page came alive (a slow phone): what the fields show is what is checked', async () => {
  const ctx = await app.browser.newContext(PHONE);
  const p = await ctx.newPage();
  // The prerendered form is there at once; the app's scripts are held until it is filled in.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await p.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await p.goto(`${app.server.url}/registrasi`, { waitUntil: 'commit' });
  await fillAllButNameAndEmail(p);
  release();
  await p.waitForLoadState('networkidle');
  await p.getByRole('button', { name: 'Daftar' }).click();

  await refusedForNameEmailAndDate(p);
  assert.is(await p.getByRole('combobox', { name: 'Pekerjaan' }).getAttribute('aria-invalid'), null);
  assert.ok(await p.getByRole('checkbox', { name: /Saya setuju/ }).isChecked(), 'the consent stays given');
  await ctx.close();
});

test('a dialog gives the focus back to what opened it: Login Gagal to Login, Confirm Logout to the account button', async () => {
  const p = await loginPage();
  await closeNotificationDialog(p);
  // Opened on load, the notification dialog has no opener: the page's title takes the focus.
  assert.is(await p.evaluate(() => document.activeElement?.tagName), 'H1');

  await fillLogin(p, DEMO_A.nomr, '1968-08-18');
  const login = p.getByRole('button', { name: 'Login', exact: true });
  await login.click();
  const failed = p.getByRole('alertdialog', { name: 'Login Gagal' });
  await failed.waitFor();
  assert.ok(await focused(failed.getByRole('button', { name: 'Tutup' })), 'the focus moves into the dialog');
  await p.keyboard.press('Escape');
  await failed.waitFor({ state: 'detached' });
  assert.ok(await focused(login), 'back on Login');

  await fillLogin(p, DEMO_A.nomr, DEMO_A.tgl_lahir);
  await login.click();
  await p.waitForURL('**/home');
  const account = p.getByRole('button', { name: 'Akun' });
  await account.click();
  await p.getByRole('menuitem', { name: 'Logout' }).click();
  const confirm = p.getByRole('dialog', { name: 'Confirm Logout' });
  await confirm.getByRole('button', { name: 'No' }).click();
  await confirm.waitFor({ state: 'detached' });
  assert.ok(await focused(account), 'the menu item is gone: back on the account button that opened the menu');
  await p.context().close();
});

test('the login fields take a pasted number and date, and carry the autofill names', async () => {
  const p = await loginPage();
  await p.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
  await closeNotificationDialog(p);
  const paste = async (field: Locator, text: string) => {
    await p.evaluate((t) => navigator.clipboard.writeText(t), text);
    await field.focus();
    await p.keyboard.press('Control+V');
  };
  await paste(p.getByLabel('Nomor MR'), DEMO_A.nomr);
  assert.is(await p.getByLabel('Nomor MR').inputValue(), DEMO_A.nomr);
  const [y, m, d] = DEMO_A.tgl_lahir.split('-');
  // A whole date pasted into the year fills day, month and year.
  await paste(p.getByLabel('Tahun'), `${d}/${m}/${y}`);
  assert.equal(
    [await p.getByLabel('Tanggal', { exact: true }).inputValue(), await p.getByLabel('Bulan').inputValue(), await p.getByLabel('Tahun').inputValue()],
    [d, m, y],
  );
  const autocomplete = await p.evaluate(() =>
    ['#nomr', 'select[name="tgllahir-day"]', 'select[name="tgllahir-month"]', 'input[name="tgllahir-year"]'].map(
      (s) => document.querySelector(s)?.getAttribute('autocomplete') ?? null,
    ),
  );
  assert.equal(autocomplete, ['username', 'bday-day', 'bday-month', 'bday-year']);
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  await p.waitForURL('**/home');
  await p.context().close();
});

/** A confirmation page for the first free slot of Poli Kardiologi Dewasa from tomorrow on. */
async function confirmationUrl(): Promise<string> {
  const token = await apiToken(app.server.url, DEMO_A);
  for (let i = 1; i < 28; i++) {
    const date = addDays(todayWib(), i);
    const q = new URLSearchParams({ kd_dr: '', kd_dep: '20001', tgl_janji: toQuotaDate(date), hari: weekdayName(date) });
    const res = await fetch(`${app.server.url}/api/patient/list/quota?${q}`, { headers: { Authorization: `Bearer ${token}` } });
    const slot = ((await res.json()) as { data: QuotaSlot[] }).data.find((s) => s.kode !== 301 && isSlotAvailable(s));
    if (slot) {
      const jam = `${slot.jam_dtg}-${slot.jam_plg}`;
      const p = { dokterr: slot.nama_dr, kd_dokter: slot.kd_dr, jam, tgljanji: date, sts_jam: slot.sts_jam, sts_ue: slot.sts_ue, bayar: 'Non BPJS' };
      return to('confirm', p, clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' }));
    }
  }
  throw new Error('no free slot in 20001');
}

test('the mobile number starts as the hospital has it, then as last booked on this phone, editable, and the phone forgets it at logout', async () => {
  const url = await confirmationUrl();
  const p = await signedInPage(app.browser, app.server.url, DEMO_A);
  await p.goto(app.server.url + url);
  const hp = p.getByLabel('Nomor HP');
  await p.getByText(DEMO_A.nama).waitFor();
  // The first booking on this phone starts with the number the hospital has (the profile's).
  await p.waitForFunction(() => document.querySelector<HTMLInputElement>('#bk-hp')?.value === '081234567890');
  await hp.fill('081298765400');
  await p.getByRole('button', { name: 'Buat Janji' }).click();
  await p.getByRole('alertdialog', { name: 'Alert' }).waitFor();

  await p.goto(app.server.url + url);
  await p.getByText(DEMO_A.nama).waitFor();
  assert.is(await hp.inputValue(), '081298765400', 'prefilled');
  await hp.fill('081311122233');
  assert.is(await hp.inputValue(), '081311122233', 'editable');

  await p.goto(`${app.server.url}/home`);
  await p.getByRole('button', { name: 'Akun' }).click();
  await p.getByRole('menuitem', { name: 'Logout' }).click();
  await p.getByRole('button', { name: 'Yes' }).click();
  await p.waitForURL(`${app.server.url}/`);
  assert.equal(await p.evaluate(() => Object.keys(localStorage)), [], 'nothing of the patient left in local storage');

  await closeNotificationDialog(p);
  await fillLogin(p, DEMO_A.nomr, DEMO_A.tgl_lahir);
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  await p.waitForURL('**/home');
  await p.goto(app.server.url + url);
  await p.getByText(DEMO_A.nama).waitFor();
  // The phone forgot the last one: the hospital's again, not the one booked with before logout.
  await p.waitForFunction(() => document.querySelector<HTMLInputElement>('#bk-hp')?.value === '081234567890');
  assert.is(await hp.inputValue(), '081234567890', 'not the number of the booking before logout');
  await p.context().close();
});

needsFullChromium(test)('notifications allowed: the green notice, and the dialog stays closed', async () => {
  const p = await loginPage('granted', await fullChromium());
  await p.getByText('Fitur notifikasi sudah aktif. Silahkan Login !').waitFor();
  assert.is(await p.getByRole('dialog').count(), 0);
  await p.reload();
  await p.getByText('Fitur notifikasi sudah aktif. Silahkan Login !').waitFor();
  assert.is(await p.getByRole('dialog').count(), 0, 'on the next visit too');
  await p.context().close();
});

needsFullChromium(test)('notifications allowed while the dialog is open: it closes and the green notice shows', async () => {
  const p = await loginPage(undefined, await fullChromium());
  const dialog = p.getByRole('dialog', { name: 'Pastikan Anda Mengaktifkan Notifikasi' });
  await dialog.waitFor();
  await p.context().grantPermissions(['notifications'], { origin: app.server.url });
  await p.getByText('Fitur notifikasi sudah aktif. Silahkan Login !').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await p.context().close();
});

test('notifications blocked: the dialog opens on load, Lanjutkan leads to the guide, and the guide gives the focus to the red notice', async () => {
  const p = await loginPage();
  const cdp = await app.browser.newBrowserCDPSession();
  const { browserContextIds } = (await cdp.send('Target.getBrowserContexts')) as { browserContextIds: string[] };
  for (const id of browserContextIds) {
    await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: app.server.url, browserContextId: id });
  }
  await p.reload();
  await p.getByRole('dialog', { name: 'Pastikan Anda Mengaktifkan Notifikasi' }).getByRole('button', { name: 'Lanjutkan' }).click();
  const guide = p.getByRole('dialog', { name: 'Panduan Mengaktifkan Notifikasi' });
  await guide.getByRole('button', { name: 'Tutup' }).click();
  const notice = p.getByRole('button', { name: /Anda belum mengaktifkan fitur notifikasi/ });
  await notice.click();
  await guide.getByRole('button', { name: 'Tutup' }).click();
  await guide.waitFor({ state: 'detached' });
  assert.ok(await focused(notice), 'back on the notice that opened the guide');
  await p.context().close();
});

test.run();

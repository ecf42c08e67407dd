// axe-core (WCAG 2.0–2.2 A and AA, and its best practices) in Chromium over every route, signed
// out and as demo patient A, and over the states a page only has after a tap: the dialogs (login,
// notifications and their guide, logout, cancel and reschedule with their answers, a booking's
// answer, the passkey offer and Perangkat's confirmations, adding a family member), the drawer and
// the account menu, the open date picker, the check-in's failure on home. Any violation fails,
// listed by state, rule and element.
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { clinicQuery } from '../../common/clinic-link.ts';
import { to } from '../../common/routes.ts';
import { addDays, dayLabel, todayWib } from '../../common/dates.ts';
import { COHORT, DEMO_A, DEMO_B } from '../../server/connector/local/demo/seed.ts';
import { confirmationOf, freeSeat, pickDate, turnMonth } from '../support/booking.ts';
import { PHONE, fillLogin, fingerprintSensor, signedInContext, storeSession } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { settle, settleInApp } from '../support/layout.ts';
import { demoAppointment, samplePaths } from '../support/routes.ts';
import { apiToken } from '../support/server.ts';

const app = realApp(test);
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** A phone page; the page's CSP would refuse the injected checker, so the context ignores it. */
async function phone(who?: { nomr: string; tgl_lahir: string }): Promise<Page> {
  const options = { ...PHONE, bypassCSP: true };
  return (who ? await signedInContext(app.browser, app.server.url, who, options) : await app.browser.newContext(options)).newPage();
}

/**
 * The violations on the page as it is now, one line each: state, rule, impact, elements. With
 * `present`, a selector of what the state shows: a line too if it was gone before the check ended.
 */
async function violations(p: Page, state: string, present?: string): Promise<string[]> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.addScriptTag({ path: AXE });
  const found = await p.evaluate(
    async ([tags, present]) => {
      const { axe } = window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }> }> };
      };
      const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      const lines = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      if (present && !document.querySelector(present)) lines.push(`${present} was gone before the check ended`);
      return lines;
    },
    [TAGS, present ?? ''] as const,
  );
  return found.map((v) => `${state}: ${v}`);
}

test('every public page, the login page with its notification dialog open and then closed', async () => {
  const p = await phone();
  const found: string[] = [];
  for (const { path } of samplePaths('public')) {
    await settle(p, app.server.url + path);
    found.push(...(await violations(p, path)));
  }
  await settle(p, `${app.server.url}/`);
  await p.getByRole('dialog').waitFor();
  found.push(...(await violations(p, '/ notification dialog')));
  await p.keyboard.press('Escape');
  await p.getByRole('dialog').waitFor({ state: 'detached' });
  found.push(...(await violations(p, '/ dialog closed')));
  // Lanjutkan, and the browser says no: the guide.
  await settle(p, `${app.server.url}/`);
  await p.getByRole('button', { name: 'Lanjutkan' }).click();
  await p.getByRole('dialog', { name: 'Panduan Mengaktifkan Notifikasi' }).waitFor();
  found.push(...(await violations(p, '/ notification guide')));
  await p.context().close();
  assert.equal(found, []);
});

test('the login failure dialog, and the registration with its fields marked', async () => {
  const p = await phone();
  const found: string[] = [];
  await settle(p, `${app.server.url}/`);
  await p.keyboard.press('Escape');
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  found.push(...(await violations(p, '/ required fields marked')));
  await fillLogin(p, DEMO_A.nomr, '1970-01-01');
  await p.getByRole('button', { name: 'Login', exact: true }).click();
  await p.getByRole('alertdialog').waitFor();
  found.push(...(await violations(p, '/ login failed')));

  await settle(p, `${app.server.url}/registrasi`);
  await p.getByRole('button', { name: 'Daftar' }).click();
  await p.getByRole('alertdialog').or(p.getByRole('dialog')).waitFor();
  found.push(...(await violations(p, '/registrasi incomplete')));
  await p.context().close();
  assert.equal(found, []);
});

test('every signed-in page as patient A', async () => {
  const p = await phone(DEMO_A);
  const found: string[] = [];
  // The first screen loaded, the others reached inside the app as its links reach them.
  for (const [i, { pattern, path }] of samplePaths('patient').entries()) {
    if (i > 0) await settleInApp(p, path);
    else await settle(p, app.server.url + path);
    // Ubah Jadwal with one of A's own appointments: its form, not 'not in the list'.
    if (pattern.startsWith('/ubahjanji')) assert.ok(await p.getByRole('region', { name: 'Jadwal saat ini' }).isVisible(), `${path} shows the appointment`);
    found.push(...(await violations(p, path)));
  }
  await p.context().close();
  assert.equal(found, []);
});

test("home's drawer, its account menu and the logout dialog", async () => {
  const p = await phone(DEMO_A);
  const found: string[] = [];
  await settle(p, `${app.server.url}/home`);
  await p.getByRole('button', { name: 'Menu' }).click();
  await p.getByRole('navigation', { name: 'Menu' }).waitFor();
  found.push(...(await violations(p, '/home drawer')));
  await p.mouse.click(PHONE.viewport.width - 4, PHONE.viewport.height / 2); // on the scrim, beside the drawer
  await p.getByRole('navigation', { name: 'Menu' }).waitFor({ state: 'detached' });
  await p.getByRole('button', { name: 'Akun' }).click();
  await p.getByRole('menu').waitFor();
  found.push(...(await violations(p, '/home account menu')));
  await p.getByRole('menuitem', { name: 'Logout' }).click();
  await p.getByRole('dialog', { name: 'Confirm Logout' }).waitFor();
  found.push(...(await violations(p, '/home logout dialog')));
  await p.context().close();
  assert.equal(found, []);
});

test('the open date picker on Perjanjian Poliklinik, and the doctors it finds', async () => {
  const p = await phone(DEMO_A);
  const found: string[] = [];
  await settle(p, `${app.server.url}/perjanjianpoli`);
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  await p.locator('button[aria-controls][aria-expanded="false"]').click();
  await p.getByRole('grid').waitFor();
  found.push(...(await violations(p, '/perjanjianpoli date picker')));
  await turnMonth(p, 'next');
  await p.locator('button[data-date]:not([aria-disabled="true"])').first().click();
  await p.getByLabel('Poli').selectOption({ index: 1 });
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  await p.getByRole('region', { name: 'Dokter dan kuota' }).waitFor();
  found.push(...(await violations(p, '/perjanjianpoli slots')));
  await p.context().close();
  assert.equal(found, []);
});

// This test changes A's appointments: the executive one is cancelled, the BPJS one (the sample of
// /ubahjanji, walked above) moved, a new one booked.
test("home's check-in without a connection, its cancel dialog and answer; Ubah Jadwal's picker, slots, confirmation and answer; a booking's answer", async () => {
  const p = await phone(DEMO_A);
  const found: string[] = [];
  await settle(p, `${app.server.url}/home`);
  const card = p.getByRole('region', { name: 'Antrian Poli' });
  await p.context().setOffline(true);
  await card.getByRole('button', { name: 'Check-in' }).click();
  await card.getByRole('alert').waitFor();
  found.push(...(await violations(p, '/home check-in failed')));
  await p.context().setOffline(false);

  const item = p.getByRole('region', { name: 'Jadwal Perjanjian Aktif' }).locator('details', { hasText: 'POLI EKSEKUTIF / UMUM' });
  if ((await item.getAttribute('open')) === null) await item.locator('summary').click();
  await item.getByRole('button', { name: 'Batalkan' }).click();
  const dialog = p.getByRole('dialog', { name: 'Batalkan janji ini?' });
  await dialog.waitFor();
  found.push(...(await violations(p, '/home cancel dialog')));
  await dialog.getByRole('button', { name: 'Ya, Batalkan' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Pilih alasan pembatalan.' }).waitFor();
  found.push(...(await violations(p, '/home cancel dialog, no reason chosen')));
  await dialog.getByRole('radio', { name: 'Lainnya' }).check();
  await dialog.getByLabel('Tuliskan alasan Anda').fill('Ada acara keluarga');
  found.push(...(await violations(p, '/home cancel dialog, own reason')));
  await dialog.getByRole('button', { name: 'Ya, Batalkan' }).click();
  const cancelled = p.getByRole('alertdialog', { name: 'Janji Dibatalkan' });
  await cancelled.waitFor();
  found.push(...(await violations(p, '/home Janji Dibatalkan')));
  await cancelled.getByRole('button', { name: 'Tutup' }).click();

  const [date, slot] = await freeSeat(app.server.url, DEMO_A, 'D001');
  await settle(p, app.server.url + to('reschedule', { no_reg: demoAppointment() }));
  await p.getByRole('region', { name: 'Jadwal saat ini' }).waitFor();
  await p.locator('button[aria-controls][aria-expanded="false"]').click();
  await p.getByRole('grid').waitFor();
  found.push(...(await violations(p, '/ubahjanji date picker')));
  await p.keyboard.press('Escape');
  await p.getByRole('grid').waitFor({ state: 'detached' });
  await pickDate(p, date);
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  const choice = p.locator('button', { hasText: slot.nama_dr }).first();
  await choice.waitFor();
  found.push(...(await violations(p, '/ubahjanji slots')));
  await choice.click();
  const move = p.getByRole('dialog', { name: 'Pindahkan janji ini?' });
  await move.waitFor();
  found.push(...(await violations(p, '/ubahjanji Pindahkan janji ini?')));
  await move.getByRole('button', { name: 'Ya, Pindahkan' }).click();
  await p.getByRole('alertdialog', { name: 'Jadwal Diubah' }).getByText('berhasil dipindahkan', { exact: false }).waitFor();
  found.push(...(await violations(p, '/ubahjanji Jadwal Diubah')));

  // A booking's answer, on a day A now has nothing.
  const [day, seat] = await freeSeat(app.server.url, DEMO_A, 'D001');
  await settle(p, app.server.url + to('confirm', confirmationOf(day, seat), clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' })));
  await p.getByLabel('Nomor HP').fill('081298765400');
  await p.getByRole('button', { name: 'Buat Janji' }).click();
  await p.getByRole('alertdialog', { name: 'Alert' }).getByText('Perjanjian berhasil dibuat', { exact: false }).waitFor();
  found.push(...(await violations(p, '/buatjanji booked')));
  await p.context().close();
  assert.equal(found, []);
});

test("the passkey offer after a login, and Perangkat's confirmations with a passkey listed", async () => {
  // At localhost, where browsers allow WebAuthn over http, with Chromium's virtual authenticator
  // as the phone's fingerprint sensor; a patient of the cohort, offered a passkey for the first time.
  const who = { nomr: String(COHORT.first + 7), tgl_lahir: COHORT.tgl_lahir };
  const site = `http://localhost:${app.server.port}`;
  const p = await (await app.browser.newContext({ ...PHONE, bypassCSP: true })).newPage();
  const cdp = await p.context().newCDPSession(p);
  await fingerprintSensor(cdp);
  await p.goto(`${site}/registrasi`);
  await storeSession(p, who, await apiToken(app.server.url, who));
  const found: string[] = [];
  await settle(p, `${site}/home`);
  const offer = p.getByRole('dialog', { name: 'Masuk Lebih Mudah' });
  await offer.waitFor();
  found.push(...(await violations(p, '/home passkey offer')));
  await offer.getByRole('button', { name: 'Aktifkan masuk dengan sidik jari' }).click();
  await p.getByText('Masuk dengan sidik jari sudah aktif.').waitFor();

  await settle(p, `${site}/perangkat`);
  await p.getByRole('button', { name: /^Hapus / }).click();
  const remove = p.getByRole('alertdialog', { name: 'Hapus Kunci Masuk?' });
  await remove.waitFor();
  found.push(...(await violations(p, '/perangkat Hapus Kunci Masuk?')));
  await remove.getByRole('button', { name: 'Batal' }).click();
  await p.getByRole('button', { name: 'Akhiri sesi Perangkat ini' }).click();
  const end = p.getByRole('alertdialog', { name: 'Akhiri Sesi?' });
  await end.waitFor();
  found.push(...(await violations(p, '/perangkat Akhiri Sesi?')));
  await end.getByRole('button', { name: 'Batal' }).click();
  await p.context().close();
  assert.equal(found, []);
});

test("Tambah Anggota Keluarga's dialogs: the data not matching, the profile already there, the profile added", async () => {
  const p = await phone(DEMO_A);
  const found: string[] = [];
  await settle(p, app.server.url + to('addProfile'));
  const submit = () => p.getByRole('button', { name: 'Tambah Profil' }).click();
  await fillLogin(p, DEMO_B.nomr, '1990-12-24');
  await submit();
  const failed = p.getByRole('alertdialog', { name: 'Data Tidak Cocok' });
  await failed.waitFor();
  found.push(...(await violations(p, '/tambahprofil Data Tidak Cocok')));
  await failed.getByRole('button', { name: 'Tutup' }).click();
  await fillLogin(p, DEMO_A.nomr, DEMO_A.tgl_lahir);
  await submit();
  const already = p.getByRole('alertdialog', { name: 'Profil Sudah Ada' });
  await already.waitFor();
  found.push(...(await violations(p, '/tambahprofil Profil Sudah Ada')));
  await already.getByRole('button', { name: 'Tutup' }).click();
  await fillLogin(p, DEMO_B.nomr, DEMO_B.tgl_lahir);
  await submit();
  // Shown for two seconds before home opens on B: the check names the dialog, so a check that
  // ran after it had gone would fail rather than pass unseen.
  await p.getByRole('dialog', { name: 'Profil Ditambahkan' }).waitFor();
  found.push(...(await violations(p, '/tambahprofil Profil Ditambahkan', '[role="dialog"]')));
  await p.waitForURL('**/home');
  await p.context().close();
  assert.equal(found, []);
});

test('the date picker by keyboard: into the grid on opening, every key counted, back to its button after a pick', async () => {
  const p = await phone(DEMO_A);
  await settle(p, `${app.server.url}/perjanjianpoli`);
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  const toggle = p.locator('button[aria-controls]');
  await toggle.focus();
  await p.keyboard.press('Enter');
  const focused = () => p.evaluate(() => document.activeElement?.getAttribute('data-date') ?? document.activeElement?.tagName);
  const today = todayWib();
  assert.is(await focused(), today, 'the focus is on today, in the grid');
  // Seven keys sent back to back, five weeks and two days on: into another month on the way.
  const keys = ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight'];
  await Promise.all(keys.map((k) => p.keyboard.press(k)));
  const target = addDays(today, 37);
  await p.locator(`button[data-date="${target}"]`).waitFor();
  assert.is(await focused(), target);
  await p.keyboard.press('Enter');
  await p.getByRole('grid').waitFor({ state: 'detached' });
  assert.ok(await toggle.evaluate((b) => b === document.activeElement), 'the focus is back on the button');
  assert.ok((await toggle.textContent())?.includes(dayLabel(target)));
  await p.context().close();
});

test.run();

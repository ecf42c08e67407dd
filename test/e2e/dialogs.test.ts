// Every dialog readable and usable on a 360 × 740 phone, at normal text and at the phone's font
// setting on 200 %, in Chromium against the real server: each text in it (title, message, labels,
// buttons) at WCAG contrast against the colour it is drawn on (4.5:1), wherever the dialog is
// opened from — home's logout confirmations are opened from the top bar, white text on teal — and
// each of its buttons wholly on the screen without scrolling. And the top bar: one row of title
// and icons at any text size.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { clinicQuery } from '../../common/clinic-link.ts';
import { to } from '../../common/routes.ts';
import { DEMO_A, DEMO_B } from '../../server/connector/local/demo/seed.ts';
import { confirmationOf, freeSeat, pickDate } from '../support/booking.ts';
import { fillLogin } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { TEXT_SIZES, pageAt, settle, textContrasts, type TextSize } from '../support/layout.ts';
import { demoAppointment } from '../support/routes.ts';

const app = realApp(test);
const SIZES = TEXT_SIZES.slice(0, 2); // normal text and 200 % text, 360 px wide
const AA = 4.5;

/**
 * What is wrong with the dialog as shown: a text under 4.5:1, a title missing from the texts
 * measured, a button not wholly on the screen or covered (under the fold, cut by the dialog's
 * edge). Nothing is scrolled first.
 */
async function dialogProblems(p: Page, size: TextSize, state: string, dialog: Locator, title: string, buttons: string[]): Promise<string[]> {
  await dialog.waitFor();
  await p.evaluate(() => document.fonts.ready.then(() => undefined));
  const where = `${size.name} ${state}`;
  const found: string[] = [];
  const texts = await textContrasts(p, '[aria-modal="true"]');
  if (!texts.some((t) => t.text === title)) found.push(`${where}: the title '${title}' was not measured`);
  for (const t of texts) if (t.ratio < AA) found.push(`${where}: '${t.text}' ${t.color} on ${t.background} is ${t.ratio}:1`);
  const { width, height } = p.viewportSize() ?? { width: 0, height: 0 };
  for (const name of buttons) {
    const button = dialog.getByRole('button', { name, exact: true });
    const box = await button.boundingBox();
    if (!box) {
      found.push(`${where}: no button '${name}'`);
      continue;
    }
    if (box.x < 0 || box.y < 0 || box.x + box.width > width || box.y + box.height > height)
      found.push(`${where}: '${name}' at ${Math.round(box.y)}–${Math.round(box.y + box.height)} px is not within the ${width} × ${height} screen`);
    // Its four edges are the button's own, not the page's or a scrolled-away part of the dialog.
    const shown = await button.evaluate((b) => {
      const r = b.getBoundingClientRect();
      const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
      return [
        [x, r.top + 2],
        [x, r.bottom - 2],
        [r.left + 2, y],
        [r.right - 2, y],
      ].every(([x, y]) => b.contains(document.elementFromPoint(x, y)));
    });
    if (!shown) found.push(`${where}: '${name}' is partly covered or cut off`);
  }
  return found;
}

for (const size of SIZES) {
  test(`${size.name}: the notification, login and registration dialogs, signed out`, async () => {
    const p = await pageAt(app.browser, app.server.url, size);
    const found: string[] = [];
    await settle(p, `${app.server.url}/`);
    const ask = p.getByRole('dialog', { name: 'Pastikan Anda Mengaktifkan Notifikasi' });
    found.push(...(await dialogProblems(p, size, '/ notification', ask, 'Pastikan Anda Mengaktifkan Notifikasi', ['Tutup', 'Lanjutkan'])));
    await ask.getByRole('button', { name: 'Lanjutkan' }).click();
    const guide = p.getByRole('dialog', { name: 'Panduan Mengaktifkan Notifikasi' });
    found.push(...(await dialogProblems(p, size, '/ notification guide', guide, 'Panduan Mengaktifkan Notifikasi', ['Tutup'])));
    await guide.getByRole('button', { name: 'Tutup' }).click();

    await fillLogin(p, DEMO_A.nomr, '1970-01-01');
    await p.getByRole('button', { name: 'Login', exact: true }).click();
    const failed = p.getByRole('alertdialog', { name: 'Login Gagal' });
    found.push(...(await dialogProblems(p, size, '/ login failed', failed, 'Login Gagal', ['Tutup'])));

    await settle(p, `${app.server.url}/registrasi`);
    await p.getByRole('button', { name: 'Daftar' }).click();
    const incomplete = p.getByRole('dialog', { name: 'Pesan' });
    found.push(...(await dialogProblems(p, size, '/registrasi incomplete', incomplete, 'Pesan', ['Close'])));
    await incomplete.getByRole('button', { name: 'Close' }).click();
    await p.getByLabel('Nama').fill('Hendra Gunawan');
    await p.getByLabel('No KTP').fill(`3176${String(Date.now()).slice(-12)}`);
    await p.getByLabel('Tempat Lahir').fill('Medan');
    await p.getByLabel('Tanggal', { exact: true }).selectOption('03');
    await p.getByLabel('Bulan').selectOption('06');
    await p.getByLabel('Tahun').fill('1958');
    await p.getByLabel('Telpon').fill('081266677788');
    await p.getByLabel('Email').fill('hendra@example.id');
    await p.getByLabel('Pekerjaan').selectOption('07');
    await p.getByRole('checkbox', { name: /Saya setuju/ }).check();
    await p.getByRole('button', { name: 'Daftar' }).click();
    const saved = p.getByRole('dialog', { name: 'Pesan' });
    await saved.getByText('Data Anda Telah disimpan', { exact: false }).waitFor();
    found.push(...(await dialogProblems(p, size, '/registrasi saved', saved, 'Pesan', ['Close'])));
    await p.context().close();
    assert.equal(found, []);
  });

  test(`${size.name}: logout, cancel, reschedule and booking dialogs as A; 'Keluar' with a family profile`, async () => {
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A);
    const found: string[] = [];
    await settle(p, `${app.server.url}/home`);
    await p.getByRole('button', { name: 'Akun' }).click();
    await p.getByRole('menuitem', { name: 'Logout' }).click();
    const logout = p.getByRole('dialog', { name: 'Confirm Logout' });
    found.push(...(await dialogProblems(p, size, '/home logout', logout, 'Confirm Logout', ['No', 'Yes'])));
    await logout.getByRole('button', { name: 'No' }).click();

    const item = p.getByRole('region', { name: 'Jadwal Perjanjian Aktif' }).locator('details', { hasText: 'POLI EKSEKUTIF / UMUM' });
    if ((await item.getAttribute('open')) === null) await item.locator('summary').click();
    await item.getByRole('button', { name: 'Batalkan' }).click();
    const cancel = p.getByRole('dialog', { name: 'Batalkan janji ini?' });
    found.push(...(await dialogProblems(p, size, '/home cancel', cancel, 'Batalkan janji ini?', ['Tidak', 'Ya, Batalkan'])));
    await cancel.getByRole('button', { name: 'Ya, Batalkan' }).click();
    await cancel.getByRole('alert').waitFor();
    found.push(...(await dialogProblems(p, size, '/home cancel, no reason', cancel, 'Batalkan janji ini?', ['Tidak', 'Ya, Batalkan'])));
    await cancel.getByRole('button', { name: 'Tidak' }).click();

    const [date, slot] = await freeSeat(app.server.url, DEMO_A, 'D001');
    await settle(p, app.server.url + to('reschedule', { no_reg: demoAppointment() }));
    await pickDate(p, date);
    await p.getByRole('button', { name: 'Cek Kuota' }).click();
    await p.locator('button', { hasText: slot.nama_dr }).first().click();
    const move = p.getByRole('dialog', { name: 'Pindahkan janji ini?' });
    found.push(...(await dialogProblems(p, size, '/ubahjanji', move, 'Pindahkan janji ini?', ['Tidak', 'Ya, Pindahkan'])));
    await move.getByRole('button', { name: 'Tidak' }).click();

    await settle(p, app.server.url + to('confirm', confirmationOf(date, slot), clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' })));
    await p.getByLabel('Nomor HP').fill('081298765400');
    await p.getByRole('button', { name: 'Buat Janji' }).click();
    const booked = p.getByRole('alertdialog', { name: 'Alert' });
    await booked.getByText('Perjanjian berhasil dibuat', { exact: false }).waitFor();
    found.push(...(await dialogProblems(p, size, '/buatjanji booked', booked, 'Alert', ['Ke Beranda'])));

    // B refused with a wrong birth date, then added: Logout becomes 'Keluar' (the active profile only).
    await settle(p, `${app.server.url}/tambahprofil`);
    await fillLogin(p, DEMO_B.nomr, '1990-12-26');
    await p.getByRole('button', { name: 'Tambah Profil' }).click();
    const mismatch = p.getByRole('alertdialog', { name: 'Data Tidak Cocok' });
    found.push(...(await dialogProblems(p, size, '/tambahprofil refused', mismatch, 'Data Tidak Cocok', ['Tutup'])));
    await mismatch.getByRole('button', { name: 'Tutup' }).click();
    await fillLogin(p, DEMO_B.nomr, DEMO_B.tgl_lahir);
    await p.getByRole('button', { name: 'Tambah Profil' }).click();
    await p.waitForURL('**/home', { timeout: 10_000 });
    await p.getByRole('region', { name: 'Profil aktif' }).waitFor();
    await p.getByRole('button', { name: 'Akun' }).click();
    await p.getByRole('menuitem', { name: 'Keluar', exact: true }).click();
    const leave = p.getByRole('dialog', { name: 'Keluar' });
    found.push(...(await dialogProblems(p, size, '/home Keluar', leave, 'Keluar', ['No', 'Yes'])));
    await p.context().close();
    assert.equal(found, []);
  });
}

/** The top bar as laid out: its height, the title's, and where each icon and the title sit. */
async function bar(p: Page) {
  return p
    .locator('header')
    .first()
    .evaluate((h) => {
      const r = h.getBoundingClientRect();
      const s = getComputedStyle(h);
      const title = h.querySelector('h1')?.getBoundingClientRect();
      return {
        height: r.height,
        padding: Number.parseFloat(s.paddingTop) + Number.parseFloat(s.paddingBottom),
        title: title ? { top: title.top, bottom: title.bottom, height: title.height } : null,
        icons: [...h.querySelectorAll(':scope > button')].map((b) => {
          const box = b.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom, height: box.height, right: box.right };
        }),
      };
    });
}

for (const size of SIZES) {
  test(`${size.name}: the top bar is one row, the title wrapping beside its icons`, async () => {
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A);
    const found: string[] = [];
    for (const path of ['/home', '/riwayatpemeriksaan/patologiklinik', '/perjanjianpoli']) {
      await settle(p, app.server.url + path);
      const b = await bar(p);
      const where = `${size.name} ${path}`;
      if (!b.title) {
        found.push(`${where}: no title`);
        continue;
      }
      const middle = (x: { top: number; bottom: number }) => (x.top + x.bottom) / 2;
      const tallest = Math.max(b.title.height, ...b.icons.map((i) => i.height));
      if (b.height > tallest + b.padding + 1) found.push(`${where}: the bar is ${b.height} px for a row of ${tallest} px`);
      for (const i of b.icons) {
        if (Math.abs(middle(i) - middle(b.icons[0])) > 1) found.push(`${where}: an icon on a row of its own (${i.top}–${i.bottom})`);
        if (i.right > 360) found.push(`${where}: an icon past the screen's edge`);
      }
      if (middle(b.icons[0]) < b.title.top || middle(b.icons[0]) > b.title.bottom) found.push(`${where}: the icons are not beside the title`);
    }
    // Home, where the title shares the row with three icons: at most a sixth of the screen.
    await settle(p, `${app.server.url}/home`);
    const home = await bar(p);
    await p.context().close();
    assert.equal(found, []);
    assert.ok(home.height <= 740 / 6, `home's bar is ${home.height} px high`);
    assert.is(home.icons.length, 3);
  });
}

test.run();

// Every route on a 360 px phone at normal text, at the phone's font setting on 200% and at 200%
// zoom, in Chromium against the real server as demo patient A: the page reflows (WCAG 1.4.4,
// 1.4.10) with no sideways scroll, no title cut to an ellipsis, no text over other text. So do
// the dialogs a tap opens, at 200% text and zoom. The signed-in screens are reached inside the app
// after the first, as a patient moves between them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { clinicQuery } from '../../common/clinic-link.ts';
import { to } from '../../common/routes.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { confirmationOf, freeSeat, pickDate } from '../support/booking.ts';
import { storeSession } from '../support/browser.ts';
import { TEXT_SIZES, layoutProblems, pageAt, settle, settleInApp, type TextSize } from '../support/layout.ts';
import { realApp } from '../support/e2e.ts';
import { demoAppointment, samplePaths } from '../support/routes.ts';
import { apiToken } from '../support/server.ts';

const app = realApp(test);

/**
 * The problems of each path, the page's own and those under the dialog it opens with. `inApp`:
 * the first path loaded, the others reached inside the app as its links reach them.
 */
async function walk(p: Page, size: TextSize, paths: Array<{ path: string }>, { inApp = false } = {}): Promise<string[]> {
  const found: string[] = [];
  for (const [i, { path }] of paths.entries()) {
    if (inApp && i > 0) await settleInApp(p, path);
    else await settle(p, app.server.url + path);
    for (const problem of await layoutProblems(p)) found.push(`${size.name} ${path}: ${problem}`);
    // The login page greets with the notification dialog; the form behind it counts too.
    if (await p.getByRole('dialog').count()) {
      await p.keyboard.press('Escape');
      await p.getByRole('dialog').waitFor({ state: 'detached' });
      for (const problem of await layoutProblems(p)) found.push(`${size.name} ${path} (dialog closed): ${problem}`);
    }
  }
  return found;
}

/**
 * The walk at every text size at once, each on its own phone, started by the first size's test
 * and awaited by each size's own: a walk is mostly waiting for each screen's calls and for quiet
 * (a signed-in walk of 31 screens is about 3 s of CPU), so the three together take about the time
 * of one.
 */
function walksAtEverySize(paths: Array<{ path: string }>, who?: { nomr: string; tgl_lahir: string }): () => Array<Promise<string[]>> {
  let walks: Array<Promise<string[]>> | undefined;
  return () => {
    walks ??= TEXT_SIZES.map(async (size) => {
      const p = await pageAt(app.browser, app.server.url, size, who);
      try {
        return await walk(p, size, paths, { inApp: who !== undefined });
      } finally {
        await p.context().close();
      }
    });
    // A walk that fails before its size's test awaits it is that test's failure, not the process's.
    for (const w of walks) w.catch(() => undefined);
    return walks;
  };
}
const publicWalks = walksAtEverySize(samplePaths('public'));
const signedInWalks = walksAtEverySize(samplePaths('patient'), DEMO_A);

for (const [i, size] of TEXT_SIZES.entries()) {
  test(`${size.name}: the public pages reflow at 360 px`, async () => {
    assert.equal(await publicWalks()[i], []);
  });
}
for (const [i, size] of TEXT_SIZES.entries()) {
  test(`${size.name}: every signed-in page reflows at 360 px`, async () => {
    assert.equal(await signedInWalks()[i], []);
  });
}

/** Opens the calendar of Perjanjian Poliklinik; the day buttons' sizes in CSS px. */
async function openPicker(p: Page): Promise<Array<{ width: number; height: number }>> {
  await settle(p, `${app.server.url}/perjanjianpoli`);
  await p.getByLabel('Jaminan').selectOption('Non BPJS');
  await p.locator('button[aria-controls][aria-expanded="false"]').click();
  await p.getByRole('grid').waitFor();
  return p
    .locator('button[data-date]')
    .evaluateAll((days) => days.map((d) => ({ width: d.getBoundingClientRect().width, height: d.getBoundingClientRect().height })));
}

for (const size of TEXT_SIZES) {
  test(`${size.name}: the open date picker fits, its weekdays apart, its days large enough to tap`, async () => {
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A);
    const days = await openPicker(p);
    const found = (await layoutProblems(p)).map((problem) => `${size.name} date picker: ${problem}`);
    // 'Sen Sel Rab …' whole as shown (innerText), each within its column: one letter cannot tell Senin from Selasa.
    const weekdays = await p
      .getByRole('columnheader')
      .evaluateAll((ths) => ths.map((th) => `${(th as HTMLElement).innerText}${th.scrollWidth > th.clientWidth ? ' (cut)' : ''}`));
    const width = (size.context.viewport ?? { width: 0 }).width;
    await p.context().close();
    assert.equal(found, []);
    assert.equal(weekdays, ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min']);
    assert.ok(days.length >= 28);
    // WCAG 2.5.5 asks 44 × 44; at 200% zoom (180 CSS px for seven columns) each CSS px is two on the glass.
    const least = width >= 360 ? 44 : 22;
    const small = days.filter((d) => d.width < least || d.height < least);
    assert.equal(small, [], `every day at least ${least} × ${least} px`);
  });
}

// The dialogs: the notification guide signed out; then as A the logout dialog, the cancel dialog
// (also with its reason missing), Ubah Jadwal's slots and 'Pindahkan janji ini?', and a booking's
// answer. Only the booking changes anything: one more appointment of A's at each size.
for (const size of TEXT_SIZES.slice(1)) {
  test(`${size.name}: the dialogs reflow too`, async () => {
    const p = await pageAt(app.browser, app.server.url, size);
    const found: string[] = [];
    const measure = async (state: string, shown: Locator) => {
      await shown.waitFor();
      for (const problem of await layoutProblems(p)) found.push(`${size.name} ${state}: ${problem}`);
    };
    await settle(p, `${app.server.url}/`);
    await p.getByRole('button', { name: 'Lanjutkan' }).click();
    await measure('/ notification guide', p.getByRole('dialog', { name: 'Panduan Mengaktifkan Notifikasi' }));

    await storeSession(p, DEMO_A, await apiToken(app.server.url, DEMO_A));
    await settle(p, `${app.server.url}/home`);
    await p.getByRole('button', { name: 'Akun' }).click();
    await p.getByRole('menuitem', { name: 'Logout' }).click();
    const logout = p.getByRole('dialog', { name: 'Confirm Logout' });
    await measure('/home logout dialog', logout);
    await logout.getByRole('button', { name: 'No' }).click();

    const item = p.getByRole('region', { name: 'Jadwal Perjanjian Aktif' }).locator('details', { hasText: 'POLI EKSEKUTIF / UMUM' });
    if ((await item.getAttribute('open')) === null) await item.locator('summary').click();
    await item.getByRole('button', { name: 'Batalkan' }).click();
    const cancel = p.getByRole('dialog', { name: 'Batalkan janji ini?' });
    await measure('/home cancel dialog', cancel);
    await cancel.getByRole('button', { name: 'Ya, Batalkan' }).click();
    await measure('/home cancel dialog, no reason chosen', cancel.getByRole('alert'));
    await cancel.getByRole('button', { name: 'Tidak' }).click();

    const [date, slot] = await freeSeat(app.server.url, DEMO_A, 'D001');
    await settle(p, app.server.url + to('reschedule', { no_reg: demoAppointment() }));
    await pickDate(p, date);
    await p.getByRole('button', { name: 'Cek Kuota' }).click();
    const choice = p.locator('button', { hasText: slot.nama_dr }).first();
    await measure('/ubahjanji slots', choice);
    await choice.click();
    const move = p.getByRole('dialog', { name: 'Pindahkan janji ini?' });
    await measure('/ubahjanji Pindahkan janji ini?', move);
    await move.getByRole('button', { name: 'Tidak' }).click();

    await settle(p, app.server.url + to('confirm', confirmationOf(date, slot), clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' })));
    await p.getByLabel('Nomor HP').fill('081298765400');
    await p.getByRole('button', { name: 'Buat Janji' }).click();
    await measure('/buatjanji booked', p.getByRole('alertdialog', { name: 'Alert' }).getByText('Perjanjian berhasil dibuat', { exact: false }));
    await p.context().close();
    assert.equal(found, []);
  });
}

test('text 200%: the root font size reaches the text, and the title wraps instead of being cut', async () => {
  const [normal, large] = [TEXT_SIZES[0], TEXT_SIZES[1]];
  const measure = async (size: TextSize) => {
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A);
    await settle(p, `${app.server.url}/riwayatpemeriksaan/patologiklinik`);
    const title = p.getByRole('heading', { level: 1 });
    const box = await title.evaluate((h) => ({
      font: Number.parseFloat(getComputedStyle(h).fontSize),
      lines: h.getClientRects().length,
      height: h.getBoundingClientRect().height,
    }));
    const text = await title.textContent();
    await p.context().close();
    return { ...box, text };
  };
  const [a, b] = [await measure(normal), await measure(large)];
  assert.is(b.text, 'Patologi Klinik & Bank Darah');
  assert.is(b.font, a.font * 2, 'the title doubles with the root font size');
  assert.ok(b.height > b.font * 1.5, `the title takes more than one line (${b.height} px at ${b.font} px)`);
});
test.run();

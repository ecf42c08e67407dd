// At the phone's font setting on 200% (360×740), what a patient types or is told stays whole: a
// field shows its whole value (not its last characters with the first scrolled away), and the
// booking's confirmation dialog shows the doctor and 'Silakan datang…' or shows that it scrolls
// (a shadow at its edge), with its button on the screen.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator } from 'playwright-core';
import { clinicQuery } from '../../common/clinic-link.ts';
import { to } from '../../common/routes.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { confirmationOf, freeSeat } from '../support/booking.ts';
import { realApp } from '../support/e2e.ts';
import { fillLogin } from '../support/browser.ts';
import { TEXT_SIZES, pageAt, settle, keepShot } from '../support/layout.ts';
import { apiToken } from '../support/server.ts';

const app = realApp(test, { NOMR_WIDTH: '8' });
const LARGE = TEXT_SIZES[1];

/** The field's value as wide as it is drawn, against the room inside the field (CSS px). */
const fit = (field: Locator) =>
  field.evaluate((el: HTMLInputElement) => {
    // The value's own width, drawn in the field's font: what must fit between its paddings.
    const s = getComputedStyle(el);
    const c = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    c.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const room = el.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
    return { value: el.value, text: c.measureText(el.value).width, room, scrolled: el.scrollLeft, scroll: el.scrollWidth, client: el.clientWidth };
  });

async function assertWhole(field: Locator, value: string, what: string): Promise<void> {
  await field.fill(value);
  await field.evaluate((el: HTMLInputElement) => el.setSelectionRange(el.value.length, el.value.length));
  const f = await fit(field);
  assert.ok(f.text <= f.room && f.scroll <= f.client && f.scrolled === 0, `${what}: ${JSON.stringify(f)}`);
}

test('text 200%: the login fields hold the whole number', async () => {
  const p = await pageAt(app.browser, app.server.url, LARGE);
  await settle(p, app.server.url);
  if (await p.getByRole('dialog').count()) await p.keyboard.press('Escape');
  await assertWhole(p.getByLabel('Nomor MR'), '000123456789', 'Nomor MR');
  await p.context().close();
});

test('text 200%: the phone field of the booking holds a 13-digit number', async () => {
  const p = await pageAt(app.browser, app.server.url, LARGE, DEMO_A);
  const [date, slot] = await freeSeat(app.server.url, DEMO_A, 'D001');
  await settle(p, app.server.url + to('confirm', confirmationOf(date, slot), clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' })));
  await assertWhole(p.getByLabel('Nomor HP'), '0812987654321', 'Nomor HP');
  await p.context().close();
});

test("text 200%: the booking's confirmation shows the doctor and 'Silakan datang…' or shows that it scrolls, its button on the screen", async () => {
  const p = await pageAt(app.browser, app.server.url, LARGE, DEMO_A);
  const [date, slot] = await freeSeat(app.server.url, DEMO_A, 'D001');
  await settle(p, app.server.url + to('confirm', confirmationOf(date, slot), clinicQuery({ kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' })));
  await p.getByLabel('Nomor HP').fill('081298765401');
  await p.getByRole('button', { name: 'Buat Janji' }).click();
  const dialog = p.getByRole('alertdialog', { name: 'Alert' });
  await dialog.getByText('Silakan datang', { exact: false }).waitFor();
  await keepShot(p, 'text-200-booked-dialog.png');
  const seen = await dialog.evaluate((box, doctor) => {
    const scroller = box.firstElementChild as HTMLElement;
    const button = box.querySelector('button') as HTMLElement;
    const b = button.getBoundingClientRect();
    const s = getComputedStyle(scroller);
    return {
      scrolls: scroller.scrollHeight > scroller.clientHeight + 1,
      scrollable: s.overflowY === 'auto' || s.overflowY === 'scroll',
      // The cue: the shadow layers drawn at the box's edges (background-attachment scroll).
      cue: /radial-gradient/.test(s.backgroundImage) && /scroll/.test(s.backgroundAttachment),
      buttonOnScreen: b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth,
      text: scroller.textContent ?? '',
      doctor,
    };
  }, slot.nama_dr);
  assert.ok(seen.buttonOnScreen, 'the main button is on the screen');
  assert.ok(seen.text.includes(seen.doctor) && seen.text.includes('Silakan datang'), seen.text);
  // Either it all fits, or it scrolls and says so.
  if (seen.scrolls) assert.ok(seen.scrollable && seen.cue, JSON.stringify(seen));
  // Reached by scrolling: the last words come into the box's view.
  const last = dialog.getByText('Silakan datang', { exact: false });
  const at = await last.boundingBox();
  await p.mouse.move((at?.x ?? 0) + 20, (at?.y ?? 0) + 200);
  await p.mouse.wheel(0, 3000);
  await p.waitForFunction(() => {
    const box = document.querySelector('[role="alertdialog"]')?.firstElementChild as HTMLElement;
    return box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
  });
  await keepShot(p, 'text-200-booked-dialog-scrolled.png');
  const inView = await last.evaluate((el) => {
    const box = (el.closest('[role="alertdialog"]') as HTMLElement).firstElementChild as HTMLElement;
    const [r, v] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
    return r.bottom <= v.bottom + 1 && r.bottom > v.top;
  });
  assert.ok(inView, "'Silakan datang' scrolled into the dialog's view");
  await p.context().close();
});

/** The clinics answer's entry of a clinic, as the clinic picker has it (with its room and floor). */
async function clinicOf(kd_dep: string): Promise<{ kd_dep: string; ds_dep: string; ruang?: string | null; lantai?: string | null }> {
  const token = await apiToken(app.server.url, DEMO_A);
  const res = await fetch(`${app.server.url}/api/patient/kddep`, { headers: { authorization: `Bearer ${token}` } });
  const list = (await res.json()).data as Array<{ kd_dep: string; ds_dep: string; ruang?: string | null; lantai?: string | null }>;
  return list.find((c) => c.kd_dep === kd_dep) ?? list[0];
}

for (const size of TEXT_SIZES.slice(0, 2)) {
  const tag = size.rootFontSize ? 'text-200' : 'text-100';

  test(`${size.name}: under NOMR_WIDTH 8 the login's hint names 8 digits, and '12345' signs in as 00012345`, async () => {
    const p = await pageAt(app.browser, app.server.url, size);
    await settle(p, app.server.url);
    if (await p.getByRole('dialog').count()) await p.keyboard.press('Escape');
    const field = p.getByLabel('Nomor MR');
    // The width is asked when the patient comes to the field (the login page loads nothing more before).
    await field.focus();
    const hint = p.getByText('8 angka, seperti di kartu berobat');
    await hint.waitFor();
    assert.ok((await field.getAttribute('aria-describedby'))?.split(' ').includes((await hint.getAttribute('id')) ?? '-'), 'the hint is tied to the field');
    await fillLogin(p, '12345', DEMO_A.tgl_lahir);
    // Leaving the field shows the number as the hospital writes it.
    assert.is(await field.inputValue(), DEMO_A.nomr);
    await keepShot(p, `${tag}-login-hint.png`);
    await p.getByRole('button', { name: 'Login', exact: true }).click();
    await p.getByRole('dialog', { name: 'Login Berhasil' }).waitFor();
    await p.waitForURL(/\/home$/);
    const kept = await p.evaluate(() => JSON.stringify(localStorage));
    assert.ok(kept.includes(DEMO_A.nomr), 'the session keeps the padded number');
    await p.context().close();
  });

  test(`${size.name}: the clinic's room and floor on the confirmation before booking and on 'Hari ini' before the call`, async () => {
    const clinic = await clinicOf('20001');
    assert.is(clinic.ruang, 'Ruang Periksa 1');
    assert.is(clinic.lantai, '1');
    const p = await pageAt(app.browser, app.server.url, size, DEMO_A);
    await settle(p, `${app.server.url}/home`);
    const today = p.getByRole('region', { name: 'Hari ini' });
    await today.getByText('Ruang Periksa 1, Lantai 1').waitFor();
    assert.not.ok(await today.getByText('Dipanggil', { exact: false }).count(), 'not called yet');
    await keepShot(today, `${tag}-hari-ini.png`);
    const [date, slot] = await freeSeat(app.server.url, DEMO_A, 'D001');
    await settle(p, app.server.url + to('confirm', confirmationOf(date, slot), clinicQuery(clinic)));
    await p.getByText('Ruang Periksa 1, Lantai 1').first().waitFor();
    await p.getByLabel('Nomor HP').fill('081298765432');
    await keepShot(p, `${tag}-confirm-fields.png`);
    await p.context().close();
  });
}

test.run();

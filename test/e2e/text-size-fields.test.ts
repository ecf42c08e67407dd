// At the phone's font setting on 200% (360×740), what a patient types or is told stays whole: a
// field shows its whole value (not its last characters with the first scrolled away), and the
// booking's confirmation dialog shows the doctor and 'Silakan datang…' or shows that it scrolls
// (a shadow at its edge), with its button on the screen.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator } from 'playwright-core';
import { clinicQuery } from '../../common/clinic-link.ts';
import { to } from '../../common/routes.ts';
import { DEMO_A } from '../../server/db/seed.ts';
import { confirmationOf, freeSeat } from '../support/booking.ts';
import { realApp } from '../support/e2e.ts';
import { TEXT_SIZES, pageAt, settle } from '../support/layout.ts';

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
  await p.screenshot({ path: 'artifacts/screenshots/text-200-booked-dialog.png' });
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
  await p.screenshot({ path: 'artifacts/screenshots/text-200-booked-dialog-scrolled.png' });
  const inView = await last.evaluate((el) => {
    const box = (el.closest('[role="alertdialog"]') as HTMLElement).firstElementChild as HTMLElement;
    const [r, v] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
    return r.bottom <= v.bottom + 1 && r.bottom > v.top;
  });
  assert.ok(inView, "'Silakan datang' scrolled into the dialog's view");
  await p.context().close();
});

test.run();

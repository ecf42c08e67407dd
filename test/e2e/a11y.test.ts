// axe-core (WCAG 2.0–2.2 A and AA, and its best practices) in Chromium over every route, signed
// out and as demo patient A, and over the states a page only has after a tap: the dialogs, the
// drawer and the account menu, the open date picker. Any violation fails, listed by rule and element.
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { addDays, dayLabel, todayWib } from '../../common/dates.ts';
import { DEMO_A } from '../../server/db/seed.ts';
import { PHONE, fillLogin, storeSession } from '../support/browser.ts';
import { realApp } from '../support/e2e.ts';
import { settle } from '../support/layout.ts';
import { samplePaths } from '../support/routes.ts';
import { apiToken } from '../support/server.ts';

const app = realApp(test);
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** A phone page; the page's CSP would refuse the injected checker, so the context ignores it. */
async function phone(who?: { nomr: string; tgl_lahir: string }): Promise<Page> {
  const p = await (await app.browser.newContext({ ...PHONE, bypassCSP: true })).newPage();
  if (who) {
    const token = await apiToken(app.server.url, who);
    await p.goto(`${app.server.url}/registrasi`);
    await storeSession(p, who, token);
  }
  return p;
}

/** The violations on the page as it is now, one line each: state, rule, impact, elements. */
async function violations(p: Page, state: string): Promise<string[]> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.addScriptTag({ path: AXE });
  const found = await p.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }> }> };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, TAGS);
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
  for (const { path } of samplePaths('patient')) {
    await settle(p, app.server.url + path);
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
  await p.getByRole('button', { name: 'Bulan berikutnya' }).click();
  await p.locator('button[data-date]:not([aria-disabled="true"])').first().click();
  await p.getByLabel('Poli').selectOption({ index: 1 });
  await p.getByRole('button', { name: 'Cek Kuota' }).click();
  await p.getByRole('region', { name: 'Dokter dan kuota' }).waitFor();
  found.push(...(await violations(p, '/perjanjianpoli slots')));
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

// Every route at 360 px, at normal text, at the phone's font setting on 200% and at 200% zoom,
// into artifacts/screenshots/<size>/, signed out and signed in as demo patient A, for review by
// eye; the open date picker too. test/e2e/text-size.test.ts checks the same pages by measure.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO_A } from '../server/connector/local/demo/seed.ts';
import { launch } from '../test/support/browser.ts';
import { TEXT_SIZES, pageAt, settle } from '../test/support/layout.ts';
import { samplePaths } from '../test/support/routes.ts';
import { startServer } from '../test/support/server.ts';

const OUT = 'artifacts/screenshots';
const server = await startServer();
const browser = await launch();
try {
  for (const size of TEXT_SIZES) {
    const dir = `${OUT}/${size.name.replace('%', '').replace(/\W+/g, '-')}`;
    mkdirSync(dir, { recursive: true });
    const shot = async (page: Page, path: string, name: string) => {
      await settle(page, server.url + path);
      await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
      console.log(`${dir}/${name}.png  ${path}`);
    };
    let page = await pageAt(browser, server.url, size);
    for (const r of samplePaths('public')) await shot(page, r.path, `public${r.pattern.replace(/\//g, '_') || '_'}`);
    // The login form itself, under the notification dialog it opens with.
    await settle(page, `${server.url}/`);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${dir}/public_-no-dialog.png`, fullPage: true });
    await page.context().close();

    page = await pageAt(browser, server.url, size, DEMO_A);
    for (const r of samplePaths('patient')) await shot(page, r.path, r.pattern.split('/:')[0].replace(/\//g, '_'));
    await settle(page, `${server.url}/perjanjianpoli`);
    await page.getByLabel('Jaminan').selectOption('Non BPJS');
    await page.locator('button[aria-expanded="false"][aria-controls]').click();
    await page.getByRole('grid').waitFor();
    await page.screenshot({ path: `${dir}/_perjanjianpoli-date-picker.png`, fullPage: true });
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}

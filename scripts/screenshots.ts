// Every route at 360×740 into artifacts/, signed out and signed in as demo patient A.
import { mkdirSync } from 'node:fs';
import { DEMO_A } from '../server/db/seed.ts';
import { PHONE, launch, signedInPage } from '../test/support/browser.ts';
import { samplePaths } from '../test/support/routes.ts';
import { startServer } from '../test/support/server.ts';

const server = await startServer();
const browser = await launch();
mkdirSync('artifacts', { recursive: true });
try {
  let page = await (await browser.newContext(PHONE)).newPage();
  const shot = async (path: string, name: string) => {
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `artifacts/${name}.png`, fullPage: true });
    console.log(`artifacts/${name}.png  ${path}`);
  };
  for (const r of samplePaths('public')) await shot(r.path, `public${r.pattern.replace(/\//g, '_') || '_'}`);
  page = await signedInPage(browser, server.url, DEMO_A);
  for (const r of samplePaths('patient')) await shot(r.path, r.pattern.split('/:')[0].replace(/\//g, '_'));
} finally {
  await browser.close();
  await server.stop();
}

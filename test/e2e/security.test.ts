// Security in Chromium: every screen works under the Content-Security-Policy, logout ends the
// session on the server too, and the service worker keeps no API answer.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { gotoQuiet, reloadQuiet, signedInPage, INSTALLED, withServiceWorker } from '../support/browser.ts';
import { samplePaths } from '../support/routes.ts';
import { realApp } from '../support/e2e.ts';
import { apiToken } from '../support/server.ts';

const app = realApp(test);

/** Collects what the policy refused, from the page's own violation events and the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('console', (m) => /Content Security Policy|CSP violation/i.test(m.text()) && seen.push(m.text()));
  return seen;
}

test('every screen, signed out and signed in, works under the policy without a single violation', async () => {
  // With the service worker, as a patient's phone has it: later screens come from its precache.
  const out = await (await app.browser.newContext(INSTALLED)).newPage();
  const violations = await watchViolations(out);
  for (const { path } of samplePaths('public')) {
    const res = await gotoQuiet(out, app.server.url + path);
    assert.match(res!.headers()['content-security-policy'] ?? '', /script-src 'self'/, path);
    await out.locator('main').first().waitFor();
  }
  const page = await signedInPage(app.browser, app.server.url, DEMO_A, INSTALLED);
  violations.push(...(await watchViolations(page)));
  for (const { path } of samplePaths('patient')) {
    await gotoQuiet(page, app.server.url + path);
    await page.locator('main').first().waitFor();
  }
  assert.equal(violations, []);
  await out.context().close();
  await page.context().close();
});

test('logout from the account menu ends the session on the server, and the old token is refused', async () => {
  const page = await signedInPage(app.browser, app.server.url, DEMO_A);
  await page.goto(`${app.server.url}/home`);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  assert.ok(token);
  const profile = () => fetch(`${app.server.url}/api/patient/profil/pasien?nomr=${DEMO_A.nomr}`, { headers: { authorization: `Bearer ${token}` } });
  assert.is((await profile()).status, 200);
  await page.getByRole('button', { name: 'Akun' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
  await page.getByRole('button', { name: 'Yes' }).click();
  // The app clears its own storage; Clear-Site-Data would also remove the installed app.
  assert.is((await (await loggedOut).allHeaders())['clear-site-data'], undefined);
  await page.waitForURL(`${app.server.url}/`);
  assert.is(await page.evaluate(() => localStorage.length), 0);
  assert.is((await profile()).status, 401, 'the token no longer opens the records');
  await page.context().close();
});

test('the service worker keeps no API answer in its caches, after a whole signed-in visit', async () => {
  const page = await signedInPage(app.browser, app.server.url, DEMO_A, INSTALLED);
  await gotoQuiet(page, `${app.server.url}/home`);
  await withServiceWorker(page);
  await reloadQuiet(page); // now under the worker's control
  for (const path of ['/home', '/profil', '/riwayatpemeriksaan/patologiklinik', '/perjanjianpoli']) await gotoQuiet(page, app.server.url + path);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
    return urls;
  });
  assert.ok(cached.length > 10, `the shell is cached (${cached.length} entries)`);
  assert.equal(
    cached.filter((u) => u.includes('/api/')),
    [],
  );
  await page.context().close();
});

test('an API answer with patient data tells the browser not to keep it', async () => {
  const token = await apiToken(app.server.url, DEMO_A);
  const res = await fetch(`${app.server.url}/api/patient/riwayat/penunjang?nomr=${DEMO_A.nomr}`, { headers: { authorization: `Bearer ${token}` } });
  assert.is(res.headers.get('cache-control'), 'no-store');
});

test.run();

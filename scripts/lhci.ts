// Lighthouse CI (lighthouserc.json) against the built app on the real server, mobile defaults
// (simulated slow 4G, 4× CPU), median of 3 runs. / and /registrasi as a first visit; /home and
// /perjanjianpoli signed in as demo patient A: a login through the login form in a browser
// profile, which Lighthouse then opens with its storage kept (a returning patient, the service
// worker installed). Prints `lighthouse: N passed, N failed`, one per URL and assertion.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { to } from '../common/routes.ts';
import { DEMO_A } from '../server/connector/local/demo/seed.ts';
import { fillLogin, launchPersistent, lighthouseChromium } from '../test/support/browser.ts';
import { startServer } from '../test/support/server.ts';

interface Matrix {
  matchingUrlPattern: string;
  assertions: Record<string, unknown>;
}
const config = JSON.parse(readFileSync('lighthouserc.json', 'utf8'));
const MATRIX: Matrix[] = config.ci.assert.assertMatrix;
export const PUBLIC = [to('login'), to('register')];
export const SIGNED_IN = [to('home'), to('clinicBooking')];
const RUNS: number = config.ci.collect.numberOfRuns;

function lhci(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/lhci', args, { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** A Chromium profile in which demo patient A has logged in through the login form. */
export async function signedInProfile(baseUrl: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pasien-lh-profile-'));
  // Made by the browser that then opens it: a newer build's profile is not an older one's.
  const ctx = await launchPersistent(dir, await lighthouseChromium());
  try {
    await ctx.grantPermissions(['notifications'], { origin: baseUrl });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(`${baseUrl}/`);
    // Full Chromium honours the grant (a green notice). The headless shell reads notifications as
    // blocked whatever is granted, so the app asks over the form, and its notice button also
    // names 'login': close the dialog and match the form's button exactly.
    const close = page.getByRole('button', { name: 'Tutup' });
    await page.getByText('Fitur notifikasi sudah aktif').or(close).first().waitFor();
    if (await close.isVisible()) await close.click();
    await fillLogin(page, DEMO_A.nomr, DEMO_A.tgl_lahir);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/home');
    await page.getByText(`Selamat Datang ${DEMO_A.nama}`).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  } finally {
    await ctx.close();
  }
  return dir;
}

/**
 * Runs Lighthouse `numberOfRuns` times on each URL in this process, each run in a Chromium of its
 * own launched with lighthouserc.json's flags and `extraFlags`, cold as `lhci collect` runs them
 * (the scores' history was measured so), and keeps each result in .lighthouseci/ as `lhci collect`
 * keeps it (lhr-<time>.json) for `lhci assert` and `lhci upload` (which writes each run's HTML
 * report from it). What is saved is `lhci collect`'s node and Lighthouse's start for every run, 12
 * in all, and the launcher's half-second look for the browser's port (docs/performance.md, The
 * test run's time).
 */
async function runAll(urls: string[], settings: Flags, extraFlags: string[]): Promise<void> {
  const chromeFlags = [...String(config.ci.collect.settings.chromeFlags).split(' '), ...extraFlags];
  const chromePath = await lighthouseChromium();
  for (const url of urls) {
    console.log(`Running Lighthouse ${RUNS} time(s) on ${url}`);
    for (let i = 0; i < RUNS; i++) {
      const chrome = await launch({ chromePath, chromeFlags, connectionPollInterval: 50, maxConnectionRetries: 500 });
      try {
        const result = await lighthouse(url, { ...settings, port: chrome.port, output: 'json', logLevel: 'error' });
        if (!result || result.lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
        writeFileSync(join('.lighthouseci', `lhr-${Date.now()}.json`), JSON.stringify(result.lhr));
      } finally {
        // Gone before the next run starts (and before the signed-in profile is removed): a browser
        // still closing would share the cores with the next run's page, and write to the profile.
        const gone = chrome.process.exitCode !== null || chrome.process.signalCode !== null ? Promise.resolve() : once(chrome.process, 'exit');
        await chrome.kill();
        await gone;
      }
    }
  }
}

/**
 * Collects all four routes into .lighthouseci/ (the caller starts the server), the signed-in ones
 * in `ready`'s profile if one was made (signedInProfile), else in one made after the public runs.
 */
export async function collect(baseUrl: string, ready?: string): Promise<void> {
  rmSync('.lighthouseci', { recursive: true, force: true });
  mkdirSync('.lighthouseci');
  // The browser's flags are given at its launch (runAll), the rest to each run.
  const { chromeFlags: _flags, ...settings } = config.ci.collect.settings as Flags & { chromeFlags: string };
  await runAll(
    PUBLIC.map((p) => baseUrl + p),
    settings,
    [],
  );
  const profile = ready ?? (await signedInProfile(baseUrl));
  try {
    await runAll(
      SIGNED_IN.map((p) => baseUrl + p),
      { ...settings, disableStorageReset: true },
      [`--user-data-dir=${profile}`],
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

const runFiles = () => (existsSync('.lighthouseci') ? readdirSync('.lighthouseci').filter((f) => /^lhr-.*\.json$/.test(f)) : []);

export interface Run {
  requestedUrl: string;
  finalDisplayedUrl: string;
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number }>;
}
export const runs = (): Run[] => runFiles().map((f) => JSON.parse(readFileSync(join('.lighthouseci', f), 'utf8')) as Run);

/** Every route has its runs, and each signed-in run ended where it began (not back at login). */
function runProblems(baseUrl: string): string[] {
  const all = runs();
  const problems: string[] = [];
  for (const p of [...PUBLIC, ...SIGNED_IN]) {
    const mine = all.filter((r) => r.requestedUrl === baseUrl + p);
    if (mine.length !== config.ci.collect.numberOfRuns) problems.push(`${p}: ${mine.length} runs`);
    if (SIGNED_IN.includes(p)) for (const r of mine) if (r.finalDisplayedUrl !== r.requestedUrl) problems.push(`${p} ended at ${r.finalDisplayedUrl}`);
  }
  return problems;
}

/**
 * With LIGHTHOUSE_AFTER_INPUT=1 (npm test), the server started and the signed-in profile made while
 * other tests still run, then 'lighthouse: ready' printed and the runs held until a line comes in:
 * nothing else runs while Lighthouse measures, and what it does not measure is done before.
 */
async function readyFirst(baseUrl: string): Promise<string | undefined> {
  if (process.env.LIGHTHOUSE_AFTER_INPUT !== '1') return undefined;
  const profile = await signedInProfile(baseUrl);
  console.log('lighthouse: ready');
  try {
    await new Promise((go, stop) => {
      process.stdin.once('data', go);
      // npm test ended without its turn (it failed or was stopped): no runs, the server stopped.
      process.stdin.once('end', () => stop(new Error("npm test ended before Lighthouse's turn")));
    });
  } catch (err) {
    rmSync(profile, { recursive: true, force: true });
    throw err;
  }
  process.stdin.pause();
  return profile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer();
  let failed = 0;
  let passed = 0;
  try {
    await collect(server.url, await readyFirst(server.url));
    await lhci(['assert', '--config=lighthouserc.json']);
    const results: Array<{ url: string; auditProperty?: string; auditId: string; level: string; passed: boolean }> = existsSync(
      '.lighthouseci/assertion-results.json',
    )
      ? JSON.parse(readFileSync('.lighthouseci/assertion-results.json', 'utf8'))
      : [];
    const failures = results.filter((r) => !r.passed && r.level === 'error');
    for (const f of failures) console.log(`FAIL ${f.url} ${f.auditId}${f.auditProperty ? `:${f.auditProperty}` : ''}`);
    const landed = runProblems(server.url);
    for (const w of landed) console.log(`FAIL ${w}`);
    const total =
      [...PUBLIC, ...SIGNED_IN].reduce(
        (n, p) => n + Object.keys(MATRIX.find((m) => new RegExp(m.matchingUrlPattern).test(server.url + p))?.assertions ?? {}).length,
        0,
      ) + SIGNED_IN.length;
    failed = failures.length + landed.length;
    passed = total - failed;
    await lhci(['upload', '--config=lighthouserc.json']);
  } catch (err) {
    console.error(err);
    failed = Math.max(failed, 1);
  } finally {
    await server.stop();
  }
  console.log(`lighthouse: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

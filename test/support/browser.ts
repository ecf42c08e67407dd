// The Chromium that end-to-end tests, Lighthouse, screenshots and benchmarks drive through
// playwright-core (nothing is downloaded). Two builds:
// - the headless shell inside the @sparticuz/chromium package (its version fixed by
//   package-lock.json), which every test, Lighthouse and the screenshots run in: it needs nothing
//   on the machine, and it costs half the CPU of a full Chromium run headless (measured on
//   records.test.ts: 20 s of the browser's CPU instead of 64 s; docs/decisions.md, The test run);
// - a full Chromium for what only a phone's Chrome does and the shell lacks (notifications,
//   installation; test/support/e2e.ts): Debian's chromium where it is installed (CI installs it).
// CHROMIUM_PATH, if set, is taken for both. Each resolved once per process.
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page, type Worker } from 'playwright-core';
import { apiToken } from './server.ts';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for every launch, whichever build: no sandbox (tests run as root), nothing phoning home. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface ChromiumBuild {
  path: string;
  /** The headless shell of @sparticuz/chromium (see test/support/e2e.ts for what it lacks); a
   * CHROMIUM_PATH is taken for a full Chromium. */
  bundled: boolean;
}

/** Executable and actually starting: an empty or half-unpacked file can still carry an x bit. */
async function starts(path: string): Promise<boolean> {
  try {
    accessSync(path, constants.X_OK);
    await promisify(execFile)(path, ['--version'], { timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

async function bundled(): Promise<string> {
  // Not its own `args`, which are made for AWS Lambda: with them (--single-process among others)
  // the end-to-end run stalled in its second test, and --disable-web-security has no place under
  // the security tests; CHROMIUM_ARGS work. It unpacks itself to $TMPDIR/chromium once and then
  // trusts any file there, so a copy cut short by a killed run is removed and unpacked again.
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const path = await sparticuz.executablePath();
  if (await starts(path)) return path;
  rmSync(path, { force: true });
  const again = await sparticuz.executablePath();
  if (await starts(again)) return again;
  throw new Error(`the Chromium of @sparticuz/chromium at ${again} does not start`);
}

async function resolve(): Promise<ChromiumBuild> {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted) {
    if (await starts(wanted)) return { path: wanted, bundled: false };
    throw new Error(`CHROMIUM_PATH=${wanted} does not start`);
  }
  if (await starts(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, bundled: false };
  return { path: await bundled(), bundled: true };
}

let build: Promise<ChromiumBuild> | undefined;
export function chromiumBuild(): Promise<ChromiumBuild> {
  build ??= resolve();
  return build;
}

async function fullChromiumPath(): Promise<string> {
  return (await chromiumBuild()).path;
}

let shell: Promise<string> | undefined;
/**
 * The browser the tests run in and Lighthouse measures in: CHROMIUM_PATH if set, else the headless
 * shell of @sparticuz/chromium, whose version package-lock.json fixes. Not Debian's chromium, whose
 * version moves under the scores with each update of the package (docs/decisions.md, Lighthouse's
 * browser).
 */
export function lighthouseChromium(): Promise<string> {
  shell ??= process.env.CHROMIUM_PATH ? fullChromiumPath() : bundled();
  return shell;
}

/**
 * A phone's browser, without the app's service worker: it precaches the whole app (275 KB of
 * scripts, each compiled for the cache) and serves navigations, nothing a screen's behaviour
 * depends on, and installing it in every test's new context took a fifth of the end-to-end
 * suite's CPU (docs/performance.md, The test run's time). The tests of what it does (offline, the
 * update, push, installation, the session kept, Lighthouse's returning patient) open INSTALLED.
 */
export const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'id-ID',
  timezoneId: 'Asia/Jakarta',
  serviceWorkers: 'block' as 'block' | 'allow',
};

/** A phone's browser with the app's service worker, as every patient's is. */
export const INSTALLED = { ...PHONE, serviceWorkers: 'allow' as const };

type Build = 'shell' | 'full';
const pathOf = (build: Build) => (build === 'shell' ? lighthouseChromium() : fullChromiumPath());
const launchNew = async (build: Build): Promise<Browser> => chromium.launch({ executablePath: await pathOf(build), args: CHROMIUM_ARGS, headless: true });

const shared = new Map<Build, { browser: Promise<Browser>; close: () => Promise<void> }>();

/**
 * A headless Chromium: the headless shell, or with `full` a full Chromium (for the tests that
 * need one: needsFullChromium in test/support/e2e.ts). Under the test runner that gives one
 * process several files (test/support/runner.ts sets TEST_ONE_BROWSER), the process's one browser
 * of that build: its close() then closes what the file opened in it (every context, with their
 * pages, storage and service workers), as closing a browser of its own would, and the runner
 * closes the browsers themselves at the end (closeSharedBrowser). A launch costs 1-2 s on two
 * busy cores.
 */
export async function launch(build: Build = 'shell'): Promise<Browser> {
  if (process.env.TEST_ONE_BROWSER !== '1') return launchNew(build);
  let one = shared.get(build);
  if (!one) {
    const browser = launchNew(build);
    let realClose: (() => Promise<void>) | undefined;
    one = {
      browser: browser.then((b) => {
        realClose = b.close.bind(b);
        b.close = async () => {
          await Promise.all(b.contexts().map((c) => c.close()));
        };
        return b;
      }),
      close: async () => {
        await browser.catch(() => undefined);
        await realClose?.();
      },
    };
    shared.set(build, one);
  }
  return one.browser;
}

/** Closes the runner's browsers (launch), those it launched. */
export async function closeSharedBrowser(): Promise<void> {
  const all = [...shared.values()];
  shared.clear();
  await Promise.all(all.map((s) => s.close()));
}

/**
 * A persistent profile: the only kind in which Chromium offers installation, so a full Chromium
 * unless `executablePath` names another build (Lighthouse's profile is made in Lighthouse's browser).
 */
export async function launchPersistent(dir = mkdtempSync(join(tmpdir(), 'pasien-profile-')), executablePath?: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: executablePath ?? (await fullChromiumPath()),
    args: CHROMIUM_ARGS,
    headless: true,
    ...INSTALLED,
  });
}

/** The four local storage keys a real login writes (docs/product.md §3), in the order it writes them. */
const sessionKeys = (who: { nomr: string; tgl_lahir: string }, token: string) => [
  { name: 'statuslogin', value: '1' },
  { name: 'nomormr', value: who.nomr },
  { name: 'tgllahir', value: who.tgl_lahir },
  { name: 'token', value: token },
];

/** The four local storage keys a real login writes (docs/product.md §3), on the page's origin. */
export async function storeSession(p: Page, who: { nomr: string; tgl_lahir: string }, token: string): Promise<void> {
  await p.evaluate(
    (items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    },
    sessionKeys(who, token),
  );
}

/**
 * A context whose origin `baseUrl` already holds the four keys of `who`'s login (and `more`), as a
 * phone that logged in before holds them: the browser's stored state, written before any page
 * opens (no page of the app is loaded to write them, a load's CPU saved a test). Its first page
 * is on no origin until it goes to one.
 */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  who: { nomr: string; tgl_lahir: string },
  options: BrowserContextOptions = PHONE,
  more: Record<string, string> = {},
): Promise<BrowserContext> {
  const token = await apiToken(baseUrl, who);
  const stored = [...sessionKeys(who, token), ...Object.entries(more).map(([name, value]) => ({ name, value }))];
  return browser.newContext({ ...options, storageState: { cookies: [], origins: [{ origin: new URL(baseUrl).origin, localStorage: stored }] } });
}

/** A phone-sized page signed in as `who` (the four local storage keys of a real login), not yet on a page. */
export async function signedInPage(browser: Browser, baseUrl: string, who: { nomr: string; tgl_lahir: string }, phone = PHONE): Promise<Page> {
  return (await signedInContext(browser, baseUrl, who, phone)).newPage();
}

/**
 * Chromium's virtual platform authenticator on the page's CDP session, as a phone's fingerprint
 * sensor (discoverable keys, the user verified, presence given); its id.
 */
export async function fingerprintSensor(cdp: CDPSession): Promise<string> {
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

/**
 * The app's service worker on the page's origin, active, and its registration id for a CDP
 * session on the page (ServiceWorker.deliverPushMessage: the hop a push service makes).
 */
export async function serviceWorkerOf(page: Page, origin: string): Promise<{ sw: Worker; cdp: CDPSession; registrationId: string }> {
  const ctx = page.context();
  await withServiceWorker(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await ctx.newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  const sw = ctx.serviceWorkers()[0] ?? (await ctx.waitForEvent('serviceworker'));
  return { sw, cdp, registrationId };
}

/**
 * Leaves the app for about:blank, and returns once its service worker no longer sees a window of
 * the app in front: only then does a push show a system notification (src/sw.ts deliver() hands it
 * to a window in front instead). The page's navigation is done before the worker hears of it, and
 * on a busy machine a push delivered at once could still find the app's window there.
 */
export async function leaveApp(page: Page, sw: Worker): Promise<void> {
  await page.goto('about:blank');
  const inFront = () =>
    sw.evaluate(async () => {
      const scope = self as unknown as {
        clients: { matchAll(o: object): Promise<Array<{ visibilityState: string }>> };
      };
      const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      return windows.some((w) => w.visibilityState === 'visible');
    });
  for (const end = Date.now() + 15_000; await inFront(); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > end) throw new Error("the app's service worker still sees its window in front 15 s after it was left");
  }
}

/** Fills the login form: the number, and the birth date as day, month and the typed year. */
export async function fillLogin(p: Page, nomr: string, iso: string): Promise<void> {
  const [y, m, d] = iso.split('-');
  await p.getByLabel('Nomor MR').fill(nomr);
  await p.getByLabel('Tanggal', { exact: true }).selectOption(d);
  await p.getByLabel('Bulan').selectOption(m);
  await p.getByLabel('Tahun').fill(y);
}

/** Requests that stay open by design (home's live queue stream): never waited for. */
const LONG_LIVED = /\/live(\?|$)/;
const inFlight = new WeakMap<Page, Set<unknown>>();
/** When a request of the page last ended. */
const lastEnded = new WeakMap<Page, number>();

/** The requests of `page` in flight, followed from the first call on (call it before what sends them). */
export function tracked(page: Page): Set<unknown> {
  let open = inFlight.get(page);
  if (!open) {
    const set = new Set<unknown>();
    open = set;
    inFlight.set(page, set);
    page.on('request', (r) => !LONG_LIVED.test(r.url()) && set.add(r));
    const ended = (r: unknown) => {
      set.delete(r);
      lastEnded.set(page, Date.now());
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  }
  return open;
}

/**
 * Waits until no request has been in flight for half a second since the call, leaving out the
 * streams that stay open while a screen is shown (Playwright's 'networkidle' would wait for them
 * for ever). The half second counts from the last request's end as the browser reported it, so a
 * request begun and ended between two looks counts too, and the wait ends within 25 ms of it.
 */
export async function quiet(page: Page, timeout = 30_000): Promise<void> {
  const open = tracked(page);
  const start = Date.now();
  const end = start + timeout;
  while (Date.now() < end) {
    if (!open.size && Date.now() - Math.max(start, lastEnded.get(page) ?? 0) >= 500) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`requests still in flight after ${timeout} ms`);
}

/** page.goto, then quiet: the screen's calls have been answered. */
export async function gotoQuiet(page: Page, url: string): Promise<Awaited<ReturnType<Page['goto']>>> {
  tracked(page);
  const res = await page.goto(url, { waitUntil: 'load' });
  await quiet(page);
  return res;
}

/** page.reload, then quiet. */
export async function reloadQuiet(page: Page): Promise<void> {
  tracked(page);
  await page.reload({ waitUntil: 'load' });
  await quiet(page);
}

const emulations = new WeakMap<Page, CDPSession>();

/**
 * Says to a page loaded under the context's offline emulation that it is offline, as a phone's
 * system does; call it after each navigation made offline. Chromium 150 (Debian's) reports
 * navigator.onLine true for a document loaded while Playwright's emulation is offline, though its
 * requests fail (measured); sending the emulation again for the page sets navigator.onLine false
 * and fires 'offline'. The session stays attached: detaching ends its emulation (measured).
 */
export async function offlineAgain(page: Page): Promise<void> {
  let cdp = emulations.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    emulations.set(page, cdp);
  }
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

/** Ends the offline emulation of the context and any offlineAgain sent to the page. */
export async function onlineAgain(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await emulations.get(page)?.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

/**
 * Waits for the app's service worker to be ready; a page opened without it (PHONE) fails at once
 * instead of waiting for ever (`ready` never settles where registration is blocked).
 */
export async function withServiceWorker(page: Page): Promise<void> {
  // Playwright blocks a context's service workers by replacing register() with one that says so.
  const blocked = await page.evaluate(() => String(ServiceWorkerContainer.prototype.register).includes('blocked by Playwright'));
  if (blocked) throw new Error('this page was opened without the service worker: open its context with INSTALLED');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

// The app as a patient's phone meets it: bytes per route from dist/, Lighthouse's metrics for
// the four audited routes (median of 3), and the time from tapping 'Login' to the three home
// cards filled, in Chromium throttled as Lighthouse's mobile default (slow 4G, 4× CPU).
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { INSTALLED, fillLogin, launch } from '../../test/support/browser.ts';
import { startServer } from '../../test/support/server.ts';
import { PUBLIC, SIGNED_IN, collect, runs } from '../lhci.ts';
import { allCss, loginFirstBytes, measureRoutes, precache, type RouteSize } from '../size.ts';

export interface LighthouseRow {
  path: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

export interface WebResult {
  routes: RouteSize[];
  cssGzip: number;
  precacheBytes: number;
  precacheFiles: number;
  loginFirstBytes: number;
  lighthouse: LighthouseRow[];
  /** Tapping 'Login' to the three cards filled, each run, in ms. */
  loginToHome: number[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Lighthouse's devtools equivalents of its simulated mobile slow 4G and 4× CPU slowdown. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

async function loginToHome(baseUrl: string, times: number): Promise<number[]> {
  const browser = await launch();
  const out: number[] = [];
  try {
    for (let i = 0; i < times; i++) {
      const ctx = await browser.newContext(INSTALLED); // a first visit installs the app's worker, on the same slow line
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Tutup' }).click(); // the notification dialog of a first visit
      await fillLogin(page, DEMO_A.nomr, DEMO_A.tgl_lahir);
      const started = Date.now();
      await page.getByRole('button', { name: 'Login', exact: true }).click(); // not the blocked-notifications notice
      await page.waitForURL('**/home', { timeout: 60_000 });
      for (const card of ['Jadwal Perjanjian Aktif', 'Antrian Poli', 'Antrian Obat Farmasi']) {
        await page.getByRole('region', { name: card }).locator('summary').first().waitFor({ timeout: 60_000 });
      }
      out.push(Date.now() - started);
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

export async function benchWeb({ log = console.log }: { log?: (s: string) => void } = {}): Promise<WebResult> {
  const css = allCss();
  const pc = precache();
  const server = await startServer();
  try {
    log('web: Lighthouse, 4 routes × 3 runs');
    await collect(server.url);
    const lighthouse = [...PUBLIC, ...SIGNED_IN].map((path) => {
      const mine = runs().filter((r) => r.requestedUrl === server.url + path);
      const metric = (id: string) => median(mine.map((r) => r.audits[id].numericValue ?? 0));
      return {
        path,
        score: median(mine.map((r) => r.categories.performance.score)),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
      };
    });
    log('web: login to home, 5 runs');
    return {
      routes: measureRoutes(),
      cssGzip: css.gzip,
      precacheBytes: pc.bytes,
      precacheFiles: pc.urls.length,
      loginFirstBytes: loginFirstBytes(),
      lighthouse,
      loginToHome: await loginToHome(server.url, 5),
    };
  } finally {
    await server.stop();
  }
}

export { median };

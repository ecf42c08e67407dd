// The embedded default under a hospital's load: the realistic mix at a constant arrival rate
// (open-loop.ts) against one server process on PGlite with the demo data, as `npm start` runs it
// without DATABASE_URL. Answers the highest rate held with p99 under 100 ms and nothing failed.
//
//   tsx scripts/bench/pglite.ts [--seconds 10] [--rates 500,1000,1250,1500,1750,2000] [--cpu-prof DIR]
//
// `npm run bench` runs it and writes its section of docs/performance.md; alone it prints that section.
//
// --cpu-prof DIR: the server process writes a V8 CPU profile there when it stops (open it in
// Chrome's DevTools, Performance tab, or speedscope).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/open-database.ts';
import { COHORT } from '../../server/connector/local/demo/seed.ts';
import { startServer } from '../../test/support/server.ts';
import { mixFixtures, prebook } from './mix.ts';
import { BENCH_BOOKINGS, capacity, openLoop, type OpenLoopResult } from './open-loop.ts';
import { realisticMix, type MixSetup } from './realistic-mix.ts';

export interface PgliteLoadOptions {
  /** Rates tried in order (req/s), each for `seconds`, until one does not hold twice running. */
  rates?: number[];
  seconds?: number;
  p99Limit?: number;
  /** Where the server process writes its CPU profile when it stops; none when absent. */
  cpuProfDir?: string;
  log?: (s: string) => void;
}

export interface PgliteLoadResult {
  /** The highest rate held with p99 under `p99Limit` ms and nothing failed (0: none). */
  held: number;
  p99Limit: number;
  seconds: number;
  /** Signed-in patients of the mix (the demo data's cohort). */
  patients: number;
  /** The last run at each rate tried. */
  runs: OpenLoopResult[];
}

/**
 * Seeds a PGlite data directory with the demo data and the mix's fixtures (the cohort signed in,
 * each in today's clinic queue, clinic 20001's next four weeks with seats to spare), then starts
 * the server on it and finds the highest rate of the mix it holds. PGlite belongs to one process
 * at a time: the fixtures are written before the server opens the directory.
 */
export async function benchPgliteLoad({
  rates = [500, 1000, 1250, 1500, 1750, 2000],
  seconds = 10,
  p99Limit = 100,
  cpuProfDir,
  log = console.log,
}: PgliteLoadOptions = {}): Promise<PgliteLoadResult> {
  const config = loadConfig({});
  const dataDir = mkdtempSync(join(tmpdir(), 'pasien-pglite-load-'));
  try {
    log("PGlite load: demo data, and the mix's patients, queues and seats");
    const db = await openDatabase({ databaseUrl: null, dataDir, seedDemo: true });
    let setup: Omit<MixSetup, 'booked'>;
    try {
      setup = await mixFixtures(db, String(COHORT.first), COHORT.size, config);
    } finally {
      await db.close();
    }
    const env: Record<string, string> = { ...BENCH_BOOKINGS, DIST_DIR: '/nonexistent', PUSH_WORKER: 'false', LOG_LEVEL: 'warn' };
    const nodeArgs = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(cpuProfDir)}`] : [];
    const server = await startServer(env, { dataDir, nodeArgs, compiled: true });
    try {
      const mix: MixSetup = { ...setup, booked: await prebook(server.url, setup.people.slice(0, 50), setup.slots) };
      const run = (rate: number, s: number) => openLoop({ url: server.url, rate, seconds: s, ...realisticMix(mix) });
      log('PGlite load: warming up (5 s)');
      await run(Math.min(250, rates[0] ?? 250), 5);
      log(`PGlite load: the highest rate of the mix with p99 under ${p99Limit} ms`);
      const found = await capacity((rate) => run(rate, seconds), rates, p99Limit, log);
      return { ...found, p99Limit, seconds, patients: setup.people.length };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- The report --------------------------------------------------------------------------------

const ms = (n: number) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`);

export function pgliteSection(r: PgliteLoadResult): string {
  const rows = r.runs
    .map(
      (x) => `| ${x.rate.toLocaleString('en')} req/s | ${ms(x.latency.p50)} | ${ms(x.latency.p99)} | ${ms(x.latency.max)} | ${x.non2xx} | ${ms(x.lateP99)} |`,
    )
    .join('\n');
  const met = r.held >= 1000;
  return `## The embedded default (PGlite) at a constant arrival rate

One server process on PGlite with the demo data, as \`npm start\` runs it without \`DATABASE_URL\`
(\`scripts/bench/pglite.ts\`): the realistic mix of the section above at a constant rate, ${r.patients} patients of the
demo cohort signed in and each in today's clinic queue, ${r.seconds} s a rate, rates tried upward
until one is not held twice running. PGlite runs one statement at a time on the server's own thread;
statements used more than once are prepared once (docs/decisions.md).

| goal | measured | met |
|---|---|---|
| at least 1,000 req/s with p99 under ${r.p99Limit} ms | ${r.held.toLocaleString('en')} req/s held | ${met ? 'yes' : '**no**'} |

| rate | p50 | p99 | max | not 2xx | generator late |
|---|---:|---:|---:|---:|---:|
${rows}
`;
}

// ---- Alone -------------------------------------------------------------------------------------

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      rates: { type: 'string', default: '500,1000,1250,1500,1750,2000' },
      'cpu-prof': { type: 'string' },
    },
  });
  const r = await benchPgliteLoad({ seconds: Number(values.seconds), rates: values.rates.split(',').map(Number), cpuProfDir: values['cpu-prof'] });
  console.log(`\n${pgliteSection(r)}`);
  for (const x of r.runs) {
    const calls = Object.entries(x.perCall)
      .map(([name, l]) => `${name} ${l.p99}`)
      .join(', ');
    console.log(`  ${x.rate} req/s, p99 by call (ms): ${calls}`);
  }
}

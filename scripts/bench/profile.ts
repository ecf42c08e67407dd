// Where one server process spends its time under the realistic mix at a constant rate: the server
// runs with V8's sampling profiler (`--cpu-prof`), the mix (realistic-mix.ts) is sent at the rate,
// and the profile is summed by where each sample's function lives (our files, each package, Node's
// own modules, the garbage collector, idle). For the report of a goal not met (docs/performance.md):
//
//   tsx scripts/bench/profile.ts --database-url URL [--rate 1500] [--seconds 20] [--keep DIR]
//
// URL: a PostgreSQL seeded at the large size (`server/connector/local/demo/seed-cli.ts --patients 100000`). --keep: leave the .cpuprofile there (Chrome's DevTools or
// speedscope draw it as a flame graph).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config.ts';
import { openPostgres } from '../../server/db/client.ts';
import { startServer } from '../../test/support/server.ts';
import { mixSetup } from './mix.ts';
import { BENCH_BOOKINGS, openLoop, type OpenLoopResult } from './open-loop.ts';
import { realisticMix, type MixSetup } from './realistic-mix.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  /** Sampled time (ms). */
  totalMs: number;
  /** Self time by where the function lives, largest first: [place, ms]. */
  byPlace: Array<[string, number]>;
  /** Self time by function, largest first: [function (place:line), ms]. */
  byFunction: Array<[string, number]>;
  /** Time under (inclusive) a few of our own steps: [function, ms]. */
  inclusive: Array<[string, number]>;
  /** Self time in the project's own files (server/, common/). */
  oursMs: number;
}

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Where a function lives: our file, a package, a Node module, or V8's own entries. */
export function placeOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`;
  if (url.startsWith('node:')) {
    // node:internal/streams/readable → node: internal/streams; node:events → node: events
    const parts = url.slice(5).split('/');
    return `node: ${parts[0] === 'internal' ? parts.slice(0, 2).join('/') : parts.join('/')}`;
  }
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1];
  // The compiled server (dist-server/) is our code as much as its sources.
  return relative(ROOT, path).replace(/^dist-server\//, '');
}

/**
 * Sums a V8 CPU profile's self time by place and function, and inclusive time for `steps`; with
 * `window`, only the samples taken that long after the profile began (µs), to leave out the start.
 */
export function summarise(profile: CpuProfile, steps: string[] = [], window?: { fromUs: number; toUs: number }): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  let totalUs = 0;
  let at = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    self.set(id, (self.get(id) ?? 0) + dt);
    totalUs += dt;
  });
  const place = new Map<string, number>();
  const fn = new Map<string, number>();
  const inclusive = new Map<string, number>(steps.map((s) => [s, 0]));
  for (const [id, us] of self) {
    const node = byId.get(id) as ProfileNode;
    const where = placeOf(node.callFrame);
    place.set(where, (place.get(where) ?? 0) + us);
    const name = `${node.callFrame.functionName || 'anonymous'} (${where}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''})`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    // Each step counted once per sample, however deep its recursion.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = (byId.get(at) as ProfileNode).callFrame.functionName;
      if (inclusive.has(f) && !seen.has(f)) {
        seen.add(f);
        inclusive.set(f, (inclusive.get(f) ?? 0) + us);
      }
    }
  }
  const sorted = (m: Map<string, number>) => [...m].map(([k, us]) => [k, us / 1000] as [string, number]).sort((a, b) => b[1] - a[1]);
  const byPlace = sorted(place);
  const oursMs = byPlace.filter(([k]) => /^(server|common)\//.test(k)).reduce((a, [, v]) => a + v, 0);
  return { totalMs: totalUs / 1000, byPlace, byFunction: sorted(fn), inclusive: sorted(inclusive), oursMs };
}

export interface ProfiledRun {
  run: OpenLoopResult;
  summary: ProfileSummary;
  /** The .cpuprofile, when kept. */
  file?: string;
}

/** Our steps whose inclusive time the summary reports. */
const STEPS = ['resolveSession', 'audit', 'serialize', 'onSend', 'query'];

export async function profiledRun(o: { databaseUrl: string; rate: number; seconds: number; keep?: string; setup?: MixSetup }): Promise<ProfiledRun> {
  const dir = o.keep ? resolve(o.keep) : mkdtempSync(join(tmpdir(), 'pasien-prof-'));
  mkdirSync(dir, { recursive: true });
  const before = new Set(readdirSync(dir));
  // The profile begins with the process: the measured run's window is found from these clocks.
  const spawned = performance.now();
  let window = { fromUs: 0, toUs: Number.POSITIVE_INFINITY };
  const server = await startServer(
    { ...BENCH_BOOKINGS, DATABASE_URL: o.databaseUrl, DIST_DIR: '/nonexistent', PUSH_WORKER: 'false', LOG_LEVEL: 'warn' },
    { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`], compiled: true },
  );
  let run: OpenLoopResult;
  try {
    let setup = o.setup;
    if (!setup) {
      const db = await openPostgres(o.databaseUrl, 4);
      try {
        setup = await mixSetup(db, server.url, loadConfig({}));
      } finally {
        await db.close();
      }
    }
    const mix = setup;
    await openLoop({ url: server.url, rate: Math.min(500, o.rate), seconds: 5, ...realisticMix(mix) });
    const from = performance.now();
    run = await openLoop({ url: server.url, rate: o.rate, seconds: o.seconds, ...realisticMix(mix) });
    window = { fromUs: (from - spawned) * 1000, toUs: (performance.now() - spawned) * 1000 };
  } finally {
    await server.stop('SIGTERM');
  }
  const written = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile') && !before.has(f));
  // The server's own profile is the largest (tsx's loader thread writes a small one too).
  const file = written.map((f) => join(dir, f)).sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!file) throw new Error('the server wrote no profile');
  const summary = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, STEPS, window);
  if (!o.keep) rmSync(dir, { recursive: true, force: true });
  return { run, summary, file: o.keep ? file : undefined };
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

export function profileTable(p: ProfiledRun, rows = 12): string {
  const { summary: s } = p;
  const line = ([k, ms]: [string, number]) => `| ${k.replace(/\|/g, '\\|')} | ${Math.round(ms)} ms | ${pct(ms, s.totalMs)} |`;
  return `| where (self time) | time | share |
|---|---:|---:|
${s.byPlace.slice(0, rows).map(line).join('\n')}

| function (self time) | time | share |
|---|---:|---:|
${s.byFunction.slice(0, rows).map(line).join('\n')}

| our step (with what it calls) | time | share |
|---|---:|---:|
${s.inclusive.map(line).join('\n')}
`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      rate: { type: 'string', default: '1500' },
      seconds: { type: 'string', default: '20' },
      keep: { type: 'string' },
      rows: { type: 'string', default: '25' },
    },
  });
  if (!values['database-url']) throw new Error('--database-url: a PostgreSQL seeded at the large size');
  const p = await profiledRun({ databaseUrl: values['database-url'], rate: Number(values.rate), seconds: Number(values.seconds), keep: values.keep });
  const r = p.run;
  console.log(`${r.rate} req/s for ${r.seconds} s: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, failed ${r.failed}, late p99 ${r.lateP99} ms`);
  console.log(`sampled ${Math.round(p.summary.totalMs)} ms of the run${p.file ? ` (${p.file}: the whole process)` : ''}\n`);
  console.log(profileTable(p, Number(values.rows)));
}

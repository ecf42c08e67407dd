// Starts the real server (server/server.ts, from its sources, or compiled) as a child process on
// free ports (the public one and the internal one) with a fresh data dir, against the built dist/.
// Used by the end-to-end tests, Lighthouse, screenshots and benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { todayWib } from '../../common/dates.ts';
import { seededPgDatabase } from './db.ts';
import { enoughOfTheDay } from './day.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** node:http rather than fetch: a test may have replaced the global fetch with a DOM's. */
function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    get(url, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    }).on('error', () => resolve(false));
  });
}

/** The server as `npm run serve` runs it (`npm run build:server`). */
const COMPILED = 'dist-server/server/server.js';

/**
 * node's arguments for one of the server's scripts (the CLIs): compiled from dist-server/ under
 * `npm test` (TEST_SERVER=compiled), as `npm run seed` and the others run them, else the source
 * through tsx.
 */
export function serverScript(source: string): string[] {
  return process.env.TEST_SERVER === 'compiled' ? [join('dist-server', source.replace(/\.ts$/, '.js'))] : ['--import', 'tsx', source];
}

let seeded: { day: string; dir: Promise<string> } | undefined;

/**
 * A data dir holding the migrated, seeded demo database, made once per process and WIB day, or once
 * for the whole test run where scripts/test-all.ts has made it (TEST_SEEDED_DIR=<day>=<dir>) (the
 * seed's dates and today's session are placed around the moment of seeding, so a worker of the
 * end-to-end suite that goes on past midnight seeds again) and removed when the process ends. A
 * server started on a copy of it finds the demo there and seeds nothing: 4-6 s less per start on
 * two busy cores (docs/performance.md, The test run: before and after).
 */
export function seededDataDir(): Promise<string> {
  const day = todayWib();
  if (seeded?.day === day) return seeded.dir;
  // One made by `npm test` for all its processes (scripts/test-all.ts), while it is of today.
  const [sharedDay, sharedDir] = (process.env.TEST_SEEDED_DIR ?? '').split('=');
  if (sharedDay === day && sharedDir && existsSync(join(sharedDir, 'pglite'))) return Promise.resolve(sharedDir);
  const before = seeded?.dir;
  const dir = (async () => {
    await before?.then((old) => rmSync(old, { recursive: true, force: true })).catch(() => undefined);
    const made = mkdtempSync(join(tmpdir(), 'pasien-seeded-'));
    process.on('exit', () => rmSync(made, { recursive: true, force: true }));
    const { openDatabase } = await import('../../server/open-database.ts');
    const db = await openDatabase({ databaseUrl: null, dataDir: made, seedDemo: true });
    await db.close();
    return made;
  })();
  seeded = { day, dir };
  return dir;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The listener of the hospital systems' calls (/api/internal/*). */
  internalUrl: string;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * `compiled`: run dist-server/ with plain node, as `npm run serve` does (build it first with
 * `npm run build:server`); the benchmarks measure that, and so does `npm test` (TEST_SERVER=compiled).
 * Otherwise the sources through tsx. On PGlite, with the demo wanted and no database yet in the data
 * dir, the server starts on a copy of the seeded data dir (seededDataDir).
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string; nodeArgs?: string[]; compiled?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  let internalPort = await freePort();
  while (internalPort === port) internalPort = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'pasien-data-'));
  const demo = (env.SEED_DEMO ?? 'true') === 'true';
  const fresh = !existsSync(join(dataDir, 'pglite'));
  if (demo && fresh) await enoughOfTheDay();
  // TEST_SERVERS_PG (npm test sets it for the end-to-end suite: its cluster's admin URL): a server
  // with the demo and no database of its own given starts on a copy of a seeded PostgreSQL
  // database, not on PGlite (docs/decisions.md, The test run).
  const pgAdmin = process.env.TEST_SERVERS_PG;
  if (pgAdmin && demo && fresh && !opts.dataDir && !(env.DATABASE_URL ?? process.env.DATABASE_URL)) {
    env = { ...env, DATABASE_URL: await seededPgDatabase(pgAdmin) };
  }
  // A data dir with no database yet (a new one, or one a test made empty) gets the seeded copy.
  const onPglite = !(env.DATABASE_URL ?? process.env.DATABASE_URL);
  if (onPglite && demo && fresh) {
    cpSync(await seededDataDir(), dataDir, { recursive: true });
  }
  const compiled = opts.compiled ?? process.env.TEST_SERVER === 'compiled';
  // The demo data on PostgreSQL too (SEED_DEMO is off there by default): the tests log in with it.
  // The tests book as demo patient A, who holds two upcoming appointments from the seed, several
  // times a file: the limit of active appointments (MAX_ACTIVE_APPOINTMENTS, default 3) is raised
  // unless a test sets it. Its own tests are the server's (test/server/booking.test.ts).
  const base = {
    MAX_ACTIVE_APPOINTMENTS: '20',
    PORT: String(port),
    HOST: '127.0.0.1',
    INTERNAL_PORT: String(internalPort),
    INTERNAL_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  };
  if (compiled && !existsSync(COMPILED)) throw new Error(`${COMPILED} is missing: npm run build:server first`);
  const entry = compiled ? [COMPILED] : ['--import', 'tsx', 'server/server.ts'];
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entry], {
    env: { ...process.env, ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${out}`);
    if (await healthy(`${url}/api/health`)) break;
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not start in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    internalUrl: `http://127.0.0.1:${internalPort}`,
    dataDir,
    proc,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null) proc.kill(signal);
      const code = await exited;
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** A token for a patient from the real login call. */
export async function apiToken(baseUrl: string, who: { nomr: string; tgl_lahir: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/proxy-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ medical_record_number: who.nomr, birthdate: who.tgl_lahir, fcmtoken: '' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { token: { access_token: string } }).token.access_token;
}

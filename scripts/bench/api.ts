// The API under load: autocannon on loopback against the real server process, on PGlite and on
// PostgreSQL (its default durability), at the demo size and with 100,000 generated patients and
// a million history rows. Throughput and p50/p99 latency per call and for a realistic mix;
// booking under contention; start time on an existing database; and the plan of every history
// query at the large size.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, nextOnWeekday, toQuotaDate, weekdayName } from '../../common/dates.ts';
import { openPglite, openPostgres, type Db } from '../../server/db/client.ts';
import { DEMO_A } from '../../server/connector/local/demo/seed.ts';
import { createPgDatabase } from '../../test/support/db.ts';
import { startCluster } from '../../test/support/pg-cluster.ts';
import { startServer, type RunningServer } from '../../test/support/server.ts';
import { type Load, loginAll, patients, run, today, weighted } from './api-calls.ts';
import { BENCH_BOOKINGS } from './open-loop.ts';
import { type Plan, plans } from './query-plans.ts';
import { bookingBody } from './realistic-mix.ts';

export interface Contention {
  requests: number;
  quota: number;
  booked: number;
  refused: number;
  failed: number;
  p50: number;
  p99: number;
}

export const LARGE_PATIENTS = 100_000;

export interface ApiRun {
  engine: 'PGlite' | 'PostgreSQL';
  size: 'demo' | 'large';
  startMs: number;
  loads: Load[];
  contention?: Contention;
  plans?: Plan[];
}

/** 500 patients at once for one session of D001: exactly its quota is booked. */
async function contention(server: RunningServer, size: ApiRun['size']): Promise<Contention> {
  const people = await loginAll(server.url, patients(size, 500, 2000));
  const date = nextOnWeekday(addDays(today, 84), 1);
  const slots = (await (
    await fetch(`${server.url}/api/patient/list/quota?kd_dr=D001&kd_dep=20001&tgl_janji=${encodeURIComponent(toQuotaDate(date))}&hari=${weekdayName(date)}`, {
      headers: { authorization: `Bearer ${people[0].token}` },
    })
  ).json()) as { data: Array<{ sts_jam: string; batas_quota: number }> };
  const quota = slots.data.find((s) => s.sts_jam === '1')!.batas_quota;
  const times: number[] = [];
  const answers = await Promise.all(
    people.map(async (p) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/patient/simpan/janji`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
        body: JSON.stringify(bookingBody(p, { tgl_janji: date, kd_dep: '20001', kd_dr: 'D001', sts_jam: '1' })),
      });
      const body = (await res.json()) as { status: boolean };
      times.push(performance.now() - started);
      return res.status >= 500 ? 'failed' : body.status ? 'booked' : 'refused';
    }),
  );
  times.sort((a, b) => a - b);
  const count = (k: string) => answers.filter((a) => a === k).length;
  return {
    requests: people.length,
    quota,
    booked: count('booked'),
    refused: count('refused'),
    failed: count('failed'),
    p50: times[Math.floor(times.length / 2)],
    p99: times[Math.floor(times.length * 0.99)],
  };
}

async function timedStart(env: Record<string, string>, dataDir?: string): Promise<[RunningServer, number]> {
  const started = performance.now();
  const server = await startServer({ ...BENCH_BOOKINGS, ...env }, dataDir ? { dataDir, compiled: true } : { compiled: true });
  return [server, performance.now() - started];
}

const seedLarge = (env: Record<string, string>) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'server/connector/local/demo/seed-cli.ts', '--patients', String(LARGE_PATIENTS)], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: 'inherit',
  });

async function measure(
  engine: ApiRun['engine'],
  size: ApiRun['size'],
  env: Record<string, string>,
  dataDir: string | undefined,
  planDb: () => Promise<Db>,
  seconds: number,
  log: (s: string) => void,
): Promise<ApiRun> {
  let found: Plan[] | undefined;
  // PGlite's directory belongs to one process at a time: read the plans before the server opens it.
  if (size === 'large' && engine === 'PGlite') {
    const db = await planDb();
    found = await plans(db);
    await db.close();
  }
  const [server, startMs] = await timedStart({ ...env, PUSH_WORKER: 'false', LOG_LEVEL: 'warn' }, dataDir);
  try {
    const people = await loginAll(server.url, [...patients(size, 99), DEMO_A]);
    // The logins, alone and in the mix, sign in patients of their own: thousands of logins of a
    // patient end that patient's older sessions (the cap on sessions per patient), and so would
    // end the tokens the other calls send (api-calls.ts, run).
    const logins = patients(size, 99, 100);
    const loads: Load[] = [];
    for (const name of ['login', 'profile', 'upcoming', 'clinicQueue', 'pharmacyQueue', 'quota', 'booking'] as const) {
      log(`  ${engine} ${size}: ${name}`);
      loads.push(await run(server.url, name, people, () => name, seconds, logins));
    }
    log(`  ${engine} ${size}: mix`);
    loads.push(await run(server.url, 'mix', people, weighted, seconds * 2, logins));
    const result: ApiRun = { engine, size, startMs, loads };
    if (size === 'large') {
      log(`  ${engine} ${size}: contention`);
      result.contention = await contention(server, size);
      if (engine === 'PostgreSQL') {
        const db = await planDb();
        found = await plans(db);
        await db.close();
      }
      result.plans = found;
    }
    return result;
  } finally {
    await server.stop();
  }
}

interface ApiOptions {
  seconds?: number;
  engines?: Array<ApiRun['engine']>;
  sizes?: Array<ApiRun['size']>;
  log?: (s: string) => void;
  /** Runs on the large PostgreSQL database after its measurements, before the cluster stops. */
  atLargePostgres?: (databaseUrl: string) => Promise<void>;
}

export async function benchApi({
  seconds = 10,
  engines = ['PGlite', 'PostgreSQL'],
  sizes = ['demo', 'large'],
  log = console.log,
  atLargePostgres,
}: ApiOptions = {}): Promise<ApiRun[]> {
  const out: ApiRun[] = [];
  const base = { DIST_DIR: '/nonexistent' };
  for (const size of engines.includes('PGlite') ? sizes : []) {
    const dir = mkdtempSync(join(tmpdir(), 'pasien-bench-'));
    try {
      if (size === 'large') {
        log(`PGlite: seeding ${LARGE_PATIENTS} patients`);
        seedLarge({ DATA_DIR: dir });
      }
      out.push(await measure('PGlite', size, base, dir, () => openPglite(join(dir)), seconds, log));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!engines.includes('PostgreSQL')) return out;
  const cluster = await startCluster({ durable: true });
  try {
    for (const size of sizes) {
      const url = await createPgDatabase(cluster.url);
      if (size === 'large') {
        log(`PostgreSQL: seeding ${LARGE_PATIENTS} patients`);
        seedLarge({ DATABASE_URL: url });
      }
      out.push(await measure('PostgreSQL', size, { ...base, DATABASE_URL: url }, undefined, () => openPostgres(url, 2), seconds, log));
      if (size === 'large') await atLargePostgres?.(url);
    }
  } finally {
    cluster.stop();
  }
  return out;
}

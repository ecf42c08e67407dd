// The API under load: autocannon on loopback against the real server process, on PGlite and on
// PostgreSQL (its default durability), at the demo size and with 100,000 generated patients and
// a million history rows. Throughput and p50/p99 latency per call and for a realistic mix;
// booking under contention; start time on an existing database; and the plan of every history
// query at the large size.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { addDays, nextOnWeekday, toQuotaDate, todayWib, weekdayName } from '../../common/dates.ts';
import { openPglite, openPostgres, type Db, type Queryable } from '../../server/db/client.ts';
import * as records from '../../server/db/records.ts';
import { clinicQueueRows } from '../../server/db/visit.ts';
import { COHORT, DEMO_A } from '../../server/db/seed.ts';
import { createPgDatabase } from '../../test/support/db.ts';
import { startCluster } from '../../test/support/pg-cluster.ts';
import { apiToken, startServer, type RunningServer } from '../../test/support/server.ts';
import { BENCH_BOOKINGS } from './open-loop.ts';

export interface Load {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Requests without an answer within autocannon's 10 s, and connection errors. */
  timeouts: number;
  errors: number;
}

export interface Contention {
  requests: number;
  quota: number;
  booked: number;
  refused: number;
  failed: number;
  p50: number;
  p99: number;
}

export interface Plan {
  query: string;
  indexed: boolean;
  plan: string;
}

export interface ApiRun {
  engine: 'PGlite' | 'PostgreSQL';
  size: 'demo' | 'large';
  startMs: number;
  loads: Load[];
  contention?: Contention;
  plans?: Plan[];
}

interface Patient {
  nomr: string;
  tgl_lahir: string;
  token?: string;
}

export const LARGE_PATIENTS = 100_000;
const SCALE_FIRST = 10000001; // server/db/seed-scale.ts
const CONNECTIONS = 100;
const today = todayWib();

/** The generated patients' birth dates (seed-scale.ts: 1940-01-01 plus n mod 25000 days). */
const scalePatient = (n: number): Patient => ({ nomr: String(n), tgl_lahir: addDays('1940-01-01', n % 25000) });

function patients(size: ApiRun['size'], count: number, offset = 0): Patient[] {
  if (size === 'demo')
    return Array.from({ length: count }, (_, i) => ({ nomr: String(COHORT.first + ((offset + i) % COHORT.size)), tgl_lahir: COHORT.tgl_lahir }));
  return Array.from({ length: count }, (_, i) => scalePatient(SCALE_FIRST + offset + i));
}

async function login(url: string, p: Patient): Promise<Patient> {
  return { ...p, token: await apiToken(url, p) };
}

async function loginAll(url: string, list: Patient[]): Promise<Patient[]> {
  const out: Patient[] = [];
  for (let i = 0; i < list.length; i += 50) out.push(...(await Promise.all(list.slice(i, i + 50).map((p) => login(url, p)))));
  return out;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  auth?: boolean;
}

const q = (p: Patient, birth = true) => `nomr=${p.nomr}${birth ? `&tgllahir=${p.tgl_lahir}` : ''}`;
// Mondays within the booking window (90 days): up to 76 days ahead; the contention's is later.
const bookingDate = (i: number) => nextOnWeekday(addDays(today, 7 * (1 + (i % 10))), 1);

/** One call of each kind, for a patient and a running count. */
export const CALLS: Record<string, (p: Patient, i: number) => Call> = {
  login: (p) => ({ method: 'POST', path: '/api/auth/proxy-login', body: { medical_record_number: p.nomr, birthdate: p.tgl_lahir, fcmtoken: '' }, auth: false }),
  profile: (p) => ({ method: 'GET', path: `/api/patient/profil/pasien?${q(p)}` }),
  upcoming: (p) => ({ method: 'GET', path: `/api/patient/jadwal/perjanjian/terdekat?${q(p)}` }),
  clinicQueue: (p) => ({ method: 'GET', path: `/api/patient/antrian/poli?${q(p)}` }),
  pharmacyQueue: (p) => ({ method: 'GET', path: `/api/patient/antrian/farmasi?${q(p)}` }),
  quota: (_p, i) => {
    const date = addDays(today, 1 + (i % 27));
    return { method: 'GET', path: `/api/patient/list/quota?kd_dr=&kd_dep=20001&tgl_janji=${encodeURIComponent(toQuotaDate(date))}&hari=${weekdayName(date)}` };
  },
  outpatient: (p) => ({ method: 'GET', path: `/api/patient/riwayat/konsul/poli/umum?${q(p)}` }),
  labs: (p) => ({ method: 'GET', path: `/api/patient/riwayat/penunjang?${q(p, false)}` }),
  booking: (p, i) => ({
    method: 'POST',
    path: '/api/patient/simpan/janji',
    body: {
      nomr: p.nomr,
      tgl_janji: bookingDate(i),
      sts_ue: 'U',
      tgl_lahir: p.tgl_lahir,
      kd_dep: '20001',
      kd_dr: 'D001',
      sts_jam: '1',
      carabayar: 'P',
      hp: '081234567890',
    },
  }),
};

/** A patient's session in the app: mostly the home calls, some booking screens and histories. */
const MIX: Array<[keyof typeof CALLS, number]> = [
  ['profile', 18],
  ['upcoming', 18],
  ['clinicQueue', 18],
  ['pharmacyQueue', 18],
  ['quota', 10],
  ['outpatient', 8],
  ['labs', 6],
  ['login', 2],
  ['booking', 2],
];

function run(url: string, name: string, people: Patient[], pick: (i: number) => keyof typeof CALLS, seconds: number): Promise<Load> {
  let i = 0;
  const setupRequest = (req: autocannon.Request): autocannon.Request => {
    const n = i++;
    const p = people[n % people.length];
    const call = CALLS[pick(n)](p, n);
    return {
      ...req,
      method: call.method,
      path: call.path,
      body: call.body ? JSON.stringify(call.body) : undefined,
      headers: { 'content-type': 'application/json', ...(call.auth === false ? {} : { authorization: `Bearer ${p.token}` }) },
    };
  };
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: [{ setupRequest }] }, (err, r) => {
      if (err) return reject(err);
      resolve({
        name,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        requests: r.requests.total,
        non2xx: r.non2xx,
        timeouts: r.timeouts,
        errors: r.errors - r.timeouts,
      });
    });
  });
}

const weighted = (() => {
  const bag = MIX.flatMap(([name, w]) => Array<keyof typeof CALLS>(w).fill(name));
  // A fixed shuffle, so every run sends the same sequence.
  let seed = 7;
  for (let k = bag.length - 1; k > 0; k--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (k + 1);
    [bag[k], bag[j]] = [bag[j], bag[k]];
  }
  return (i: number) => bag[i % bag.length];
})();

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
        body: JSON.stringify({
          nomr: p.nomr,
          tgl_janji: date,
          sts_ue: 'U',
          tgl_lahir: p.tgl_lahir,
          kd_dep: '20001',
          kd_dr: 'D001',
          sts_jam: '1',
          carabayar: 'P',
          hp: '081234567890',
        }),
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

/** The plan of every query behind the history and home calls, for one generated patient. */
async function plans(db: Db): Promise<Plan[]> {
  const seen: Array<{ sql: string; params: unknown[] }> = [];
  const recording: Queryable = {
    query: async (sql, params) => {
      seen.push({ sql, params: params ?? [] });
      return db.query(sql, params);
    },
  };
  const nomr = String(SCALE_FIRST + 4242);
  for (const read of [
    records.profile,
    records.outpatientVisits,
    records.currentInpatient,
    records.pastInpatient,
    records.cathHistory,
    records.surgeryHistory,
    records.labOrders,
    records.poliHistory,
    records.vascularReports,
    records.lastBpjsAppointment,
  ]) {
    await read(recording, nomr);
  }
  for (const read of [
    records.upcomingAppointments,
    records.onlineVisits,
    clinicQueueRows,
    records.pharmacyQueue,
    records.cathSchedule,
    records.surgerySchedule,
  ])
    await read(recording, nomr, today);
  const out: Plan[] = [];
  for (const { sql, params } of seen) {
    const rows = await db.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    // A sequential scan of a large table would read every patient's rows.
    const indexed = !/Seq Scan on (patients|visits|lab_orders|lab_results|procedures|inpatient_stays|vascular_reports|appointments|sessions)\b/.test(plan);
    out.push({ query: sql.replace(/\s+/g, ' ').trim(), indexed, plan });
  }
  return out;
}

async function timedStart(env: Record<string, string>, dataDir?: string): Promise<[RunningServer, number]> {
  const started = performance.now();
  const server = await startServer({ ...BENCH_BOOKINGS, ...env }, dataDir ? { dataDir, compiled: true } : { compiled: true });
  return [server, performance.now() - started];
}

const seedLarge = (env: Record<string, string>) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'server/db/seed-cli.ts', '--patients', String(LARGE_PATIENTS)], {
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
    const loads: Load[] = [];
    for (const name of ['login', 'profile', 'upcoming', 'clinicQueue', 'pharmacyQueue', 'quota', 'booking'] as const) {
      log(`  ${engine} ${size}: ${name}`);
      loads.push(await run(server.url, name, name === 'login' ? patients(size, 99) : people, () => name, seconds));
    }
    log(`  ${engine} ${size}: mix`);
    loads.push(await run(server.url, 'mix', people, weighted, seconds * 2));
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

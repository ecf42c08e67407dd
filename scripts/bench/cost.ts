// What one request costs, per call of the realistic mix and for the floor (floor.ts), in one run:
// the server process's CPU, PostgreSQL's CPU, statements and round trips to PostgreSQL, bytes and
// write system calls to the client's socket (how each is counted: wire.ts). Each call is sent on
// its own, `requests` times at a small fixed concurrency over kept-alive connections, after a
// warm-up; the writes are counted in a second, shorter pass under strace (which slows the process,
// so the CPU is read without it). Counts are exact and the same on any machine; the CPU is this
// machine's, and on a shared one noisy. `npm run bench` runs it on its large PostgreSQL; alone:
//
//   tsx scripts/bench/cost.ts [--database-url URL | --patients 100000] [--requests 500] [--traced 100]
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { loadConfig } from '../../server/config.ts';
import { openPostgres } from '../../server/db/client.ts';
import { startServer } from '../../test/support/server.ts';
import { API } from '../../common/paths.ts';
import { hashToken } from '../../server/db/sessions.ts';
import { patientsWithSessions } from './fixtures.ts';
import { startFloor } from './floor.ts';
import { onLargeDatabase } from './large-db.ts';
import { MIX_FIRST, mixFixtures, prebook } from './mix.ts';
import { BENCH_BOOKINGS, type Req } from './open-loop.ts';
import { MIX, realisticMix } from './realistic-mix.ts';
import { clientSocketFds, cpuNs, pgProxy, postgresCpu, straceInstalled, tracedWrites } from './wire.ts';

export interface CallCost {
  name: string;
  sent: number;
  /** Answers by status. */
  byStatus: Record<string, number>;
  /** CPU per request (µs): the server's process, PostgreSQL's processes. */
  serverUs: number;
  postgresUs: number;
  /** Per request, sent by the server to PostgreSQL. */
  statements: number;
  roundTrips: number;
  /** Per request, to the client's socket (null: strace not installed). */
  bytes: number | null;
  writes: number | null;
}

export interface CostResult {
  requests: number;
  traced: number;
  concurrency: number;
  calls: CallCost[];
  /** The calls weighted as the mix sends them (per 100: realistic-mix.ts). */
  mix: CallCost;
  /** The four home calls at once by a patient whose session this process does not hold, per request. */
  opened: CallCost;
  floor: CallCost;
}

/**
 * Requests of each call before its measured ones (the JIT, the connections), and of the first:
 * every patient's session read once. A read's own code and the path every call shares tier up in
 * V8 over a few thousand requests: after 100, a read's CPU per request was still falling for about
 * 20 s and read 585 µs where 5,000 first gave 330 (2026-11-29). A write's patients and seats are
 * the fixtures' few hundred, so a write warms with 100, after the reads have warmed the shared path.
 */
const WARM = 100;
const READ_WARM = 3000;
const FIRST_WARM = 1000;
/** The mix's reads (realistic-mix.ts): a patient's own records, repeatable without end. */
const READS = new Set(['profile', 'upcoming', 'clinicQueue', 'pharmacyQueue', 'quota', 'outpatient', 'labs']);
/** How long this process answers a session from memory before looking it up again. */
const SESSION_MINUTE_MS = 60_000;

/** The cost bench's own patients: past those of the mix, the rush and the hall of load.ts. */
const COST_FIRST = MIX_FIRST + 12_000;
const COST_PATIENTS = 1000;
/** Patients opening the app: each opens it once (warm-up, measured, traced). */
const OPENED_PATIENTS = 200;

function decode(encoding: string | string[] | undefined, raw: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/**
 * Sends `n` requests, `concurrency` at a time, as the phones send them (keep-alive, br or gzip);
 * where `make` answers several, they go at once and count as that many.
 */
async function send(pool: Pool, n: number, concurrency: number, make: () => Req | Req[], heard?: (req: Req, status: number, body: string) => void) {
  const byStatus: Record<string, number> = {};
  let left = n;
  const one = async (req: Req) => {
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
    if (req.token) headers.authorization = `Bearer ${req.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await pool.request({ method: req.method, path: req.path, headers, body });
    const raw = Buffer.from(await res.body.arrayBuffer());
    byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
    if (heard) heard(req, res.statusCode, decode(res.headers['content-encoding'], raw));
  };
  const worker = async () => {
    while (left > 0) {
      const reqs = [make()].flat();
      left -= reqs.length;
      await Promise.all(reqs.map(one));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return byStatus;
}

interface Target {
  pool: Pool;
  pid: number;
  port: number;
}

export async function benchCost(
  databaseUrl: string,
  o: { requests?: number; traced?: number; concurrency?: number } = {},
  log: (s: string) => void = console.log,
): Promise<CostResult> {
  const requests = o.requests ?? 500;
  const traced = straceInstalled() ? (o.traced ?? 100) : 0;
  const concurrency = o.concurrency ?? 4;
  const config = loadConfig({});
  const proxy = await pgProxy(databaseUrl);
  const db = await openPostgres(databaseUrl, 4);
  const [{ pid: backend }] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pgCpu = postgresCpu(backend);
  const server = await startServer(
    { ...BENCH_BOOKINGS, DATABASE_URL: proxy.url, DIST_DIR: '/nonexistent', PUSH_WORKER: 'false', LOG_LEVEL: 'warn' },
    // As `npm run serve` runs it (docs/deployment.md, Memory).
    { compiled: true, nodeArgs: ['--max-semi-space-size=16'] },
  );
  const pools: Pool[] = [];
  const poolOf = (url: string) => {
    const pool = new Pool(new URL(url).origin, { connections: concurrency, pipelining: 1, keepAliveTimeout: 60_000 });
    pools.push(pool);
    return pool;
  };
  const measure = async (
    t: Target,
    name: string,
    make: () => Req | Req[],
    heard?: (req: Req, status: number, body: string) => void,
    at = concurrency,
    warm = WARM,
  ): Promise<CallCost> => {
    await send(t.pool, warm, at, make, heard);
    const c0 = cpuNs(t.pid);
    const pgSpent = pgCpu();
    const k0 = proxy.counts();
    const byStatus = await send(t.pool, requests, at, make, heard);
    const c1 = cpuNs(t.pid);
    const pgNs = pgSpent();
    const k1 = proxy.counts();
    let w: { writes: number; bytes: number } | null = null;
    if (traced)
      w = await tracedWrites(
        t.pid,
        () => clientSocketFds(t.pid, t.port),
        () => send(t.pool, traced, at, make, heard).then(() => undefined),
      );
    const per = (x: number) => x / requests;
    return {
      name,
      sent: requests,
      byStatus,
      serverUs: per((c1 - c0) / 1000),
      postgresUs: per(pgNs / 1000),
      statements: per(k1.statements - k0.statements),
      roundTrips: per(k1.roundTrips - k0.roundTrips),
      bytes: w ? w.bytes / traced : null,
      writes: w ? w.writes / traced : null,
    };
  };
  try {
    log('cost: patients, queues, sessions with seats, bookings to cancel');
    const fixtures = await mixFixtures(db, String(COST_FIRST), COST_PATIENTS, config);
    const setup = { ...fixtures, booked: await prebook(server.url, fixtures.people.slice(0, 100), fixtures.slots) };
    const mix = realisticMix(setup);
    const api: Target = { pool: poolOf(server.url), pid: server.proc.pid as number, port: server.port };
    // The sessions, as a process in service holds those of the patients it served in the last minute.
    const holdSessions = async () => {
      const started = performance.now();
      await send(api.pool, FIRST_WARM, concurrency, () => mix.one('pharmacyQueue'));
      return { started, ended: performance.now() };
    };
    let held = await holdSessions();
    let lastTook = 0;
    const calls: CallCost[] = [];
    // In the mix's order: its bookings are what the cancels and reschedules after them take.
    for (const [name] of MIX) {
      // A held session is looked up again a minute after its lookup (server/db/session-cache.ts):
      // the warm-up's thousand patients all at once. That minute falls in a warm-up, not in a
      // call's measurement: a call that might not end before it (twice the last call's time) waits
      // for it and holds them again.
      if (performance.now() + 2 * lastTook > held.started + SESSION_MINUTE_MS - 5000) {
        await new Promise((r) => setTimeout(r, held.ended + SESSION_MINUTE_MS + 1000 - performance.now()));
        held = await holdSessions();
      }
      const began = performance.now();
      const cost = await measure(
        api,
        name,
        () => mix.one(name),
        (req, status, body) => mix.onAnswer?.(req, { status, body }, 0, 0),
        concurrency,
        READS.has(name) ? READ_WARM : WARM,
      );
      lastTook = performance.now() - began;
      log(`    ${name}: ${costLine(cost)}`);
      calls.push(cost);
    }
    // A patient opening the app: its four home calls at once, the session not held by this process
    // and its last use more than a minute ago (written again), one patient after another.
    const returning = await patientsWithSessions(db, String(COST_FIRST + COST_PATIENTS), OPENED_PATIENTS, config);
    await db.query(`UPDATE sessions SET last_seen_at = now() - interval '5 minutes' WHERE token_hash = ANY($1)`, [returning.map((p) => hashToken(p.token))]);
    let k = 0;
    const home = ['profile', 'upcoming', 'clinicQueue', 'pharmacyQueue'] as const;
    const opened = await measure(
      api,
      'app opened',
      () => {
        const p = returning[k++ % returning.length];
        return home.map((name) => ({ name, method: 'GET' as const, path: `${API[name]}?nomr=${p.nomr}&tgllahir=${p.tgl_lahir}`, token: p.token }));
      },
      undefined,
      1,
    );
    log(`    app opened: ${costLine(opened)}`);
    log('cost: the floor');
    const floor = await startFloor(proxy.url, config.databasePoolSize);
    let floorCost: CallCost;
    try {
      let k = 0;
      const next = (): Req => ({ name: 'floor', method: 'GET', path: `/floor/${COST_FIRST + (k++ % COST_PATIENTS)}` });
      const target = { pool: poolOf(floor.url), pid: floor.pid, port: Number(new URL(floor.url).port) };
      await send(target.pool, FIRST_WARM, concurrency, next);
      floorCost = await measure(target, 'floor', next, undefined, concurrency, READ_WARM);
      log(`    floor: ${costLine(floorCost)}`);
    } finally {
      await Promise.all(pools.splice(1).map((p) => p.destroy()));
      await floor.stop();
    }
    return { requests, traced, concurrency, calls, mix: weighted(calls), opened, floor: floorCost };
  } finally {
    await Promise.all(pools.map((p) => p.destroy()));
    await server.stop();
    await db.close();
    await proxy.stop();
  }
}

/** The calls weighted as the mix sends them. */
function weighted(calls: CallCost[]): CallCost {
  const weight = new Map(MIX);
  const total = calls.reduce((a, c) => a + (weight.get(c.name) ?? 0), 0);
  const avg = (f: (c: CallCost) => number | null) =>
    calls.some((c) => f(c) === null) ? null : calls.reduce((a, c) => a + (f(c) as number) * (weight.get(c.name) ?? 0), 0) / total;
  return {
    name: 'mix',
    sent: calls.reduce((a, c) => a + c.sent, 0),
    byStatus: {},
    serverUs: avg((c) => c.serverUs) as number,
    postgresUs: avg((c) => c.postgresUs) as number,
    statements: avg((c) => c.statements) as number,
    roundTrips: avg((c) => c.roundTrips) as number,
    bytes: avg((c) => c.bytes),
    writes: avg((c) => c.writes),
  };
}

const f1 = (n: number | null) => (n === null ? '—' : n.toFixed(n < 10 ? 2 : 0));

export function costLine(c: CallCost): string {
  return `server ${Math.round(c.serverUs)} µs, PostgreSQL ${Math.round(c.postgresUs)} µs, ${f1(c.statements)} statements, ${f1(c.roundTrips)} round trips, ${f1(c.bytes)} bytes in ${f1(c.writes)} writes; ${JSON.stringify(c.byStatus)}`;
}

export function costTable(r: CostResult): string {
  const status = (c: CallCost) =>
    Object.entries(c.byStatus)
      .map(([s, n]) => `${n} × ${s}`)
      .join(', ') || '—';
  const row = (c: CallCost) =>
    `| ${c.name} | ${Math.round(c.serverUs)} | ${(c.serverUs / r.floor.serverUs).toFixed(1)}× | ${Math.round(c.postgresUs)} | ${f1(c.statements)} | ${f1(c.roundTrips)} | ${f1(c.bytes)} | ${f1(c.writes)} | ${status(c)} |`;
  return `| call | server CPU µs | × floor | PostgreSQL CPU µs | statements | round trips | bytes out | socket writes | answers |
|---|---:|---:|---:|---:|---:|---:|---:|---|
${[...r.calls, r.mix, r.opened, r.floor].map(row).join('\n')}
`;
}

// ---- Alone: a database of its own or the one named --------------------------------------------

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      patients: { type: 'string', default: '100000' },
      requests: { type: 'string', default: '500' },
      traced: { type: 'string', default: '100' },
    },
  });
  const result = await onLargeDatabase(values['database-url'], values.patients, (url) =>
    benchCost(url, { requests: Number(values.requests), traced: Number(values.traced) }),
  );
  console.log(`\n${costTable(result)}`);
}

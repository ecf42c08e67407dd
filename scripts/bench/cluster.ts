// Two server processes on one PostgreSQL behind nginx (Debian's package), with the configuration
// the repo ships (deploy/nginx.conf), under the realistic mix at a steady rate; one process is
// killed with SIGKILL in the middle of the run. What must hold: every phone following the live
// queue through nginx sees every number called (its stream reconnects as the app's does when its
// process dies); no push is sent twice though both processes run the push worker; every booking
// answered 2xx is in the database afterwards; and nginx stops sending to the dead process. The
// pushes go to a local FCM stand-in (test/support/push.ts).
//
//   tsx scripts/bench/cluster.ts [--database-url URL | --patients 100000] [--quick] [--rate 800] [--seconds 30]
//
// Without --database-url it starts a PostgreSQL of its own and seeds it; with one, it takes its
// patients after those of scripts/bench/load.ts (Nomor MR 10020001 on). `npm run bench` runs it
// after load.ts on the large database and writes its section to docs/performance.md.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type ClientRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API } from '../../common/paths.ts';
import { loadConfig } from '../../server/config.ts';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { saveRegistration } from '../../server/db/push.ts';
import { createPgDatabase } from '../../test/support/db.ts';
import { startCluster } from '../../test/support/pg-cluster.ts';
import { pushEndpoint } from '../../test/support/push.ts';
import { freePort, startServer, type RunningServer } from '../../test/support/server.ts';
import { clinicSlots, patientsWithSessions, setSeats, todayQueues, type BenchPatient, type QueueSession } from './fixtures.ts';
import { followQueue } from './hall.ts';
import { BENCH_BOOKINGS, bookingBody, latencyOf, openLoop, realisticMix, type Latency, type MixSetup, type OpenLoopResult, type Req } from './open-loop.ts';

export interface ClusterPlan {
  rate: number;
  seconds: number;
  /** Patients of the mix, each signed in and in today's clinic queue. */
  mixPatients: number;
  /** Phones on the live queue, `sessionSize` to a doctor's session; each session called every `callEverySeconds`. */
  phones: number;
  sessionSize: number;
  callEverySeconds: number;
  /** Notifications queued through the internal call during the run, one patient each in turn. */
  notifications: number;
}

export const FULL_CLUSTER: ClusterPlan = { rate: 800, seconds: 30, mixPatients: 1000, phones: 200, sessionSize: 100, callEverySeconds: 3, notifications: 300 };
export const QUICK_CLUSTER: ClusterPlan = { rate: 150, seconds: 10, mixPatients: 200, phones: 40, sessionSize: 20, callEverySeconds: 2.5, notifications: 40 };

/** After load.ts's patients (its mix, rush and hall: 10000001 to 10011000). */
export const CLUSTER_FIRST = 10020001;
const INTERNAL_TOKEN = 'bench-internal-token-0123456789';
export const NGINX = '/usr/sbin/nginx';
/** PUSH_LEASE_SECONDS as shipped (its default). */
const LEASE_SECONDS = 60;
const POLL_MS = Number(process.env.BENCH_PUSH_POLL_MS ?? 250);

// ---- nginx with the shipped configuration ----------------------------------------------------

export interface NginxSite {
  prefix: string;
  port: number;
  /** The port the shipped file's plain-HTTP redirect listens on (80 there). */
  redirectPort: number;
  /** The two processes' public ports, for the shipped file's 8080 and 8090. */
  upstreams: [number, number];
}

/**
 * deploy/nginx.conf for an unprivileged nginx on loopback: each edit must find its text, so a
 * change to the shipped file stops the bench rather than measuring something else. Answers the
 * configuration and what was changed, for the report.
 */
export function renderNginxConf(shipped: string, s: NginxSite): { conf: string; edits: string[] } {
  const edits: Array<[RegExp, string, string]> = [
    [/^user www-data;\n/m, '', 'no `user` (nginx runs as an unprivileged user already)'],
    [/^pid \/run\/nginx\.pid;/m, `pid ${s.prefix}/nginx.pid;`, 'the pid file and logs in its own directory'],
    [/\/var\/log\/nginx\//g, `${s.prefix}/logs/`, ''],
    [
      /^http \{\n/m,
      `http {\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${s.prefix}/tmp/${t};\n`).join('')}`,
      "temporary files there too (Debian's /var/lib/nginx is root's)",
    ],
    [
      /^(\s*)access_log (\S+) pasien;\n/m,
      `$&$1log_format bench '$msec|$status|$request_method|$uri|$upstream_addr|$upstream_status|$request_time';\n$1access_log ${s.prefix}/logs/bench.log bench;\n`,
      'a second access log with milliseconds and every upstream tried (`$upstream_addr`, `$upstream_status`), for the count',
    ],
    [
      /^(\s*)error_log (\S+) crit;\n/m,
      `$&$1error_log ${s.prefix}/logs/bench.error.log error;\n`,
      "and an error log at level `error`, for nginx's reasons (the shipped one keeps only `crit`: the other levels quote query strings)",
    ],
    [/server 127\.0\.0\.1:8080 /, `server 127.0.0.1:${s.upstreams[0]} `, 'the two processes on their ports'],
    [/server 127\.0\.0\.1:8090 /, `server 127.0.0.1:${s.upstreams[1]} `, ''],
    [/^[ \t]*listen \[::\]:(80|443)\b.*\n/gm, '', 'loopback only, on free ports, and without TLS (the load generator speaks plain HTTP)'],
    [/listen 80;/, `listen 127.0.0.1:${s.redirectPort};`, ''],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${s.port};`, ''],
    [/^[ \t]*ssl_certificate(_key)? .*\n/gm, '', ''],
  ];
  let conf = shipped;
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf has changed: ${pattern} not found; update renderNginxConf`);
    pattern.lastIndex = 0;
    conf = conf.replace(pattern, replacement);
  }
  return { conf, edits: edits.map(([, , why]) => why).filter(Boolean) };
}

const idOf = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'nobody']).toString().trim());

/** `nginx version: nginx/1.22.1` (nginx -v writes it to stderr), or null without nginx. */
export function nginxVersion(): string | null {
  const r = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  return r.status === 0 && out.startsWith('nginx version') ? out : null;
}

function answers(url: string): Promise<number> {
  return new Promise((resolve) => {
    get(url, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', () => resolve(0));
  });
}

interface Nginx {
  url: string;
  prefix: string;
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** nginx in the foreground with its own prefix in /tmp; as `nobody` when we are root. */
async function startNginx(upstreams: [number, number]): Promise<Nginx & { edits: string[] }> {
  const prefix = mkdtempSync('/tmp/pasien-nginx-');
  const port = await freePort();
  const { conf, edits } = renderNginxConf(readFileSync('deploy/nginx.conf', 'utf8'), { prefix, port, redirectPort: await freePort(), upstreams });
  for (const d of ['logs', 'tmp']) mkdirSync(join(prefix, d));
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const asNobody = process.getuid?.() === 0;
  if (asNobody) {
    const [uid, gid] = [idOf('-u'), idOf('-g')];
    for (const p of [prefix, join(prefix, 'logs'), join(prefix, 'tmp'), join(prefix, 'nginx.conf')]) chownSync(p, uid, gid);
  }
  const proc = spawn(NGINX, ['-p', `${prefix}/`, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs', 'startup.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asNobody ? { uid: idOf('-u'), gid: idOf('-g') } : {}),
  });
  let out = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while ((await answers(`${url}/api/health`)) !== 200) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      const log = (() => {
        try {
          return readFileSync(join(prefix, 'logs', 'startup.log'), 'utf8');
        } catch {
          return '';
        }
      })();
      await stop();
      throw new Error(`nginx did not start:\n${out}${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, prefix, proc, output: () => out, stop, edits };
}

interface LogLine {
  /** Epoch ms. */
  start: number;
  end: number;
  status: number;
  method: string;
  uri: string;
  addrs: string[];
  statuses: string[];
}

/** nginx's error messages by kind (the request's details left out), e.g. 'no live upstreams while connecting to upstream'. */
function errorKinds(prefix: string): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const line of readFileSync(join(prefix, 'logs', 'bench.error.log'), 'utf8').split('\n')) {
    const m = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: |$)/.exec(line);
    if (m) kinds[`${m[1]}: ${m[2]}`] = (kinds[`${m[1]}: ${m[2]}`] ?? 0) + 1;
  }
  return kinds;
}

function readBenchLog(prefix: string): LogLine[] {
  return readFileSync(join(prefix, 'logs', 'bench.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [msec, status, method, uri, addr, ustatus, took] = line.split('|');
      const end = Number(msec) * 1000;
      // Several upstreams tried: "a, b"; the part after " : " is an internal redirect's.
      const split = (s: string) =>
        s
          .split(/[,:] (?=\S)/)
          .map((x) => x.trim())
          .filter((x) => x && x !== '-');
      return { start: end - Number(took) * 1000, end, status: Number(status), method, uri, addrs: split(addr), statuses: split(ustatus) };
    });
}

// ---- Phones on the live queue, reconnecting as the app does --------------------------------------

interface Conn {
  opened: number;
  first: number | null;
  closed: number | null;
  end: string | null;
}

interface Phone {
  person: BenchPatient;
  no_reg: string;
  session: number;
  /** Each queue state the phone got: the number its session had called; `first`: a stream's first event. */
  events: Array<{ at: number; called: number | null; first: boolean }>;
  conns: Conn[];
  failures: number;
  req: ClientRequest | null;
  timer: ReturnType<typeof setTimeout> | null;
  stopped: boolean;
}

/**
 * The app's wait before reconnecting (src/data/visit.ts): 1–3 s after a healthy stream (an event,
 * and open for a minute), else 2, 4, 8 … 60 s, each less a random part of up to half.
 */
function reconnectDelay(failures: number): number {
  if (failures === 0) return 1000 + Math.random() * 2000;
  return Math.min(60_000, 2 ** failures * 1000) * (1 - Math.random() / 2);
}

function openStream(url: string, phone: Phone): void {
  const conn: Conn = { opened: performance.now(), first: null, closed: null, end: null };
  phone.conns.push(conn);
  let done = false;
  const finish = (why: string) => {
    if (done) return;
    done = true;
    conn.closed = performance.now();
    conn.end = why;
    phone.req = null;
    if (phone.stopped) return;
    const healthy = conn.first !== null && conn.closed - conn.opened >= 60_000;
    phone.failures = healthy ? 0 : phone.failures + 1;
    phone.timer = setTimeout(() => openStream(url, phone), reconnectDelay(phone.failures));
  };
  phone.req = followQueue(url, phone.person, {
    items: (items) => {
      const at = performance.now();
      phone.events.push({ at, called: items.find((it) => it.no_reg === phone.no_reg)?.no_dipanggil ?? null, first: conn.first === null });
      conn.first ??= at;
    },
    end: finish,
  });
}

function stopPhone(phone: Phone): void {
  phone.stopped = true;
  if (phone.timer) clearTimeout(phone.timer);
  phone.req?.destroy();
}

/** Asks /api/health through nginx until it answers 200 twenty times running (at most 30 s); answers the seconds it took. */
async function settle(url: string): Promise<number> {
  const started = performance.now();
  let running = 0;
  while (running < 20 && performance.now() - started < 30_000) {
    running = (await answers(`${url}/api/health`)) === 200 ? running + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Math.round((performance.now() - started) / 100) / 10;
}

async function waitFor(done: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = performance.now() + limitMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

// ---- The run ------------------------------------------------------------------------------------

export interface Phase {
  answered: number;
  byStatus: Record<string, number>;
  latency: Latency;
}

export interface ClusterResult {
  plan: ClusterPlan;
  nginx: string;
  edits: string[];
  killedAtS: number;
  /** The warm-up's answers by status, and how long nginx took to answer health 20 times running after it (s). */
  warmup: { byStatus: Record<string, number>; settleS: number };
  mix: OpenLoopResult;
  /** The mix's requests: answered before the kill; sent before it and answered after (in flight); sent after it. */
  phases: { before: Phase; inFlight: Phase; after: Phase };
  /** The mix's requests without a 2xx or 4xx answer (5xx or none), with when they were sent, from the kill (s). */
  failures: Array<{ name: string; status: string; sentS: number }>;
  bookings: { acknowledged: number; found: number; failed: number; failedCommitted: number };
  upstream: {
    /** Requests answered by each process before the kill (nginx's log, the last upstream tried). */
    before: [number, number];
    /** Requests sent after the kill, answered by the other process. */
    afterByOther: number;
    /** Requests started after the kill that nginx tried on the dead process: when (s from the kill), and the answer the client got. */
    deadTries: Array<{ atS: number; method: string; status: number; passedOn: boolean }>;
    /** Requests the dead process held at the kill (live streams apart), by the client's status. */
    inFlight: Record<string, number>;
    streamsCut: number;
    /** Each second of the run: requests started then and answered by the first process, by the second, 502 by nginx itself (none left), other 5xx. */
    timeline: Array<[number, number, number, number, number]>;
    /** nginx's error log (level error) by kind. */
    errors: Record<string, number>;
    /** Requests of the run nginx answered 502 itself, every process marked down ("no live upstreams"). */
    noLive: number;
  };
  live: {
    phones: number;
    sessions: number;
    calls: number;
    /** Phone × call pairs: the phone showed the number; or missed it only while reconnecting, its next stream opening on a later one; or never. */
    seen: number;
    superseded: number;
    lost: number;
    showingLast: number;
    reconnected: number;
    /** From the kill to the first event of the new stream, for the phones whose stream was cut. */
    reconnect: Latency;
    /** From the call's answer to the phone's event, for the phones connected at the call. */
    callToPhone: Latency;
  };
  push: {
    notifications: number;
    deliveries: number;
    sent: number;
    unsent: number;
    received: number;
    duplicates: number;
    /** Each delivery that reached the stand-in more than once: its claims, and each send's process and time from the kill (s). */
    twice: Array<{ attempts: number; sends: Array<{ by: 'killed' | 'other'; atS: number }> }>;
    /** Sends received from the killed process and from the other. */
    byProcess: [number, number];
    /** Deliveries the dead process had claimed and the other sent once the lease ran out. */
    takenOver: number;
    lastReceivedS: number;
  };
}

async function post(
  url: string,
  body: unknown,
  token: string,
): Promise<{ status: number; body: { status?: boolean; data?: Record<string, unknown>; message?: string } }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status?: boolean; data?: Record<string, unknown> } };
}

/** As load.ts's mix: signed in, in today's queue, seats to spare, 100 booked already (through nginx). */
async function mixSetup(db: Db, url: string, first: number, count: number): Promise<MixSetup> {
  const people = await patientsWithSessions(db, String(first), count, loadConfig({}));
  const queues = await todayQueues(db, people, 100, `CM${Date.now().toString(36)}-`);
  const slots = await clinicSlots(db, '20001', 1, 27);
  await setSeats(db, slots, 4000);
  const booked: MixSetup['booked'] = [];
  for (const [k, person] of people.slice(0, 100).entries()) {
    const r = await post(`${url}${API.book}`, bookingBody(person, slots[(k + 7) % slots.length]), person.token);
    if (!r.body.status || typeof r.body.data?.no_reg !== 'string') throw new Error(`a booking for the mix was refused: ${r.status} ${r.body.message}`);
    booked.push({ no_reg: r.body.data.no_reg, person });
  }
  return { people, queues, slots, booked };
}

function fcmAccount(standIn: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    project_id: 'pasien-bench',
    client_email: 'bench@pasien-bench.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: `${standIn}/token`,
  });
}

const emptyPhase = (): { times: number[]; byStatus: Record<string, number> } => ({ times: [], byStatus: {} });

export async function benchCluster(o: { databaseUrl: string; plan?: ClusterPlan; first?: number; log?: (s: string) => void }): Promise<ClusterResult> {
  const plan = o.plan ?? FULL_CLUSTER;
  const log = o.log ?? console.log;
  const first = o.first ?? CLUSTER_FIRST;
  const version = nginxVersion();
  if (!version) throw new Error(`nginx not found at ${NGINX} (apt-get install nginx)`);
  const db = await openPostgres(o.databaseUrl, 10);
  const standIn = await pushEndpoint();
  const servers: RunningServer[] = [];
  let nginx: (Nginx & { edits: string[] }) | null = null;
  const phones: Phone[] = [];
  try {
    // ---- the FCM stand-in: OAuth token, then each message, recorded with when it came
    // Each process has its own path on the stand-in (FCM_ENDPOINT), so a receipt names its sender.
    const receipts = new Map<string, Array<{ at: number; by: string }>>();
    standIn.route((r) => {
      if (r.url === '/token') return { status: 200, body: JSON.stringify({ access_token: 'bench-access-token', expires_in: 3600 }) };
      if (!r.url.endsWith('/messages:send')) return null;
      const { message } = JSON.parse(r.body.toString('utf8')) as { message: { token: string; data: { id: string } } };
      const key = `${message.data.id}|${message.token}`;
      receipts.set(key, [...(receipts.get(key) ?? []), { at: performance.now(), by: r.url.split('/')[1] }]);
      return { status: 200, body: JSON.stringify({ name: `projects/pasien-bench/messages/${receipts.size}` }) };
    });

    log('cluster: two server processes on the database, both sending pushes');
    const env = {
      DATABASE_URL: o.databaseUrl,
      ...BENCH_BOOKINGS,
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      INTERNAL_API_TOKEN: INTERNAL_TOKEN,
      TRUST_PROXY: '1',
      PUSH_WORKER: 'true',
      PUSH_POLL_MS: String(POLL_MS),
      PUSH_LEASE_SECONDS: String(LEASE_SECONDS),
      FCM_SERVICE_ACCOUNT: fcmAccount(standIn.url),
    };
    servers.push(...(await Promise.all(['a', 'b'].map((by) => startServer({ ...env, FCM_ENDPOINT: `${standIn.url}/${by}` }, { compiled: true })))));
    const [a, b] = servers;
    nginx = await startNginx([a.port, b.port]);
    log(`cluster: ${version.replace('nginx version: ', '')} on ${nginx.url} → processes :${a.port} and :${b.port}`);

    log('cluster: patients, queues, push registrations');
    const setup = await mixSetup(db, nginx.url, first, plan.mixPatients);
    const phonePeople = await patientsWithSessions(db, String(first + plan.mixPatients), plan.phones, loadConfig({}));
    const queues: QueueSession[] = await todayQueues(db, phonePeople, plan.sessionSize, `CL${Date.now().toString(36)}-`);
    const pushPeople = (
      await db.query<{ nomr: string }>('SELECT nomr FROM patients WHERE nomr >= $1 ORDER BY nomr LIMIT $2', [
        String(first + plan.mixPatients + plan.phones),
        Math.min(plan.notifications, 200),
      ])
    ).map((r) => r.nomr);
    // One phone each, known to FCM: the called patients' pushes and the notifications go to them.
    for (const nomr of [...phonePeople.map((p) => p.nomr), ...pushPeople]) await saveRegistration(db, nomr, `bench-fcm-${nomr}`, 'fcm');
    // One mix for the warm-up and the run: its bookings go on to other patients and sessions.
    const mix = realisticMix(setup);
    log('cluster: warming up both processes through nginx (8 s)');
    const warmup: Record<string, number> = {};
    for (const [rate, seconds] of [
      [Math.min(150, plan.rate), 3],
      [Math.min(400, plan.rate), 5],
    ]) {
      const w = await openLoop({ url: nginx.url, rate, seconds, ...mix });
      for (const [k, c] of Object.entries(w.byStatus)) warmup[k] = (warmup[k] ?? 0) + c;
    }
    // A process nginx marked down meanwhile (a stall of a busy machine) is back once a short
    // request after fail_timeout succeeds; a live stream would hold that check open for minutes.
    const settled = await settle(nginx.url);
    log(`    warm-up answers ${JSON.stringify(warmup)}; nginx answering health 20 times running after ${settled} s`);
    const [{ max: pushBase }] = await db.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM notifications');

    log(`cluster: ${plan.phones} phones on the live queue through nginx`);
    for (const [s, q] of queues.entries()) {
      for (const [k, nomr] of q.nomrs.entries()) {
        const person = phonePeople.find((p) => p.nomr === nomr) as BenchPatient;
        phones.push({ person, no_reg: q.no_regs[k], session: s, events: [], conns: [], failures: 0, req: null, timer: null, stopped: false });
      }
    }
    for (const p of phones) openStream(nginx.url, p);
    if (!(await waitFor(() => phones.every((p) => p.events.length > 0), 30_000))) {
      const ends: Record<string, number> = {};
      for (const c of phones.filter((p) => !p.events.length).flatMap((p) => p.conns)) ends[c.end ?? 'open'] = (ends[c.end ?? 'open'] ?? 0) + 1;
      throw new Error(`${phones.filter((p) => !p.events.length).length} phones without a first event in 30 s; their streams: ${JSON.stringify(ends)}`);
    }

    // ---- the run: the mix, the calls, the notifications, and the kill half-way
    const rounds = Math.floor(plan.seconds / plan.callEverySeconds);
    const killAt = (plan.seconds / 2) * 1000;
    log(
      `cluster: the mix at ${plan.rate} req/s for ${plan.seconds} s through nginx; ${rounds} calls a session; process :${a.port} killed (-9) at ${killAt / 1000} s`,
    );
    const interval = 1000 / plan.rate;
    const phase = { before: emptyPhase(), inFlight: emptyPhase(), after: emptyPhase() };
    const failures: ClusterResult['failures'] = [];
    const acknowledged: string[] = [];
    const failedBookings: Array<Record<string, unknown>> = [];
    let killed = false;
    let killPerf = 0;
    let killEpoch = 0;
    const internal = () => (killed ? b : a.proc.exitCode === null && Math.random() < 0.5 ? a : b).internalUrl;
    /** An internal call; one that finds its process dead is made again on the other, as the hospital's system would. */
    const hospital = async (path: string, body: unknown) => {
      try {
        return await post(`${internal()}${path}`, body, INTERNAL_TOKEN);
      } catch {
        return await post(`${b.internalUrl}${path}`, body, INTERNAL_TOKEN);
      }
    };

    const t0 = performance.now() + 20; // openLoop's own start, set in the same tick
    const runEpoch = performance.timeOrigin + t0;
    const running = openLoop({
      url: nginx.url,
      rate: plan.rate,
      seconds: plan.seconds,
      next: mix.next,
      reads: mix.reads,
      onAnswer(req: Req, answer, i, ms) {
        mix.onAnswer?.(req, answer, i, ms);
        const sent = t0 + i * interval;
        const which = !killed || sent >= killPerf ? (killed ? 'after' : 'before') : 'inFlight';
        const p = phase[which];
        p.times.push(ms);
        const key = answer.status ? String(answer.status) : (answer.error ?? 'error');
        p.byStatus[key] = (p.byStatus[key] ?? 0) + 1;
        if (answer.status === 0 || answer.status >= 500) {
          failures.push({ name: req.name, status: key, sentS: killed ? (sent - killPerf) / 1000 : (sent - t0 - killAt) / 1000 });
          if (req.name === 'booking') failedBookings.push(req.body as Record<string, unknown>);
        }
        if (req.name === 'booking' && answer.status >= 200 && answer.status < 300) {
          const body = JSON.parse(answer.body) as { status?: boolean; data?: { no_reg?: string } };
          if (body.status && body.data?.no_reg) acknowledged.push(body.data.no_reg);
        }
      },
    });
    const at = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, t0 + ms - performance.now())));
    const calledAt: number[][] = queues.map(() => []);
    const calls = (async () => {
      for (let k = 1; k <= rounds; k++) {
        await at((k - 0.5) * plan.callEverySeconds * 1000);
        await Promise.all(
          queues.map(async (q, s) => {
            const r = await hospital('/api/internal/antrian/poli/panggil', { no_reg: q.no_regs[k - 1] });
            if (r.status !== 200) throw new Error(`the call of number ${k} answered ${r.status}`);
            calledAt[s][k] = performance.now();
          }),
        );
      }
    })();
    const notified: number[] = [];
    const notifications = (async () => {
      for (let j = 0; j < plan.notifications; j++) {
        await at(((j + 0.5) * plan.seconds * 1000) / plan.notifications);
        const r = await hospital('/api/internal/notify', {
          nomr: pushPeople[j % pushPeople.length],
          title: 'Obat Anda siap diambil',
          body: `Nomor antrian farmasi F-${j}.`,
        });
        if (r.status !== 200) throw new Error(`a notification answered ${r.status}`);
        notified.push(Number(r.body.data?.id));
      }
    })();
    const kill = (async () => {
      await at(killAt);
      killPerf = performance.now();
      killEpoch = performance.timeOrigin + killPerf;
      a.proc.kill('SIGKILL');
      killed = true;
    })();
    const [result] = await Promise.all([running, calls, notifications, kill]);
    log(`    p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, statuses ${JSON.stringify(result.byStatus)}`);

    // ---- what the phones got: every phone its session's last number, or 15 s
    await waitFor(() => phones.every((p) => p.events.at(-1)?.called === rounds), 15_000);
    for (const p of phones) stopPhone(p);
    let seen = 0;
    let superseded = 0;
    let lost = 0;
    const callToPhone: number[] = [];
    for (const p of phones) {
      for (let k = 1; k <= rounds; k++) {
        const hit = p.events.find((e) => e.called === k);
        if (hit) {
          seen++;
          if (!hit.first) callToPhone.push(hit.at - calledAt[p.session][k]);
          continue;
        }
        const next = p.events.find((e) => e.at >= calledAt[p.session][k]);
        if (next?.first && (next.called ?? 0) > k) superseded++;
        else lost++;
      }
    }
    const cut = phones.filter((p) => p.conns.some((c) => c.closed !== null && c.closed >= killPerf && c.closed < killPerf + 5000));
    const reconnect = cut.map((p) => (p.events.find((e) => e.first && e.at > killPerf)?.at ?? Number.NaN) - killPerf).filter((x) => !Number.isNaN(x));

    // ---- bookings: each acknowledged one in the database; the failed ones, made or not
    const [{ n: found }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments WHERE no_reg = ANY($1::text[])', [acknowledged]);
    let failedCommitted = 0;
    for (const f of failedBookings) {
      const rows = await db.query(
        `SELECT 1 FROM appointments a JOIN practice_schedules s ON s.id = a.schedule_id
          WHERE a.nomr = $1 AND a.tgl_janji = $2 AND s.kd_dr = $3 AND s.sts_jam = $4 AND a.cancelled_at IS NULL`,
        [f.nomr, f.tgl_janji, f.kd_dr, f.sts_jam],
      );
      if (rows.length) failedCommitted++;
    }

    // ---- pushes: wait for the queue to empty (a claim of the dead process waits out its lease)
    log('cluster: waiting for the push queue to empty');
    const pending = async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_deliveries WHERE notification_id > $1 AND status = 'pending'`, [pushBase]))[0].n;
    const deadline = performance.now() + (LEASE_SECONDS + 40) * 1000;
    while ((await pending()) > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 2 * POLL_MS)); // a second send, were there one, has time to arrive
    const deliveries = await db.query<{ key: string; status: string; attempts: number }>(
      `SELECT d.notification_id || '|' || r.token AS key, d.status, d.attempts FROM push_deliveries d
         JOIN push_registrations r ON r.id = d.registration_id WHERE d.notification_id > $1`,
      [pushBase],
    );
    const [{ n: notificationRows }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE id > $1', [pushBase]);
    const allReceipts = [...receipts.values()].flat().map((x) => x.at);
    const attemptsOf = new Map(deliveries.map((d) => [d.key, d.attempts]));
    const toKill = (at: number) => Math.round((at - killPerf) / 100) / 10;
    const twice = [...receipts.entries()]
      .filter(([, xs]) => xs.length > 1)
      .map(([key, xs]) => ({
        attempts: attemptsOf.get(key) ?? 0,
        sends: xs.map((x) => ({ by: x.by === 'a' ? ('killed' as const) : ('other' as const), atS: toKill(x.at) })),
      }));

    // ---- nginx's count
    const lines = readBenchLog(nginx.prefix);
    const [addrA, addrB] = [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`];
    const isStream = (l: LogLine) => l.uri === API.clinicQueueLive;
    const upstream: ClusterResult['upstream'] = {
      before: [addrA, addrB].map((x) => lines.filter((l) => l.end < killEpoch && l.addrs.at(-1) === x).length) as [number, number],
      afterByOther: lines.filter((l) => l.start >= killEpoch && l.addrs.at(-1) === addrB).length,
      deadTries: lines
        .filter((l) => l.start >= killEpoch && l.addrs.includes(addrA))
        .map((l) => ({ atS: Math.round((l.start - killEpoch) / 10) / 100, method: l.method, status: l.status, passedOn: l.addrs.at(-1) === addrB })),
      inFlight: {},
      streamsCut: lines.filter((l) => isStream(l) && l.start < killEpoch && l.end >= killEpoch && l.addrs.at(-1) === addrA).length,
      noLive: lines.filter((l) => l.start >= runEpoch && l.addrs.includes('pasien_api')).length,
      timeline: [],
      errors: errorKinds(nginx.prefix),
    };
    for (const l of lines.filter((x) => x.start >= runEpoch && !isStream(x))) {
      const sec = Math.floor((l.start - runEpoch) / 1000);
      if (sec >= plan.seconds) continue;
      upstream.timeline[sec] ??= [sec, 0, 0, 0, 0];
      const row = upstream.timeline[sec];
      if (l.addrs.includes('pasien_api')) row[3]++;
      else if (l.status >= 500) row[4]++;
      else if (l.addrs.at(-1) === addrA) row[1]++;
      else if (l.addrs.at(-1) === addrB) row[2]++;
    }
    upstream.timeline = upstream.timeline.filter(Boolean);
    for (const l of lines.filter((l) => !isStream(l) && l.start < killEpoch && l.end >= killEpoch && l.addrs.includes(addrA))) {
      const key = `${l.method} ${l.status}${l.addrs.length > 1 ? ' (passed on)' : ''}`;
      upstream.inFlight[key] = (upstream.inFlight[key] ?? 0) + 1;
    }

    const sentBy = (by: string) => [...receipts.values()].flat().filter((x) => x.by === by).length;
    const phaseOf = (p: ReturnType<typeof emptyPhase>): Phase => ({ answered: p.times.length, byStatus: p.byStatus, latency: latencyOf(p.times) });
    return {
      plan,
      nginx: version.replace('nginx version: ', ''),
      edits: nginx.edits,
      killedAtS: killAt / 1000,
      warmup: { byStatus: warmup, settleS: settled },
      mix: result,
      phases: { before: phaseOf(phase.before), inFlight: phaseOf(phase.inFlight), after: phaseOf(phase.after) },
      failures,
      bookings: { acknowledged: acknowledged.length, found, failed: failedBookings.length, failedCommitted },
      upstream,
      live: {
        phones: phones.length,
        sessions: queues.length,
        calls: rounds,
        seen,
        superseded,
        lost,
        showingLast: phones.filter((p) => p.events.at(-1)?.called === rounds).length,
        reconnected: reconnect.length,
        reconnect: latencyOf(reconnect),
        callToPhone: latencyOf(callToPhone),
      },
      push: {
        notifications: notificationRows,
        deliveries: deliveries.length,
        sent: deliveries.filter((d) => d.status === 'sent').length,
        unsent: deliveries.filter((d) => d.status !== 'sent').length,
        received: allReceipts.length,
        duplicates: [...receipts.values()].reduce((n, xs) => n + xs.length - 1, 0),
        twice,
        byProcess: [sentBy('a'), sentBy('b')],
        takenOver: deliveries.filter((d) => d.status === 'sent' && d.attempts > 1).length,
        lastReceivedS: allReceipts.length ? Math.round((Math.max(...allReceipts) - killPerf) / 100) / 10 : 0,
      },
    };
  } finally {
    for (const p of phones) stopPhone(p);
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.stop(s.proc.exitCode === null && s.proc.signalCode === null ? 'SIGTERM' : 'SIGKILL')));
    await standIn.close();
    await db.close();
  }
}

// ---- The report --------------------------------------------------------------------------------

const ms = (x: number) => (x >= 100 ? `${Math.round(x)} ms` : `${x.toFixed(1)} ms`);
const n = (x: number) => Math.round(x).toLocaleString('en');
const met = (ok: boolean) => (ok ? 'yes' : '**no**');
const statusList = (s: Record<string, number>) =>
  Object.entries(s)
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([k, c]) => `${n(c)} × ${k}`)
    .join(', ') || 'none';

/** 'booking 502 × 3, profile 502 × 10' */
const grouped = (fs: ClusterResult['failures']) => {
  const by: Record<string, number> = {};
  for (const f of fs) by[`${f.name} ${f.status}`] = (by[`${f.name} ${f.status}`] ?? 0) + 1;
  return Object.entries(by)
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([k, c]) => `${k} × ${c}`)
    .join(', ');
};

export function clusterSection(r: ClusterResult): string {
  const { live, push, bookings, upstream: u } = r;
  // nginx learns an idle keep-alive connection is dead only once it has written a request on it:
  // tries in the first second belong to the kill, as the requests in flight do.
  const atKill = u.deadTries.filter((t) => t.atS < 1);
  const later = u.deadTries.filter((t) => t.atS >= 1);
  const deadAnswered = later.filter((t) => !t.passedOn).length;
  const afterFailed = r.failures.filter((f) => f.sentS >= 0).length;
  const inFlightFailed = r.failures.filter((f) => f.sentS < 0);
  const phaseRow = (name: string, p: Phase) =>
    !p.answered
      ? `| ${name} | 0 | – | – | – | – |`
      : `| ${name} | ${n(p.answered)} | ${ms(p.latency.p50)} | ${ms(p.latency.p99)} | ${ms(p.latency.max)} | ${statusList(Object.fromEntries(Object.entries(p.byStatus).filter(([k]) => !/^2/.test(k))))} |`;
  const tries = u.deadTries.map((t) => `+${t.atS.toFixed(2)} s ${t.method} → ${t.status}${t.passedOn ? ' (passed on)' : ''}`).join('; ') || 'none';
  return `## Two processes behind nginx, one killed mid-run

Two server processes (\`node server/server.ts\`, separate child processes) on one PostgreSQL, behind
${r.nginx} from Debian's package running the shipped \`deploy/nginx.conf\`, unprivileged, with these
changes for the bench: ${r.edits.join('; ')}. Both processes run the push worker (polling every
${POLL_MS} ms, so that they contend for the queue; lease ${LEASE_SECONDS} s) and send to a local FCM stand-in.
For ${r.plan.seconds} s: the realistic mix at ${n(r.plan.rate)} req/s through nginx (\`scripts/bench/open-loop.ts\`, ${n(r.plan.mixPatients)}
patients); ${live.phones} phones on the live queue through nginx (${live.sessions} doctor's sessions of ${r.plan.sessionSize}), reconnecting as
the app does (\`src/data/visit.ts\`: 1–2 s after a short stream); every ${r.plan.callEverySeconds} s the next number of each session called
through a process's internal listener; ${n(r.plan.notifications)} notifications queued the same way. At ${r.killedAtS} s one process is
killed with \`SIGKILL\`; calls and notifications then go to the other.

| goal | measured | met |
|---|---|---|
| no live-queue update lost (the streams pass through nginx) | ${n(live.seen + live.superseded + live.lost)} phone × call pairs: ${n(live.seen)} shown, ${live.superseded} passed over while reconnecting (the new stream opened on a later number), **${live.lost} lost**; ${live.showingLast} of ${live.phones} phones show the last call | ${met(live.lost === 0 && live.showingLast === live.phones)} |
| no push sent twice, both processes sending | ${n(push.deliveries)} deliveries of ${n(push.notifications)} notifications: ${n(push.sent)} sent, ${push.unsent} not; the stand-in got ${n(push.received)}, **${push.duplicates} twice** | ${met(push.duplicates === 0 && push.unsent === 0 && push.received === push.sent)} |
| no booking lost when a process is killed (-9) | ${n(bookings.acknowledged)} bookings answered 2xx, **${n(bookings.found)}** in the database | ${met(bookings.found === bookings.acknowledged)} |
| nginx stops sending to the dead process | requests started after the kill: ${n(u.afterByOther)} answered by the other process; in its first second ${atKill.length} tried on the dead one (${atKill.filter((t) => !t.passedOn).length} answered 502); later ${later.length} (nginx's check every \`fail_timeout\`), ${later.length - deadAnswered} passed on, **${deadAnswered} answered with its error** | ${met(deadAnswered === 0)} |

### The mix, before and after the kill

| requests | answered | p50 | p99 | max | not 2xx |
|---|---:|---:|---:|---:|---|
${phaseRow('sent before the kill, answered before it', r.phases.before)}
${phaseRow('sent before the kill, answered after it (in flight)', r.phases.inFlight)}
${phaseRow('sent after the kill', r.phases.after)}

Warm-up (8 s at up to 400 req/s): ${statusList(r.warmup.byStatus)}; nginx then answered \`/api/health\` 20 times running
after ${r.warmup.settleS} s. During the run nginx answered ${u.noLive} requests 502 itself, every process marked down.
The whole run: ${n(r.mix.sent)} requests, answered ${n(r.mix.achieved)}/s, p50 ${ms(r.mix.latency.p50)}, p99 ${ms(r.mix.latency.p99)},
generator late p99 ${ms(r.mix.lateP99)}. Failed (5xx or no answer): ${r.failures.length}, of them ${inFlightFailed.length} in flight at the kill
(${grouped(inFlightFailed) || 'none'}) and ${afterFailed} sent after it (${grouped(r.failures.filter((f) => f.sentS >= 0)) || 'none'}).

What nginx's log says (\`$upstream_addr\`, \`$upstream_status\`): before the kill the processes answered ${n(u.before[0])}
and ${n(u.before[1])} requests. The killed process held ${u.streamsCut} live streams and these other requests at the kill:
${statusList(u.inFlight)} (nginx passes a GET on to the other process when the first fails before answering;
a POST that reached the dead process is not sent again, and its client gets 502). Requests started after the
kill and tried on the dead process first (a refused connection, then the other process; nginx tries a failed
server again every \`fail_timeout\`, 10 s): ${tries}.

nginx's error log: ${
    Object.entries(u.errors)
      .map(([k, c]) => `${n(c)} × \`${k}\``)
      .join('; ') || 'nothing'
  }.

<details><summary>Each second of the run: requests sent then, answered by each process, or 502 by nginx with no process left to try</summary>

| s | first process | second process | 502, none left | other 5xx |
|---:|---:|---:|---:|---:|
${u.timeline.map(([sec, x, y, none, other]) => `| ${sec}${sec === Math.floor(r.killedAtS) ? ' (kill)' : ''} | ${n(x)} | ${n(y)} | ${n(none)} | ${n(other)} |`).join('\n')}

</details>

Bookings: ${n(bookings.acknowledged)} answered 2xx, all looked up by \`no_reg\` afterwards: ${n(bookings.found)} found. ${
    bookings.failed
      ? `${bookings.failed} got no 2xx or 4xx answer (a 502 from nginx); ${bookings.failedCommitted} of them had been
made all the same: the patient's next read shows it, and booking again is refused with a message naming that
appointment and its queue number.`
      : 'None went without an answer.'
  }

Live queue: ${live.reconnected} phones whose stream was cut by the kill opened a new one through nginx, the first event
p50 ${ms(live.reconnect.p50)}, max ${ms(live.reconnect.max)} after the kill (the app's own wait included); a call reached the phones
connected at the time p50 ${ms(live.callToPhone.p50)}, p99 ${ms(live.callToPhone.p99)}.

Pushes: the killed process sent ${n(push.byProcess[0])}, the other ${n(push.byProcess[1])}. ${
    push.twice.length
      ? `Received twice: ${push.twice.map((t) => `${t.sends.map((x) => `${x.by} at ${x.atS >= 0 ? '+' : ''}${x.atS} s`).join(' and ')} (${t.attempts} claims)`).join('; ')}. `
      : ''
  }${push.takenOver} deliveries claimed by the killed process were sent by the other once the lease ran out;
the last push reached the stand-in ${push.lastReceivedS} s after the kill. A push sent but not yet marked sent when its
process dies would be sent again by the other (at least once, never lost); the app tags each notification
with its id, so a phone would still show it once.
`;
}

// ---- Alone: a database of its own or the one named --------------------------------------------

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      patients: { type: 'string' },
      quick: { type: 'boolean', default: false },
      rate: { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  const base = values.quick ? QUICK_CLUSTER : FULL_CLUSTER;
  const plan = { ...base, rate: Number(values.rate ?? base.rate), seconds: Number(values.seconds ?? base.seconds) };
  let url = values['database-url'];
  const cluster = url ? null : await startCluster({ durable: true });
  try {
    if (cluster) {
      url = await createPgDatabase(cluster.url);
      const patients = values.patients ?? (values.quick ? '5000' : '100000');
      console.log(`seeding ${patients} patients`);
      execFileSync(process.execPath, ['--import', 'tsx', 'server/db/seed-cli.ts', '--patients', patients], {
        env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: url },
        stdio: 'inherit',
      });
    }
    // A database of its own: its generated patients from the first (seed-scale.ts numbers them from 10000001).
    const result = await benchCluster({ databaseUrl: url as string, plan, first: cluster ? 10000001 : CLUSTER_FIRST });
    console.log(`\n${clusterSection(result)}`);
  } finally {
    cluster?.stop();
  }
}

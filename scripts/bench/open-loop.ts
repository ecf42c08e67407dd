// A constant-arrival-rate load generator (an open loop): request i starts at t0 + i / rate
// whether or not the earlier ones have been answered, as patients arrive without waiting for each
// other, and its latency is counted from that scheduled start. A server that falls behind shows it
// as latency; a closed loop (N connections, each waiting for its answer) would slow its own
// arrivals down instead and hide the queue (coordinated omission). When the generator itself is
// late (a busy machine), its lateness is in the latency too, and reported apart as `lateP99`.
// It sends through undici's connection pool (keep-alive, one request at a time per connection):
// on the machine it measures, its own work is taken from the server's, and undici's client does
// about a third of node:http's per request (docs/performance.md, What these numbers say).
//
// Also the realistic mix of docs/performance.md as the app sends it, with the visit day's and the
// managing of appointments' calls in it.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { CANCEL_REASONS } from '../../common/booking.ts';
import { addDays, toQuotaDate, todayWib, weekdayName } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import type { BenchPatient, BookableSlot, QueueSession } from './fixtures.ts';

/**
 * The mix books for patients picked at random, some many times over a run: the limit of active
 * appointments per patient (MAX_ACTIVE_APPOINTMENTS, default 3) is lifted, so that its bookings
 * stay bookings and the runs compare with the earlier ones.
 */
export const BENCH_BOOKINGS = { MAX_ACTIVE_APPOINTMENTS: '100' } as const;

export interface Req {
  /** The call's name in the report. */
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
}

/** status 0: no answer (connection error or timeout; `error` says which). */
export interface Answer {
  status: number;
  /** The decoded body; '' unless the run reads answers. */
  body: string;
  error?: string;
}

export interface Latency {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface OpenLoopResult {
  rate: number;
  seconds: number;
  sent: number;
  /** Answers by status ('200', '409', …) and failures without one ('timeout', 'ECONNRESET', …). */
  byStatus: Record<string, number>;
  /** 5xx answers and requests without an answer. */
  failed: number;
  /** Anything but a 2xx. */
  non2xx: number;
  latency: Latency;
  perCall: Record<string, Latency & { non2xx: number }>;
  /** How late the generator started its requests (p99, ms): the machine's share of the latency. */
  lateP99: number;
  /** Answers per second over the run, from the first scheduled start to the last answer. */
  achieved: number;
  /** The first few bodies of each call's answers other than 2xx ('booking 409': […]), to see why. */
  examples: Record<string, string[]>;
}

export interface OpenLoopOptions {
  url: string;
  rate: number;
  seconds: number;
  next: (i: number) => Req;
  /** Hears every answer; bodies are kept only for the requests `reads` names (all when it is absent). */
  onAnswer?: (req: Req, answer: Answer, i: number, ms: number) => void;
  reads?: (req: Req) => boolean;
  /** Sockets to the server at most (keep-alive); requests beyond wait in the agent, their clock running. */
  maxSockets?: number;
  timeoutMs?: number;
  /** Ask for brotli or gzip as the phones do (the server compresses answers over 1 KB). */
  compressed?: boolean;
}

const at = (sorted: ArrayLike<number>, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] : 0);
const round = (n: number) => Math.round(n * 100) / 100;

export function latencyOf(values: ArrayLike<number>): Latency {
  const sorted = Float64Array.from(values).sort();
  return { count: sorted.length, p50: round(at(sorted, 0.5)), p90: round(at(sorted, 0.9)), p99: round(at(sorted, 0.99)), max: round(at(sorted, 1)) };
}

function decode(encoding: string | string[] | undefined, raw: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

export function openLoop(o: OpenLoopOptions): Promise<OpenLoopResult> {
  const pool = new Pool(new URL(o.url).origin, { connections: o.maxSockets ?? 2048, pipelining: 1, keepAliveTimeout: 60_000 });
  const timeoutMs = o.timeoutMs ?? 10_000;
  const total = Math.max(1, Math.round(o.rate * o.seconds));
  const interval = 1000 / o.rate;
  const latencies = new Float64Array(total);
  const late = new Float64Array(total);
  const names: string[] = new Array(total);
  const statuses = new Int16Array(total);
  const byStatus: Record<string, number> = {};
  const examples: Record<string, string[]> = {};
  let t0 = 0;
  let answered = 0;
  let lastAnswer = 0;

  return new Promise((resolve) => {
    const finish = () => {
      void pool.destroy();
      const perCall: OpenLoopResult['perCall'] = {};
      const groups = new Map<string, number[]>();
      names.forEach((n, i) => {
        const g = groups.get(n);
        if (g) g.push(i);
        else groups.set(n, [i]);
      });
      for (const [name, idx] of groups) {
        perCall[name] = { ...latencyOf(idx.map((i) => latencies[i])), non2xx: idx.filter((i) => statuses[i] < 200 || statuses[i] > 299).length };
      }
      let failed = 0;
      let non2xx = 0;
      for (const s of statuses) {
        if (s === 0 || s >= 500) failed++;
        if (s < 200 || s > 299) non2xx++;
      }
      resolve({
        rate: o.rate,
        seconds: o.seconds,
        sent: total,
        byStatus,
        failed,
        non2xx,
        latency: latencyOf(latencies),
        perCall,
        lateP99: round(at(late.slice().sort(), 0.99)),
        achieved: round((total / (lastAnswer - t0)) * 1000),
        examples,
      });
    };

    const done = (i: number, scheduled: number, answer: Answer, req: Req) => {
      lastAnswer = performance.now();
      latencies[i] = lastAnswer - scheduled;
      statuses[i] = answer.status;
      const key = answer.status ? String(answer.status) : (answer.error ?? 'error');
      byStatus[key] = (byStatus[key] ?? 0) + 1;
      try {
        o.onAnswer?.(req, answer, i, latencies[i]);
      } finally {
        if (++answered === total) finish();
      }
    };

    const fire = (i: number, scheduled: number) => {
      late[i] = performance.now() - scheduled;
      const req = o.next(i);
      names[i] = req.name;
      const body = req.body === undefined ? undefined : JSON.stringify(req.body);
      const headers: Record<string, string> = {};
      if (req.token) headers.authorization = `Bearer ${req.token}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (o.compressed ?? true) headers['accept-encoding'] = 'br, gzip';
      let settled = false;
      const settle = (answer: Answer) => {
        if (settled) return;
        settled = true;
        done(i, scheduled, answer, req);
      };
      pool
        .request({ method: req.method, path: req.path, headers, body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs })
        .then(async (res) => {
          const status = res.statusCode;
          const unexpected = status < 200 || status > 299;
          if (!unexpected && (!o.onAnswer || (o.reads && !o.reads(req)))) {
            await res.body.dump();
            return settle({ status, body: '' });
          }
          const text = decode(res.headers['content-encoding'], Buffer.from(await res.body.arrayBuffer()));
          if (unexpected) {
            const key = `${req.name} ${status}`;
            examples[key] ??= [];
            if (examples[key].length < 3) examples[key].push(text.slice(0, 300));
          }
          settle({ status, body: text });
        })
        .catch((err: NodeJS.ErrnoException) => {
          const timedOut = err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT';
          settle({ status: 0, body: '', error: timedOut ? 'timeout' : (err.code ?? err.message) });
        });
    };

    let started = 0;
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - t0) / interval) + 1);
      while (started < due) {
        const i = started++;
        fire(i, t0 + i * interval);
      }
      if (started < total) setTimeout(tick, Math.max(0, t0 + started * interval - performance.now()));
    };
    t0 = performance.now() + 20;
    setTimeout(tick, 20);
  });
}

/**
 * The rate a target holds with p99 under `p99Limit` ms and nothing failed: each rate in turn, up
 * the list until one does not hold twice running. Answers the highest that held (0: none) and the
 * last run at each rate.
 */
export async function capacity(
  run: (rate: number) => Promise<OpenLoopResult>,
  rates: number[],
  p99Limit = 50,
  log: (s: string) => void = () => undefined,
): Promise<{ held: number; runs: OpenLoopResult[] }> {
  const runs: OpenLoopResult[] = [];
  let held = 0;
  const holds = (r: OpenLoopResult) => r.latency.p99 < p99Limit && r.failed === 0;
  for (const rate of rates) {
    let r = await run(rate);
    log(`    ${rate} req/s: p99 ${r.latency.p99} ms, failed ${r.failed}, generator late p99 ${r.lateP99} ms`);
    // Once more before giving up: one stall of a shared machine is not the server's limit.
    if (!holds(r)) {
      r = await run(rate);
      log(`    ${rate} req/s again: p99 ${r.latency.p99} ms, failed ${r.failed}, generator late p99 ${r.lateP99} ms`);
    }
    runs.push(r);
    if (!holds(r)) break;
    held = rate;
  }
  return { held, runs };
}

// ---- The realistic mix -------------------------------------------------------------------------

/** Per 100 requests: what the app sends over a day (docs/performance.md). */
export const MIX: ReadonlyArray<readonly [string, number]> = [
  ['profile', 17],
  ['upcoming', 17],
  ['clinicQueue', 17],
  ['pharmacyQueue', 17],
  ['quota', 10],
  ['outpatient', 8],
  ['labs', 6],
  ['login', 2],
  ['booking', 2],
  ['checkin', 2],
  ['cancel', 1],
  ['reschedule', 1],
];

/** The mix in a fixed shuffle, so every run sends the same sequence. */
export function shuffledMix(mix: ReadonlyArray<readonly [string, number]> = MIX): (i: number) => string {
  const bag = mix.flatMap(([name, w]) => Array<string>(w).fill(name));
  let seed = 7;
  for (let k = bag.length - 1; k > 0; k--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (k + 1);
    [bag[k], bag[j]] = [bag[j], bag[k]];
  }
  return (i) => bag[i % bag.length];
}

/** A Non BPJS booking of this patient in this session (`POST simpan/janji`), as the app sends it. */
export const bookingBody = (p: BenchPatient, s: Pick<BookableSlot, 'tgl_janji' | 'kd_dep' | 'kd_dr' | 'sts_jam'>) => ({
  nomr: p.nomr,
  tgl_janji: s.tgl_janji,
  sts_ue: 'U',
  tgl_lahir: p.tgl_lahir,
  kd_dep: s.kd_dep,
  kd_dr: s.kd_dr,
  sts_jam: s.sts_jam,
  carabayar: 'P',
  hp: '081234567890',
});

export interface MixSetup {
  /** Signed-in patients, each with a clinic queue entry today (`queues`). */
  people: BenchPatient[];
  queues: QueueSession[];
  /** Sessions of clinic `slots[0].kd_dep` the bookings and reschedules go to, with seats to spare. */
  slots: BookableSlot[];
  /** Appointments already made (no_reg with its patient), for the first cancels and reschedules. */
  booked: Array<{ no_reg: string; person: BenchPatient }>;
}

/**
 * The mix's requests, and what it learns from their answers: each booking made joins the list
 * that cancels take from (oldest first) and reschedules move (newest first), as a patient books
 * and later cancels or moves. Each kind of call walks the patients with a counter of its own.
 */
export function realisticMix(setup: MixSetup): Pick<OpenLoopOptions, 'next' | 'onAnswer' | 'reads'> {
  const { people, slots } = setup;
  const pick = shuffledMix();
  const today = todayWib();
  const queueOf = new Map<string, string>();
  for (const s of setup.queues) for (const [k, nomr] of s.nomrs.entries()) queueOf.set(nomr, s.no_regs[k]);
  const booked = [...setup.booked];
  const counters = new Map<string, number>();
  const count = (name: string) => {
    const c = counters.get(name) ?? 0;
    counters.set(name, c + 1);
    return c;
  };
  const q = (p: BenchPatient, birth = true) => `nomr=${p.nomr}${birth ? `&tgllahir=${p.tgl_lahir}` : ''}`;
  const byToken = new Map(people.map((p) => [p.token, p]));

  const calls: Record<string, (c: number) => Req> = {
    profile: (c) => ({ name: 'profile', method: 'GET', path: `${API.profile}?${q(people[c % people.length])}` }),
    upcoming: (c) => ({ name: 'upcoming', method: 'GET', path: `${API.upcoming}?${q(people[c % people.length])}` }),
    clinicQueue: (c) => ({ name: 'clinicQueue', method: 'GET', path: `${API.clinicQueue}?${q(people[c % people.length])}` }),
    pharmacyQueue: (c) => ({ name: 'pharmacyQueue', method: 'GET', path: `${API.pharmacyQueue}?${q(people[c % people.length])}` }),
    quota: (c) => {
      const date = addDays(today, 1 + (c % 27));
      const path = `${API.quota}?kd_dr=&kd_dep=${slots[0].kd_dep}&tgl_janji=${encodeURIComponent(toQuotaDate(date))}&hari=${weekdayName(date)}`;
      return { name: 'quota', method: 'GET', path };
    },
    outpatient: (c) => ({ name: 'outpatient', method: 'GET', path: `${API.historyPoli}?${q(people[c % people.length])}` }),
    labs: (c) => ({ name: 'labs', method: 'GET', path: `${API.supporting}?${q(people[c % people.length], false)}` }),
    login: (c) => {
      const p = people[c % people.length];
      return { name: 'login', method: 'POST', path: API.login, body: { medical_record_number: p.nomr, birthdate: p.tgl_lahir, fcmtoken: '' } };
    },
    booking: (c) => {
      const p = people[c % people.length];
      // Each pass over the patients shifts them to other sessions, so few meet 'one a day'.
      const s = slots[(c + Math.floor(c / people.length)) % slots.length];
      return { name: 'booking', method: 'POST', path: API.book, body: bookingBody(p, s), token: p.token };
    },
    checkin: (c) => {
      const p = people[c % people.length];
      return { name: 'checkin', method: 'POST', path: API.checkin, body: { no_reg: queueOf.get(p.nomr) }, token: p.token };
    },
    cancel: () => {
      const a = booked.shift() ?? setup.booked[0];
      return { name: 'cancel', method: 'POST', path: API.cancel, body: { no_reg: a.no_reg, alasan: CANCEL_REASONS[1] }, token: a.person.token };
    },
    reschedule: (c) => {
      const a = booked[booked.length - 1] ?? setup.booked[setup.booked.length - 1];
      const s = slots[(c * 7) % slots.length];
      return {
        name: 'reschedule',
        method: 'POST',
        path: API.reschedule,
        body: { no_reg: a.no_reg, tgl_janji: s.tgl_janji, kd_dr: s.kd_dr, sts_jam: s.sts_jam },
        token: a.person.token,
      };
    },
  };

  return {
    next(i) {
      const name = pick(i);
      const c = count(name);
      const req = calls[name](c);
      // Every call but the login is a signed-in patient's.
      if (req.token === undefined && name !== 'login') req.token = people[c % people.length].token;
      return req;
    },
    reads: (req) => req.name === 'booking',
    onAnswer(req, a) {
      if (req.name !== 'booking' || a.status !== 200) return;
      const body = JSON.parse(a.body) as { status: boolean; data?: { no_reg?: string } };
      const person = byToken.get(req.token ?? '');
      if (body.status && body.data?.no_reg && person) booked.push({ no_reg: body.data.no_reg, person });
    },
  };
}

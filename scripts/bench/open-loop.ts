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
// The realistic mix it usually sends is realistic-mix.ts.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Pool } from 'undici';

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
 * The rate a target holds with p99 under `p99Limit` ms and every answer 2xx: each rate in turn,
 * up the list until one does not hold twice running. Answers the highest that held (0: none) and
 * the last run at each rate. A 4xx counts against it as a 5xx does: a refusal answered fast is
 * not the call served (a login refused 429, a call whose session had ended 401).
 */
export async function capacity(
  run: (rate: number) => Promise<OpenLoopResult>,
  rates: number[],
  p99Limit = 50,
  log: (s: string) => void = () => undefined,
): Promise<{ held: number; runs: OpenLoopResult[] }> {
  const runs: OpenLoopResult[] = [];
  let held = 0;
  const holds = (r: OpenLoopResult) => r.latency.p99 < p99Limit && r.non2xx === 0;
  for (const rate of rates) {
    let r = await run(rate);
    log(`    ${rate} req/s: p99 ${r.latency.p99} ms, not 2xx ${r.non2xx}, generator late p99 ${r.lateP99} ms`);
    // Once more before giving up: one stall of a shared machine is not the server's limit.
    if (!holds(r)) {
      r = await run(rate);
      log(`    ${rate} req/s again: p99 ${r.latency.p99} ms, not 2xx ${r.non2xx}, generator late p99 ${r.lateP99} ms`);
    }
    runs.push(r);
    if (!holds(r)) break;
    held = rate;
  }
  return { held, runs };
}

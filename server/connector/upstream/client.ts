// The calls to the hospital's own API (SIMRS=upstream, docs/integration.md): JSON over HTTP, each
// bounded by the time-out (its wait for a free slot included), at most so many at once from this
// process, so many begun in a second, and so many waiting; past that a call answers 503 at once, so a slow hospital never
// holds this server's other calls. Nothing is logged here: the URLs carry Nomor MR and birth date.
import { HttpError } from '../../errors.ts';

export const UPSTREAM_MSG = {
  down: 'Sistem informasi rumah sakit sedang tidak dapat dihubungi. Silakan coba lagi beberapa saat lagi.',
  /** The hospital's API answered 403: it refuses this server's call (not down; trying again will not help). */
  refused: 'Sistem informasi rumah sakit menolak permintaan ini. Silakan hubungi rumah sakit bila berlanjut.',
  /** A booking the hospital may have received without its answer reaching this server. */
  bookingUnknown:
    'Sistem informasi rumah sakit tidak menjawab. Perjanjian Anda mungkin sudah tercatat: periksa Jadwal Perjanjian Aktif di beranda sebelum mencoba lagi.',
} as const;

/** The hospital's API did not answer (in time, or at all), or answered with a server error: a 503 that says so (errors.ts). */
export class UpstreamUnavailable extends HttpError {
  /** `sent`: the request may have reached the hospital (a time-out, an answer that broke off). */
  constructor(
    readonly sent: boolean,
    message: string = UPSTREAM_MSG.down,
  ) {
    super(503, message);
    this.name = 'UpstreamUnavailable';
  }
}

export interface UpstreamLimits {
  timeoutMs: number;
  maxParallel: number;
  maxWaiting: number;
  /** Calls begun in any one second; the next waits for the second to pass (within its time-out). */
  maxPerSecond: number;
}

export interface UpstreamAnswer {
  status: number;
  /** The parsed JSON body; null when there was none or it was not JSON. */
  body: unknown;
}

export interface UpstreamCall {
  method: 'GET' | 'POST';
  url: string;
  token?: string;
  body?: unknown;
}

export interface UpstreamClient {
  call(c: UpstreamCall): Promise<UpstreamAnswer>;
  /** Calls under way and waiting now (tests, health). */
  load(): { active: number; waiting: number };
}

/** The status a §7 API answers: true or the string 'true' (docs/product.md §7). */
export const isTrue = (status: unknown) => status === true || status === 'true';

export function upstreamClient(limits: UpstreamLimits): UpstreamClient {
  let active = 0;
  const waiting: Array<() => void> = [];

  /** A slot, or a 503 when too many wait already or the deadline passes first. */
  function slot(signal: AbortSignal): Promise<void> {
    if (active < limits.maxParallel) {
      active++;
      return Promise.resolve();
    }
    if (waiting.length >= limits.maxWaiting) return Promise.reject(new UpstreamUnavailable(false));
    return new Promise((resolve, reject) => {
      // The slot is handed over by the call that ends (`active` stays as it was).
      const take = () => {
        signal.removeEventListener('abort', give);
        resolve();
      };
      const give = () => {
        const i = waiting.indexOf(take);
        if (i >= 0) waiting.splice(i, 1);
        reject(new UpstreamUnavailable(false));
      };
      waiting.push(take);
      signal.addEventListener('abort', give, { once: true });
    });
  }

  /** When the calls of the last second began: past maxPerSecond, the next waits its turn. */
  const begun: number[] = [];
  async function pace(signal: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (begun.length && begun[0] <= now - 1000) begun.shift();
      if (begun.length < limits.maxPerSecond) {
        begun.push(now);
        return;
      }
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(done, begun[0] + 1000 - now);
        function done() {
          signal.removeEventListener('abort', abort);
          resolve();
        }
        function abort() {
          clearTimeout(timer);
          reject(new UpstreamUnavailable(false));
        }
        signal.addEventListener('abort', abort, { once: true });
      });
    }
  }

  function release() {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }

  return {
    load: () => ({ active, waiting: waiting.length }),
    async call({ method, url, token, body }) {
      const signal = AbortSignal.timeout(limits.timeoutMs);
      await slot(signal);
      let sent = false;
      try {
        await pace(signal);
        const headers: Record<string, string> = { accept: 'application/json' };
        if (token) headers.authorization = `Bearer ${token}`;
        if (body !== undefined) headers['content-type'] = 'application/json';
        const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, redirect: 'error' });
        sent = true;
        const text = await res.text();
        let json: unknown = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        if (res.status >= 500) throw new UpstreamUnavailable(true);
        return { status: res.status, body: json };
      } catch (err) {
        if (err instanceof UpstreamUnavailable) throw err;
        // A refused connection reached no one; a time-out or a broken answer may have.
        const code = (err as { cause?: { code?: string } }).cause?.code ?? '';
        throw new UpstreamUnavailable(sent || !/^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/.test(code));
      } finally {
        release();
      }
    },
  };
}

/**
 * Answers reused for a while, and calls under way shared: a second asker of the same key while the
 * first call runs gets its answer, not a second call. A failure is not kept.
 */
export class Reuse {
  private readonly held = new Map<string, { until: number; value: Promise<unknown> }>();

  get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const e = this.held.get(key);
    if (e && e.until > now) return e.value as Promise<T>;
    if (this.held.size > 5000) for (const [k, v] of this.held) if (v.until <= now) this.held.delete(k);
    // Until it settles, held without end; then for ttlMs from then.
    const entry = { until: Number.POSITIVE_INFINITY, value: load() as Promise<unknown> };
    this.held.set(key, entry);
    entry.value.then(
      () => {
        entry.until = Date.now() + ttlMs;
        if (ttlMs <= 0 && this.held.get(key) === entry) this.held.delete(key);
      },
      () => {
        if (this.held.get(key) === entry) this.held.delete(key);
      },
    );
    return entry.value as Promise<T>;
  }

  /** Forgets the answers whose key starts so (a booking made: the quota it changed). */
  drop(prefix: string): void {
    for (const k of this.held.keys()) if (k.startsWith(prefix)) this.held.delete(k);
  }
}

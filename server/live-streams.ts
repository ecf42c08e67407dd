// The live streams' bounds: at most a few open at once per session and per client address, and
// each one ends when its session does, on whichever process holds it (docs/security.md, Limits on
// one caller, and streams that end with their session). A stream is a request that stays open for up to LIVE_MAX_MINUTES: without these, a
// token that was logged out, ended from Perangkat or expired would go on receiving the patient's
// queue, and one token could hold a thousand streams, each one a database read at every queue change.
import type { Queryable } from './db/client.ts';
import { addressKey } from './domain/address.ts';
import type { SessionCache } from './db/session-cache.ts';
import { sessionRemainingMs, type SessionPolicy } from './db/sessions.ts';

export interface LiveLimits {
  maxPerSession: number;
  maxPerAddress: number;
}

export const LIVE_MSG = {
  perSession: 'Antrian langsung sudah terbuka di terlalu banyak layar untuk akun ini. Tutup salah satu tab atau aplikasi yang menampilkannya, lalu coba lagi.',
  perAddress: 'Terlalu banyak tampilan antrian langsung yang terbuka dari jaringan ini. Silakan coba lagi beberapa saat lagi.',
} as const;

/** Seconds a refused stream is told to wait: about as long as a closed one takes to be noticed. */
export const LIVE_RETRY_SECONDS = 30;

/** A stream's place, taken before it opens; released when it closes. */
export interface Place {
  release(): void;
}

/**
 * Counts the streams this process holds. Per process, in memory: what the limit protects is the
 * work of the process holding them (one read per stream at each queue change), and a stream lives
 * on the process that accepted it. Behind N processes one token holds at most N times the limit.
 */
export class LiveStreams {
  readonly #bySession = new Map<string, number>();
  readonly #byAddress = new Map<string, number>();

  constructor(
    private readonly limits: LiveLimits,
    private readonly db: Queryable,
    private readonly sessions: SessionCache,
    private readonly policy: SessionPolicy,
  ) {}

  /**
   * A place for one more stream of the session from the address, or which limit refuses it. The
   * address is counted as the login's throttle counts it (domain/address.ts): an IPv6 client by
   * its /64, an IPv4-mapped one (::ffff:a.b.c.d) as its IPv4 address.
   */
  take(hash: string, from: string): Place | 'session' | 'address' {
    const address = addressKey(from);
    if ((this.#bySession.get(hash) ?? 0) >= this.limits.maxPerSession) return 'session';
    if ((this.#byAddress.get(address) ?? 0) >= this.limits.maxPerAddress) return 'address';
    bump(this.#bySession, hash, 1);
    bump(this.#byAddress, address, 1);
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        bump(this.#bySession, hash, -1);
        bump(this.#byAddress, address, -1);
      },
    };
  }

  /**
   * Calls `end` once the session has ended: at its expiry or idle limit, and whenever word comes
   * that it ended or was shortened (then its remaining time is read again). Each check is one
   * indexed read. While this process cannot hear sessions end, the stream checks at every
   * `fallbackMs` instead. Answers how to stop watching.
   */
  watch(hash: string, end: () => void, fallbackMs: number): () => void {
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    let chain = Promise.resolve();
    const check = () => {
      chain = chain.then(async () => {
        if (stopped) return;
        const remaining = await sessionRemainingMs(this.db, hash, this.policy).catch(() => null);
        if (stopped) return;
        if (timer) clearTimeout(timer);
        if (remaining === null) return finish();
        // Until the session runs out; sooner when word of an end cannot be heard.
        const wait = this.sessions.listening ? remaining : Math.min(remaining, fallbackMs);
        timer = setTimeout(check, Math.min(wait + 5, 2 ** 31 - 1));
      });
    };
    const unwatch = this.sessions.watch(hash, check);
    const finish = () => {
      stop();
      end();
    };
    const stop = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      unwatch();
    };
    check();
    return stop;
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

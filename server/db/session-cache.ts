// Sessions this process checked lately, kept in its memory so that most patient calls skip the
// session lookup: one round trip to the database fewer on every call (docs/decisions.md, Sessions
// held in memory, dropped when they end). Nothing is weakened by it:
// - an entry is kept no longer than the database would answer the same: until the session's
//   absolute expiry, its idle limit, or the minute after which its last use is written again,
//   whichever comes first, reckoned from the database's own clock;
// - a session that ends or is shortened by anyone (a logout, the Perangkat screen, the hospital's
//   counter, SQL by hand) is announced by the sessions table's trigger on commit (migration 011),
//   and every process drops it when it hears the word; the process that ended it drops it at once
//   and keeps it out until the word comes back;
// - a lookup that began before such word is not kept, so a session read just before it ended
//   cannot come back;
// - while this process does not listen (not yet, or the connection was lost), nothing is kept and
//   nothing is answered from memory; when it listens again, everything kept before is dropped.
import type { Db } from './client.ts';

export const SESSION_CHANNEL = 'session_ended';

/** Sessions kept at most: past it, the oldest go (each is one database lookup once a minute). */
const MAX_ENTRIES = 100_000;
/** How long a session ended here stays out of memory when the word of its end never comes back (rolled back). */
const ENDED_HERE_MS = 10_000;

interface Entry {
  nomr: string;
  /** performance.now() until which it holds. */
  until: number;
}

/** Every cache of this process that listens: a session ended here is dropped from all of them at once. */
const listening = new Set<SessionCache>();

/** Drops these sessions from every cache of this process, at once (before the commit announces them). */
export function sessionsEndedHere(hashes: string[]): void {
  for (const cache of listening) for (const hash of hashes) cache.endedHere(hash);
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** What must hear a session end (the live streams): by session, each told 'this may have ended: check'. */
  readonly #watchers = new Map<string, Set<() => void>>();
  /** Lookups under way, by session, with the mark they began at (lookup()). */
  readonly #lookups = new Map<string, { mark: number; answer: Promise<string | null> }>();
  /** Sessions ended by this process whose word has not come back yet, with how long they stay out. */
  readonly #endedHere = new Map<string, number>();
  #generation = 0;
  #live = false;
  #stop: Promise<(() => Promise<void>) | null> | null = null;
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Listens for ended sessions; until it does (or when it cannot: false), nothing is kept. */
  start(db: Db): Promise<boolean> {
    this.#stop ??= db
      .listen(
        SESSION_CHANNEL,
        (hash) => {
          if (hash) this.#ended(hash);
          else this.#clear(true); // listening again after a loss: anything may have ended meanwhile
        },
        () => this.#clear(false),
      )
      .then(
        (stop) => {
          this.#clear(true);
          listening.add(this);
          return stop;
        },
        () => null,
      );
    return this.#stop.then((stop) => stop !== null);
  }

  async stop(): Promise<void> {
    const stop = await this.#stop;
    this.#stop = null;
    listening.delete(this);
    this.#clear(false);
    await stop?.();
  }

  /** The patient of a session checked lately that still holds, or undefined: ask the database. */
  get(hash: string): string | undefined {
    const entry = this.#entries.get(hash);
    if (!entry) return undefined;
    if (entry.until > this.#now()) return entry.nomr;
    this.#entries.delete(hash);
    return undefined;
  }

  /** Taken before the database is asked: keep() holds its answer only if no session ended since. */
  mark(): number {
    return this.#generation;
  }

  /**
   * The database's answer for a session not held, asked once for the requests that come while it
   * is asked: a phone opening the app sends its home calls at once, and each would look the same
   * session up (and write its last use). A request that joins a lookup under way takes its answer
   * only if, when it comes, this process listens and has heard no session end since the lookup
   * began (what keep() requires of an answer it holds); otherwise it asks on its own.
   */
  async lookup(hash: string, ask: (mark: number) => Promise<string | null>): Promise<string | null> {
    const going = this.#lookups.get(hash);
    if (going) {
      const answer = await going.answer.catch(() => undefined);
      if (answer !== undefined && this.#live && going.mark === this.#generation) return answer;
    }
    const entry = { mark: this.#generation, answer: ask(this.#generation) };
    if (this.#live) this.#lookups.set(hash, entry);
    try {
      return await entry.answer;
    } finally {
      if (this.#lookups.get(hash) === entry) this.#lookups.delete(hash);
    }
  }

  /** Keeps what the database answered at `mark` for `freshMs` (its own clock's reckoning). */
  keep(hash: string, nomr: string, freshMs: number, mark: number): void {
    if (!this.#live || mark !== this.#generation || freshMs <= 0) return;
    const out = this.#endedHere.get(hash);
    if (out !== undefined) {
      if (out > this.#now()) return;
      this.#endedHere.delete(hash);
    }
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(hash, { nomr, until: this.#now() + freshMs });
  }

  /** Whether this process hears every session that ends (it listens now). */
  get listening(): boolean {
    return this.#live;
  }

  /**
   * Calls `check` whenever the session may have ended or been shortened: its word was heard, it
   * was ended here, or this process listens again after a loss (anything may have ended meanwhile).
   * Answers how to stop.
   */
  watch(hash: string, check: () => void): () => void {
    const set = this.#watchers.get(hash) ?? new Set<() => void>();
    this.#watchers.set(hash, set);
    set.add(check);
    return () => {
      set.delete(check);
      if (!set.size && this.#watchers.get(hash) === set) this.#watchers.delete(hash);
    };
  }

  /** How many sessions are held (tests). */
  get size(): number {
    return this.#entries.size;
  }

  endedHere(hash: string): void {
    this.#ended(hash);
    this.#endedHere.set(hash, this.#now() + ENDED_HERE_MS);
  }

  #ended(hash: string): void {
    this.#generation++;
    this.#entries.delete(hash);
    this.#endedHere.delete(hash);
    for (const check of this.#watchers.get(hash) ?? []) check();
  }

  #clear(live: boolean): void {
    this.#generation++;
    this.#entries.clear();
    this.#live = live;
    if (live) for (const set of this.#watchers.values()) for (const check of set) check();
  }
}

// The keyed cache of API reads: one entry per key, shared by every screen that reads it.
// - Stale-while-revalidate: a screen shows what the entry holds at once while a call refreshes it.
// - One call per key at a time: a second reader joins the call in flight.
// - The answers are the active patient's: another owner empties the cache; the phone's copies
//   are kept for every family profile on the phone, and go with the profile (or with the last).
// - The last good answer of a kept read is saved on the phone, and shown with its time when no
//   call can refresh it.
// No React, session or IndexedDB here (reads.ts binds them), so the unit tests drive it directly.
import type { ApiError, Result } from '../api/http.ts';
import type { DeviceStore } from './device.ts';

export interface Read<T, Raw = T> {
  /** The call and its parameters: readers of one key share one entry and one call. */
  key: string;
  load: () => Promise<Result<Raw>>;
  /** The part of the answer a screen shows: one call can feed several screens. */
  select?(raw: Raw): T;
  /** How long an answer is used without a new call, in ms. 0 (default): every screen that opens calls again. */
  fresh?: number;
  /** Saved on the phone for the app opened offline. */
  keep?: boolean;
}

/** What a key holds. Replaced, never changed, so a screen can tell a new one by identity. */
export interface Entry {
  /** The last good answer and when it was fetched (ms since epoch). */
  data?: unknown;
  at?: number;
  /** The answer is the phone's copy and no call has confirmed it yet. */
  saved?: boolean;
  /** The answer is the server's copy of what the hospital's system last answered, at `at` (Result's asOf). */
  copy?: boolean;
  /** Why the latest call failed, until one succeeds. */
  error?: ApiError;
  loading: boolean;
}

/** A time-out, or too many calls for now: the server will answer later. */
const LATER = new Set([408, 429]);

/**
 * The way to the server failed, or the server could not answer now (offline, a network error, a
 * time-out, a 5xx): the earlier answer stays, and the session too (decisions: Ending a session).
 * Anything else is the server's answer about this patient.
 */
export function unreachable(e: ApiError): boolean {
  const status = e.httpStatus ?? 0;
  return e.kind === 'offline' || e.kind === 'network' || (e.kind === 'http' && (status >= 500 || LATER.has(status)));
}

interface Slot {
  entry: Entry;
  read?: Read<unknown, unknown>;
  call?: Promise<void>;
  listeners: Set<() => void>;
  restored?: boolean;
  /** Changed on the server (a booking): called again even within `fresh`. */
  stale?: boolean;
}

export interface CacheOptions {
  store?: DeviceStore | null;
  now?: () => number;
}

const EMPTY: Entry = { loading: false };

export function createCache({ store = null, now = Date.now }: CacheOptions = {}) {
  const slots = new Map<string, Slot>();
  // undefined until told: the first owner, even nobody, tidies the phone's copy.
  let owner: string | null | undefined;
  // Bumped with the owner: answers to calls made for the previous one are dropped.
  let generation = 0;

  const slot = (key: string): Slot => {
    let s = slots.get(key);
    if (!s) {
      s = { entry: EMPTY, listeners: new Set() };
      slots.set(key, s);
    }
    return s;
  };
  const replace = (s: Slot, entry: Entry) => {
    s.entry = entry;
    for (const fn of s.listeners) fn();
  };
  const update = (s: Slot, change: Partial<Entry>) => replace(s, { ...s.entry, ...change });
  // The phone's copy is a bonus: a full or blocked IndexedDB must not fail a read.
  const device = <T>(op: (d: DeviceStore, key: string) => Promise<T>, key: string): Promise<T | undefined> =>
    store && owner ? op(store, `${owner}/${key}`).catch(() => undefined) : Promise.resolve(undefined);

  async function call(s: Slot, read: Read<unknown, unknown>, gen: number): Promise<void> {
    s.stale = false;
    update(s, { loading: true });
    if (read.keep && !s.restored) {
      s.restored = true;
      const saved = await device((d, k) => d.get(k), read.key);
      if (gen !== generation) return;
      if (saved && s.entry.data === undefined) update(s, { data: saved.data, at: saved.at, saved: true });
    }
    const res = await read.load().catch((): Result<unknown> => ({ ok: false, error: { kind: 'network' } }));
    if (gen !== generation) return;
    if (res.ok) {
      const at = res.asOf ?? now();
      const { copy: _, ...was } = s.entry;
      replace(s, { ...was, data: res.data, at, saved: false, error: undefined, loading: false, ...(res.asOf ? { copy: true } : {}) });
      if (read.keep) void device((d, k) => d.set(k, { data: res.data, at }), read.key);
    } else if (unreachable(res.error) && s.entry.data !== undefined) {
      update(s, { error: res.error, loading: false });
    } else {
      // The server answered: no data, status false, refused. An earlier answer is no longer true.
      update(s, { data: undefined, at: undefined, saved: false, error: res.error, loading: false });
      if (read.keep) void device((d, k) => d.del(k), read.key);
    }
  }

  const cache = {
    peek: (key: string): Entry => slots.get(key)?.entry ?? EMPTY,

    subscribe(key: string, fn: () => void): () => void {
      const s = slot(key);
      s.listeners.add(fn);
      return () => void s.listeners.delete(fn);
    },

    /** Calls unless the key holds an answer of this session younger than `fresh`; joins a call in flight. */
    load<Raw>(read: Read<unknown, Raw>, opts: { fresh?: number; force?: boolean } = {}): Promise<void> {
      const s = slot(read.key);
      s.read = read as Read<unknown, unknown>;
      if (s.call) return s.call;
      const fresh = opts.force ? -1 : (opts.fresh ?? read.fresh ?? 0);
      const { at, saved } = s.entry;
      if (!s.stale && at !== undefined && !saved && now() - at < fresh) return Promise.resolve();
      const p: Promise<void> = call(s, s.read, generation).finally(() => {
        if (s.call === p) s.call = undefined;
      });
      s.call = p;
      return p;
    },

    /**
     * An answer that came another way (the live clinic queue): held as if a call had brought it
     * now. After a call in flight, which may have left before this answer was true.
     */
    put<Raw>(read: Read<unknown, Raw>, data: Raw): void {
      const s = slot(read.key);
      const gen = generation;
      void Promise.resolve(s.call).then(() => {
        if (gen !== generation) return;
        const at = now();
        s.read ??= read as Read<unknown, unknown>;
        s.stale = false;
        const { copy: _, ...was } = s.entry;
        replace(s, { ...was, data, at, saved: false, error: undefined });
        if (read.keep) void device((d, k) => d.set(k, { data, at }), read.key);
      });
    },

    /** The server's answers under these key prefixes changed: readers on screen get new ones now, others on their next read. */
    invalidate(prefixes: string[]): void {
      for (const [key, s] of slots) {
        if (!prefixes.some((p) => key.startsWith(p))) continue;
        s.stale = true;
        const read = s.read;
        // After a call already in flight, which may have left before the change.
        if (read && s.listeners.size) void Promise.resolve(s.call).then(() => cache.load(read));
      }
    },

    /**
     * The reads on screen whose latest call failed this way call again: by default those that
     * failed offline (the connection is back); the 'Coba lagi' button retries every one the
     * server could not answer.
     */
    retry(failed: (e: ApiError) => boolean = (e) => e.kind === 'offline'): void {
      for (const s of slots.values()) {
        if (s.read && s.listeners.size && s.entry.error && failed(s.entry.error)) void cache.load(s.read, { force: true });
      }
    },

    /**
     * Whose answers these are (null: nobody signed in), and the phone's other family profiles,
     * whose copies stay for when they are switched to. Another owner starts from nothing: what
     * screens show is emptied. The phone keeps the copies of these profiles only: a profile
     * signed out takes its own with it, and with nobody signed in all of them are gone.
     */
    async setOwner(nomr: string | null, others: readonly string[] = []): Promise<void> {
      if (nomr !== owner) {
        owner = nomr;
        generation++;
        for (const s of slots.values()) {
          Object.assign(s, { call: undefined, restored: false, stale: false });
          replace(s, EMPTY);
        }
        // A switch between family profiles: the reads on screen call again, for the new owner.
        if (nomr !== null) for (const s of slots.values()) if (s.read && s.listeners.size) void cache.load(s.read);
      }
      if (!store) return;
      if (nomr === null) return store.clear().catch(() => undefined);
      const kept = [nomr, ...others].map((n) => `${n}/`);
      const keys = await store.keys().catch((): string[] => []);
      await Promise.all(keys.filter((k) => !kept.some((p) => k.startsWith(p))).map((k) => store.del(k).catch(() => undefined)));
    },
  };
  return cache;
}

// The phone's copy of the last good answers, in IndexedDB through idb-keyval: the installed app
// opened offline shows them. The cache takes any DeviceStore, so the unit tests (happy-dom has no
// IndexedDB) give it one of their own; the e2e suite checks this one in Chromium.
import { clear, createStore, del, get, keys, set } from 'idb-keyval';
import { DEVICE_DB } from '../session/session.ts';

/** An answer as kept on the phone, with when it was fetched (ms since epoch). */
export interface Saved {
  data: unknown;
  at: number;
}

export interface DeviceStore {
  get(key: string): Promise<Saved | undefined>;
  set(key: string, value: Saved): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

/** The database and object store the answers live in (logout empties it). */
export { DEVICE_DB };
export const DEVICE_STORE = 'answers';

/** IndexedDB where the browser has it; null elsewhere, and then nothing is kept. */
export function deviceStore(): DeviceStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const store = createStore(DEVICE_DB, DEVICE_STORE);
  return {
    get: (key) => get<Saved>(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    keys: () => keys<string>(store),
    clear: () => clear(store),
  };
}

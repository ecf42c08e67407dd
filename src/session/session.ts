// The session: who is signed in. Persisted under the spec's local storage keys (docs/product.md §3) and
// restored at start. A signed-in patient is one with an MR number in the session. A phone that
// looks after several patients keeps the others under keys of its own, which profiles.ts reads
// and writes: it loads with the signed-in screens, and the login page carries none of it.
import { batch, computed, signal } from '@preact/signals';

const KEYS = { status: 'statuslogin', nomr: 'nomormr', birthDate: 'tgllahir', token: 'token' } as const;
/** Our own key beside the spec's: when the token ends at the latest (ms since epoch). */
export const EXPIRES_KEY = 'tokenexpires';
/** The IndexedDB database of the data layer's copies of the patient's answers (src/data/device.ts). */
export const DEVICE_DB = 'pasien-rs';

export interface Credentials {
  nomr: string;
  birthDate: string;
  token: string;
  /** From the login answer's expires_in; unknown for a login service that gives none. */
  expiresAt?: number;
}

/** A family profile: credentials, and what the phone knows of them without a call. */
export interface Profile extends Credentials {
  nama?: string;
  /** The push registration the server has linked to this patient (profiles.ts). */
  push?: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked by the browser's privacy settings
  }
}

function restore(): Credentials | null {
  const s = storage();
  const nomr = s?.getItem(KEYS.nomr);
  if (!s || !nomr || s.getItem(KEYS.status) !== '1') return null;
  const expiresAt = Number(s.getItem(EXPIRES_KEY)) || undefined;
  // A token past its end is refused by the server anyway: start signed out rather than fail
  // each call, and show no records that belong to an ended session. A phone with other profiles
  // keeps no EXPIRES_KEY (profiles.ts): the server's 401 ends the active one alone.
  if (expiresAt && expiresAt <= Date.now()) {
    s.clear();
    // Nothing has opened it yet (the data layer loads with the signed-in screens only).
    if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(DEVICE_DB);
    return null;
  }
  return { nomr, birthDate: s.getItem(KEYS.birthDate) ?? '', token: s.getItem(KEYS.token) ?? '', expiresAt };
}

const current = signal<Credentials | null>(restore());
/** Restored by profiles.ts, which everything that reads them loads first (logout.ts does, which the data layer loads). */
const others = signal<Profile[]>([]);

export const session = {
  /** The signed-in patient's credentials, or null. */
  current: computed(() => current.value),
  signedIn: computed(() => !!current.value?.nomr),
  /** The phone's other family profiles; empty on a phone with one patient. */
  others: computed(() => others.value),

  /**
   * Keeps the credentials under the spec's keys (docs/product.md §4), the one place they are written, and
   * answers what starts the session with them: login shows its welcome first (decisions).
   * `rest`: the other family profiles, when they change with it; profiles.ts has stored them.
   */
  store(c: Credentials, rest?: Profile[]): () => void {
    const s = storage();
    s?.setItem(KEYS.status, '1');
    s?.setItem(KEYS.nomr, c.nomr);
    s?.setItem(KEYS.birthDate, c.birthDate);
    s?.setItem(KEYS.token, c.token);
    c.expiresAt ? s?.setItem(EXPIRES_KEY, String(c.expiresAt)) : s?.removeItem(EXPIRES_KEY);
    // Together: whoever watches both (the data layer's owners) never sees a profile in neither.
    return () =>
      batch(() => {
        if (rest) others.value = rest;
        current.value = c;
      });
  },

  signIn(c: Credentials): void {
    session.store(c)();
  },

  /**
   * The one sign-out on the phone, whatever ends the session of its last profile (the Logout
   * button, a 401, a profile the server refuses, 'Keluar dari semua profil'; all through
   * endSession in logout.ts, which also tells the server): clear all local storage and the
   * session (docs/product.md §4). The data layer forgets the patient's answers, in memory and in
   * IndexedDB, when it sees the session go; the service worker and its precache stay, so the
   * next login downloads nothing.
   */
  signOut(): void {
    storage()?.clear();
    current.value = null;
    others.value = [];
  },
};

// The session: who is signed in. Persisted under the spec's local storage keys (section 3) and
// restored at start. A signed-in patient is one with an MR number in the session.
import { computed, signal } from '@preact/signals';

export const KEYS = { status: 'statuslogin', nomr: 'nomormr', birthDate: 'tgllahir', token: 'token' } as const;

export interface Credentials {
  nomr: string;
  birthDate: string;
  token: string;
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
  return { nomr, birthDate: s.getItem(KEYS.birthDate) ?? '', token: s.getItem(KEYS.token) ?? '' };
}

const current = signal<Credentials | null>(restore());

export const session = {
  /** The signed-in patient's credentials, or null. */
  current: computed(() => current.value),
  signedIn: computed(() => !!current.value?.nomr),

  /** Keeps the credentials under the spec's keys; the session itself starts on reload(). */
  store(c: Credentials): void {
    const s = storage();
    s?.setItem(KEYS.status, '1');
    s?.setItem(KEYS.nomr, c.nomr);
    s?.setItem(KEYS.birthDate, c.birthDate);
    s?.setItem(KEYS.token, c.token);
  },

  signIn(c: Credentials): void {
    session.store(c);
    current.value = c;
  },

  /** What logout does (spec section 4): clear all local storage and the session. */
  signOut(): void {
    storage()?.clear();
    current.value = null;
  },

  /** Re-reads local storage (another tab signed in or out). */
  reload(): void {
    current.value = restore();
  },
};

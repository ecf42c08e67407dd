// Family profiles: one phone looks after several patients (a son for his parents, a mother for her
// children). The active one is the session, under the spec's keys exactly as on a phone with one
// patient (docs/product.md §3); the others live under a key of our own (OTHERS_KEY), each with its own
// token. Every change goes through put(): these keys here, the spec's in session.store(). Loaded
// with the signed-in screens only (logout.ts imports it, which the data layer loads before any call
// or read of the others): the login page carries none of it, and knows no key of it.
import { toasts } from '../notice/toasts.ts';
import { PROFILE } from '../family/profile-strings.ts';
import { session, type Credentials, type Profile } from './session.ts';

export type { Profile };

/** Our key beside the spec's: the phone's other family profiles, JSON. */
export const OTHERS_KEY = 'profillain';
/**
 * Our key beside the spec's while there are others: what the phone knows of the active profile
 * (its name, push link and expiry). EXPIRES_KEY goes meanwhile: the login page's check at start,
 * which knows nothing of family profiles, would end them all with the active one (session.ts);
 * here the server's 401 ends the active one alone.
 */
export const ACTIVE_KEY = 'profilaktif';

/** At most six patients on one phone: a household, and a home screen that still fits. */
export const MAX_PROFILES = 6;

export type Refusal = 'duplicate' | 'full';

/** One patient, however the number was typed ('  00012345 '). */
const samePatient = (a: string, b: string): boolean => a.trim() === b.trim();

/** Why `nomr` may not join these profiles, or null: the same patient twice, or a seventh. */
export function refusal(profiles: readonly Pick<Profile, 'nomr'>[], nomr: string): Refusal | null {
  if (profiles.some((p) => samePatient(p.nomr, nomr))) return 'duplicate';
  return profiles.length >= MAX_PROFILES ? 'full' : null;
}

// The steps as pure functions of [active, ...others] (tested without a browser). The order of the
// others stays as the patient knows it: a switch swaps the two places, it does not reorder.

/** `nomr` becomes active; the one active before takes its place among the others. */
export function switched(active: Profile, others: readonly Profile[], nomr: string): [Profile, Profile[]] | null {
  const i = others.findIndex((p) => samePatient(p.nomr, nomr));
  if (i < 0) return null;
  return [others[i], others.map((p, j) => (j === i ? active : p))];
}

/** A new profile becomes active; the one active before goes first among the others. */
export function added(active: Profile, others: readonly Profile[], p: Profile): [Profile, Profile[]] {
  return [p, [active, ...others]];
}

/** Without `nomr`: the next profile takes over when it was the active one; null when none is left. */
export function without(active: Profile, others: readonly Profile[], nomr: string): [Profile, Profile[]] | null {
  if (!samePatient(active.nomr, nomr)) return [active, others.filter((p) => !samePatient(p.nomr, nomr))];
  return others.length ? [others[0], others.slice(1)] : null;
}

type Known = Pick<Profile, 'nama' | 'push' | 'expiresAt'>;

// Names, links and the active one's expiry known in this run (none of them is stored under the
// spec's keys): restored from ACTIVE_KEY, filled in by home's reads.
const known = new Map<string, Known>();

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null; // storage blocked by the browser's privacy settings
  }
}

function stored<T>(key: string): T | undefined {
  try {
    return JSON.parse(storage()?.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Writes our keys for these profiles, active first: both while there are others, neither once alone. */
function keep(a: Profile, rest: readonly Profile[]): void {
  const s = storage();
  if (!rest.length) {
    s?.removeItem(OTHERS_KEY);
    s?.removeItem(ACTIVE_KEY);
    return;
  }
  s?.setItem(OTHERS_KEY, JSON.stringify(rest));
  s?.setItem(ACTIVE_KEY, JSON.stringify({ nomr: a.nomr, nama: a.nama, push: a.push, expiresAt: a.expiresAt }));
}

const active = (): Profile | null => {
  const c = session.current.value;
  return c && { ...c, ...known.get(c.nomr) };
};

/** Every profile on the phone, the active one first. */
export function allProfiles(): Profile[] {
  const a = active();
  return a ? [a, ...session.others.value] : [];
}

/** The one write path of the profiles: our keys, then the spec's, and both signals at once. */
function put([a, rest]: [Profile, Profile[]]): void {
  keep(a, rest);
  const facts = Object.entries({ nama: a.nama, push: a.push, expiresAt: a.expiresAt }).filter(([, v]) => v !== undefined);
  known.set(a.nomr, { ...known.get(a.nomr), ...Object.fromEntries(facts) });
  // Alone again, the active one's expiry returns to EXPIRES_KEY.
  session.store(rest.length ? { nomr: a.nomr, birthDate: a.birthDate, token: a.token } : a, rest)();
}

/** The phone's profiles back from local storage, once the signed-in screens load (and in tests). */
export function restoreProfiles(): void {
  const c = session.current.value;
  const rest = c && stored<Profile[]>(OTHERS_KEY);
  if (!c || !rest?.length) return;
  const mine = stored<Known & { nomr?: string }>(ACTIVE_KEY);
  if (mine?.nomr === c.nomr) known.set(c.nomr, { nama: mine.nama, push: mine.push, expiresAt: mine.expiresAt });
  put([{ ...c, ...known.get(c.nomr) }, rest]);
}
restoreProfiles();

/** Switches to another profile on the phone; false when `nomr` is not one. */
export function switchTo(nomr: string): boolean {
  const a = active();
  const next = a && switched(a, session.others.value, nomr);
  if (next) put(next);
  return !!next;
}

/** A profile signed in through 'Tambah Anggota Keluarga' becomes the active one. */
export function addProfile(p: Profile): Refusal | null {
  const a = active();
  const why = refusal(allProfiles(), p.nomr);
  if (a && !why) put(added(a, session.others.value, p));
  return why;
}

/** What the phone knows of a profile changed: its name read, or the push registration linked. */
export function remember(nomr: string, facts: Pick<Profile, 'nama' | 'push'>): void {
  known.set(nomr, { ...known.get(nomr), ...facts });
  const others = session.others.value;
  // The active one's: kept with the others, if any (no change to the session on screen).
  if (nomr === session.current.value?.nomr) {
    keep(active()!, others);
    return;
  }
  const i = others.findIndex((p) => p.nomr === nomr);
  if (i < 0 || Object.entries(facts).every(([k, v]) => others[i][k as keyof Profile] === v)) return;
  put([active()!, others.map((p, j) => (j === i ? { ...p, ...facts } : p))]);
}

export const displayName = (p: Profile): string => known.get(p.nomr)?.nama ?? p.nama ?? PROFILE.mr(p.nomr);

/**
 * Removes one profile from the phone (its sign-out, or the server refusing its token): the next
 * one takes over if it was the active one, and local storage keeps nothing of that patient.
 * Answers how many profiles are left (null: it was not on the phone); with none, the phone is
 * cleared as on a one-patient phone (session.signOut). `forced`: the patient is told whose session
 * ended.
 */
export function removeProfile(who: Credentials, forced: boolean): number | null {
  const a = active();
  // Several calls refused at once end it once; a token the phone no longer holds ends nothing.
  if (!allProfiles().some((p) => p.nomr === who.nomr && p.token === who.token)) return null;
  const name = displayName(who);
  const next = a && without(a, session.others.value, who.nomr);
  if (!next) {
    // Nothing of anyone stays, in memory either: the next login is a stranger's.
    known.clear();
    session.signOut();
    return 0;
  }
  put(next);
  dropKept(who.nomr);
  known.delete(who.nomr);
  if (forced) toasts.show(PROFILE.ended(name), 'error');
  return next[1].length + 1;
}

/** Our other keys that hold one patient's values carry its nomr ({ nomr, … }, e.g. 'nomorhp'). */
function dropKept(nomr: string): void {
  const owner = (v: string | null) => {
    try {
      return v?.startsWith('{') ? (JSON.parse(v) as { nomr?: unknown }).nomr : undefined;
    } catch {
      return undefined; // only looked like JSON: not ours
    }
  };
  try {
    for (const key of Object.keys(localStorage)) if (owner(localStorage.getItem(key)) === nomr) localStorage.removeItem(key);
  } catch {
    // storage blocked by the browser's privacy settings
  }
}

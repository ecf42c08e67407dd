// What the patient API can do beyond docs/product.md §7, as its login answer says (`capabilities`,
// common/capabilities.ts). Every login answer decides it afresh; an answer that names none (the
// spec's login service) leaves the app speaking docs/product.md §7 only. Kept beside the session's keys, so
// a reload remembers it, and cleared with them at logout (session.signOut clears local storage).
import { PATIENT_FROM_TOKEN } from '../../common/capabilities.ts';
import { apiBase, loginBase } from './config.ts';

const KEY = 'apikemampuan';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * What a login answer says: the whole list of names it gave, kept comma-joined (a copy kept before
 * the list was kept whole holds one name, and reads the same). Believed only where the login
 * service is the API's own address: a login service elsewhere speaks for itself, not for the API
 * the reads go to.
 */
export function noteCapabilities(answer: unknown): void {
  const list = (answer as { capabilities?: unknown } | null)?.capabilities;
  // Names are plain tokens ('patient-from-token'): anything else in the list matches none.
  const names = loginBase() === apiBase() && Array.isArray(list) ? list.join() : '';
  try {
    names ? storage()?.setItem(KEY, names) : storage()?.removeItem(KEY);
  } catch {
    // storage full or blocked: the app speaks what the spec says
  }
}

/**
 * Whether the API's last login answer named this capability (common/capabilities.ts): e.g.
 * BPJS_REFERRALS, where the BPJS booking offers the patient's letters to pick. The booking screens
 * name theirs, so its name is not in the code every signed-in screen loads.
 */
export const offers = (name: string): boolean => !!storage()?.getItem(KEY)?.split(',').includes(name);

/** The API reads the token's own patient: the birth date stays out of the URLs. */
export const knowsPatientFromToken = (): boolean => offers(PATIENT_FROM_TOKEN);

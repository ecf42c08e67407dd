// What the patient API can do beyond docs/product.md §7, as its login answer says (`capabilities`,
// common/capabilities.ts). Every login answer decides it afresh; an answer that names none (the
// spec's login service) leaves the app speaking docs/product.md §7 only. Kept beside the session's keys, so
// a reload remembers it, and cleared with them at logout (session.signOut clears local storage).
import { BPJS_REFERRALS, PATIENT_FROM_TOKEN } from '../../common/capabilities.ts';
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
 * What a login answer says: the whole list of names it gave. Believed only where the login
 * service is the API's own address: a login service elsewhere speaks for itself, not for the API
 * the reads go to.
 */
export function noteCapabilities(answer: unknown): void {
  const list = (answer as { capabilities?: unknown } | null)?.capabilities;
  const names = loginBase() === apiBase() && Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
  try {
    names.length ? storage()?.setItem(KEY, JSON.stringify(names)) : storage()?.removeItem(KEY);
  } catch {
    // storage full or blocked: the app speaks what the spec says
  }
}

/** The names kept; a copy written before the list was kept whole holds one bare name. */
function kept(): string[] {
  const raw = storage()?.getItem(KEY);
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [raw];
  }
}

const offers = (name: string): boolean => kept().includes(name);

/** The API reads the token's own patient: the birth date stays out of the URLs. */
export const knowsPatientFromToken = (): boolean => offers(PATIENT_FROM_TOKEN);

/** The API reads the patient's BPJS referrals and control letters: the BPJS booking offers them to pick. */
export const offersReferrals = (): boolean => offers(BPJS_REFERRALS);

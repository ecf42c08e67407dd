// What the patient API can do beyond docs/product.md §7, as its login answer says (`capabilities`,
// common/capabilities.ts). Every login answer decides it afresh; an answer that names none (the
// spec's login service) leaves the app speaking docs/product.md §7 only. Kept beside the session's keys, so
// a reload remembers it, and cleared with them at logout.
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
 * What a login answer says. Believed only where the login service is the API's own address: a
 * login service elsewhere speaks for itself, not for the API the reads go to.
 */
export function noteCapabilities(answer: unknown): void {
  const list = (answer as { capabilities?: unknown } | null)?.capabilities;
  const fromToken = loginBase() === apiBase() && Array.isArray(list) && list.includes(PATIENT_FROM_TOKEN);
  try {
    fromToken ? storage()?.setItem(KEY, PATIENT_FROM_TOKEN) : storage()?.removeItem(KEY);
  } catch {
    // storage full or blocked: the reads keep sending what the spec says
  }
}

/** The API reads the token's own patient: the birth date stays out of the URLs. */
export const knowsPatientFromToken = (): boolean => storage()?.getItem(KEY) === PATIENT_FROM_TOKEN;

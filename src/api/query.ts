// The query most signed-in calls send. Not in http.ts: the login page loads that one, and has no
// patient yet.
import { session } from '../session/session.ts';
import { knowsPatientFromToken } from './capabilities.ts';

/**
 * The signed-in patient's nomr and tgllahir, as most calls send them (docs/product.md §7); without
 * tgllahir where the API knows the patient from the token (api/capabilities.ts): the birth date,
 * the old login secret, then stays out of URLs, proxies' logs and the browser's history.
 */
export function patientQuery(withBirthDate = true): Record<string, string> {
  const c = session.current.value;
  if (!c) return {};
  return withBirthDate && !knowsPatientFromToken() ? { nomr: c.nomr, tgllahir: c.birthDate } : { nomr: c.nomr };
}

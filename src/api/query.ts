// The query most signed-in calls send. Not in http.ts: the login page loads that one, and has no
// patient yet.
import { session } from '../session/session.ts';

/** The signed-in patient's nomr and tgllahir, as most calls send them. */
export function patientQuery(withBirthDate = true): Record<string, string> {
  const c = session.current.value;
  if (!c) return {};
  return withBirthDate ? { nomr: c.nomr, tgllahir: c.birthDate } : { nomr: c.nomr };
}

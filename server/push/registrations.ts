// A patient's push registrations: a Web Push subscription (JSON) or an FCM token (decisions 7).
import type { Queryable } from '../db/client.ts';
import { parseSubscription } from './webpush.ts';

export type RegistrationKind = 'fcm' | 'webpush';

const FCM_TOKEN = /^[A-Za-z0-9_:.-]{20,4096}$/;

/** The kind of a registration, or null when it is neither a usable subscription nor an FCM token. */
export function registrationKind(registration: string, allowedHosts: readonly string[]): RegistrationKind | null {
  if (registration.trimStart().startsWith('{')) return parseSubscription(registration, allowedHosts) ? 'webpush' : null;
  return FCM_TOKEN.test(registration) ? 'fcm' : null;
}

/** Keeps a registration for the patient; a phone that changes hands moves to its new patient. */
export async function saveRegistration(q: Queryable, nomr: string, registration: string, kind: RegistrationKind): Promise<void> {
  await q.query(
    `INSERT INTO push_registrations (nomr, token, kind) VALUES ($1, $2, $3)
     ON CONFLICT (token) DO UPDATE SET nomr = EXCLUDED.nomr, kind = EXCLUDED.kind, updated_at = now()`,
    [nomr, registration, kind],
  );
}

/** Forgets one of the patient's registrations, and what still waited to go to it. */
export async function forgetRegistration(q: Queryable, nomr: string, registration: string): Promise<void> {
  await q.query(
    `UPDATE push_deliveries SET status = 'gone', last_error = 'replaced'
      WHERE status = 'pending' AND registration_id IN (SELECT id FROM push_registrations WHERE token = $1 AND nomr = $2)`,
    [registration, nomr],
  );
  await q.query('DELETE FROM push_registrations WHERE token = $1 AND nomr = $2', [registration, nomr]);
}

// A patient's push registration: a Web Push subscription (JSON) or an FCM token (docs/decisions.md D7).
// Stored by db/push.ts.
import type { RegistrationKind } from '../db/push.ts';
import { parseSubscription } from './webpush.ts';

export type { RegistrationKind };

const FCM_TOKEN = /^[A-Za-z0-9_:.-]{20,4096}$/;

/** The kind of a registration, or null when it is neither a usable subscription nor an FCM token. */
export function registrationKind(registration: string, allowedHosts: readonly string[]): RegistrationKind | null {
  if (registration.trimStart().startsWith('{')) return parseSubscription(registration, allowedHosts) ? 'webpush' : null;
  return FCM_TOKEN.test(registration) ? 'fcm' : null;
}

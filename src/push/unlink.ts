// This phone's push registration at logout: the one to unlink on the server, and the browser's
// subscription to drop. Apart from registration.ts, which the login page carries: only the
// signed-in app needs these.
import { STEP_MS, withTimeout } from './registration.ts';

/** Local storage: the registration last sent to the server and when (subscribe.ts renews it). */
export const PUSH_STORE_KEY = 'pushregistration';

/** The registration last sent to the server, or '' (none, or storage blocked). */
export function savedPushRegistration(): string {
  try {
    const saved = JSON.parse(localStorage.getItem(PUSH_STORE_KEY) ?? 'null') as { token?: unknown } | null;
    return typeof saved?.token === 'string' ? saved.token : '';
  } catch {
    return '';
  }
}

/** On logout: the browser drops its push subscription, so this phone gets nothing more (a shared phone). */
export async function dropPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const reg = await withTimeout(navigator.serviceWorker.getRegistration(), STEP_MS, undefined);
  const sub = await withTimeout(reg?.pushManager?.getSubscription() ?? Promise.resolve(null), STEP_MS, null);
  await withTimeout(sub?.unsubscribe() ?? Promise.resolve(false), STEP_MS, false);
}

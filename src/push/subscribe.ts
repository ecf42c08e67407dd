// After login: a push registration for this phone, renewed when older than 7 days (docs/product.md
// §4, §9) and sent to the server. An FCM token where Firebase is configured, otherwise a
// standard Web Push subscription with the server's VAPID key (docs/decisions.md D7). Each step has a time
// limit, since without a push service a subscription never settles; failures are logged only.
import { getVapidKey, savePushRegistration } from '../api/push.ts';
import { STEP_MS, SUBSCRIBE_MS, withTimeout } from './registration.ts';
import { PUSH_STORE_KEY } from './unlink.ts';

/** docs/product.md §9: the token is refreshed after 7 days. */
const RENEW_MS = 7 * 24 * 3600 * 1000;
/** Local storage: the registration last sent and when. Logout sends it to be unlinked, then clears it with everything else. */
const STORE_KEY = PUSH_STORE_KEY;

interface Saved {
  token: string;
  at: number;
}

function read(): Saved | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') as Saved | null;
    return saved && typeof saved.token === 'string' && typeof saved.at === 'number' ? saved : null;
  } catch {
    return null;
  }
}

/** A registration sent less than 7 days ago is kept; an older one is renewed. */
export function isFresh(saved: { at: number } | null, now: number): boolean {
  return !!saved && now - saved.at < RENEW_MS;
}

const urlBytes = (b64url: string) => Uint8Array.from(atob(b64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

export async function webPushToken(reg: ServiceWorkerRegistration, renew: boolean): Promise<string | null> {
  let sub = await withTimeout(reg.pushManager.getSubscription(), STEP_MS, null);
  if (sub && renew) {
    await withTimeout(sub.unsubscribe(), STEP_MS, false);
    sub = null;
  }
  if (!sub) {
    const key = await getVapidKey();
    if (!key.ok || !key.data) return null;
    sub = await withTimeout(reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBytes(key.data) }), SUBSCRIBE_MS, null);
  }
  return sub ? JSON.stringify(sub) : null;
}

export type Outcome = 'kept' | 'registered' | 'renewed' | 'unavailable';

export async function ensurePushRegistration(now = Date.now()): Promise<Outcome> {
  try {
    if (!('serviceWorker' in navigator) || typeof Notification === 'undefined' || Notification.permission !== 'granted') return 'unavailable';
    const saved = read();
    if (isFresh(saved, now)) return 'kept';
    const reg = await withTimeout(navigator.serviceWorker.ready, STEP_MS, null);
    if (!reg) return 'unavailable';
    const token = import.meta.env.VITE_FIREBASE_CONFIG
      ? await import('./firebase.ts').then((m) => m.firebaseToken(reg, !!saved))
      : await webPushToken(reg, !!saved);
    if (!token) return 'unavailable';
    const res = await savePushRegistration(token, saved && saved.token !== token ? saved.token : undefined);
    if (!res.ok) return 'unavailable';
    localStorage.setItem(STORE_KEY, JSON.stringify({ token, at: now } satisfies Saved));
    return saved ? 'renewed' : 'registered';
  } catch (err) {
    console.warn('push registration', err);
    return 'unavailable';
  }
}

// An FCM registration token, where the build carries a Firebase web config (VITE_FIREBASE_CONFIG,
// VITE_FIREBASE_VAPID_KEY). Only ever loaded by src/push/subscribe.ts after login, so Firebase is
// in no route's download; the token is tied to our own service worker, which shows the messages.
import { getApps, initializeApp, type FirebaseOptions } from 'firebase/app';
import { deleteToken, getMessaging, getToken, isSupported } from 'firebase/messaging';
import { STEP_MS, SUBSCRIBE_MS, withTimeout } from './registration.ts';

function firebaseOptions(): FirebaseOptions | null {
  const raw = import.meta.env.VITE_FIREBASE_CONFIG;
  if (!raw || !import.meta.env.VITE_FIREBASE_VAPID_KEY) return null;
  try {
    return JSON.parse(raw) as FirebaseOptions;
  } catch {
    console.warn('push: VITE_FIREBASE_CONFIG is not JSON');
    return null;
  }
}

export async function firebaseToken(reg: ServiceWorkerRegistration, renew: boolean): Promise<string | null> {
  const options = firebaseOptions();
  if (!options || !(await withTimeout(isSupported(), STEP_MS, false))) return null;
  const messaging = getMessaging(getApps()[0] ?? initializeApp(options));
  if (renew) await withTimeout(deleteToken(messaging), STEP_MS, false);
  return withTimeout(getToken(messaging, { vapidKey: import.meta.env.VITE_FIREBASE_VAPID_KEY, serviceWorkerRegistration: reg }), SUBSCRIBE_MS, null);
}

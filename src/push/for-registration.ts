// A new patient's phone asks to be told when the counter verifies their registration: before any
// login, with one tap (the browser's permission prompt needs it). The same push setup as after
// login (subscribe.ts): an FCM token where Firebase is configured, otherwise Web Push with the
// server's VAPID key. Nothing is kept here: the subscription is the browser's own.
import { STEP_MS, withTimeout } from './registration.ts';
import { webPushToken } from './subscribe.ts';

/** The browser can receive push at all, and the patient has not refused notifications. */
export const pushPossible = (): boolean =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  typeof Notification !== 'undefined' &&
  Notification.permission !== 'denied';

/** Asks for permission and subscribes; the registration to send, or null. */
export async function askPushToken(): Promise<string | null> {
  try {
    if (!pushPossible() || (await Notification.requestPermission()) !== 'granted') return null;
    const reg = await withTimeout(navigator.serviceWorker.ready, STEP_MS, null);
    if (!reg) return null;
    return import.meta.env.VITE_FIREBASE_CONFIG ? await import('./firebase.ts').then((m) => m.firebaseToken(reg, false)) : await webPushToken(reg, false);
  } catch (err) {
    console.warn('push for registration', err);
    return null;
  }
}

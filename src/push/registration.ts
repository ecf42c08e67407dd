// The push registration the login request carries as fcmtoken (docs/decisions.md D7): the browser's
// existing Web Push subscription, serialised as JSON, or '' when there is none. Every step has
// a time limit — without a push service a subscription can hang forever — and failures never
// block login.
/** Time limits: a quick lookup, and a subscription (which may wait on a push service). */
export const STEP_MS = 5000;
export const SUBSCRIBE_MS = 15000;

export function withTimeout<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      () => (clearTimeout(timer), resolve(fallback)),
    );
  });
}

export async function currentPushRegistration(ms = 1500): Promise<string> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return '';
  const lookup = async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const sub = await reg?.pushManager?.getSubscription();
    return sub ? JSON.stringify(sub) : '';
  };
  return withTimeout(lookup(), ms, '');
}

// A push that arrives while the app is in front: the service worker hands it to the page, which
// shows it as a toast (docs/product.md §4) and tells the screens, so home reloads its queues.
import { PUSH_MESSAGE_TYPE, type PushMessage } from '../../common/push.ts';

/** Fired on window when a push arrived in the foreground. */
export const PUSH_EVENT = 'pasien-push';

export function listenForPush(show: (m: PushMessage) => void): () => void {
  const sw = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!sw) return () => undefined;
  const onMessage = (e: MessageEvent) => {
    const data = e.data as { type?: string; message?: PushMessage } | null;
    if (data?.type !== PUSH_MESSAGE_TYPE || !data.message) return;
    show(data.message);
    window.dispatchEvent(new Event(PUSH_EVENT));
  };
  sw.addEventListener('message', onMessage);
  return () => sw.removeEventListener('message', onMessage);
}

// What a push message carries from the server's senders to the service worker. Web Push
// delivers our JSON as it is; FCM delivers it as the string values of `data` (data-only
// messages, so our own worker shows them and no Firebase code is needed in it).
import { HOME } from './routes.ts';

export interface PushMessage {
  /** The notification's id: the system notification's tag, so a repeat replaces, not adds. */
  id: string;
  title: string;
  body: string;
  /** A path of the app to open on a tap. */
  url: string;
}

export const PUSH_DEFAULT_URL = HOME;
/** The service worker's message to a page in front: { type, message }. */
export const PUSH_MESSAGE_TYPE = 'pasien-push';

/** Only a path of this app: a push can never send the patient to another site. */
export function appPath(url: unknown): string {
  return typeof url === 'string' && url.length <= 300 && /^\/(?![/\\])/.test(url) ? url : PUSH_DEFAULT_URL;
}

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');

/** Reads a push payload, our JSON or FCM's wrapping of it; null when it is neither. */
export function readPushMessage(payload: string | null | undefined): PushMessage | null {
  if (!payload) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const outer = raw as Record<string, unknown>;
  const m = (outer.data && typeof outer.data === 'object' ? outer.data : outer) as Record<string, unknown>;
  const title = text(m.title, 120);
  if (!title) return null;
  return {
    id: String(m.id ?? '').slice(0, 40),
    title,
    body: text(m.body, 500),
    url: appPath(m.url),
  };
}

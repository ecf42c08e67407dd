// Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291): web-push
// builds the signed, encrypted request; fetch sends it, so an http endpoint on loopback (tests)
// works as well as the browsers' https push services.
import webpush from 'web-push';
import type { PushMessage } from '../../common/push.ts';
import { SEND_TIMEOUT_MS, networkOutcome, outcomeOf, type SendOutcome, type Sender } from './sender.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact the push services can reach the hospital at. */
  subject: string;
}

export interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * A subscription the server will send to: JSON of a browser subscription whose endpoint is an
 * https URL on one of the allowed push services. The endpoint comes from a client; without the
 * allowlist a patient could make the server post to any address (SSRF).
 */
export function parseSubscription(text: string, allowedHosts: readonly string[]): Subscription | null {
  let sub: Partial<Subscription>;
  try {
    sub = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof sub?.endpoint !== 'string' || typeof sub.keys?.p256dh !== 'string' || typeof sub.keys?.auth !== 'string') return null;
  let url: URL;
  try {
    url = new URL(sub.endpoint);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const allowed = allowedHosts.some((h) => host === h || host.endsWith(`.${h}`));
  const loopback = host === '127.0.0.1' || host === 'localhost';
  if (!allowed || (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:'))) return null;
  // A push service listens on https's own port: another port of an allowed host (its admin or
  // internal services), or credentials in the address, is not a push endpoint. The URL parser
  // drops an explicit :443 on https, so a port left here is another one.
  if ((url.port !== '' && !loopback) || url.username || url.password) return null;
  return { endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: sub.keys.auth } };
}

export function webPushSender(keys: VapidKeys, allowedHosts: readonly string[]): Sender {
  return {
    async send(registration: string, message: PushMessage, topic: string): Promise<SendOutcome> {
      const sub = parseSubscription(registration, allowedHosts);
      if (!sub) return { kind: 'gone', detail: 'not a usable Web Push subscription' };
      const req = webpush.generateRequestDetails(sub, JSON.stringify(message), {
        vapidDetails: keys,
        TTL: 24 * 3600,
        urgency: 'high',
        // A repeat of the same delivery replaces the first while it waits in the push service.
        topic,
      });
      try {
        const res = await fetch(req.endpoint, {
          method: 'POST',
          headers: req.headers as Record<string, string>,
          body: req.body ? new Uint8Array(req.body) : undefined,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        return outcomeOf(res.status, await res.text());
      } catch (err) {
        return networkOutcome(err);
      }
    },
  };
}

// Firebase Cloud Messaging, HTTP v1 API: a service account signs a JWT (RS256, with jose), trades
// it at the account's token_uri for an OAuth2 access token (cached until shortly before it
// expires), and each message is POSTed to /v1/projects/{project_id}/messages:send with that token.
// Messages are data-only: the app's own service worker shows them (src/sw.ts).
import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import type { PushMessage } from '../../common/push.ts';
import type { ServiceAccount } from '../config/push.ts';
import { SEND_TIMEOUT_MS, networkOutcome, outcomeOf, type SendOutcome, type Sender } from './sender.ts';

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** The signed assertion of the JWT bearer grant (RFC 7523). */
function serviceAccountJwt(account: ServiceAccount, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({ scope: FCM_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.client_email)
    .setAudience(account.token_uri)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + 3600)
    .sign(createPrivateKey(account.private_key));
}

export function fcmSender(account: ServiceAccount, endpoint: string): Sender {
  let cached: { token: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && Date.now() < cached.until) return cached.token;
    const res = await fetch(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: await serviceAccountJwt(account) }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`token endpoint answered HTTP ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('token endpoint gave no access_token');
    // Renewed five minutes before it runs out.
    cached = { token: body.access_token, until: Date.now() + Math.max(60, (body.expires_in ?? 3600) - 300) * 1000 };
    return cached.token;
  }

  const url = `${endpoint.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`;

  return {
    async send(registration: string, message: PushMessage, topic: string): Promise<SendOutcome> {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: {
              token: registration,
              data: { id: message.id, title: message.title, body: message.body, url: message.url },
              webpush: { headers: { Urgency: 'high', TTL: '86400', Topic: topic } },
            },
          }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (res.status === 401) cached = null; // a revoked token: fetch a new one next time
        return outcomeOf(res.status, await res.text());
      } catch (err) {
        return networkOutcome(err);
      }
    },
  };
}

// Firebase Cloud Messaging, HTTP v1 API: a service account signs a JWT (RS256, with jose), trades
// it at the account's token_uri for an OAuth2 access token (cached until shortly before it
// expires), and each message is POSTed to /v1/projects/{project_id}/messages:send with that token.
// Messages are data-only: the app's own service worker shows them (src/sw.ts).
import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import type { PushMessage } from '../../common/push.ts';
import { SEND_TIMEOUT_MS, networkOutcome, outcomeOf, type SendOutcome, type Sender } from './sender.ts';

export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

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

/** Reads and checks a service-account JSON; throws a message naming what is missing. */
export function parseServiceAccount(json: string): ServiceAccount {
  const raw = JSON.parse(json) as Partial<ServiceAccount>;
  for (const key of ['project_id', 'client_email', 'private_key'] as const) {
    if (typeof raw[key] !== 'string' || !raw[key]) throw new Error(`the service account has no ${key}`);
  }
  // A key that cannot sign should stop the start, not every send hours later.
  try {
    createPrivateKey(raw.private_key!);
  } catch {
    throw new Error('the service account private_key is not a PEM private key');
  }
  return { project_id: raw.project_id!, client_email: raw.client_email!, private_key: raw.private_key!, token_uri: raw.token_uri || GOOGLE_TOKEN_URI };
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

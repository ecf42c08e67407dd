import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { bool, ConfigError, type Env, integer, serviceUrl } from './parse.ts';

/** A Firebase service account as push/fcm.ts signs with it: read and checked here, at the start. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** Reads and checks a service-account JSON; throws a message naming what is missing. */
function parseServiceAccount(json: string): ServiceAccount {
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

export interface PushConfig {
  /** This process sends queued notifications (an API-only instance may leave it to others). */
  worker: boolean;
  pollMs: number;
  leaseSeconds: number;
  maxAttempts: number;
  /** Configured VAPID keys; null: generated once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
  /** Hosts (and their subdomains) a Web Push subscription may point at. */
  endpointHosts: string[];
  /** Registrations (phones, browsers) one patient keeps; a new one past it replaces the least recently renewed. */
  maxPerPatient: number;
  fcm: { account: ServiceAccount; endpoint: string } | null;
}

/** The browsers' push services: Chrome/Android, Firefox, Edge, Safari. */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

export function pushConfig(env: Env): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY || '';
  const privateKey = env.VAPID_PRIVATE_KEY || '';
  if (!publicKey !== !privateKey) throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  if (publicKey && !/^[A-Za-z0-9_-]{87}$/.test(publicKey)) throw new ConfigError('VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)');
  if (privateKey && !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) throw new ConfigError('VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)');
  const vapidSubject = env.VAPID_SUBJECT || 'mailto:admin@localhost';
  if (!/^(mailto:|https:\/\/)/.test(vapidSubject)) throw new ConfigError('VAPID_SUBJECT must be a mailto: or https:// address');

  let fcm: PushConfig['fcm'] = null;
  const accountSource = env.FCM_SERVICE_ACCOUNT || '';
  if (accountSource) {
    // The OAuth token of the hospital's Firebase project travels to it: https only.
    const endpoint = serviceUrl(env, 'FCM_ENDPOINT', 'https://fcm.googleapis.com', 'https://fcm.googleapis.com');
    try {
      const json = accountSource.trimStart().startsWith('{') ? accountSource : readFileSync(accountSource, 'utf8');
      fcm = { account: parseServiceAccount(json), endpoint };
    } catch (err) {
      throw new ConfigError(`FCM_SERVICE_ACCOUNT must be a service-account JSON file (or its JSON): ${(err as Error).message}`);
    }
  }
  const hosts = (env.PUSH_ENDPOINT_HOSTS || PUSH_SERVICE_HOSTS.join(','))
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const notHost = hosts.find((h) => !/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?$/.test(h));
  if (notHost !== undefined)
    throw new ConfigError(`PUSH_ENDPOINT_HOSTS must list host names separated by commas, such as fcm.googleapis.com (got "${notHost}")`);
  return {
    worker: bool(env, 'PUSH_WORKER', true),
    pollMs: integer(env, 'PUSH_POLL_MS', 2000, 50, 600_000),
    leaseSeconds: integer(env, 'PUSH_LEASE_SECONDS', 60, 20, 3600),
    maxAttempts: integer(env, 'PUSH_MAX_ATTEMPTS', 8, 1, 50),
    vapid: publicKey ? { publicKey, privateKey } : null,
    vapidSubject,
    endpointHosts: hosts,
    maxPerPatient: integer(env, 'PUSH_MAX_PER_PATIENT', 10, 1, 100),
    fcm,
  };
}

// WhatsApp Business Cloud API (docs/whatsapp.md): off while its settings are unset; all four
// secrets together, or the start stops naming what is missing.
import { bool, ConfigError, type Env, integer, serviceUrl } from './parse.ts';

export interface WhatsappConfig {
  /** The system user's access token, sent as a bearer token to the Graph API. */
  token: string;
  /** The business phone number's id (not the number): the path of POST /{id}/messages. */
  phoneNumberId: string;
  /** Signs the webhook's POSTs (X-Hub-Signature-256). */
  appSecret: string;
  /** What Meta's dashboard sends back in the webhook's GET handshake. */
  verifyToken: string;
  /** https://graph.facebook.com/v21.0; tests point it at the stand-in. */
  apiBase: string;
  /** This process sends queued messages. */
  worker: boolean;
  /** Messages this process sends per second at most (the Cloud API's default throughput is 80 per second per number). */
  ratePerSecond: number;
  pollMs: number;
  leaseSeconds: number;
  maxAttempts: number;
  /** Delivery rows (number, template, status) older than this are deleted. */
  retentionDays: number;
}

const SECRETS = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;

export function whatsappConfig(env: Env): WhatsappConfig | null {
  const set = SECRETS.filter((name) => env[name]);
  if (!set.length) return null;
  const missing = SECRETS.filter((name) => !env[name]);
  if (missing.length)
    throw new ConfigError(`WhatsApp needs ${SECRETS.join(', ')} together: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set`);
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID!;
  if (!/^[0-9]{5,20}$/.test(phoneNumberId))
    throw new ConfigError(`WHATSAPP_PHONE_NUMBER_ID must be the number's id from Meta's dashboard, digits only (got "${phoneNumberId}")`);
  const token = env.WHATSAPP_TOKEN!;
  if (!/^[\x21-\x7e]{16,1024}$/.test(token))
    throw new ConfigError('WHATSAPP_TOKEN must be the access token, visible ASCII without spaces, at least 16 characters');
  if (env.WHATSAPP_APP_SECRET!.length < 16) throw new ConfigError('WHATSAPP_APP_SECRET must be the app secret from Meta’s dashboard (at least 16 characters)');
  if (!/^[\x21-\x7e]{8,200}$/.test(env.WHATSAPP_VERIFY_TOKEN!))
    throw new ConfigError('WHATSAPP_VERIFY_TOKEN must be 8 to 200 visible ASCII characters without spaces');
  return {
    token,
    phoneNumberId,
    appSecret: env.WHATSAPP_APP_SECRET!,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
    // The token travels to it: https only, http on this machine for the stand-in.
    apiBase: serviceUrl(env, 'WHATSAPP_API_BASE', 'https://graph.facebook.com/v21.0', 'https://graph.facebook.com/v21.0'),
    worker: bool(env, 'WHATSAPP_WORKER', true),
    ratePerSecond: integer(env, 'WHATSAPP_RATE_PER_SECOND', 20, 1, 1000),
    pollMs: integer(env, 'WHATSAPP_POLL_MS', 2000, 50, 600_000),
    leaseSeconds: integer(env, 'WHATSAPP_LEASE_SECONDS', 60, 20, 3600),
    maxAttempts: integer(env, 'WHATSAPP_MAX_ATTEMPTS', 8, 1, 50),
    retentionDays: integer(env, 'WHATSAPP_RETENTION_DAYS', 90, 1, 3650),
  };
}

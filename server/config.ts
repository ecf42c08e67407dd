// Configuration from the environment, validated once at start: a bad value stops the start
// with a message that names the variable.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Rule } from './domain/throttle.ts';
import { parseServiceAccount, type ServiceAccount } from './push/fcm.ts';

export interface Config {
  port: number;
  host: string;
  /** The listener of the hospital systems' calls (/api/internal/*), apart from the public one. */
  internalHost: string;
  internalPort: number;
  dataDir: string;
  databaseUrl: string | null;
  /** Connections each server process keeps to PostgreSQL. */
  databasePoolSize: number;
  distDir: string;
  internalApiToken: string | null;
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  seedDemo: boolean;
  logLevel: string;
  bodyLimitBytes: number;
  push: PushConfig;
  security: SecurityConfig;
}

export interface SecurityConfig {
  /** Fastify's trustProxy: false, true, a hop count or addresses; decides the client address. */
  trustProxy: boolean | number | string;
  login: { nomr: Rule; ip: Rule };
  /** Days audit rows stay in the database before `npm run audit:archive` moves them to a file. */
  auditRetentionDays: number;
  register: Rule;
  /** Sources the app may also connect to and load images from (an API on another host). */
  cspConnectSrc: string[];
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
  fcm: { account: ServiceAccount; endpoint: string } | null;
}

/** The browsers' push services: Chrome/Android, Firefox, Edge, Safari. */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

export class ConfigError extends Error {}

/** 25 years of 365.25 days. */
export const AUDIT_RETENTION_DEFAULT_DAYS = 9131;

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function oneOf(env: Env, name: string, fallback: string, allowed: string[]): string {
  const raw = env[name] || fallback;
  if (!allowed.includes(raw)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return raw;
}

function pushConfig(env: Env): PushConfig {
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
    try {
      const json = accountSource.trimStart().startsWith('{') ? accountSource : readFileSync(accountSource, 'utf8');
      fcm = { account: parseServiceAccount(json), endpoint: env.FCM_ENDPOINT || 'https://fcm.googleapis.com' };
    } catch (err) {
      throw new ConfigError(`FCM_SERVICE_ACCOUNT must be a service-account JSON file (or its JSON): ${(err as Error).message}`);
    }
  }
  const hosts = (env.PUSH_ENDPOINT_HOSTS || PUSH_SERVICE_HOSTS.join(','))
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return {
    worker: bool(env, 'PUSH_WORKER', true),
    pollMs: integer(env, 'PUSH_POLL_MS', 2000, 50, 600_000),
    leaseSeconds: integer(env, 'PUSH_LEASE_SECONDS', 60, 20, 3600),
    maxAttempts: integer(env, 'PUSH_MAX_ATTEMPTS', 8, 1, 50),
    vapid: publicKey ? { publicKey, privateKey } : null,
    vapidSubject,
    endpointHosts: hosts,
    fcm,
  };
}

function trustProxy(env: Env): SecurityConfig['trustProxy'] {
  const raw = env.TRUST_PROXY || '';
  if (raw === '' || /^(0|false|no)$/i.test(raw)) return false;
  if (/^(true|yes)$/i.test(raw)) return true;
  if (/^[1-9]$/.test(raw)) return Number(raw);
  if (/^[0-9a-f.:/, ]+$/i.test(raw)) return raw;
  throw new ConfigError(`TRUST_PROXY must be false, true, a hop count or proxy addresses (got "${raw}")`);
}

function securityConfig(env: Env): SecurityConfig {
  const lockMinutes = integer(env, 'LOGIN_LOCK_MINUTES', 15, 1, 1440);
  // A lock shuts out the real patient too: escalation stops here (docs/security.md, ASVS 6.3).
  const maxLockMinutes = integer(env, 'LOGIN_LOCK_MAX_MINUTES', 60, 1, 1440);
  if (maxLockMinutes < lockMinutes) throw new ConfigError(`LOGIN_LOCK_MAX_MINUTES must be at least LOGIN_LOCK_MINUTES (${lockMinutes})`);
  const windowMinutes = integer(env, 'LOGIN_WINDOW_MINUTES', 15, 1, 1440);
  const sources = (env.CSP_CONNECT_SRC || '').split(/\s+/).filter(Boolean);
  for (const src of sources) {
    if (!/^https?:\/\/[^\s;,'"]+$/.test(src)) throw new ConfigError(`CSP_CONNECT_SRC must list http(s) origins separated by spaces (got "${src}")`);
  }
  return {
    trustProxy: trustProxy(env),
    login: {
      nomr: { max: integer(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000), windowMinutes, lockMinutes, maxLockMinutes },
      ip: { max: integer(env, 'LOGIN_IP_MAX_FAILURES', 100, 1, 100000), windowMinutes, lockMinutes, maxLockMinutes },
    },
    register: { max: integer(env, 'REGISTER_MAX_PER_HOUR', 60, 1, 100000), windowMinutes: 60, lockMinutes: 60 },
    cspConnectSrc: sources,
    // 25 years: as long as Permenkes 24/2022 keeps the records the rows trace (docs/security.md).
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', AUDIT_RETENTION_DEFAULT_DAYS, 1, 36525),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const internalApiToken = env.INTERNAL_API_TOKEN || null;
  if (internalApiToken && internalApiToken.length < 16) {
    throw new ConfigError('INTERNAL_API_TOKEN must be at least 16 characters long');
  }
  // It travels as a bearer token (guard.ts reads visible ASCII up to 512 characters).
  if (internalApiToken && !/^[\x21-\x7e]{16,512}$/.test(internalApiToken)) {
    throw new ConfigError('INTERNAL_API_TOKEN must be visible ASCII characters without spaces, at most 512');
  }
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const internalPort = integer(env, 'INTERNAL_PORT', 8081, 0, 65535);
  if (port !== 0 && internalPort === port) throw new ConfigError('INTERNAL_PORT must differ from PORT: the internal calls have a listener of their own');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    internalHost: env.INTERNAL_HOST || '127.0.0.1',
    internalPort,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 20, 1, 500),
    distDir: resolve(env.DIST_DIR || './dist'),
    internalApiToken,
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 7 * 24 * 60, 1, 525600),
    sessionMaxDays: integer(env, 'SESSION_MAX_DAYS', 30, 1, 365),
    // Demo patients belong in the embedded database of a trial, not in a hospital's PostgreSQL.
    seedDemo: bool(env, 'SEED_DEMO', !databaseUrl),
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 16 * 1024, 1024, 10 * 1024 * 1024),
    push: pushConfig(env),
    security: securityConfig(env),
  };
}

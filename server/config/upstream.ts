import { bool, ConfigError, type Env, integer, serviceUrl } from './parse.ts';

// SIMRS=upstream (docs/integration.md "SIMRS=upstream"): the hospital's own API of
// docs/product.md §7 and its login service, with the limits and caches that keep this server
// kind to it.

/** SIMRS=upstream: where the hospital's API and login service are, and how this server treats them. */
export interface UpstreamConfig {
  kind: 'upstream';
  /** The hospital API's base address, without a trailing slash: reads go to {apiUrl}/api/patient/… */
  apiUrl: string;
  /** The login service's base address: logins go to {loginUrl}/api/auth/proxy-login. */
  loginUrl: string;
  /** Each call waits this long at most, its wait for a free slot included. */
  timeoutMs: number;
  /** Calls under way to the hospital's API at once, from this process. */
  maxParallel: number;
  /** Calls waiting for a free slot; one more answers 503 at once. */
  maxWaiting: number;
  /** Calls begun in any one second, from this process. */
  maxPerSecond: number;
  /** How long an answer is reused: quota, the clinics and doctors' schedules, the visit day's queue. */
  cache: { quotaMs: number; listsMs: number; queueMs: number };
  /** UPSTREAM_TOKEN_KEY: the AES-256-GCM key (32 bytes) of the hospital's tokens kept in the database. */
  tokenKey: Buffer;
}

/** UPSTREAM_TOKEN_KEY: 32 random bytes, as 64 hex digits or in base64 (`openssl rand -base64 32`). */
function upstreamTokenKey(env: Env): Buffer {
  const raw = (env.UPSTREAM_TOKEN_KEY ?? '').trim();
  if (!raw)
    throw new ConfigError(
      "SIMRS=upstream needs UPSTREAM_TOKEN_KEY: 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32); it encrypts the hospital's tokens this server keeps in the database",
    );
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw) ? Buffer.from(raw, 'base64') : null;
  if (key?.length !== 32)
    throw new ConfigError(
      `UPSTREAM_TOKEN_KEY must be 32 bytes: 64 hex digits or 44 characters of base64 (openssl rand -base64 32); got ${raw.length} characters`,
    );
  return key;
}

export function upstreamConfig(env: Env): UpstreamConfig {
  if (!env.UPSTREAM_API_URL) throw new ConfigError("SIMRS=upstream needs UPSTREAM_API_URL (the base address of the hospital's API, https://…)");
  const apiUrl = serviceUrl(env, 'UPSTREAM_API_URL', '', 'https://api.rs.example.id');
  // The hospital's login service asks the birth date: a patient held to passkeys could never renew its token.
  if (bool(env, 'PASSKEY_REQUIRED', false))
    throw new ConfigError('PASSKEY_REQUIRED cannot be set with SIMRS=upstream: the hospital signs patients in with their birth date');
  return {
    kind: 'upstream',
    apiUrl,
    loginUrl: serviceUrl(env, 'UPSTREAM_LOGIN_URL', apiUrl, 'https://api.rs.example.id'),
    timeoutMs: integer(env, 'UPSTREAM_TIMEOUT_SECONDS', 10, 1, 60) * 1000,
    maxParallel: integer(env, 'UPSTREAM_MAX_PARALLEL', 8, 1, 200),
    maxWaiting: integer(env, 'UPSTREAM_MAX_WAITING', 50, 0, 10_000),
    maxPerSecond: integer(env, 'UPSTREAM_MAX_PER_SECOND', 50, 1, 10_000),
    cache: {
      // Quota changes with every booking, the counter's too: a few seconds at most.
      quotaMs: integer(env, 'UPSTREAM_QUOTA_CACHE_SECONDS', 3, 0, 5) * 1000,
      listsMs: integer(env, 'UPSTREAM_LIST_CACHE_SECONDS', 300, 0, 3600) * 1000,
      queueMs: integer(env, 'UPSTREAM_QUEUE_POLL_SECONDS', 15, 1, 300) * 1000,
    },
    tokenKey: upstreamTokenKey(env),
  };
}

// BPJS: the Antrean Online bridge this server reports through, and the web service Mobile JKN calls.
import { bool, ConfigError, type Env, integer, oneOf, serviceUrl } from './parse.ts';

/** The BPJS Antrean RS v2 bridge: where, as whom, and how its outbox is worked. */
export interface BpjsConfig {
  /** The service's base address, without a trailing slash: requests go to {url}/antrean/add … */
  url: string;
  consId: string;
  secretKey: string;
  userKey: string;
  /** This process sends the outbox (an API-only instance may leave it to others). */
  worker: boolean;
  pollMs: number;
  /** Each request waits this long for BPJS; the claim's lease is longer. */
  timeoutMs: number;
  leaseSeconds: number;
  /** A row without an answer after this many attempts is failed (staff retry it). */
  maxAttempts: number;
  /** The backoff between attempts doubles from 15 s up to this. */
  retryMaxSeconds: number;
  /**
   * Who reports the visits to BPJS, decided once per deployment so BPJS never gets one twice:
   * 'app' this server (its outbox); 'simrs' the hospital's system, and this server queues nothing.
   */
  reporter: 'app' | 'simrs';
}

/** The hospital's web service for Mobile JKN (Antrean Online's "WS RS"): who may call, how long a token lasts. */
export interface JknConfig {
  /** What BPJS sends as x-username and x-password to GET /api/jkn/token. */
  username: string;
  password: string;
  /** A token answers this many minutes after it was given. */
  tokenMinutes: number;
  /** Wrong credentials from one address within 15 minutes before it is locked out for 15. */
  maxFailures: number;
}

export function bpjsConfig(env: Env): BpjsConfig | null {
  const names = ['BPJS_ANTREAN_URL', 'BPJS_CONS_ID', 'BPJS_SECRET_KEY', 'BPJS_USER_KEY'] as const;
  const set = names.filter((n) => env[n]);
  if (!set.length) return null;
  // The consumer (BPJS_CONS_ID, BPJS_SECRET_KEY) alone, beside VClaim's own settings, is VClaim's: Antrean stays off.
  if (env.BPJS_VCLAIM_URL && !env.BPJS_ANTREAN_URL && !env.BPJS_USER_KEY) return null;
  if (set.length < names.length) throw new ConfigError(`${names.join(', ')} must be set together (missing ${names.filter((n) => !env[n]).join(', ')})`);
  // The user key, the signature, NIKs and phone numbers travel in every request.
  const url = serviceUrl(env, 'BPJS_ANTREAN_URL', '', 'https://apijkn.bpjs-kesehatan.go.id/antreanrs');
  const timeoutSeconds = integer(env, 'BPJS_TIMEOUT_SECONDS', 20, 1, 300);
  return {
    url,
    consId: env.BPJS_CONS_ID ?? '',
    secretKey: env.BPJS_SECRET_KEY ?? '',
    userKey: env.BPJS_USER_KEY ?? '',
    worker: bool(env, 'BPJS_WORKER', true),
    pollMs: integer(env, 'BPJS_POLL_MS', 2000, 50, 600_000),
    timeoutMs: timeoutSeconds * 1000,
    leaseSeconds: timeoutSeconds + 40,
    maxAttempts: integer(env, 'BPJS_MAX_ATTEMPTS', 40, 1, 1000),
    retryMaxSeconds: integer(env, 'BPJS_RETRY_MAX_SECONDS', 900, 15, 86_400),
    reporter: bpjsReporter(env),
  };
}

/**
 * Who reports the visits to BPJS (docs/bpjs.md, Who reports a visit). With SIMRS=khanza, Khanza's
 * Antrean sender reports every registration from its own tables, those the app and Mobile JKN
 * write there too: this server must not as well (docs/decisions.md, Mobile JKN on SIMRS Khanza).
 */
function bpjsReporter(env: Env): 'app' | 'simrs' {
  // Khanza reports what is written in its tables; a hospital's own API (SIMRS=upstream) takes the
  // bookings itself, and this server has none of its own to report.
  const hospital = env.SIMRS === 'khanza' || env.SIMRS === 'upstream';
  const reporter = oneOf(env, 'BPJS_REPORTER', hospital ? 'simrs' : 'app', ['app', 'simrs']) as 'app' | 'simrs';
  if (env.SIMRS === 'khanza' && reporter === 'app')
    throw new ConfigError("BPJS_REPORTER=app does not go with SIMRS=khanza: Khanza's Antrean sender reports the visits there (BPJS_REPORTER=simrs)");
  if (env.SIMRS === 'upstream' && reporter === 'app')
    throw new ConfigError(
      "BPJS_REPORTER=app does not go with SIMRS=upstream: the hospital's own API takes the bookings, and its system reports them (BPJS_REPORTER=simrs)",
    );
  return reporter;
}

export function jknConfig(env: Env): JknConfig | null {
  const username = env.JKN_WS_USERNAME || '';
  const password = env.JKN_WS_PASSWORD || '';
  if (!username && !password) return null;
  // With SIMRS=upstream the hospital's own API takes the bookings: this server has no seat pool to give Mobile JKN.
  if (env.SIMRS === 'upstream')
    throw new ConfigError(
      "JKN_WS_USERNAME and JKN_WS_PASSWORD need SIMRS=local or SIMRS=khanza: with SIMRS=upstream the hospital's own API takes the bookings, and its own Mobile JKN service answers BPJS",
    );
  if (!username || !password) throw new ConfigError('JKN_WS_USERNAME and JKN_WS_PASSWORD must be set together');
  if (!/^[\x21-\x7e]{1,100}$/.test(username)) throw new ConfigError('JKN_WS_USERNAME must be visible ASCII characters without spaces, at most 100');
  // The password also keys the tokens' signature (server/jkn/token.ts): a guessable one would let tokens be forged.
  if (password.length < 16 || !/^[\x21-\x7e]+$/.test(password) || password.length > 200) {
    throw new ConfigError('JKN_WS_PASSWORD must be 16 to 200 visible ASCII characters without spaces');
  }
  return {
    username,
    password,
    tokenMinutes: integer(env, 'JKN_WS_TOKEN_MINUTES', 60, 1, 1440),
    maxFailures: integer(env, 'JKN_WS_MAX_FAILURES', 20, 1, 10000),
  };
}

/**
 * BPJS VClaim (docs/bpjs.md, Referrals): where the patient's referrals and control letters are
 * read. It signs with the same consumer as Antrean (BPJS_CONS_ID, BPJS_SECRET_KEY) and has its own
 * address and user key; off (null) while BPJS_VCLAIM_URL and BPJS_VCLAIM_USER_KEY are unset.
 */
export interface VclaimConfig {
  /** The service's base address, without a trailing slash: {url}/Rujukan/List/Peserta/{noka} … */
  url: string;
  consId: string;
  secretKey: string;
  userKey: string;
  timeoutMs: number;
}

export function vclaimConfig(env: Env): VclaimConfig | null {
  const own = ['BPJS_VCLAIM_URL', 'BPJS_VCLAIM_USER_KEY'] as const;
  if (!own.some((n) => env[n])) return null;
  const needed = [...own, 'BPJS_CONS_ID', 'BPJS_SECRET_KEY'] as const;
  const missing = needed.filter((n) => !env[n]);
  if (missing.length) throw new ConfigError(`${needed.join(', ')} must be set together for VClaim (missing ${missing.join(', ')})`);
  // The card numbers and the user key travel in every request: https, as Antrean's.
  const url = serviceUrl(env, 'BPJS_VCLAIM_URL', '', 'https://apijkn.bpjs-kesehatan.go.id/vclaim-rest');
  return {
    url,
    consId: env.BPJS_CONS_ID ?? '',
    secretKey: env.BPJS_SECRET_KEY ?? '',
    userKey: env.BPJS_VCLAIM_USER_KEY ?? '',
    timeoutMs: integer(env, 'BPJS_TIMEOUT_SECONDS', 20, 1, 300) * 1000,
  };
}

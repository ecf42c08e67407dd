import type { Rule } from '../domain/throttle.ts';
import { ConfigError, type Env, integer } from './parse.ts';

export interface SecurityConfig {
  /** Fastify's trustProxy: false, true, a hop count or addresses; decides the client address. */
  trustProxy: boolean | number | string;
  login: { nomr: Rule; ip: Rule };
  /** Days audit rows stay in the database before `npm run audit:archive` moves them to a file. */
  auditRetentionDays: number;
  register: Rule;
  /** Anonymous passkey sign-in options (each a challenge row kept 5 minutes) per client address. */
  passkeyOptions: Rule;
  /** The record export (FHIR $everything, about a dozen reads) per session. */
  exports: Rule;
  /** Sources the app may also connect to and load images from (an API on another host). */
  cspConnectSrc: string[];
}

/** 25 years of 365.25 days. */
export const AUDIT_RETENTION_DEFAULT_DAYS = 9131;

/** The value of TRUST_PROXY_ANY that accepts believing every X-Forwarded-For. */
const TRUST_PROXY_ANY_ACK = 'acknowledged';

function trustProxy(env: Env): SecurityConfig['trustProxy'] {
  const raw = env.TRUST_PROXY || '';
  if (raw === '' || /^(0|false|no)$/i.test(raw)) return false;
  // `true` (or a range holding every address) believes whatever X-Forwarded-For a client sends, so
  // anyone who reaches the server directly picks their own address and the per-address throttles
  // count nothing: only a server that no client can reach except through the proxy may run so.
  const any = /^(true|yes)$/i.test(raw) || raw.split(',').some((a) => /^(0\.0\.0\.0\/0|::\/0)$/.test(a.trim()));
  if (any && env.TRUST_PROXY_ANY !== TRUST_PROXY_ANY_ACK) {
    throw new ConfigError(
      `TRUST_PROXY=${raw} believes any client's X-Forwarded-For (the login and registration limits then count nothing): name the proxies (TRUST_PROXY=1 or their addresses), or set TRUST_PROXY_ANY=${TRUST_PROXY_ANY_ACK} when no client can reach this server except through them`,
    );
  }
  if (/^(true|yes)$/i.test(raw)) return true;
  if (/^[1-9]$/.test(raw)) return Number(raw);
  if (/^[0-9a-f.:/, ]+$/i.test(raw)) return raw;
  throw new ConfigError(`TRUST_PROXY must be false, true, a hop count or proxy addresses (got "${raw}")`);
}

export function securityConfig(env: Env): SecurityConfig {
  const lockMinutes = integer(env, 'LOGIN_LOCK_MINUTES', 15, 1, 1440);
  // A lock shuts out the real patient too: escalation stops here (docs/security.md, Login throttling).
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
    // As long as a challenge lives: at most this many unused ones per address at any time.
    passkeyOptions: { max: integer(env, 'PASSKEY_OPTIONS_MAX_PER_ADDRESS', 100, 1, 100000), windowMinutes: 5, lockMinutes: 5, maxLockMinutes: 5 },
    exports: { max: integer(env, 'EXPORT_MAX_PER_SESSION', 10, 1, 10000), windowMinutes: 10, lockMinutes: 10, maxLockMinutes: 10 },
    cspConnectSrc: sources,
    // 25 years: as long as Permenkes 24/2022 keeps the records the rows trace (docs/security.md).
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', AUDIT_RETENTION_DEFAULT_DAYS, 1, 36525),
  };
}

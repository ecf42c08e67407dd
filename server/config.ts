// Configuration from the environment, validated once at start: a bad value stops the start
// with a message that names the variable.
import { resolve } from 'node:path';
import { NOMR_WIDTH_MAX } from '../common/nomr.ts';
import { type BookingConfig, bookingConfig } from './config/booking.ts';
import { type BpjsConfig, bpjsConfig, type JknConfig, jknConfig, type VclaimConfig, vclaimConfig } from './config/bpjs.ts';
import { bool, ConfigError, type Env, integer, oneOf } from './config/parse.ts';
import { type PasskeyConfig, passkeyConfig } from './config/passkey.ts';
import { type PushConfig, pushConfig } from './config/push.ts';
import { type RegistrationCounterConfig, registrationCounterConfig } from './config/registration.ts';
import { type SecurityConfig, securityConfig } from './config/security.ts';
import { type SimrsConfig, simrsConfig } from './config/simrs.ts';
import { type VisitConfig, visitConfig } from './config/visit.ts';
import { type WhatsappConfig, whatsappConfig } from './config/whatsapp.ts';

// Each area's settings and their checks live in server/config/; this file puts them together.
export type { BookingConfig, BpjsConfig, JknConfig, PushConfig, SecurityConfig, VclaimConfig, WhatsappConfig };
export { ConfigError };
export { PUSH_SERVICE_HOSTS } from './config/push.ts';
export { AUDIT_RETENTION_DEFAULT_DAYS } from './config/security.ts';

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
  /** Sessions one patient holds at once; a login past it ends the least recently used. */
  sessionMaxPerPatient: number;
  seedDemo: boolean;
  logLevel: string;
  bodyLimitBytes: number;
  /** How long a request may take to arrive whole (headers and body), and how long a connection may stay silent. */
  timeouts: { requestMs: number; connectionMs: number };
  /** Live streams open at once (the queue's): per session and per client address, on each process. */
  live: { maxPerSession: number; maxPerAddress: number };
  push: PushConfig;
  /** WhatsApp Business Cloud API as a second channel (docs/whatsapp.md); null: off, the app shows no WhatsApp control. */
  whatsapp: WhatsappConfig | null;
  security: SecurityConfig;
  visit: VisitConfig;
  passkey: PasskeyConfig;
  booking: BookingConfig;
  /** The registration counter's place and hours, told to a new patient after registering. */
  registrationCounter: RegistrationCounterConfig;
  /**
   * The hospital's organisation id at SATUSEHAT: the record export's identifier systems end with
   * it (http://sys-ids.kemkes.go.id/mrn/{id}). 'demo' until the hospital sets its own.
   */
  satusehatOrgId: string;
  /** BPJS Antrean Online (docs/bpjs.md); null: off, nothing is reported or queued. */
  bpjs: BpjsConfig | null;
  /** The web service Mobile JKN calls (docs/bpjs.md, Mobile JKN: the hospital's web service); null: off, its calls answer 404. */
  jkn: JknConfig | null;
  /** BPJS VClaim: the patients' referrals and control letters read and checked (docs/bpjs.md, Referrals); null: off. */
  vclaim: VclaimConfig | null;
  /** The hospital's information system the API reads and writes (docs/integration.md). */
  simrs: SimrsConfig;
  /** NOMR_WIDTH: the hospital's numbers have this many digits, a typed one gets leading zeros (common/nomr.ts); null: as typed. */
  nomrWidth: number | null;
}

/**
 * A body that trickles in (or never comes) holds its connection: cut after REQUEST_TIMEOUT_SECONDS.
 * A connection silent for CONNECTION_TIMEOUT_SECONDS is closed; longer than the keep-alive (72 s),
 * so a load balancer's idle connection is never closed by this side first. The live streams are
 * exempt from the silence (visit.ts), and a request once arrived is not timed.
 */
function timeouts(env: Env): Config['timeouts'] {
  const request = integer(env, 'REQUEST_TIMEOUT_SECONDS', 30, 1, 600);
  const connection = integer(env, 'CONNECTION_TIMEOUT_SECONDS', 120, 1, 3600);
  if (connection < request) throw new ConfigError(`CONNECTION_TIMEOUT_SECONDS must be at least REQUEST_TIMEOUT_SECONDS (${request})`);
  return { requestMs: request * 1000, connectionMs: connection * 1000 };
}

/** SATUSEHAT gives an organisation a number or a UUID; either goes into a URL as it is. */
function satusehatOrgId(env: Env): string {
  const raw = env.SATUSEHAT_ORG_ID || 'demo';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(raw))
    throw new ConfigError(`SATUSEHAT_ORG_ID must be the organisation id SATUSEHAT gave (letters, digits, '-'; got "${raw}")`);
  return raw;
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
    sessionMaxPerPatient: integer(env, 'SESSION_MAX_PER_PATIENT', 10, 1, 1000),
    // Demo patients belong in the embedded database of a trial, not in a hospital's PostgreSQL.
    seedDemo: bool(env, 'SEED_DEMO', !databaseUrl),
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 16 * 1024, 1024, 10 * 1024 * 1024),
    timeouts: timeouts(env),
    live: {
      maxPerSession: integer(env, 'LIVE_MAX_PER_SESSION', 3, 1, 100),
      maxPerAddress: integer(env, 'LIVE_MAX_PER_ADDRESS', 200, 1, 100_000),
    },
    push: pushConfig(env),
    whatsapp: whatsappConfig(env),
    security: securityConfig(env),
    visit: visitConfig(env),
    passkey: passkeyConfig(env, port),
    booking: bookingConfig(env),
    registrationCounter: registrationCounterConfig(env),
    satusehatOrgId: satusehatOrgId(env),
    bpjs: bpjsConfig(env),
    jkn: jknConfig(env),
    vclaim: vclaimConfig(env),
    simrs: simrsConfig(env),
    nomrWidth: env.NOMR_WIDTH ? integer(env, 'NOMR_WIDTH', 0, 1, NOMR_WIDTH_MAX) : null,
  };
}

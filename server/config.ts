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
  /** How long a request may take to arrive whole (headers and body), and how long a connection may stay silent. */
  timeouts: { requestMs: number; connectionMs: number };
  /** Live streams open at once (the queue's): per session and per client address, on each process. */
  live: { maxPerSession: number; maxPerAddress: number };
  push: PushConfig;
  security: SecurityConfig;
  visit: VisitConfig;
  passkey: PasskeyConfig;
  booking: BookingConfig;
  /**
   * The hospital's organisation id at SATUSEHAT: the record export's identifier systems end with
   * it (http://sys-ids.kemkes.go.id/mrn/{id}). 'demo' until the hospital sets its own.
   */
  satusehatOrgId: string;
  /** BPJS Antrean Online (docs/bpjs.md); null: off, nothing is reported or queued. */
  bpjs: BpjsConfig | null;
  /** The web service Mobile JKN calls (docs/bpjs.md, /api/jkn); null: off, its calls answer 404. */
  jkn: JknConfig | null;
  /** The hospital's information system the API reads and writes (docs/integration.md). */
  simrs: SimrsConfig;
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

/**
 * SIMRS=local: this API's own tables; SIMRS=khanza: a SIMRS Khanza database (MariaDB/MySQL);
 * SIMRS=upstream: the hospital's own API of docs/product.md §7 (docs/integration.md).
 */
export type SimrsConfig =
  | { kind: 'local' }
  | {
      kind: 'khanza';
      url: string;
      timeoutMs: number;
      /** Khanza's payer codes (penjab.kd_pj) a booking is written with: BPJS, and the general one. */
      payers: { bpjs: string; umum: string };
      /** The operating rooms (booking_operasi.kd_ruang_ok) that are the catheterization lab; the others' bookings are surgery. */
      cathRooms: string[];
    }
  | UpstreamConfig;

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

/** Managing appointments: how far ahead, and when the reminders go out. */
export interface BookingConfig {
  /** Appointments (booked, rescheduled, online) at most this many days ahead. */
  windowDays: number;
  /** Active appointments (today or later, clinic and online together) one patient may hold. */
  maxActive: number;
  /** The evening-before reminder, as minutes after midnight WIB (18:00 → 1080). */
  eveningReminderMinutes: number;
  /** The practice-day reminder goes out this many hours before practice starts; 0: none. */
  hoursBefore: number;
  /** An online consultation room opens (link shown, push sent) this many minutes before its session. */
  onlineRoomMinutes: number;
}

/** Passkeys (WebAuthn): whose origins may sign in, and whether an enrolled patient must use one. */
export interface PasskeyConfig {
  /** The relying party: the host name the passkeys belong to (never an IP address). */
  rpId: string;
  /** Origins the browser may report for a ceremony, each on rpId or a subdomain of it. */
  origins: string[];
  /** Once a patient has a passkey, Nomor MR and birth date alone no longer sign them in. */
  required: boolean;
}

/** The visit day: the queue's estimate and its near push, check-in, the live stream. */
export interface VisitConfig {
  /** Minutes per patient before a session's calls say otherwise (a clinic's own setting wins). */
  minutesPerPatient: number;
  /** 'Antrian Anda tinggal N lagi' goes out once when the patients ahead first come down to this. */
  nearThreshold: number;
  /** Check-in opens this many minutes before practice starts (and closes when it ends). */
  checkinOpensMinutes: number;
  /** The hospital's location: when set, check-in asks the phone's position and checks the distance. */
  site: { lat: number; lon: number; radiusM: number } | null;
  /** The live stream's comment every so many seconds, so proxies and carriers keep it open. */
  heartbeatSeconds: number;
  /** A live stream ends after this long; the app reconnects with its token checked again. */
  streamMaxMinutes: number;
}

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
    maxPerPatient: integer(env, 'PUSH_MAX_PER_PATIENT', 10, 1, 100),
    fcm,
  };
}

/** The value of TRUST_PROXY_ANY that accepts believing every X-Forwarded-For. */
export const TRUST_PROXY_ANY_ACK = 'acknowledged';

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
    // As long as a challenge lives: at most this many unused ones per address at any time.
    passkeyOptions: { max: integer(env, 'PASSKEY_OPTIONS_MAX_PER_ADDRESS', 100, 1, 100000), windowMinutes: 5, lockMinutes: 5, maxLockMinutes: 5 },
    exports: { max: integer(env, 'EXPORT_MAX_PER_SESSION', 10, 1, 10000), windowMinutes: 10, lockMinutes: 10, maxLockMinutes: 10 },
    cspConnectSrc: sources,
    // 25 years: as long as Permenkes 24/2022 keeps the records the rows trace (docs/security.md).
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', AUDIT_RETENTION_DEFAULT_DAYS, 1, 36525),
  };
}

function passkeyConfig(env: Env, port: number): PasskeyConfig {
  // Browsers refuse WebAuthn on a bare IP address; localhost is their one exception to https.
  const rpId = (env.WEBAUTHN_RP_ID || 'localhost').toLowerCase();
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(rpId) || /^[0-9.]+$/.test(rpId)) {
    throw new ConfigError(`WEBAUTHN_RP_ID must be a host name such as pasien.rs.example.id, not an address or a URL (got "${rpId}")`);
  }
  // The demo at http://localhost:PORT; a hospital's host over https.
  const raw = env.WEBAUTHN_ORIGINS || (rpId === 'localhost' ? `http://localhost${port ? `:${port}` : ''}` : `https://${rpId}`);
  const origins = raw.split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    const m = /^(https?):\/\/([a-z0-9.-]+)(:[0-9]{1,5})?$/i.exec(origin);
    const host = m?.[2].toLowerCase();
    if (!m || !host || (host !== rpId && !host.endsWith(`.${rpId}`))) {
      throw new ConfigError(`WEBAUTHN_ORIGINS must list origins (scheme, host, port; no path) on ${rpId} or its subdomains (got "${origin}")`);
    }
    if (m[1] === 'http' && host !== 'localhost') {
      throw new ConfigError(`WEBAUTHN_ORIGINS: browsers allow passkeys over http only on localhost (got "${origin}")`);
    }
  }
  return { rpId, origins, required: bool(env, 'PASSKEY_REQUIRED', false) };
}

function coordinate(env: Env, name: string, limit: number): number | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const n = Number(raw);
  if (!/^-?[0-9]+(\.[0-9]+)?$/.test(raw.trim()) || Math.abs(n) > limit) {
    throw new ConfigError(`${name} must be decimal degrees from -${limit} to ${limit} (got "${raw}")`);
  }
  return n;
}

function visitConfig(env: Env): VisitConfig {
  const lat = coordinate(env, 'HOSPITAL_LAT', 90);
  const lon = coordinate(env, 'HOSPITAL_LON', 180);
  if ((lat === null) !== (lon === null)) throw new ConfigError('HOSPITAL_LAT and HOSPITAL_LON must be set together');
  const radiusM = integer(env, 'CHECKIN_RADIUS_M', 500, 10, 100_000);
  return {
    minutesPerPatient: integer(env, 'QUEUE_MINUTES_PER_PATIENT', 10, 1, 240),
    nearThreshold: integer(env, 'QUEUE_NEAR_THRESHOLD', 3, 1, 100),
    checkinOpensMinutes: integer(env, 'CHECKIN_OPENS_MINUTES', 60, 0, 720),
    site: lat !== null && lon !== null ? { lat, lon, radiusM } : null,
    heartbeatSeconds: integer(env, 'LIVE_HEARTBEAT_SECONDS', 25, 1, 300),
    streamMaxMinutes: integer(env, 'LIVE_MAX_MINUTES', 15, 1, 240),
  };
}

/** http://localhost…, http://127.x.y.z…, http://[::1]…: an address that never leaves the machine. */
function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$/.test(host) || host === '[::1]';
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

function bpjsConfig(env: Env): BpjsConfig | null {
  const names = ['BPJS_ANTREAN_URL', 'BPJS_CONS_ID', 'BPJS_SECRET_KEY', 'BPJS_USER_KEY'] as const;
  const set = names.filter((n) => env[n]);
  if (!set.length) return null;
  if (set.length < names.length) throw new ConfigError(`${names.join(', ')} must be set together (missing ${names.filter((n) => !env[n]).join(', ')})`);
  const url = (env.BPJS_ANTREAN_URL ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#]+[^\s?#]*$/.test(url))
    throw new ConfigError(`BPJS_ANTREAN_URL must be an http(s) address such as https://apijkn.bpjs-kesehatan.go.id/antreanrs (got "${url}")`);
  // The user key, the signature, NIKs and phone numbers travel in every request: never in clear
  // over a network. Plain http only to this machine (a local stand-in or a tunnel's end).
  if (url.startsWith('http://') && !isLoopbackUrl(url))
    throw new ConfigError(`BPJS_ANTREAN_URL must be an https:// address (http:// only on this machine: localhost, 127.0.0.1, [::1]; got "${url}")`);
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
    reporter: oneOf(env, 'BPJS_REPORTER', 'app', ['app', 'simrs']) as 'app' | 'simrs',
  };
}

function jknConfig(env: Env, simrs: string): JknConfig | null {
  const username = env.JKN_WS_USERNAME || '';
  const password = env.JKN_WS_PASSWORD || '';
  if (!username && !password) return null;
  // Mobile JKN's bookings take their seats through this API's own tables; with SIMRS=khanza the
  // seats are Khanza's, and two pools would sell a session twice (docs/bpjs.md).
  if (simrs !== 'local')
    throw new ConfigError('JKN_WS_USERNAME and JKN_WS_PASSWORD need SIMRS=local: with another SIMRS its own Mobile JKN service answers BPJS');
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

function bookingConfig(env: Env): BookingConfig {
  const at = env.REMINDER_EVENING_AT || '18:00';
  const m = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(at);
  if (!m) throw new ConfigError(`REMINDER_EVENING_AT must be a time HH:MM (got "${at}")`);
  return {
    windowDays: integer(env, 'BOOKING_WINDOW_DAYS', 90, 1, 366),
    maxActive: integer(env, 'MAX_ACTIVE_APPOINTMENTS', 3, 1, 100),
    eveningReminderMinutes: Number(m[1]) * 60 + Number(m[2]),
    hoursBefore: integer(env, 'REMINDER_HOURS_BEFORE', 2, 0, 12),
    onlineRoomMinutes: integer(env, 'ONLINE_ROOM_OPENS_MINUTES', 10, 0, 120),
  };
}

/** SATUSEHAT gives an organisation a number or a UUID; either goes into a URL as it is. */
function satusehatOrgId(env: Env): string {
  const raw = env.SATUSEHAT_ORG_ID || 'demo';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(raw))
    throw new ConfigError(`SATUSEHAT_ORG_ID must be the organisation id SATUSEHAT gave (letters, digits, '-'; got "${raw}")`);
  return raw;
}

function cathRooms(raw: string): string[] {
  const rooms = raw
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (rooms.some((r) => !/^[A-Za-z0-9]{1,3}$/.test(r))) {
    throw new ConfigError(`KHANZA_RUANG_OK_KATETER must be room codes of Khanza's ruang_ok, comma-separated (1 to 3 letters or digits; got "${raw}")`);
  }
  return rooms;
}

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

function upstreamUrl(env: Env, name: string, fallback: string): string {
  const url = (env[name] || fallback).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/?#]+[^\s?#]*$/.test(url))
    throw new ConfigError(`${name} must be an http(s) base address such as https://api.rs.example.id (got "${url}")`);
  // Tokens and birth dates travel in these calls: never in clear over a network.
  if (url.startsWith('http://') && !isLoopbackUrl(url))
    throw new ConfigError(`${name} must be an https:// address (http:// only on this machine: localhost, 127.0.0.1, [::1]; got "${url}")`);
  return url;
}

function upstreamConfig(env: Env): UpstreamConfig {
  if (!env.UPSTREAM_API_URL) throw new ConfigError("SIMRS=upstream needs UPSTREAM_API_URL (the base address of the hospital's API, https://…)");
  const apiUrl = upstreamUrl(env, 'UPSTREAM_API_URL', '');
  // The hospital's login service asks the birth date: a patient held to passkeys could never renew its token.
  if (bool(env, 'PASSKEY_REQUIRED', false))
    throw new ConfigError('PASSKEY_REQUIRED cannot be set with SIMRS=upstream: the hospital signs patients in with their birth date');
  return {
    kind: 'upstream',
    apiUrl,
    loginUrl: upstreamUrl(env, 'UPSTREAM_LOGIN_URL', apiUrl),
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

function simrsConfig(env: Env): SimrsConfig {
  const kind = oneOf(env, 'SIMRS', 'local', ['local', 'khanza', 'upstream']);
  if (kind !== 'upstream' && env.UPSTREAM_API_URL) throw new ConfigError('UPSTREAM_API_URL is set but SIMRS is not upstream: set SIMRS=upstream, or unset it');
  if (kind === 'upstream') return upstreamConfig(env);
  const url = env.KHANZA_DATABASE_URL || '';
  if (kind === 'local') {
    if (url) throw new ConfigError('KHANZA_DATABASE_URL is set but SIMRS is not khanza: set SIMRS=khanza, or unset it');
    return { kind: 'local' };
  }
  if (!url) throw new ConfigError('SIMRS=khanza needs KHANZA_DATABASE_URL (mysql://user:password@host:3306/sik)');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('KHANZA_DATABASE_URL must be a URL: mysql://user:password@host:3306/sik');
  }
  if (!/^(mysql|mariadb):$/.test(parsed.protocol) || !parsed.hostname || parsed.pathname.length < 2) {
    throw new ConfigError('KHANZA_DATABASE_URL must be mysql://user:password@host:3306/sik (mysql:// or mariadb://, with the database name)');
  }
  const payer = (name: string, fallback: string) => {
    const raw = env[name] || fallback;
    if (!/^[A-Za-z0-9]{1,3}$/.test(raw))
      throw new ConfigError(`${name} must be a payer code of Khanza's penjab table (1 to 3 letters or digits; got "${raw}")`);
    return raw;
  };
  return {
    kind: 'khanza',
    url,
    timeoutMs: integer(env, 'KHANZA_TIMEOUT_SECONDS', 5, 1, 60) * 1000,
    payers: { bpjs: payer('KHANZA_KD_PJ_BPJS', 'BPJ'), umum: payer('KHANZA_KD_PJ_UMUM', 'UMU') },
    cathRooms: cathRooms(env.KHANZA_RUANG_OK_KATETER || ''),
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
    timeouts: timeouts(env),
    live: {
      maxPerSession: integer(env, 'LIVE_MAX_PER_SESSION', 3, 1, 100),
      maxPerAddress: integer(env, 'LIVE_MAX_PER_ADDRESS', 200, 1, 100_000),
    },
    push: pushConfig(env),
    security: securityConfig(env),
    visit: visitConfig(env),
    passkey: passkeyConfig(env, port),
    booking: bookingConfig(env),
    satusehatOrgId: satusehatOrgId(env),
    bpjs: bpjsConfig(env),
    jkn: jknConfig(env, env.SIMRS ?? 'local'),
    simrs: simrsConfig(env),
  };
}

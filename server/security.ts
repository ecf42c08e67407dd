// Response headers for every answer, and what the application log may say.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRERENDERED, prerenderedFile } from '../common/routes.ts';
import type { SecurityConfig } from './config.ts';
import { API_PREFIX, SERVER } from '../common/server-paths.ts';

/**
 * sha256 sources of the inline scripts the built pages carry (none today: the prerendered pages
 * load one module and hold their data in a non-executed `type="isodata"` script). Computed from
 * dist/ so that an inline script added later works under the policy without opening it up.
 */
function inlineScriptHashes(distDir: string): string[] {
  const hashes = new Set<string>();
  for (const page of PRERENDERED.map(prerenderedFile)) {
    const file = join(distDir, page);
    if (!existsSync(file)) continue;
    for (const [, attrs, body] of readFileSync(file, 'utf8').matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      const type = /\btype="([^"]*)"/.exec(attrs)?.[1];
      const executable = !/\bsrc=/.test(attrs) && (!type || /^(module|text\/javascript|application\/javascript)$/.test(type));
      if (executable && body.trim()) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return [...hashes];
}

function contentSecurityPolicy(config: Pick<SecurityConfig, 'cspConnectSrc'>, scriptHashes: string[]): string {
  const extra = config.cspConnectSrc.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.length ? ` ${scriptHashes.join(' ')}` : ''}`,
    "style-src 'self'",
    `img-src 'self' data:${extra ? ` ${extra}` : ''}`,
    `connect-src 'self'${extra ? ` ${extra}` : ''}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** What a document (a page, an SVG, the service worker) is allowed, framed and told. */
const DOCUMENT: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/**
 * Answers that can become a document or run code get the whole set; scripts, styles, images
 * and JSON get only nosniff, since the others would do nothing for them. A first visit loads
 * some fifteen files over slow, paid data: about 700 bytes of headers each would add 10 KB.
 */
const isDocument = (type: string) => /^(text\/html|image\/svg\+xml)/.test(type);
const isWorker = (url: string) => url === SERVER.serviceWorker;

/**
 * API answers carry patient data: never kept by the browser, a proxy or the service worker. The
 * few public, cacheable ones (the VAPID key) say so themselves. Decided by the route the request
 * matched, not by the URL as sent: the router decodes the path, so /%61pi/patient/profil/pasien
 * reaches the profile's route while its raw URL does not start with /api/. An answer no route
 * gave (a 404, a URL that does not decode) is never worth keeping either.
 */
const isApiAnswer = (req: FastifyRequest) => {
  const route = req.routeOptions.url;
  return route === undefined || route.startsWith(API_PREFIX);
};

export function registerSecurityHeaders(app: FastifyInstance, config: SecurityConfig, distDir: string): void {
  const csp = contentSecurityPolicy(config, inlineScriptHashes(distDir));
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (isDocument(String(reply.getHeader('content-type') ?? '')) || isWorker(req.url)) {
      for (const [name, value] of Object.entries(DOCUMENT)) reply.header(name, value);
      // A worker's own fetches obey its own policy.
      reply.header('Content-Security-Policy', csp);
    }
    if (isApiAnswer(req) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/** nomr 00012345 → ******45: enough to tell log lines apart, not to identify a patient. */
const maskNomr = (nomr: string) => (nomr.length <= 2 ? '**' : `${'*'.repeat(nomr.length - 2)}${nomr.slice(-2)}`);

/** Query keys whose value is a medical record number (or an NIK): shown masked. */
const NUMBER_KEYS = /^(nomr|no_?mr|nomormr|medical_record_number|no_ktp|nik)$/;
/** Query keys whose value never reaches the log: birth dates, tokens of any name, secrets. */
const HIDDEN_KEYS = /^(tgl_?lahir|birth_?date|dob)$|token|secret|password|passwd|auth|signature|^(key|code|p256dh)$/;

/** decodeURIComponent that keeps what does not decode instead of throwing. */
function decoded(text: string, plus = false): string {
  const raw = plus ? text.replace(/\+/g, ' ') : text;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A query key as the server reads it: decoded, lower-case, without PHP-style brackets (nomr[]=, a[b]=). */
const keyName = (raw: string) => decoded(raw, true).toLowerCase().replace(/\[.*$/, '').trim();

/** Digits that could be a medical record number or an NIK (6 and more): all but the last two masked. */
const maskDigits = (text: string) => text.replace(/[0-9]{6,}/g, (digits) => maskNomr(digits));

/**
 * A path fit for the log: each segment read as the router reads it (percent-decoded), and one
 * that holds a number of six digits or more (a medical record number, an NIK), or the one after
 * /fhir/Patient/ or /internal/passkey/, written masked. Other segments stay as they came.
 */
function maskPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((raw, i) => {
      const text = decoded(raw);
      const before = segments.slice(Math.max(0, i - 2), i).map((s) => decoded(s));
      // /api/fhir/Patient/{nomr}/…, /api/internal/passkey/{nomr}: whatever the segment holds.
      if (before[1] === 'Patient' || (before[0] === 'internal' && before[1] === 'passkey')) return maskNomr(text);
      return /[0-9]{6,}/.test(text) ? maskDigits(text) : raw;
    })
    .join('/');
}

/**
 * A URL fit for the log: medical record numbers and NIKs masked, in the path and the query,
 * however encoded (%30%30…, nomr%5B%5D=, tgl%6Cahir=); birth dates, tokens of any name
 * (token, access_token, fcmtoken …) and secrets removed; the fragment dropped.
 */
export function maskUrl(url: string): string {
  const [beforeHash] = url.split('#');
  const at = beforeHash.indexOf('?');
  const path = maskPath(at < 0 ? beforeHash : beforeHash.slice(0, at));
  if (at < 0) return path;
  const query = beforeHash
    .slice(at + 1)
    .split(/([&;])/)
    .map((part) => {
      if (part === '&' || part === ';' || part === '') return part;
      const eq = part.indexOf('=');
      const rawKey = eq < 0 ? part : part.slice(0, eq);
      const key = keyName(rawKey);
      if (eq < 0) return /[0-9]{6,}/.test(key) ? maskDigits(key) : part;
      const value = part.slice(eq + 1);
      if (HIDDEN_KEYS.test(key)) return `${rawKey}=[hidden]`;
      if (NUMBER_KEYS.test(key)) return `${rawKey}=${maskNomr(decoded(value, true))}`;
      const plain = decoded(value, true);
      return /[0-9]{6,}/.test(plain) ? `${rawKey}=${maskDigits(plain)}` : part;
    })
    .join('');
  return `${path}?${query}`;
}

/** The log's view of a request and an error: no headers (tokens), no SQL details (values). */
export const logSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, url: maskUrl(req.url), remoteAddress: req.ip }),
  err: (err: Error & { code?: string; statusCode?: number }) => ({
    type: err.name,
    message: err.message,
    code: err.code,
    statusCode: err.statusCode,
    stack: err.stack ?? '',
  }),
};

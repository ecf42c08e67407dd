// Response headers for every answer, and what the application log may say.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRERENDERED, prerenderedFile } from '../common/routes.ts';
import type { SecurityConfig } from './config.ts';

/**
 * sha256 sources of the inline scripts the built pages carry (none today: the prerendered pages
 * load one module and hold their data in a non-executed `type="isodata"` script). Computed from
 * dist/ so that an inline script added later works under the policy without opening it up.
 */
export function inlineScriptHashes(distDir: string): string[] {
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

export function contentSecurityPolicy(config: Pick<SecurityConfig, 'cspConnectSrc'>, scriptHashes: string[]): string {
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
const isWorker = (url: string) => url === '/sw.js';

export function registerSecurityHeaders(app: FastifyInstance, config: SecurityConfig, distDir: string): void {
  const csp = contentSecurityPolicy(config, inlineScriptHashes(distDir));
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (isDocument(String(reply.getHeader('content-type') ?? '')) || isWorker(req.url)) {
      for (const [name, value] of Object.entries(DOCUMENT)) reply.header(name, value);
      // A worker's own fetches obey its own policy.
      reply.header('Content-Security-Policy', csp);
    }
    // API answers carry patient data: never kept by the browser, a proxy or the service worker.
    // The few public, cacheable ones (the VAPID key) say so themselves.
    if (req.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/** nomr 00012345 → ******45: enough to tell log lines apart, not to identify a patient. */
export const maskNomr = (nomr: string) => (nomr.length <= 2 ? '**' : `${'*'.repeat(nomr.length - 2)}${nomr.slice(-2)}`);

/** A URL fit for the log: medical record numbers masked (the record export's path too), birth dates and tokens removed. */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/api\/fhir\/Patient\/)([^/?#]*)/g, (_, path: string, value: string) => path + maskNomr(value))
    .replace(/([?&](?:nomr|no_mr|medical_record_number)=)([^&#]*)/gi, (_, key: string, value: string) => key + maskNomr(decodeURIComponent(value)))
    .replace(/([?&](?:tgllahir|tgl_lahir|birthdate|token|fcmtoken)=)[^&#]*/gi, '$1[hidden]');
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

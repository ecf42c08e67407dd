// Who may call: patient calls need a valid session token (401), and a nomr in their path, query or body
// must be the token's own (403, docs/decisions.md D16); the hospital systems' calls need the service
// token. One reading of the Authorization header for both.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { audit, refusalCounter, type AuditBatch } from './db/audit.ts';
import type { SessionCache } from './db/session-cache.ts';
import { resolveSession } from './db/sessions.ts';
import { MSG } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    nomr: string;
  }
}

/** The token of an `Authorization: Bearer <token>` header (RFC 6750: visible ASCII), or null. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer +([\x21-\x7e]{1,512})$/i.exec(header ?? '');
  return m ? m[1] : null;
}

function claimedNomr(value: unknown): unknown {
  if (value && typeof value === 'object' && 'nomr' in value) return (value as { nomr: unknown }).nomr;
  return undefined;
}

/** The route pattern, not the URL: no query values (birth dates) in the audit's detail. */
const routeOf = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;

/** `sessions`: the sessions this process checked lately (db/session-cache.ts). */
export function registerPatientGuard(app: FastifyInstance, db: Db, config: Config, audits: AuditBatch, sessions?: SessionCache): void {
  const policy = { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays };
  app.decorateRequest('nomr', '');
  // Every answer about a patient's records: who, which call, and how it ended. Queued as the answer
  // is sent (onSend, not onResponse), so a flush after the answer has arrived includes it. A reply
  // the route writes itself (the live stream, reply.hijack()) passes no onSend: its row is queued
  // when its connection closes, whoever ends it.
  const audited = new WeakSet<FastifyRequest>();
  const record = (req: FastifyRequest, reply: FastifyReply) => {
    if (audited.has(req) || !req.nomr || reply.statusCode === 401 || reply.statusCode === 403) return;
    audited.add(req);
    const action = req.method === 'GET' ? 'records.read' : 'records.write';
    audits.record({ action, outcome: String(reply.statusCode), actor: req.nomr, subject: req.nomr, detail: routeOf(req) }, req);
  };
  // The token is checked before anything else is read from the request.
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(req.headers.authorization);
    const nomr = token ? await resolveSession(db, token, policy, sessions) : null;
    if (!nomr) {
      // Reaches no one's data, and anyone can send a million: counted per minute and address
      // (db/audit.ts), not written a row each.
      refusalCounter(db).count({ action: 'auth', outcome: 'unauthorized' }, req);
      return reply.code(401).send({ status: false, message: MSG.unauthorized });
    }
    req.nomr = nomr;
    // A written stream's row; a request left before its answer began gets its row from onSend.
    reply.raw.once('close', () => reply.raw.headersSent && record(req, reply));
  });
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    for (const claimed of [claimedNomr(req.params), claimedNomr(req.query), claimedNomr(req.body)]) {
      if (claimed !== undefined && claimed !== '' && claimed !== req.nomr) {
        await audit(db, { action: 'auth', outcome: 'forbidden', actor: req.nomr, subject: String(claimed).slice(0, 20), detail: routeOf(req) }, req);
        return reply.code(403).send({ status: false, message: MSG.forbidden });
      }
    }
  });
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    record(req, reply);
    return payload;
  });
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const SERVICE_MSG = {
  unconfigured: 'INTERNAL_API_TOKEN is not configured on this server.',
  unauthorized: 'Invalid service token.',
} as const;

export function registerServiceGuard(app: FastifyInstance, db: Db, config: Config): void {
  const refusals = refusalCounter(db, app.log);
  app.addHook('onRequest', async (req, reply) => {
    if (!config.internalApiToken) return reply.code(503).send({ status: false, message: SERVICE_MSG.unconfigured });
    if (!sameSecret(bearerToken(req.headers.authorization) ?? '', config.internalApiToken)) {
      refusals.count({ action: 'internal', outcome: 'unauthorized' }, req);
      return reply.code(401).send({ status: false, message: SERVICE_MSG.unauthorized });
    }
  });
  // This listener may be the only one of the process that counted (server.ts runs it apart).
  app.addHook('onClose', () => refusals.flush());
  // Written before the answer leaves (onSend): a hospital system that hears 200 finds its entry.
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode === 401 || reply.statusCode === 503) return payload;
    const subject = claimedNomr(req.body);
    await audit(
      db,
      {
        action: 'internal',
        outcome: String(reply.statusCode),
        actor: 'hospital-system',
        subject: typeof subject === 'string' ? subject : null,
        detail: `${req.method} ${req.url.split('?')[0]}`,
      },
      req,
    ).catch((err) => req.log.error({ err }, 'audit log write failed'));
    return payload;
  });
}

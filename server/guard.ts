// Patient calls: a valid bearer token is required (401), and a nomr in the query or body must
// be the token's own (403, decisions 16).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { audit, type AuditBatch } from './domain/audit.ts';
import { resolveSession } from './domain/sessions.ts';
import { MSG } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    nomr: string;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+([A-Za-z0-9_-]{10,200})$/.exec(header ?? '');
  return m ? m[1] : null;
}

function claimedNomr(value: unknown): unknown {
  if (value && typeof value === 'object' && 'nomr' in value) return (value as { nomr: unknown }).nomr;
  return undefined;
}

export function registerPatientGuard(app: FastifyInstance, db: Db, config: Config, audits: AuditBatch): void {
  const policy = { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays };
  app.decorateRequest('nomr', '');
  // The token is checked before anything else is read from the request.
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(req.headers.authorization);
    const nomr = token ? await resolveSession(db, token, policy) : null;
    if (!nomr) {
      await audit(db, { action: 'auth', outcome: 'unauthorized', detail: routeOf(req) }, req);
      return reply.code(401).send({ status: false, message: MSG.unauthorized });
    }
    req.nomr = nomr;
  });
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    for (const claimed of [claimedNomr(req.query), claimedNomr(req.body)]) {
      if (claimed !== undefined && claimed !== '' && claimed !== req.nomr) {
        await audit(db, { action: 'auth', outcome: 'forbidden', actor: req.nomr, subject: String(claimed).slice(0, 20), detail: routeOf(req) }, req);
        return reply.code(403).send({ status: false, message: MSG.forbidden });
      }
    }
  });
  // Every answer about a patient's records, once sent: who, which call, and how it ended.
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.nomr || reply.statusCode === 401 || reply.statusCode === 403) return;
    const action = req.method === 'GET' ? 'records.read' : 'records.write';
    audits.record({ action, outcome: String(reply.statusCode), actor: req.nomr, subject: req.nomr, detail: routeOf(req) }, req);
  });
}

/** The route pattern, not the URL: no query values (birth dates) in the audit's detail. */
const routeOf = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`;

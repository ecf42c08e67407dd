// Calls the hospital's own systems make, guarded by their own service token.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { enqueueNotification } from '../push/notifications.ts';
import { NOMR } from './schemas.ts';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function internalRoutes(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  app.addHook('onRequest', async (req, reply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!config.internalApiToken) {
      return reply.code(503).send({ status: false, message: 'INTERNAL_API_TOKEN is not configured on this server.' });
    }
    if (!sameSecret(given, config.internalApiToken)) return reply.code(401).send({ status: false, message: 'Invalid service token.' });
  });

  app.post(
    '/api/internal/notify',
    {
      schema: {
        summary: 'Send a notification to a patient (hospital systems only)',
        body: {
          type: 'object',
          required: ['nomr', 'title', 'body'],
          additionalProperties: false,
          properties: {
            nomr: NOMR,
            title: { type: 'string', minLength: 1, maxLength: 120 },
            body: { type: 'string', minLength: 1, maxLength: 500 },
            url: { type: 'string', pattern: '^/[^/\\\\]', maxLength: 300 },
          },
        },
      },
    },
    async (req, reply) => {
      const result = await enqueueNotification(db, req.body as { nomr: string; title: string; body: string; url?: string });
      if (!result) return reply.code(404).send({ status: false, message: 'Unknown medical record number.' });
      return { status: true, data: result };
    },
  );
}

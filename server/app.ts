// Builds the API and web server (server.ts starts it; tests inject() requests into it).
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { auditBatch } from './domain/audit.ts';
import { registerErrorHandler } from './errors.ts';
import { registerPatientGuard } from './guard.ts';
import { logSerializers, registerSecurityHeaders } from './security.ts';
import { authRoutes } from './routes/auth.ts';
import { bookingRoutes } from './routes/booking.ts';
import { internalRoutes } from './routes/internal.ts';
import { photoRoutes } from './routes/photos.ts';
import { pushKeyRoutes, pushRegistrationRoutes } from './routes/push.ts';
import { recordRoutes } from './routes/records.ts';
import { registrationRoutes } from './routes/registration.ts';
import { staticRoutes } from './routes/static.ts';
import { memoVapidKeys } from './push/keys.ts';
import type { VapidKeys } from './push/webpush.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the queued audit entries of record reads now (tests, shutdown). */
    flushAudit(): Promise<void>;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** The process's VAPID keys, and what wakes its push worker when a notification is queued. */
  push?: { vapid: () => Promise<VapidKeys>; wake: () => void };
}

/** Trust that many proxies in front of this server (TRUST_PROXY=2: a CDN and a load balancer). */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

export async function buildApp({ config, db, logger = true, logStream, push }: AppOptions): Promise<FastifyInstance> {
  const { vapid, wake } = push ?? { vapid: memoVapidKeys(db, config.push), wake: () => undefined };
  const app = Fastify({
    logger: logger ? { level: config.logLevel, serializers: logSerializers, ...(logStream ? { stream: logStream } : {}) } : false,
    bodyLimit: config.bodyLimitBytes,
    // Only behind a known proxy may X-Forwarded-For name the client (the throttle counts by it).
    trustProxy: typeof config.security.trustProxy === 'number' ? hops(config.security.trustProxy) : config.security.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });
  registerErrorHandler(app);
  registerSecurityHeaders(app, config.security, config.distDir);
  // Patients pay for every byte: brotli or gzip for everything over 1 KB.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Patient API', version: '1.0.0', description: 'The patient app contract (spec section 7).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });

  app.get('/api/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok', database: db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: db.kind });
    }
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (scope) => {
    await authRoutes(scope, db, config);
    await registrationRoutes(scope, db, config);
    await photoRoutes(scope, db);
    await pushKeyRoutes(scope, vapid);
  });
  const audits = auditBatch(db, app.log);
  app.decorate('flushAudit', audits.flush);
  app.addHook('onClose', () => audits.flush());
  await app.register(async (scope) => {
    registerPatientGuard(scope, db, config, audits);
    await recordRoutes(scope, db);
    await bookingRoutes(scope, db);
    await pushRegistrationRoutes(scope, db, config);
  });
  await app.register(async (scope) => internalRoutes(scope, db, config, wake));
  await app.register(async (scope) => staticRoutes(scope, config.distDir));
  return app;
}

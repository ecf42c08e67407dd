// Builds the API and web server, and apart from it the listener of the hospital systems' calls
// (server.ts starts both; tests inject() requests into them).
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { FREE_TEXT } from '../common/schemas/codes.ts';
import { isFreeText, normalizeStrings } from '../common/text.ts';
import { Healthy, Unhealthy } from '../common/schemas/health.ts';
import { referralGates } from './bpjs/referral-gate.ts';
import type { Config } from './config.ts';
import { auditBatch } from './db/audit.ts';
import { ping, type Db } from './db/client.ts';
import { queueEvents } from './db/queue-events.ts';
import { SessionCache } from './db/session-cache.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './errors.ts';
import { LiveStreams } from './live-streams.ts';
import { registerPatientGuard } from './guard.ts';
import { logSerializers, registerSecurityHeaders } from './security.ts';
import { authRoutes } from './routes/auth.ts';
import { bookingRoutes } from './routes/booking.ts';
import { referralRoutes } from './routes/referrals.ts';
import { bpjsReporting } from './routes/bpjs.ts';
import { fhirRoutes } from './routes/fhir.ts';
import { internalRoutes } from './routes/internal.ts';
import { leaveRoutes } from './routes/leave.ts';
import { jknRoutes } from './routes/jkn.ts';
import { passkeyLoginRoutes } from './routes/passkey-login.ts';
import { passkeyCounterRoutes, passkeyRoutes } from './routes/passkeys.ts';
import { type Api, SECURITY_SCHEMES } from './api.ts';
import { documented } from './routes/route-schema.ts';
import type { HospitalConnector } from './connector/hospital-connector.ts';
import { LastRead } from './connector/last-read.ts';
import { openConnector } from './connector/open.ts';
import { SimrsPoll } from './connector/poll.ts';
import { photoRoutes } from './routes/photos.ts';
import { pushKeyRoutes, pushRegistrationRoutes } from './routes/push.ts';
import { noticeRoutes } from './routes/notices.ts';
import { whatsappRoutes } from './routes/whatsapp.ts';
import { setWhatsappOn } from './db/whatsapp.ts';
import { recordRoutes } from './routes/records.ts';
import { registrationRoutes } from './routes/registration.ts';
import { visitRoutes } from './routes/visit.ts';
import { staticRoutes } from './routes/static.ts';
import { memoVapidKeys } from './push/keys.ts';
import type { VapidKeys } from './push/webpush.ts';
import { latestReconciliation } from './db/bpjs-days.ts';
import { SERVER } from '../common/server-paths.ts';
import { compilersFactory } from './schema-compilers.ts';

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
  /** The process's VAPID keys, and what wakes its push (and WhatsApp) worker when a notification is queued. */
  push?: { vapid: () => Promise<VapidKeys>; wake: () => void };
  /**
   * Where the hospital systems' calls (/api/internal/*) are answered: 'apart', on a listener of
   * their own that the public network does not reach (buildInternalApp), so here they are 404;
   * or 'here' as well, one app for everything (the inject() tests).
   */
  internal?: 'apart' | 'here';
  /** The clock the booking rules read (epoch ms); tests fix it so they do not depend on the hour. */
  clock?: () => number;
  /** The hospital's system the routes read and write (docs/integration.md); by default the one the SIMRS setting names. */
  simrs?: HospitalConnector;
}

/** Trust that many proxies in front of this server (TRUST_PROXY=2: a CDN and a load balancer). */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

/** Fastify with what every listener shares: the schemas' validator, the one error handler, the headers, OpenAPI. */
async function baseApp({ config, logger = true, logStream }: AppOptions, description: string): Promise<Api> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, serializers: logSerializers, ...(logStream ? { stream: logStream } : {}) } : false,
    bodyLimit: config.bodyLimitBytes,
    // Fastify's own refusals in our body (server/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    // A request must arrive whole within the request timeout: Node checks every few seconds (at
    // most a tenth of it late), and cuts a trickling body with a 408. The headers within the same.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    http: {
      requestTimeout: config.timeouts.requestMs,
      headersTimeout: Math.min(60_000, config.timeouts.requestMs),
      connectionsCheckingInterval: Math.min(5000, Math.max(100, config.timeouts.requestMs / 10)),
    },
    // Only behind a known proxy may X-Forwarded-For name the client (the throttle counts by it).
    trustProxy: typeof config.security.trustProxy === 'number' ? hops(config.security.trustProxy) : config.security.trustProxy,
    // The schemas of common/schemas validate every request; free text is their one own format.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, formats: { [FREE_TEXT]: isFreeText } } },
    // Compiled once a process, whichever of its apps meets a schema first (server/schema-compilers.ts).
    schemaController: { compilersFactory },
  }).withTypeProvider<TypeBoxTypeProvider>();
  registerErrorHandler(app);
  // Text is compared and stored in one form (NFC): 'Dewí' typed as i + combining acute is the
  // same name as with the one letter í. Before validation, so the schemas judge what is stored.
  app.addHook('preValidation', async (req) => {
    req.body = normalizeStrings(req.body);
    req.query = normalizeStrings(req.query);
    req.params = normalizeStrings(req.params);
  });
  registerSecurityHeaders(app, config.security, config.distDir);
  // Patients pay for every byte: brotli or gzip for everything over 1 KB. Brotli at quality 4
  // (the plugin's choice) with a 256 KB window instead of its 4 MB default: as small for answers
  // and files of this size, and half the work for a 2 KB answer (the encoder's window is set up
  // anew for each).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
  });
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, as TypeBox writes them (const, type null).
      openapi: '3.1.0',
      info: { title: 'Patient API', version: '1.0.0', description },
      components: { securitySchemes: SECURITY_SCHEMES },
      // Relative: the document is read from the server it describes, wherever that is deployed.
      servers: [{ url: '/', description: 'The server that serves this document' }],
    },
    // Each operation's id and explicit security, derived in one place (routes/route-schema.ts).
    transform: ({ schema, url, route }) => ({ schema: documented(schema as Record<string, unknown> | undefined, route.method, url) as typeof schema, url }),
  });
  app.get(SERVER.docs, { schema: { hide: true } }, async () => app.swagger());
  return app;
}

export async function buildApp(options: AppOptions): Promise<Api> {
  const { config, db, push, internal = 'apart' } = options;
  const { vapid, wake } = push ?? { vapid: memoVapidKeys(db, config.push), wake: () => undefined };
  const app = await baseApp(options, "The patient app contract (spec section 7) and the reference API's additions.");
  // A connector given by the caller is the caller's to close; one opened here closes with the app.
  const simrs = options.simrs ?? (await openConnector(config, db, bpjsReporting(config), app.log));
  if (!options.simrs) app.addHook('onClose', () => simrs.close());
  app.decorate('simrs', simrs);
  app.get(
    SERVER.health,
    { schema: { summary: "Whether this process, its database and the hospital's system answer", response: { 200: Healthy, 503: Unhealthy } } },
    async (_req, reply) => {
      const [database, simrs, reconciled] = await Promise.all([
        ping(db).then(
          () => true,
          () => false,
        ),
        app.simrs.health(),
        // The BPJS bridge's latest day compared with BPJS (docs/bpjs.md): shown, never a reason to be down.
        config.bpjs ? latestReconciliation(db).catch(() => null) : null,
      ]);
      const bpjs = reconciled ? { bpjs: reconciled } : {};
      const down = [...(database ? [] : ['database' as const]), ...(simrs.ok ? [] : ['simrs' as const])];
      if (!down.length) return { status: 'ok' as const, database: db.kind, simrs: app.simrs.kind, ...bpjs };
      return reply.code(503).send({ status: 'unavailable', database: db.kind, simrs: app.simrs.kind, down, ...bpjs });
    },
  );

  await app.register(async (scope) => {
    await authRoutes(scope, db, config);
    await registrationRoutes(scope, db, config);
    await photoRoutes(scope);
    await pushKeyRoutes(scope, vapid);
    await passkeyLoginRoutes(scope, db, config);
  });
  // WhatsApp (docs/whatsapp.md): whether it is on, for the notices queued in any process; Meta's webhook when it is.
  await setWhatsappOn(db, config.whatsapp !== null);
  const whatsapp = config.whatsapp;
  if (whatsapp) await app.register(async (scope) => whatsappRoutes(scope, db, whatsapp, wake));
  // The live streams' one LISTEN of this process (db/queue-events.ts).
  const events = queueEvents(db);
  app.addHook('preClose', () => events.close());
  // Sessions checked lately, held while this process hears of every session that ends.
  const sessions = new SessionCache();
  if (!(await sessions.start(db))) app.log.warn('could not listen for ended sessions: every call looks its session up');
  app.addHook('onClose', () => sessions.stop());
  const audits = auditBatch(db, app.log);
  app.decorate('flushAudit', audits.flush);
  app.addHook('onClose', () => audits.flush());
  await app.register(async (scope) => {
    registerPatientGuard(scope, db, config, audits, sessions);
    await recordRoutes(scope, config.booking, options.clock, simrs.kind === 'khanza' ? new LastRead(db, app.log) : undefined);
    await fhirRoutes(scope, db, config.satusehatOrgId, options.clock, config.security.exports);
    const live = new LiveStreams(config.live, db, sessions, { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays });
    await visitRoutes(scope, config, events, options.clock, live, changePoll(app, config, db));
    const gates = referralGates(config.vclaim, simrs, options.clock);
    await bookingRoutes(scope, db, config.booking, options.clock, gates);
    await leaveRoutes(scope, db, config, options.clock, gates);
    await referralRoutes(scope, gates, config.booking, options.clock);
    await pushRegistrationRoutes(scope, db, config);
    await noticeRoutes(scope, db, config);
    await passkeyRoutes(scope, db, config);
  });
  // Mobile JKN's calls (docs/bpjs.md): their own envelope, token and error answers.
  const jkn = config.jkn;
  if (jkn) await app.register(async (scope) => jknRoutes(scope, db, { ...config, jkn }, options.clock));
  if (internal === 'here') await app.register(async (scope) => (await internalRoutes(scope, db, config, wake, options.clock), passkeyCounterRoutes(scope, db)));
  await app.register(async (scope) => {
    // The app's pages and files are not API calls: the OpenAPI document leaves them out.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    await staticRoutes(scope, config.distDir);
  });
  return app;
}

/**
 * The change poll of a hospital's system whose own screens change what the live streams show
 * (connector/poll.ts): started with the app, stopped with it; none for SIMRS=local.
 */
function changePoll(app: Api, config: Config, db: Db): SimrsPoll | undefined {
  const mark = app.simrs.changeMark?.bind(app.simrs);
  if (!mark) return undefined;
  const poll = new SimrsPoll(db, mark, (config.simrs.kind === 'khanza' && config.simrs.pollMs) || 15_000, app.log);
  poll.start();
  app.addHook('preClose', () => poll.stop());
  return poll;
}

/** The hospital systems' calls alone, with their own /api/docs: for the internal listener. */
export async function buildInternalApp(options: AppOptions): Promise<Api> {
  const { config, db, push } = options;
  const app = await baseApp(options, "The calls of the hospital's own systems, with their service token.");
  // The hospital's system, for the calls that read it (the HFIS check reads its mapping tables).
  const simrs = options.simrs ?? (await openConnector(config, db, bpjsReporting(config), app.log));
  if (!options.simrs) app.addHook('onClose', () => simrs.close());
  app.decorate('simrs', simrs);
  await app.register(
    async (scope) => (await internalRoutes(scope, db, config, push?.wake ?? (() => undefined), options.clock), passkeyCounterRoutes(scope, db)),
  );
  return app;
}

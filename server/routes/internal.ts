// Calls the hospital's own systems make, guarded by their own service token: a notification to
// a patient, a clinic queue number called, a pharmacy status change.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { todayWib } from '../../common/dates.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { audit } from '../domain/audit.ts';
import { READY_STATUS, callClinicQueue, setPharmacyStatus } from '../domain/queues.ts';
import { enqueueNotification } from '../push/queue.ts';
import { NOMR } from './schemas.ts';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const body = (required: string[], properties: Record<string, object>) => ({ type: 'object', required, additionalProperties: false, properties }) as const;
const notFound = { status: false, message: 'Tidak ada antrian itu hari ini.' } as const;

/** `onNotification` wakes this process's push worker, so a notification goes out at once. */
export async function internalRoutes(app: FastifyInstance, db: Db, config: Config, onNotification: () => void): Promise<void> {
  app.addHook('onRequest', async (req, reply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!config.internalApiToken) {
      return reply.code(503).send({ status: false, message: 'INTERNAL_API_TOKEN is not configured on this server.' });
    }
    if (!sameSecret(given, config.internalApiToken)) {
      await audit(db, { action: 'internal', outcome: 'unauthorized', detail: `${req.method} ${req.url.split('?')[0]}` }, req);
      return reply.code(401).send({ status: false, message: 'Invalid service token.' });
    }
  });
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode === 401 || reply.statusCode === 503) return;
    const subject = (req.body as { nomr?: string } | undefined)?.nomr ?? null;
    await audit(db, { action: 'internal', outcome: String(reply.statusCode), actor: 'hospital-system', subject, detail: `${req.method} ${req.url.split('?')[0]}` }, req).catch(
      (err) => req.log.error({ err }, 'audit log write failed'),
    );
  });

  app.post(
    '/api/internal/notify',
    {
      schema: {
        summary: 'Send a notification to a patient (hospital systems only)',
        body: body(['nomr', 'title', 'body'], { nomr: NOMR, title: text(120), body: text(500), url: { type: 'string', pattern: '^/[^/\\\\]', maxLength: 300 } }),
      },
    },
    async (req, reply) => {
      const result = await enqueueNotification(db, req.body as { nomr: string; title: string; body: string; url?: string });
      if (!result) return reply.code(404).send({ status: false, message: 'Unknown medical record number.' });
      onNotification();
      return { status: true, data: result };
    },
  );

  app.post(
    '/api/internal/antrian/poli/panggil',
    {
      schema: {
        summary: "A clinic queue number of today is called: the patient's card shows it and their phone is notified",
        body: body(['no_reg'], { no_reg: text(40) }),
      },
    },
    async (req, reply) => {
      const result = await callClinicQueue(db, (req.body as { no_reg: string }).no_reg, todayWib());
      if (!result) return reply.code(404).send(notFound);
      onNotification();
      return { status: true, data: result };
    },
  );

  app.post(
    '/api/internal/antrian/farmasi/status',
    {
      schema: {
        summary: `A pharmacy queue entry of today changes status; the change to '${READY_STATUS}' notifies the patient`,
        body: body(['no_antrian', 'status_obat'], { no_antrian: text(20), status_obat: text(60) }),
      },
    },
    async (req, reply) => {
      const { no_antrian, status_obat } = req.body as { no_antrian: string; status_obat: string };
      const result = await setPharmacyStatus(db, no_antrian, status_obat.trim(), todayWib());
      if (!result) return reply.code(404).send(notFound);
      if (result.notified) onNotification();
      return { status: true, data: result };
    },
  );
}

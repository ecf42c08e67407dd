// What the app needs for push: the server's VAPID public key (public), and a signed-in call to
// keep a new or renewed registration (the reference API's addition to spec section 7).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { forgetRegistration, registrationKind, saveRegistration } from '../push/registrations.ts';
import type { VapidKeys } from '../push/webpush.ts';
import { envelope, str } from './schemas.ts';

export async function pushKeyRoutes(app: FastifyInstance, vapid: () => Promise<VapidKeys>): Promise<void> {
  app.get(
    '/api/push/vapid',
    { schema: { summary: "The server's VAPID public key, for PushManager.subscribe", response: { 200: envelope({ type: 'object', properties: { publicKey: str } }) } } },
    async (_req, reply) => {
      const { publicKey } = await vapid();
      return reply.header('Cache-Control', 'public, max-age=3600').send({ status: true, data: { publicKey } });
    },
  );
}

export async function pushRegistrationRoutes(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  app.post(
    '/api/patient/simpan/fcmtoken',
    {
      schema: {
        summary: "Keep the patient's new push registration (renewed every 7 days), replacing an older one",
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          required: ['fcmtoken'],
          additionalProperties: false,
          properties: { fcmtoken: { type: 'string', minLength: 1, maxLength: 4096 }, replaces: { type: 'string', maxLength: 4096 } },
        },
      },
    },
    async (req) => {
      const { fcmtoken, replaces } = req.body as { fcmtoken: string; replaces?: string };
      const kind = registrationKind(fcmtoken, config.push.endpointHosts);
      if (!kind) throw new HttpError(400, 'Registrasi notifikasi tidak valid.');
      await db.tx(async (q) => {
        if (replaces && replaces !== fcmtoken) await forgetRegistration(q, req.nomr, replaces);
        await saveRegistration(q, req.nomr, fcmtoken, kind);
      });
      return { status: true, data: { kind } };
    },
  );
}

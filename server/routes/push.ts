// What the app needs for push: the server's VAPID public key (public), and a signed-in call to
// keep a new or renewed registration (the reference API's addition to docs/product.md §7).
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { forgetRegistration, saveRegistration } from '../db/push.ts';
import { HttpError } from '../errors.ts';
import { registrationKind } from '../push/registrations.ts';
import type { VapidKeys } from '../push/webpush.ts';
import { PATIENT, PATIENT_POST, PUBLIC_GET, route, type Api } from './route-schema.ts';

export async function pushKeyRoutes(app: Api, vapid: () => Promise<VapidKeys>): Promise<void> {
  app.route({
    ...route('vapidKey', { summary: "The server's VAPID public key, for PushManager.subscribe", failures: PUBLIC_GET }),
    handler: async (_req, reply) => {
      const { publicKey } = await vapid();
      return reply.header('Cache-Control', 'public, max-age=3600').send({ status: true, data: { publicKey } });
    },
  });
}

export async function pushRegistrationRoutes(app: Api, db: Db, config: Config): Promise<void> {
  app.route({
    ...route('savePush', {
      summary: "Keep the patient's new push registration (renewed every 7 days), replacing an older one; beside the other patients the phone looks after",
      description:
        'A patient keeps at most PUSH_MAX_PER_PATIENT registrations (phones, browsers): a new one past it replaces the least recently renewed, and what still waited for that one is not sent.',
      security: PATIENT,
      failures: PATIENT_POST,
    }),
    handler: async (req) => {
      const { fcmtoken, replaces } = req.body;
      const kind = registrationKind(fcmtoken, config.push.endpointHosts);
      // Also a 400: a subscription pointing anywhere but a browser's push service.
      if (!kind) throw new HttpError(400, 'Registrasi notifikasi tidak valid.');
      await db.tx(async (q) => {
        if (replaces && replaces !== fcmtoken) await forgetRegistration(q, req.nomr, replaces);
        await saveRegistration(q, req.nomr, fcmtoken, kind, false, config.push.maxPerPatient);
      });
      return { status: true as const, data: { kind } };
    },
  });
}

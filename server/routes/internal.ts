// Calls the hospital's own systems make, guarded by their own service token (guard.ts): a
// notification to a patient, a clinic queue number called, a pharmacy status change, and the
// registration counter's list (registration.ts). Served on their own listener (server.ts).
import { todayWib } from '../../common/dates.ts';
import { Success } from '../../common/schemas/envelope.ts';
import { ClinicCall, Enqueued, NotifyRequest, PharmacyChange, PharmacyStatus } from '../../common/schemas/internal.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { enqueueNotification } from '../db/push.ts';
import { callClinicQueue, setPharmacyStatus } from '../db/queues.ts';
import { READY_STATUS } from '../domain/queues.ts';
import { registerServiceGuard } from '../guard.ts';
import { NOT_FOUND, SERVICE, SERVICE_POST, type Api } from './contract.ts';
import { registrationCounterRoutes } from './registration.ts';

const NO_QUEUE = 'Tidak ada antrian itu hari ini.';

/** `onNotification` wakes this process's push worker, so a notification goes out at once. */
export async function internalRoutes(app: Api, db: Db, config: Config, onNotification: () => void): Promise<void> {
  registerServiceGuard(app, db, config);
  await registrationCounterRoutes(app, db);

  app.post(
    '/api/internal/notify',
    {
      schema: {
        summary: 'Send a notification to a patient (hospital systems only)',
        security: SERVICE,
        body: NotifyRequest,
        response: { 200: Success(Enqueued), ...NOT_FOUND('Unknown medical record number'), ...SERVICE_POST },
      },
    },
    async (req, reply) => {
      const result = await enqueueNotification(db, req.body);
      if (!result) return reply.code(404).send({ status: false, message: 'Unknown medical record number.' });
      onNotification();
      return { status: true as const, data: result };
    },
  );

  app.post(
    '/api/internal/antrian/poli/panggil',
    {
      schema: {
        summary: "A clinic queue number of today is called: the patient's card shows it and their phone is notified",
        security: SERVICE,
        body: ClinicCall,
        response: { 200: Success(Enqueued), ...NOT_FOUND('No such queue entry today'), ...SERVICE_POST },
      },
    },
    async (req, reply) => {
      const result = await callClinicQueue(db, req.body.no_reg, todayWib());
      if (!result) return reply.code(404).send({ status: false, message: NO_QUEUE });
      onNotification();
      return { status: true as const, data: result };
    },
  );

  app.post(
    '/api/internal/antrian/farmasi/status',
    {
      schema: {
        summary: `A pharmacy queue entry of today changes status; the change to '${READY_STATUS}' notifies the patient`,
        security: SERVICE,
        body: PharmacyStatus,
        response: { 200: Success(PharmacyChange), ...NOT_FOUND('No such queue entry today'), ...SERVICE_POST },
      },
    },
    async (req, reply) => {
      const result = await setPharmacyStatus(db, req.body.no_antrian, req.body.status_obat.trim(), todayWib());
      if (!result) return reply.code(404).send({ status: false, message: NO_QUEUE });
      if (result.notified) onNotification();
      return { status: true as const, data: result };
    },
  );
}

// Calls the hospital's own systems make, guarded by their own service token (guard.ts): a
// notification to a patient, the clinic queue (a day's list; a number called, done or skipped),
// a pharmacy status change, and the registration counter's list (registration.ts). Served on
// their own listener (server.ts).
import { todayWib } from '../../common/dates.ts';
import { Success } from '../../common/schemas/envelope.ts';
import { Type } from 'typebox';
import {
  MeetingLink,
  MeetingLinkSet,
  Reminder,
  ReminderQuery,
  ClinicCall,
  ClinicQueueChange,
  ClinicQueueEntry,
  ClinicQueueQuery,
  Enqueued,
  NotifyRequest,
  PharmacyChange,
  PharmacyStatus,
} from '../../common/schemas/internal.ts';
import type { Config } from '../config.ts';
import { setMeetingLink } from '../connector/local/booking.ts';
import type { Db } from '../db/client.ts';
import { pendingReminders } from '../db/reminders.ts';
import { pendingSimrsReminders } from '../db/simrs-reminders.ts';
import { enqueueNotification } from '../db/push.ts';
import { callClinicQueue, clinicQueueOfDay, setClinicStatus, setPharmacyStatus } from '../connector/local/queues.ts';
import { checkIn, serviceCheckinEntry } from '../connector/local/visit.ts';
import { CheckedIn } from '../../common/schemas/visit.ts';
import { READY_STATUS } from '../domain/queues.ts';
import { registerServiceGuard } from '../guard.ts';
import { NOT_FOUND, SERVICE, SERVICE_GET, SERVICE_POST, type Api } from './route-schema.ts';
import { bpjsRoutes } from './bpjs.ts';
import { jadwalRoutes } from './jadwal.ts';
import { leaveInternalRoutes } from './leave.ts';
import { noShowRoutes } from './noshow.ts';
import { registrationCounterRoutes } from './registration.ts';
import { walkInRoutes } from './walkin.ts';
import { INTERNAL } from '../../common/server-paths.ts';

const NO_QUEUE = 'Tidak ada antrian itu hari ini.';
const NO_APPOINTMENT = 'Tidak ada perjanjian dengan nomor itu.';

/** `onNotification` wakes this process's push worker, so a notification goes out at once; `clock` tells today (tests fix it). */
export async function internalRoutes(app: Api, db: Db, config: Config, onNotification: () => void, clock: () => number = Date.now): Promise<void> {
  registerServiceGuard(app, db, config);
  await registrationCounterRoutes(app, db, onNotification);
  await walkInRoutes(app, db, clock);
  await bpjsRoutes(app, db, config);
  await jadwalRoutes(app, db, config, clock);
  await leaveInternalRoutes(app, db, config, onNotification, clock);
  await noShowRoutes(app, db, config, onNotification, clock);

  app.post(
    INTERNAL.notify,
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
    INTERNAL.clinicCall,
    {
      schema: {
        summary: "A clinic queue number of today is called: the patient's card shows it and their phone is notified",
        security: SERVICE,
        body: ClinicCall,
        response: { 200: Success(Enqueued), ...NOT_FOUND('No such queue entry today'), ...SERVICE_POST },
      },
    },
    async (req, reply) => {
      const result = await callClinicQueue(db, req.body.no_reg, todayWib(clock()), config.visit.nearThreshold);
      if (!result) return reply.code(404).send({ status: false, message: NO_QUEUE });
      onNotification();
      return { status: true as const, data: result };
    },
  );

  app.get(
    INTERNAL.clinicQueue,
    {
      schema: {
        summary: "A day's clinic queue (today unless tanggal is given), for the hospital's display and staff",
        security: SERVICE,
        querystring: ClinicQueueQuery,
        response: { 200: Success(Type.Array(ClinicQueueEntry)), ...SERVICE_GET },
      },
    },
    async (req) => ({ status: true as const, data: await clinicQueueOfDay(db, req.query.tanggal ?? todayWib(clock())) }),
  );

  app.post(
    INTERNAL.clinicCheckin,
    {
      schema: {
        summary: "The registration counter checks a patient in for today's clinic queue: the same check-in as the phone's (BPJS task 3, once)",
        description: 'A check-in already made keeps its first time. The counter decides who is there: no window or distance is checked.',
        security: SERVICE,
        body: ClinicCall,
        response: { 200: Success(CheckedIn), ...NOT_FOUND('No such queue entry today'), ...SERVICE_POST },
      },
    },
    async (req, reply) => {
      const entry = await serviceCheckinEntry(db, req.body.no_reg);
      if (!entry || entry.tgl_janji !== todayWib()) return reply.code(404).send({ status: false, message: NO_QUEUE });
      return { status: true as const, data: { no_reg: req.body.no_reg, checkin: entry.checkin ?? (await checkIn(db, req.body.no_reg, Date.now())) } };
    },
  );

  for (const [path, status, summary] of [
    [INTERNAL.clinicDone, 'selesai', 'A clinic queue number of today is done'],
    [INTERNAL.clinicSkipped, 'dilewati', 'A clinic queue number of today is skipped (the patient was not there when called)'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          summary: `${summary}; those behind who come within QUEUE_NEAR_THRESHOLD are notified once`,
          security: SERVICE,
          body: ClinicCall,
          response: { 200: Success(ClinicQueueChange), ...NOT_FOUND('No such queue entry today'), ...SERVICE_POST },
        },
      },
      async (req, reply) => {
        const result = await setClinicStatus(db, req.body.no_reg, status, todayWib(clock()), config.visit.nearThreshold);
        if (!result) return reply.code(404).send({ status: false, message: NO_QUEUE });
        if (result.notified) onNotification();
        return { status: true as const, data: result };
      },
    );
  }

  app.post(
    INTERNAL.pharmacyStatus,
    {
      schema: {
        summary: `A pharmacy queue entry of today changes status; the change to '${READY_STATUS}' notifies the patient`,
        security: SERVICE,
        body: PharmacyStatus,
        response: { 200: Success(PharmacyChange), ...NOT_FOUND('No such queue entry today'), ...SERVICE_POST },
      },
    },
    async (req, reply) => {
      const result = await setPharmacyStatus(db, req.body.no_antrian, req.body.status_obat.trim(), todayWib(clock()));
      if (!result) return reply.code(404).send({ status: false, message: NO_QUEUE });
      if (result.notified) onNotification();
      return { status: true as const, data: result };
    },
  );

  // Managing appointments (decisions): an appointment's reminders still to go out, and the
  // meeting link of an online consultation.
  app.get(
    INTERNAL.reminders,
    {
      schema: {
        summary: "A booking's reminders still to go out, with when (WIB)",
        security: SERVICE,
        querystring: ReminderQuery,
        response: { 200: Success(Type.Array(Reminder)), ...NOT_FOUND('No appointment with that no_reg'), ...SERVICE_GET },
      },
    },
    async (req, reply) => {
      // This API's own appointment's, else those of a booking it made in the hospital's system (SIMRS=khanza).
      const reminders = (await pendingReminders(db, req.query.no_reg)) ?? (await pendingSimrsReminders(db, req.query.no_reg));
      if (!reminders) return reply.code(404).send({ status: false, message: NO_APPOINTMENT });
      return { status: true as const, data: reminders };
    },
  );

  app.post(
    INTERNAL.meetingLink,
    {
      schema: {
        summary: "Sets an online consultation's meeting link (https); the patient's card shows it while the room is open",
        security: SERVICE,
        body: MeetingLink,
        response: { 200: Success(MeetingLinkSet), ...NOT_FOUND('No active online appointment with that no_reg'), ...SERVICE_POST },
      },
    },
    async (req, reply) => {
      if (!(await setMeetingLink(db, req.body.no_reg, req.body.url))) {
        return reply.code(404).send({ status: false, message: 'Tidak ada perjanjian konsultasi online aktif dengan nomor itu.' });
      }
      return { status: true as const, data: { no_reg: req.body.no_reg, link_konsultasi: req.body.url } };
    },
  );
}

// SIMRS=upstream: the connector contract answered by the hospital's own API of docs/product.md §7
// and its login service (docs/integration.md "SIMRS=upstream"), assembled from its parts: the
// calls on a patient's behalf with the token their sessions hold (calls.ts), the login and the
// tokens kept (login.ts), what every patient reads alike (schedules.ts), the patient's own records
// (records.ts, reminders.ts), the visit day's queue and pushes (visit-day.ts), and the bookings and
// registrations handed over (bookings.ts). Here: /api/health, and what the hospital's API does not
// offer (HospitalRelay).
import type { UpstreamConfig } from '../../config/upstream.ts';
import type { Db } from '../../db/client.ts';
import type { BookingStore } from '../../domain/booking.ts';
import type { ManageStore } from '../../domain/manage.ts';
import type { ReminderPolicy } from '../../domain/reminders.ts';
import { HttpError, MSG } from '../../errors.ts';
import type { HospitalConnector } from '../hospital-connector.ts';
import { upstreamBookings } from './bookings.ts';
import { patientCalls } from './calls.ts';
import { type UpstreamClient, upstreamClient } from './client.ts';
import { upstreamLogin } from './login.ts';
import { upstreamRecords } from './records.ts';
import { upstreamSchedules } from './schedules.ts';
import { upstreamVisitDay } from './visit-day.ts';
import { API } from '../../../common/paths.ts';

/** /api/health asks the hospital at most this often. */
const HEALTH_MS = 5_000;

/**
 * `reminders`: when the reminders of the hospital's appointments go out (REMINDER_EVENING_AT,
 * REMINDER_HOURS_BEFORE); `visit.nearThreshold`: QUEUE_NEAR_THRESHOLD, for 'Antrian Anda tinggal N lagi'.
 */
export function upstreamConnector(
  config: UpstreamConfig,
  db: Db,
  reminders: ReminderPolicy | null = null,
  visit: { nearThreshold: number; idleMinutes?: number } = { nearThreshold: 3 },
  client: UpstreamClient = upstreamClient(config),
): HospitalConnector {
  /** SESSION_IDLE_MINUTES: a session unused this long has ended, and its sealed token with it. */
  const idle = visit.idleMinutes ?? 7 * 24 * 60;
  // The patient's sessions ended: their last queue answer goes with them.
  const forgetQueue = (nomr: string) => visitDay.forget(nomr);
  const calls = patientCalls(config, db, client, idle, forgetQueue);
  const visitDay = upstreamVisitDay(config, db, calls, visit.nearThreshold);
  const { resumable, keep, forget, ...patient } = upstreamLogin(config, db, client, calls, idle, forgetQueue);
  let health: { at: number; ok: Promise<boolean> } | null = null;

  const notOffered = async (): Promise<never> => {
    throw new HttpError(404, MSG.notFound);
  };
  const noStore: BookingStore = { session: notOffered, transaction: notOffered };
  const noManage = { ...noStore, lastBpjsAppointment: notOffered } as unknown as ManageStore;

  return {
    kind: 'upstream',
    async health() {
      const now = Date.now();
      if (!health || now - health.at > HEALTH_MS) {
        // Any answer at all (a 401 without a token included) is an API that answers.
        const probe = (base: string) =>
          client.call({ method: 'GET', url: `${base}${API.clinics}` }).then(
            () => true,
            () => false,
          );
        const ok = Promise.all([probe(config.apiUrl), config.loginUrl === config.apiUrl ? true : probe(config.loginUrl)]).then(([a, b]) => a && b);
        health = { at: now, ok };
      }
      return { name: 'upstream', ok: await health.ok };
    },
    close: async () => undefined,

    relay: { ...upstreamBookings(config, client, calls), resumable, keep, forget, queuePollMs: config.cache.queueMs },

    ...patient,
    ...upstreamSchedules(config, calls),
    ...upstreamRecords(db, calls, reminders),
    clinicQueue: visitDay.clinicQueue,
    // No check-in from the phone (HospitalRelay): the entry is never found.
    checkinEntry: async () => null,

    booking: noStore,
    manage: noManage,
    checkIn: notOffered,
    selfRegistration: notOffered,
  };
}

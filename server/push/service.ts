// The push side of one server process: the VAPID keys, the senders (made once, so the FCM
// access token is reused) and the queue worker.
import type { FastifyBaseLogger } from 'fastify';
import type { PushConfig } from '../config.ts';
import type { HospitalConnector } from '../connector/hospital-connector.ts';
import type { Db } from '../db/client.ts';
import { fcmSender } from './fcm.ts';
import { memoVapidKeys } from './keys.ts';
import { queueDueReminders } from './reminders.ts';
import { sweepOffers } from '../db/waitlist.ts';
import type { Sender } from './sender.ts';
import { webPushSender, type VapidKeys } from './webpush.ts';
import { createPushWorker, type PushWorker } from './worker.ts';

export interface PushService {
  vapid: () => Promise<VapidKeys>;
  /** `simrs`: the hospital's system, whose bookings' reminders wait on its answer (SIMRS other than local). */
  worker: (log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>, simrs?: Pick<HospitalConnector, 'waitingVisits'>) => PushWorker;
}

/** `clock` decides which appointment reminders are due (tests fix it). */
export function pushService(db: Db, config: PushConfig, clock: () => number = Date.now): PushService {
  const vapid = memoVapidKeys(db, config);
  let senders: Promise<Partial<Record<'fcm' | 'webpush', Sender>>> | null = null;
  const getSenders = () =>
    (senders ??= vapid()
      .then((keys) => ({
        webpush: webPushSender(keys, config.endpointHosts),
        ...(config.fcm ? { fcm: fcmSender(config.fcm.account, config.fcm.endpoint) } : {}),
      }))
      .catch((err) => {
        senders = null; // tried again at the next drain
        throw err;
      }));
  return {
    vapid,
    worker: (log, simrs) => {
      const waiting = simrs?.waitingVisits?.bind(simrs);
      // The waiting list's lapsed offers pass on before each drain too (db/waitlist.ts): their notices go out in it.
      const beforeDrain = async () => (await queueDueReminders(db, clock(), 50, waiting)) + (await sweepOffers(db));
      return createPushWorker({ db, senders: getSenders, config, log, beforeDrain });
    },
  };
}

// SIMRS=khanza: the connector contract answered from a SIMRS Khanza database (docs/integration.md,
// Field glossary), assembled here from its parts. Reads map Khanza's names to the contract's
// once, in the part that reads them: the patients (patients.ts), the clinics, schedules and quota
// (schedules.ts), the appointments and their booking stores (appointments.ts; a booking is a
// Khanza registration, seats.ts), the visit day (visit-day.ts) and the histories (histories.ts).
// What Khanza does not hold stays in this API's database: the patient's row there is a copy of
// Khanza's, refreshed at each login, for the sessions, passkeys, family and push that refer to it;
// the vascular reports are read from there, the self-registrations wait there for the counter.
import type { FastifyBaseLogger } from 'fastify';
import { todayWib } from '../../../common/dates.ts';
import type { Db } from '../../db/client.ts';
import { saveRegistration } from '../../db/registrations.ts';
import type { HospitalConnector } from '../hospital-connector.ts';
import { khanzaAppointments } from './appointments.ts';
import { type GuardMode, guardProblem } from './guard.ts';
import type { KhanzaDb, KhanzaPayers } from './client.ts';
import { khanzaHistories } from './histories.ts';
import { closeNoShows } from './noshow.ts';
import { khanzaPatients } from './patients.ts';
import { schemaProblem } from './schema.ts';
import type { Numbering } from './rows.ts';
import { khanzaSchedules } from './schedules.ts';
import { khanzaVisitDay } from './visit-day.ts';

export interface KhanzaConnectorOptions {
  payers: KhanzaPayers;
  /** The operating rooms that are the catheterization lab (KHANZA_RUANG_OK_KATETER). */
  cathRooms: string[];
  /** Minutes per patient of a booking's estimate (QUEUE_MINUTES_PER_PATIENT); none: no estimate written. */
  minutesPerPatient?: number;
  /** How the hospital numbers its queue (KHANZA_URUTNOREG, KHANZA_BASENOREG); Khanza's defaults when absent. */
  numbering?: Numbering;
  /** The mode the quota guard must be in (KHANZA_QUOTA_GUARD); 'app' unless set. */
  quotaGuard?: GuardMode;
}

const NO_SHOW_MS = 60 * 60 * 1000;

/** `log`: where health says why the quota guard is missing (the server's log). */
export function khanzaConnector(
  sik: KhanzaDb,
  db: Db,
  { payers, cathRooms, minutesPerPatient = 0, numbering, quotaGuard = 'app' }: KhanzaConnectorOptions,
  log: Pick<FastifyBaseLogger, 'error'> = console,
): HospitalConnector {
  /** The guard's problem last logged: said once when it appears, not at every health check. */
  let told: string | null = null;
  // Hourly: the bookings of past days nobody came to are closed as Khanza closes one (noshow.ts), so
  // they do not block the patient's next registration at the counter. Idempotent in every process.
  const noShows = setInterval(() => {
    closeNoShows(sik, db, todayWib()).catch((err) => log.error(`closing the bookings nobody came to: ${String(err)}`));
  }, NO_SHOW_MS);
  noShows.unref();
  return {
    kind: 'khanza',
    // Answering is not enough: without its quota guard Khanza's seats are not one pool.
    async health() {
      try {
        await sik.ping();
        // Answering is not enough either without what the connector uses (schema.ts).
        const problem = (await guardProblem(sik, quotaGuard)) ?? (await schemaProblem(sik, payers));
        if (problem && problem !== told) log.error(problem);
        told = problem;
        return { name: 'khanza', ok: !problem };
      } catch {
        return { name: 'khanza', ok: false };
      }
    },
    close: () => {
      clearInterval(noShows);
      return sik.close();
    },

    ...khanzaPatients(sik, db, payers),
    ...khanzaSchedules(sik),
    ...khanzaAppointments(sik, { db, payers, minutesPerPatient, numbering }),
    ...khanzaVisitDay(sik, db),
    ...khanzaHistories(sik, db, payers, cathRooms),
    // The counter verifies a self-registration and creates the patient in Khanza: it waits in this API's database till then.
    selfRegistration: (q, p, ip) => saveRegistration(q, p, ip),
  };
}

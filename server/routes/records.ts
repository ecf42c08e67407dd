// The patient's own records: home cards, procedure schedules, histories, results.
import { todayWib } from '../../common/dates.ts';
import type { BookingConfig } from '../config.ts';
import { upcomingItem } from '../domain/manage.ts';
import { HttpError } from '../errors.ts';
import { NOT_FOUND, PATIENT, PATIENT_GET, route, type Api } from './contract.ts';

/** `now` is the clock the upcoming list reads (what its cards offer, an online room's link); tests fix it. */
export async function recordRoutes(app: Api, booking: Pick<BookingConfig, 'onlineRoomMinutes'>, now: () => number = Date.now): Promise<void> {
  const ok = <T>(data: T) => ({ status: true as const, data });
  const records = app.simrs;
  /** A patient's read: its summary, the bearer token, the failures of a patient's GET. */
  const read = (summary: string) => ({ summary, security: PATIENT, failures: PATIENT_GET });

  // The clinic queue is the visit day's (visit.ts).
  app.route({ ...route('pharmacyQueue', read("Today's pharmacy queue")), handler: async (req) => ok(await records.pharmacyQueue(req.nomr, todayWib())) });
  app.route({ ...route('cathSchedule', read('Upcoming catheterizations')), handler: async (req) => ok(await records.cathSchedule(req.nomr, todayWib())) });
  app.route({ ...route('surgerySchedule', read('Upcoming surgery')), handler: async (req) => ok(await records.surgerySchedule(req.nomr, todayWib())) });
  app.route({ ...route('historyPoli', read('Outpatient visits')), handler: async (req) => ok(await records.outpatientVisits(req.nomr)) });
  app.route({ ...route('historyOnline', read('Online consultations')), handler: async (req) => ok(await records.onlineVisits(req.nomr, todayWib())) });
  app.route({ ...route('inpatientCurrent', read('Current inpatient stay')), handler: async (req) => ok(await records.currentInpatient(req.nomr)) });
  app.route({ ...route('inpatientPast', read('Past inpatient stays')), handler: async (req) => ok(await records.pastInpatient(req.nomr)) });
  app.route({ ...route('historyCath', read('Catheterization history')), handler: async (req) => ok(await records.cathHistory(req.nomr)) });
  app.route({ ...route('historySurgery', read('Surgery history')), handler: async (req) => ok(await records.surgeryHistory(req.nomr)) });
  app.route({ ...route('vascular', read('Vascular examination reports')), handler: async (req) => ok(await records.vascularReports(req.nomr)) });

  app.route({
    ...route('profile', { ...read("The patient's profile"), failures: { ...NOT_FOUND('The patient of the token is gone'), ...PATIENT_GET } }),
    handler: async (req) => {
      const data = await records.profile(req.nomr);
      if (!data) throw new HttpError(404, 'Data pasien tidak ditemukan.');
      return ok(data);
    },
  });

  app.route({
    ...route('upcoming', read('Upcoming appointments, clinic and online, with what each card may offer')),
    handler: async (req) => {
      const at = now();
      const rows = await records.upcomingAppointments(req.nomr, todayWib(at));
      return ok({ jadwal: rows.map((row) => upcomingItem(row, at, booking.onlineRoomMinutes)) });
    },
  });

  app.route({
    ...route('supporting', read('Lab results (hasillab) and the poli history (data)')),
    handler: async (req) => {
      const [hasillab, data] = [await records.labOrders(req.nomr), await records.poliHistory(req.nomr)];
      return { status: true as const, hasillab, data };
    },
  });
}

// The patient's own records: home cards, procedure schedules, histories, results.
import { todayWib } from '../../common/dates.ts';
import type { FastifyReply } from 'fastify';
import type { UpcomingAppointment } from '../../common/schemas/patient.ts';
import type { BookingConfig } from '../config.ts';
import { AS_OF_HEADER, type LastRead, olderOf } from '../connector/last-read.ts';
import { upcomingItem, type UpcomingRow } from '../domain/manage.ts';
import { HttpError } from '../errors.ts';
import { NOT_FOUND, PATIENT, PATIENT_GET, route, type Api } from './route-schema.ts';

/** What a history says of an answer kept from the hospital's system (connector/last-read.ts). */
const KEPT = `While the hospital's system cannot be reached, the last answer read from it, with its time in the ${AS_OF_HEADER} header (ISO 8601, +07:00); a fresh answer has no such header.`;

/** An upcoming appointment as a §7 API gave it: the spec's fields, and the additions it sent; never changeable here. */
function asGiven({ meeting_url: _m, checked_in: _c, jenis: _j, ...row }: UpcomingRow): UpcomingAppointment {
  const given = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== '')) as Partial<UpcomingRow>;
  return { ...given, tanggal_janji: row.tanggal_janji, nama_dokter: row.nama_dokter, departemen: row.departemen, no_urut: row.no_urut, dapat_diubah: false };
}

/**
 * `now` is the clock the upcoming list reads (what its cards offer, an online room's link); tests fix it.
 * `lastRead`: the histories' copies, kept where the records are the hospital's system's (not SIMRS=local).
 */
export async function recordRoutes(
  app: Api,
  booking: Pick<BookingConfig, 'onlineRoomMinutes'>,
  now: () => number = Date.now,
  lastRead?: LastRead,
): Promise<void> {
  const ok = <T>(data: T) => ({ status: true as const, data });
  const records = app.simrs;
  /** A patient's read: its summary, the bearer token, the failures of a patient's GET. */
  const read = (summary: string) => ({ summary, security: PATIENT, failures: PATIENT_GET });
  /** A history's read: the same, and what it answers while the hospital's system is down. */
  const kept = (summary: string) => ({ ...read(summary), description: KEPT });
  /** A history, and when its copy was read if the hospital's system could not answer. */
  const copy = <T>(nomr: string, call: string, get: () => Promise<T>) =>
    lastRead ? lastRead.serve(nomr, call, get) : get().then((data) => ({ data, asOf: null }));
  const history = async <T>(reply: FastifyReply, nomr: string, call: string, get: () => Promise<T>) => {
    const { data, asOf } = await copy(nomr, call, get);
    if (asOf) reply.header(AS_OF_HEADER, asOf);
    return ok(data);
  };

  // The clinic queue is the visit day's (visit.ts).
  app.route({ ...route('pharmacyQueue', read("Today's pharmacy queue")), handler: async (req) => ok(await records.pharmacyQueue(req.nomr, todayWib())) });
  app.route({ ...route('cathSchedule', read('Upcoming catheterizations')), handler: async (req) => ok(await records.cathSchedule(req.nomr, todayWib())) });
  app.route({ ...route('surgerySchedule', read('Upcoming surgery')), handler: async (req) => ok(await records.surgerySchedule(req.nomr, todayWib())) });
  app.route({
    ...route('historyPoli', kept('Outpatient visits')),
    handler: (req, reply) => history(reply, req.nomr, 'outpatientVisits', () => records.outpatientVisits(req.nomr)),
  });
  app.route({ ...route('historyOnline', read('Online consultations')), handler: async (req) => ok(await records.onlineVisits(req.nomr, todayWib())) });
  app.route({
    ...route('inpatientCurrent', kept('Current inpatient stay')),
    handler: (req, reply) => history(reply, req.nomr, 'currentInpatient', () => records.currentInpatient(req.nomr)),
  });
  app.route({
    ...route('inpatientPast', kept('Past inpatient stays')),
    handler: (req, reply) => history(reply, req.nomr, 'pastInpatient', () => records.pastInpatient(req.nomr)),
  });
  app.route({
    ...route('historyCath', kept('Catheterization history')),
    handler: (req, reply) => history(reply, req.nomr, 'cathHistory', () => records.cathHistory(req.nomr)),
  });
  app.route({
    ...route('historySurgery', kept('Surgery history')),
    handler: (req, reply) => history(reply, req.nomr, 'surgeryHistory', () => records.surgeryHistory(req.nomr)),
  });
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
      // A hospital's own API (SIMRS=upstream): its fields as it gave them, nothing offered to change.
      if (records.relay) return ok({ jadwal: rows.map(asGiven) });
      return ok({ jadwal: rows.map((row) => upcomingItem(row, at, booking.onlineRoomMinutes)) });
    },
  });

  app.route({
    ...route('supporting', kept('Lab results (hasillab) and the poli history (data)')),
    handler: async (req, reply) => {
      // No copies kept (SIMRS=local): both lists in one statement where the connector has one.
      if (!lastRead && records.supporting) {
        const both = await records.supporting(req.nomr);
        return { status: true as const, hasillab: both.labs, data: both.poli };
      }
      const lab = await copy(req.nomr, 'labOrders', () => records.labOrders(req.nomr));
      const poli = await copy(req.nomr, 'poliHistory', () => records.poliHistory(req.nomr));
      const asOf = olderOf(lab.asOf, poli.asOf);
      if (asOf) reply.header(AS_OF_HEADER, asOf);
      return { status: true as const, hasillab: lab.data, data: poli.data };
    },
  });
}

// The patient's own records: home cards, procedure schedules, histories, results.
import type { FastifyReply } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { todayWib } from '../../common/dates.ts';
import { Success } from '../../common/schemas/envelope.ts';
import { PatientQuery, PharmacyQueueItem, Profile, UpcomingAppointments } from '../../common/schemas/patient.ts';
import * as S from '../../common/schemas/records.ts';
import type { BookingConfig } from '../config.ts';
import { AS_OF_HEADER, type LastRead, olderOf } from '../connector/last-read.ts';
import { upcomingItem } from '../domain/manage.ts';
import { HttpError } from '../errors.ts';
import { NOT_FOUND, PATIENT, PATIENT_GET, type Api } from './contract.ts';

/** The options of a list call of docs/product.md §7: the patient's own entries under data. */
const listOf = <T extends TSchema>(summary: string, item: T, description?: string) => ({
  schema: { summary, description, security: PATIENT, querystring: PatientQuery, response: { 200: Success(Type.Array(item)), ...PATIENT_GET } },
});

/** What a history says of an answer kept from the hospital's system (connector/last-read.ts). */
const KEPT = `While the hospital's system cannot be reached, the last answer read from it, with its time in the ${AS_OF_HEADER} header (ISO 8601, +07:00); a fresh answer has no such header.`;

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
  /** A history, and when its copy was read if the hospital's system could not answer. */
  const kept = <T>(nomr: string, call: string, read: () => Promise<T>) =>
    lastRead ? lastRead.serve(nomr, call, read) : read().then((data) => ({ data, asOf: null }));
  const history = async <T>(reply: FastifyReply, nomr: string, call: string, read: () => Promise<T>) => {
    const { data, asOf } = await kept(nomr, call, read);
    if (asOf) reply.header(AS_OF_HEADER, asOf);
    return ok(data);
  };

  // The clinic queue is the visit day's (visit.ts).
  app.get('/api/patient/antrian/farmasi', listOf("Today's pharmacy queue", PharmacyQueueItem), async (req) =>
    ok(await records.pharmacyQueue(req.nomr, todayWib())),
  );
  app.get('/api/patient/jadwal/kath/terdekat', listOf('Upcoming catheterizations', S.CathSchedule), async (req) =>
    ok(await records.cathSchedule(req.nomr, todayWib())),
  );
  app.get('/api/patient/jadwal/bedah/terdekat', listOf('Upcoming surgery', S.SurgerySchedule), async (req) =>
    ok(await records.surgerySchedule(req.nomr, todayWib())),
  );
  app.get('/api/patient/riwayat/konsul/poli/umum', listOf('Outpatient visits', S.OutpatientVisit, KEPT), (req, reply) =>
    history(reply, req.nomr, 'outpatientVisits', () => records.outpatientVisits(req.nomr)),
  );
  app.get('/api/patient/riwayat/konsul/poli/online', listOf('Online consultations', S.OnlineVisit), async (req) =>
    ok(await records.onlineVisits(req.nomr, todayWib())),
  );
  app.get('/api/patient/riwayat/rawat/inap/jalan', listOf('Current inpatient stay', S.CurrentInpatient, KEPT), (req, reply) =>
    history(reply, req.nomr, 'currentInpatient', () => records.currentInpatient(req.nomr)),
  );
  app.get('/api/patient/riwayat/rawat/inap/lalu', listOf('Past inpatient stays', S.PastInpatient, KEPT), (req, reply) =>
    history(reply, req.nomr, 'pastInpatient', () => records.pastInpatient(req.nomr)),
  );
  app.get('/api/patient/riwayat/tindakan/kath', listOf('Catheterization history', S.CathHistory, KEPT), (req, reply) =>
    history(reply, req.nomr, 'cathHistory', () => records.cathHistory(req.nomr)),
  );
  app.get('/api/patient/riwayat/tindakan/bedah', listOf('Surgery history', S.SurgeryHistory, KEPT), (req, reply) =>
    history(reply, req.nomr, 'surgeryHistory', () => records.surgeryHistory(req.nomr)),
  );
  app.get('/api/patient/laporan/pemeriksaan/vaskular', listOf('Vascular examination reports', S.VascularReport), async (req) =>
    ok(await records.vascularReports(req.nomr)),
  );

  app.get(
    '/api/patient/profil/pasien',
    {
      schema: {
        summary: "The patient's profile",
        security: PATIENT,
        querystring: PatientQuery,
        response: { 200: Success(Profile), ...NOT_FOUND('The patient of the token is gone'), ...PATIENT_GET },
      },
    },
    async (req) => {
      const data = await records.profile(req.nomr);
      if (!data) throw new HttpError(404, 'Data pasien tidak ditemukan.');
      return ok(data);
    },
  );

  app.get(
    '/api/patient/jadwal/perjanjian/terdekat',
    {
      schema: {
        summary: 'Upcoming appointments, clinic and online, with what each card may offer',
        security: PATIENT,
        querystring: PatientQuery,
        response: { 200: Success(UpcomingAppointments), ...PATIENT_GET },
      },
    },
    async (req) => {
      const at = now();
      const rows = await records.upcomingAppointments(req.nomr, todayWib(at));
      return ok({ jadwal: rows.map((row) => upcomingItem(row, at, booking.onlineRoomMinutes)) });
    },
  );

  app.get(
    '/api/patient/riwayat/penunjang',
    {
      schema: {
        summary: 'Lab results (hasillab) and the poli history (data)',
        description: KEPT,
        security: PATIENT,
        querystring: PatientQuery,
        response: { 200: S.SupportingResponse, ...PATIENT_GET },
      },
    },
    async (req, reply) => {
      const lab = await kept(req.nomr, 'labOrders', () => records.labOrders(req.nomr));
      const poli = await kept(req.nomr, 'poliHistory', () => records.poliHistory(req.nomr));
      const asOf = olderOf(lab.asOf, poli.asOf);
      if (asOf) reply.header(AS_OF_HEADER, asOf);
      return { status: true as const, hasillab: lab.data, data: poli.data };
    },
  );
}

// The patient's own records: home cards, procedure schedules, histories, results.
import { Type, type TSchema } from 'typebox';
import { todayWib } from '../../common/dates.ts';
import { Success } from '../../common/schemas/envelope.ts';
import { PatientQuery, PharmacyQueueItem, Profile, type UpcomingAppointment, UpcomingAppointments } from '../../common/schemas/patient.ts';
import * as S from '../../common/schemas/records.ts';
import type { BookingConfig } from '../config.ts';
import { upcomingItem, type UpcomingRow } from '../domain/manage.ts';
import { HttpError } from '../errors.ts';
import { NOT_FOUND, PATIENT, PATIENT_GET, type Api } from './contract.ts';

/** The options of a list call of docs/product.md §7: the patient's own entries under data. */
const listOf = <T extends TSchema>(summary: string, item: T) => ({
  schema: { summary, security: PATIENT, querystring: PatientQuery, response: { 200: Success(Type.Array(item)), ...PATIENT_GET } },
});

/** An upcoming appointment as a §7 API gave it: the spec's fields, and the additions it sent; never changeable here. */
function asGiven({ meeting_url: _m, checked_in: _c, jenis: _j, ...row }: UpcomingRow): UpcomingAppointment {
  const given = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== '')) as Partial<UpcomingRow>;
  return { ...given, tanggal_janji: row.tanggal_janji, nama_dokter: row.nama_dokter, departemen: row.departemen, no_urut: row.no_urut, dapat_diubah: false };
}

/** `now` is the clock the upcoming list reads (what its cards offer, an online room's link); tests fix it. */
export async function recordRoutes(app: Api, booking: Pick<BookingConfig, 'onlineRoomMinutes'>, now: () => number = Date.now): Promise<void> {
  const ok = <T>(data: T) => ({ status: true as const, data });
  const records = app.simrs;

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
  app.get('/api/patient/riwayat/konsul/poli/umum', listOf('Outpatient visits', S.OutpatientVisit), async (req) => ok(await records.outpatientVisits(req.nomr)));
  app.get('/api/patient/riwayat/konsul/poli/online', listOf('Online consultations', S.OnlineVisit), async (req) =>
    ok(await records.onlineVisits(req.nomr, todayWib())),
  );
  app.get('/api/patient/riwayat/rawat/inap/jalan', listOf('Current inpatient stay', S.CurrentInpatient), async (req) =>
    ok(await records.currentInpatient(req.nomr)),
  );
  app.get('/api/patient/riwayat/rawat/inap/lalu', listOf('Past inpatient stays', S.PastInpatient), async (req) => ok(await records.pastInpatient(req.nomr)));
  app.get('/api/patient/riwayat/tindakan/kath', listOf('Catheterization history', S.CathHistory), async (req) => ok(await records.cathHistory(req.nomr)));
  app.get('/api/patient/riwayat/tindakan/bedah', listOf('Surgery history', S.SurgeryHistory), async (req) => ok(await records.surgeryHistory(req.nomr)));
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
      // A hospital's own API (SIMRS=upstream): its fields as it gave them, nothing offered to change.
      if (records.relay) return ok({ jadwal: rows.map(asGiven) });
      return ok({ jadwal: rows.map((row) => upcomingItem(row, at, booking.onlineRoomMinutes)) });
    },
  );

  app.get(
    '/api/patient/riwayat/penunjang',
    {
      schema: {
        summary: 'Lab results (hasillab) and the poli history (data)',
        security: PATIENT,
        querystring: PatientQuery,
        response: { 200: S.SupportingResponse, ...PATIENT_GET },
      },
    },
    async (req) => {
      const [hasillab, data] = [await records.labOrders(req.nomr), await records.poliHistory(req.nomr)];
      return { status: true as const, hasillab, data };
    },
  );
}

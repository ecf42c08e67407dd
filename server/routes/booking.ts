// Clinics, doctor schedules, quota and booking.
import { Type } from 'typebox';
import { fromQuotaDate, sameWeekday, weekdayName } from '../../common/dates.ts';
import { BookingAnswer, BookingRequest, Clinic, DoctorQuery, DoctorSchedule, LastAppointment, QuotaQuery, QuotaSlot } from '../../common/schemas/booking.ts';
import { Success } from '../../common/schemas/envelope.ts';
import { PatientQuery } from '../../common/schemas/patient.ts';
import { bookingStore, lastBpjsAppointment, quotaSlots } from '../db/booking.ts';
import type { Db } from '../db/client.ts';
import * as records from '../db/records.ts';
import { book, orNoPractice } from '../domain/booking.ts';
import { PATIENT, PATIENT_GET, PATIENT_POST, type Api } from './contract.ts';

/** `now` is the clock the booking rules read (today, and whether a session has ended); tests fix it. */
export async function bookingRoutes(app: Api, db: Db, now: () => number = Date.now): Promise<void> {
  const store = bookingStore(db);

  app.get(
    '/api/patient/kddep',
    { schema: { summary: 'Clinics', security: PATIENT, querystring: PatientQuery, response: { 200: Success(Type.Array(Clinic)), ...PATIENT_GET } } },
    async () => ({ status: true as const, data: await records.clinics(db) }),
  );

  app.get(
    '/api/patient/perjanjian/terakhir',
    {
      schema: {
        summary: "The patient's last BPJS appointment date (for the 8-day gap)",
        security: PATIENT,
        querystring: PatientQuery,
        response: { 200: Success(LastAppointment), ...PATIENT_GET },
      },
    },
    async (req) => ({ status: true as const, data: { tgl_janji: await lastBpjsAppointment(db, req.nomr) } }),
  );

  app.get(
    '/api/patient/jadwal/dokter',
    {
      schema: {
        summary: 'Doctors of a specialty with their weekly schedules',
        security: PATIENT,
        querystring: DoctorQuery,
        response: { 200: Success(Type.Array(DoctorSchedule)), ...PATIENT_GET },
      },
    },
    async (req) => ({ status: true as const, data: await records.doctorSchedules(db, req.query.spesialis) }),
  );

  app.get(
    '/api/patient/list/quota',
    {
      schema: {
        summary: 'Sessions and quota of a clinic (or one doctor) on a date; kode 301 when none',
        security: PATIENT,
        querystring: QuotaQuery,
        response: { 200: Success(Type.Array(QuotaSlot)), ...PATIENT_GET },
      },
    },
    async (req, reply) => {
      const { kd_dr = '', kd_dep, tgl_janji, hari } = req.query;
      const date = fromQuotaDate(tgl_janji);
      if (!date) return reply.code(400).send({ status: false, message: 'Tanggal tidak valid (format MM/DD/YY).' });
      if (hari && !sameWeekday(hari, weekdayName(date))) {
        return reply.code(400).send({ status: false, message: `Tanggal ${tgl_janji} jatuh pada hari ${weekdayName(date)}, bukan ${hari}.` });
      }
      return { status: true as const, data: orNoPractice(await quotaSlots(db, kd_dep, kd_dr, date)) };
    },
  );

  app.post(
    '/api/patient/simpan/janji',
    {
      schema: {
        summary: 'Book an outpatient appointment',
        security: PATIENT,
        body: BookingRequest,
        response: { 200: BookingAnswer, ...PATIENT_POST },
      },
    },
    async (req) => {
      const outcome = await book(store, req.nomr, req.body, now());
      return outcome.ok ? { status: true as const, data: outcome.result } : { status: false as const, message: outcome.message };
    },
  );
}

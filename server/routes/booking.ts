// Clinics, doctor schedules, quota and booking.
import type { FastifyInstance } from 'fastify';
import type { BookingRequest } from '../../common/schemas/index.ts';
import { fromQuotaDate, sameWeekday, todayWib, weekdayName } from '../../common/dates.ts';
import * as records from '../db/records.ts';
import type { Db } from '../db/client.ts';
import { book, quotaList } from '../domain/booking.ts';
import { ISO_DATE, NOMR, envelope, failure, fields, int, list, nstr, patientQuery, str } from './schemas.ts';

const quotaQuery = {
  type: 'object',
  required: ['kd_dep', 'tgl_janji'],
  properties: {
    kd_dr: { type: 'string', maxLength: 20, default: '' },
    kd_dep: { type: 'string', minLength: 1, maxLength: 20 },
    tgl_janji: { type: 'string', pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{2}$', description: 'MM/DD/YY' },
    hari: { type: 'string', maxLength: 10, description: 'Indonesian weekday name' },
  },
} as const;

const bookingBody = {
  type: 'object',
  required: ['nomr', 'tgl_janji', 'kd_dep', 'kd_dr', 'sts_jam', 'carabayar', 'hp'],
  additionalProperties: false,
  properties: {
    nomr: NOMR,
    tgl_janji: ISO_DATE,
    sts_ue: { type: 'string', maxLength: 10 },
    tgl_lahir: { type: 'string', maxLength: 10 },
    kd_dep: { type: 'string', minLength: 1, maxLength: 20 },
    kd_dr: { type: 'string', minLength: 1, maxLength: 20 },
    sts_jam: { type: 'string', minLength: 1, maxLength: 10 },
    carabayar: { enum: ['B', 'P'] },
    hp: { type: 'string', maxLength: 30 },
  },
} as const;

export async function bookingRoutes(app: FastifyInstance, db: Db): Promise<void> {
  app.get(
    '/api/patient/kddep',
    { schema: { summary: 'Clinics', querystring: patientQuery, response: { 200: envelope(list(fields(['kd_dep', 'ds_dep']))) } } },
    async () => ({ status: true, data: await records.clinics(db) }),
  );

  app.get(
    '/api/patient/perjanjian/terakhir',
    {
      schema: {
        summary: "The patient's last BPJS appointment date (for the 8-day gap)",
        querystring: patientQuery,
        response: { 200: envelope({ type: 'object', properties: { tgl_janji: nstr } }) },
      },
    },
    async (req) => ({ status: true, data: { tgl_janji: await records.lastBpjsAppointment(db, req.nomr) } }),
  );

  app.get(
    '/api/patient/jadwal/dokter',
    {
      schema: {
        summary: 'Doctors of a specialty with their weekly schedules',
        querystring: { type: 'object', required: ['spesialis'], properties: { spesialis: { type: 'string', minLength: 1, maxLength: 60 } } },
        response: {
          200: envelope({
            type: 'array',
            items: {
              type: 'object',
              properties: { ...fields(['nama_dr_lengkap', 'kd_dr', 'foto']), jadwal: list(fields(['hari', 'jam_dtg', 'jam_plg', 'kd_dep', 'ds_dep'])) },
            },
          }),
        },
      },
    },
    async (req) => ({ status: true, data: await records.doctorSchedules(db, (req.query as { spesialis: string }).spesialis) }),
  );

  app.get(
    '/api/patient/list/quota',
    {
      schema: {
        summary: 'Sessions and quota of a clinic (or one doctor) on a date; kode 301 when none',
        querystring: quotaQuery,
        response: {
          200: envelope(list({ ...fields(['nama_dr', 'kd_dr', 'jam_dtg', 'jam_plg', 'sts_jam', 'sts_ue']), kode: int, batas_quota: int, quota_terisi: int })),
          400: failure,
        },
      },
    },
    async (req, reply) => {
      const { kd_dr, kd_dep, tgl_janji, hari } = req.query as { kd_dr: string; kd_dep: string; tgl_janji: string; hari?: string };
      const date = fromQuotaDate(tgl_janji);
      if (!date) return reply.code(400).send({ status: false, message: 'Tanggal tidak valid (format MM/DD/YY).' });
      if (hari && !sameWeekday(hari, weekdayName(date))) {
        return reply.code(400).send({ status: false, message: `Tanggal ${tgl_janji} jatuh pada hari ${weekdayName(date)}, bukan ${hari}.` });
      }
      return { status: true, data: await quotaList(db, kd_dep, kd_dr, date) };
    },
  );

  app.post(
    '/api/patient/simpan/janji',
    {
      schema: {
        summary: 'Book an outpatient appointment',
        body: bookingBody,
        response: {
          200: {
            oneOf: [envelope({ type: 'object', properties: { message: str, no_urut: int, tgl_janji: str } }), failure],
          },
        },
      },
    },
    async (req) => {
      const outcome = await book(db, req.nomr, req.body as BookingRequest, todayWib());
      return outcome.ok ? { status: true, data: outcome.result } : { status: false, message: outcome.message };
    },
  );
}

// Clinics, doctor schedules, quota and booking; cancel, reschedule and online booking.
import type { FastifyReply } from 'fastify';
import { CANCEL_REASONS, lastBookableDate, type AppointmentKind } from '../../common/booking.ts';
import { fromQuotaDate, sameWeekday, todayWib, weekdayName } from '../../common/dates.ts';
import { Refusal } from '../../common/schemas/envelope.ts';
import type { ReferralGates } from '../bpjs/referral-gate.ts';
import { queueReferralReminders } from '../db/referral-reminders.ts';
import type { BookingConfig } from '../config.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { book, orNoPractice, type BookingOutcome, type BookingPolicy } from '../domain/booking.ts';
import { cancel, reschedule, type ManageOutcome } from '../domain/manage.ts';
import { HttpError, MSG } from '../errors.ts';
import { NOT_FOUND, PATIENT, PATIENT_GET, PATIENT_POST, route, type Api } from './route-schema.ts';

/** The booking answers' failures: a 400 also for a date beyond the booking window. */
const BOOKING_POST = {
  ...PATIENT_POST,
  400: Refusal('The request does not fit its schema, or tgl_janji is beyond the booking window; the message names the field'),
};
const MANAGE_POST = {
  ...BOOKING_POST,
  403: Refusal("A nomr other than the token's own (decisions 16)"),
  ...NOT_FOUND("No appointment of this patient with that no_reg: an unknown number and another patient's get the same answer"),
};

export const bookingPolicy = (c: BookingConfig): BookingPolicy => ({
  windowDays: c.windowDays,
  maxActive: c.maxActive,
  reminders: { eveningReminderMinutes: c.eveningReminderMinutes, hoursBefore: c.hoursBefore, onlineRoomMinutes: c.onlineRoomMinutes },
});

/**
 * `now` is the clock the booking rules read (today, whether a session has ended or started); tests
 * fix it. The hospital's system (app.simrs) holds the sessions and takes the seats.
 */
export async function bookingRoutes(
  app: Api,
  db: Db,
  config: BookingConfig,
  now: () => number = Date.now,
  gates: Pick<ReferralGates, 'app'> = { app: async () => 'drop' },
): Promise<void> {
  const hospital = app.simrs;
  const store = hospital.booking;
  const manage = hospital.manage;
  const policy = bookingPolicy(config);
  const relay = hospital.relay;
  /** Cancel, reschedule, online booking and their rules: not offered by a hospital's own §7 API (hospital-connector.ts, HospitalRelay). */
  const managed = async () => {
    if (relay) throw new HttpError(404, MSG.notFound);
  };

  app.route({
    ...route('clinics', { summary: 'Clinics', security: PATIENT, failures: PATIENT_GET }),
    handler: async (req) => ({ status: true as const, data: await hospital.clinics(req.nomr) }),
  });

  app.route({
    ...route('lastAppointment', {
      summary: "The patient's last BPJS appointment date (for the 8-day gap); with kecuali, the last besides that appointment, as ubah/janji counts it",
      security: PATIENT,
      failures: PATIENT_GET,
    }),
    // Only the patient's own appointments count: another's no_reg leaves nothing out.
    handler: async (req) => ({ status: true as const, data: { tgl_janji: await hospital.lastBpjsAppointment(req.nomr, req.query.kecuali) } }),
  });

  app.route({
    ...route('doctorSchedule', { summary: 'Doctors of a specialty with their weekly schedules', security: PATIENT, failures: PATIENT_GET }),
    handler: async (req) => ({ status: true as const, data: await hospital.doctorSchedules(req.query.spesialis, req.nomr) }),
  });

  app.route({
    ...route('quota', { summary: 'Sessions and quota of a clinic (or one doctor) on a date; kode 301 when none', security: PATIENT, failures: PATIENT_GET }),
    handler: async (req, reply) => {
      const { kd_dr = '', kd_dep, tgl_janji, hari, jenis = 'poli' } = req.query;
      const date = fromQuotaDate(tgl_janji);
      if (!date) return reply.code(400).send({ status: false, message: 'Tanggal tidak valid (format MM/DD/YY).' });
      if (hari && !sameWeekday(hari, weekdayName(date))) {
        return reply.code(400).send({ status: false, message: `Tanggal ${tgl_janji} jatuh pada hari ${weekdayName(date)}, bukan ${hari}.` });
      }
      return { status: true as const, data: orNoPractice(await hospital.quotaSlots(kd_dep, kd_dr, date, jenis, req.nomr)) };
    },
  });

  const answer = (outcome: BookingOutcome) =>
    outcome.ok ? { status: true as const, data: outcome.result } : { status: false as const, message: outcome.message };

  for (const [name, jenis, summary] of [
    ['book', 'poli', 'Book an outpatient appointment'],
    ['bookOnline', 'online', 'Book an online consultation: the same body and rules, the online sessions and their own quota'],
  ] as const satisfies ReadonlyArray<readonly [string, AppointmentKind, string]>) {
    app.route({
      ...route(name, { summary, security: PATIENT, failures: BOOKING_POST }),
      handler: async (req, reply) => {
        // A hospital that decides bookings behind its own API: handed over as sent, its answer the patient's.
        if (relay) {
          if (jenis !== 'poli') throw new HttpError(404, MSG.notFound);
          return answer(await relay.book(req.nomr, req.body));
        }
        const gate = await gates.app(req.nomr);
        const outcome = await book(store, req.nomr, req.body, now(), policy, jenis, gate);
        // A referral VClaim confirmed: pushes 14 and 3 days before it runs out (a control letter is for its own day).
        const letter = outcome.ok && gate !== 'drop' ? gate.confirmed : null;
        if (letter && !letter.tgl_kontrol) await queueReferralReminders(db, req.nomr, { ...letter, poli: letter.namapoli }, now());
        if (!outcome.ok && outcome.limit) {
          const { held, max } = outcome.limit;
          await audit(db, { action: 'appointment.book', outcome: 'limit', actor: req.nomr, subject: req.nomr, detail: `${held} active, limit ${max}` }, req);
        }
        if (!outcome.ok && outcome.status === 400) return reply.code(400).send({ status: false, message: outcome.message });
        return answer(outcome);
      },
    });
  }

  /** 400 and 404 as such (each 404 is in the audit as records.write, by the guard); other refusals as the booking's. */
  async function manageAnswer<T>(outcome: ManageOutcome<T>, reply: FastifyReply) {
    if (outcome.ok) return { status: true as const, data: outcome.result };
    if (outcome.status !== 200) return reply.code(outcome.status).send({ status: false, message: outcome.message });
    return { status: false as const, message: outcome.message };
  }

  app.route({
    ...route('cancel', {
      summary: 'Cancel an own appointment before its practice starts and before check-in: its seat is freed at once; repeating it answers the same',
      security: PATIENT,
      failures: MANAGE_POST,
    }),
    preHandler: managed,
    handler: async (req, reply) => manageAnswer(await cancel(manage, req.nomr, req.body, now()), reply),
  });

  app.route({
    ...route('reschedule', {
      summary: 'Move an own appointment to another date, doctor or session of its clinic, under every booking rule; a refusal leaves it as it was',
      security: PATIENT,
      failures: MANAGE_POST,
    }),
    preHandler: managed,
    handler: async (req, reply) => manageAnswer(await reschedule(manage, req.nomr, req.body, now(), policy, await gates.app(req.nomr)), reply),
  });

  app.route({
    ...route('bookingRules', {
      summary: "This API's booking rules for the booking screens: the window, the cancel reasons, the online room",
      security: PATIENT,
      failures: {
        ...NOT_FOUND('This API does not manage appointments (SIMRS=upstream): the app hides cancel, reschedule and online booking'),
        ...PATIENT_GET,
      },
    }),
    preHandler: managed,
    handler: async () => ({
      status: true as const,
      data: {
        batas_hari: config.windowDays,
        tanggal_terakhir: lastBookableDate(todayWib(now()), config.windowDays),
        alasan_batal: [...CANCEL_REASONS],
        ruang_dibuka_menit: config.onlineRoomMinutes,
      },
    }),
  });
}

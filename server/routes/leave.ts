// A doctor's leave or changed hours for a dated session (the hospital's internal call), the
// patient's one-tap move of a booking the hospital cancelled, and the waiting list of a full
// session (docs/leave.md). SIMRS=local only: with Khanza or the hospital's own API the sessions and
// seats are that system's (the internal call answers 409 naming where; the patient calls 404, and
// the app hides them).
import { todayWib } from '../../common/dates.ts';
import { LEAVE_API } from '../../common/leave-paths.ts';
import { Refusal, Success } from '../../common/schemas/envelope.ts';
import { SessionLeave, SessionLeaveDone } from '../../common/schemas/leave.ts';
import { INTERNAL } from '../../common/server-paths.ts';
import type { ReferralGates } from '../bpjs/referral-gate.ts';
import type { Config } from '../config.ts';
import { declareSessionChange, hospitalCancelled, MOVE_MSG, moveCancelled } from '../connector/local/leave.ts';
import { joinWaitlist, takeOffer } from '../connector/local/waitlist.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { leaveWaitlist, waitlistOf } from '../db/waitlist.ts';
import type { BookingOutcome } from '../domain/booking.ts';
import { HttpError, MSG } from '../errors.ts';
import { bpjsReporting } from './bpjs.ts';
import { bookingPolicy } from './booking.ts';
import { NOT_FOUND, PATIENT, PATIENT_GET, PATIENT_POST, route, SERVICE, SERVICE_POST, type Api } from './route-schema.ts';

const LEAVE_MSG = {
  hours: 'Kolom jam_dtg dan jam_plg: keduanya wajib untuk aksi ubah, dan jam selesai harus sesudah jam mulai.',
  unknown: 'Tidak ada jadwal dokter itu di poli tersebut pada hari dan sesi itu.',
  khanza:
    "Cuti dokter per tanggal tidak disimpan di SIMRS Khanza: jadwal-nya mingguan (tabel jadwal), dan petugas menandai tiap booking_registrasi berstatus 'Dokter Berhalangan' di Khanza sendiri (docs/leave.md).",
  upstream: 'Jadwal dan perjanjian dikelola oleh sistem rumah sakit sendiri (SIMRS=upstream); cuti dokter dicatat di sana.',
  noEntry: 'Daftar tunggu itu tidak ditemukan.',
} as const;

/** The hospital's call, inside the internal calls' scope (routes/internal.ts), behind their service token. */
export async function leaveInternalRoutes(app: Api, db: Db, config: Config, onNotification: () => void, clock: () => number = Date.now): Promise<void> {
  app.post(
    INTERNAL.sessionLeave,
    {
      schema: {
        summary:
          "A doctor's dated clinic session closes (leave) or takes new hours: each booking on it is cancelled by the hospital, its patient told with the doctor's next sessions, BPJS told batal",
        description: `One transaction: the session closes ('tutup', its waiting list ends) or changes hours ('ubah'), every booking on it is kept as 'dibatalkan oleh rumah sakit' with alasan, its seat freed, a batal queued in the BPJS Antrean outbox and a notice in the push queue. The patient moves it in one tap (POST ${LEAVE_API.moveCancelled}). SIMRS=khanza or upstream: 409 naming where that system keeps a leave.`,
        security: SERVICE,
        body: SessionLeave,
        response: {
          200: Success(SessionLeaveDone),
          ...NOT_FOUND('No such session of that doctor in that clinic on that weekday'),
          409: Refusal("SIMRS=khanza or SIMRS=upstream: the sessions are the hospital system's"),
          ...SERVICE_POST,
        },
      },
    },
    async (req, reply) => {
      const c = req.body;
      if (config.simrs.kind !== 'local') return reply.code(409).send({ status: false, message: LEAVE_MSG[config.simrs.kind] });
      if (c.aksi === 'ubah' && !(c.jam_dtg && c.jam_plg && c.jam_plg > c.jam_dtg)) return reply.code(400).send({ status: false, message: LEAVE_MSG.hours });
      const done = await db.tx(async (q) => {
        const outcome = await declareSessionChange(q, c, clock(), config.booking.windowDays);
        if (outcome) {
          const hours = c.aksi === 'ubah' ? ` ${c.jam_dtg}-${c.jam_plg}` : '';
          const detail = `${c.aksi} ${c.kd_dep} ${c.kd_dr} ${c.tanggal} sesi ${c.sts_jam}${hours}: ${outcome.dibatalkan} dibatalkan; ${c.alasan}`;
          await audit(q, { action: 'session.leave', outcome: 'ok', actor: 'hospital-system', detail: detail.slice(0, 300) }, req);
        }
        return outcome;
      });
      if (!done) return reply.code(404).send({ status: false, message: LEAVE_MSG.unknown });
      if (done.diberitahu) onNotification();
      return { status: true as const, data: done };
    },
  );
}

const answer = (outcome: BookingOutcome) =>
  outcome.ok ? { status: true as const, data: outcome.result } : { status: false as const, message: outcome.message };

/** The patient's calls, inside the patient scope beside the booking routes. */
export async function leaveRoutes(
  app: Api,
  db: Db,
  config: Config,
  now: () => number = Date.now,
  gates: Pick<ReferralGates, 'app'> = { app: async () => 'drop' },
): Promise<void> {
  const policy = bookingPolicy(config.booking);
  const bpjs = bpjsReporting(config);
  /** Not offered where the sessions are another system's: the app hides what answers 404. */
  const local = async () => {
    if (app.simrs.kind !== 'local') throw new HttpError(404, MSG.notFound);
  };
  const writes = { ...PATIENT_POST, ...NOT_FOUND('SIMRS other than local, or no such booking or entry of this patient') };

  app.route({
    ...route('hospitalCancelled', {
      summary: "The patient's bookings cancelled by the hospital (a doctor's leave or changed hours), not moved yet, each with its one-tap choices",
      security: PATIENT,
      failures: { ...PATIENT_GET, ...NOT_FOUND('SIMRS other than local: the app hides the card') },
    }),
    preHandler: local,
    handler: async (req) => ({ status: true as const, data: await hospitalCancelled(db, req.nomr, todayWib(now()), config.booking.windowDays) }),
  });

  app.route({
    ...route('moveCancelled', {
      summary: 'Move a booking the hospital cancelled to another session of its clinic in one tap: a new booking under the usual rules, BPJS told of it',
      description: 'The cancelled booking counts against no limit. Repeating the same move answers the same booking.',
      security: PATIENT,
      failures: writes,
    }),
    preHandler: local,
    handler: async (req, reply) => {
      const outcome = await moveCancelled(db, bpjs, req.nomr, req.body, now(), policy, await gates.app(req.nomr));
      if (!outcome) return reply.code(404).send({ status: false, message: MOVE_MSG.notFound });
      if (!outcome.ok && outcome.status === 400) return reply.code(400).send({ status: false, message: outcome.message });
      return answer(outcome);
    },
  });

  app.route({
    ...route('waitlist', {
      summary: "The patient's places in the waiting lists of full sessions, and seats held for them",
      security: PATIENT,
      failures: PATIENT_GET,
    }),
    preHandler: local,
    handler: async (req) => ({ status: true as const, data: await waitlistOf(db, req.nomr) }),
  });

  app.route({
    ...route('waitlistJoin', {
      summary: 'Join the waiting list of a full session with the booking one would make; a freed seat is offered first come, held WAITLIST_HOLD_MINUTES',
      security: PATIENT,
      failures: writes,
    }),
    preHandler: local,
    handler: async (req, reply) => {
      const outcome = await joinWaitlist(db, req.nomr, req.body, now(), policy, config.booking.waitlistHoldMinutes);
      if (!outcome.ok && outcome.status === 400) return reply.code(400).send({ status: false, message: outcome.message });
      if (!outcome.ok) return { status: false as const, message: outcome.message };
      await audit(db, { action: 'waitlist.join', outcome: 'ok', actor: req.nomr, subject: req.nomr, detail: `${outcome.entry.id}` }, req);
      return { status: true as const, data: outcome.entry };
    },
  });

  app.route({
    ...route('waitlistLeave', { summary: 'Leave a waiting list; a seat held for the patient passes to the next in line', security: PATIENT, failures: writes }),
    preHandler: local,
    handler: async (req, reply) => {
      if (!(await leaveWaitlist(db, req.nomr, req.body.id))) return reply.code(404).send({ status: false, message: LEAVE_MSG.noEntry });
      await audit(db, { action: 'waitlist.leave', outcome: 'ok', actor: req.nomr, subject: req.nomr, detail: `${req.body.id}` }, req);
      return { status: true as const, data: null };
    },
  });

  app.route({
    ...route('waitlistTake', {
      summary: 'Book the seat held for the patient, under the usual booking rules; a refusal leaves the offer as it was',
      security: PATIENT,
      failures: writes,
    }),
    preHandler: local,
    handler: async (req, reply) => {
      const outcome = await takeOffer(db, bpjs, req.nomr, req.body.id, now(), policy, await gates.app(req.nomr));
      if (!outcome) return reply.code(404).send({ status: false, message: LEAVE_MSG.noEntry });
      return answer(outcome);
    },
  });
}

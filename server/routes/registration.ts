// New-patient self-registration, stored as pending; and the registration counter's calls, which
// list the pending ones and mark one verified (served with the other internal calls).
import { Refusal, Success } from '../../common/schemas/envelope.ts';
import { RegistrationEntry, RegistrationId, RegistrationQuery } from '../../common/schemas/internal.ts';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { pendingRegistrations, verifyRegistration } from '../db/registrations.ts';
import { reserve, settle } from '../db/throttle.ts';
import { REGISTRATION_MSG, registrationProblem } from '../domain/registration.ts';
import { retryAfterSeconds, wibTime } from '../domain/throttle.ts';
import { NOT_FOUND, PUBLIC_POST, route, SERVICE, SERVICE_GET, SERVICE_POST, THROTTLED, type Api } from './route-schema.ts';
import { INTERNAL } from '../../common/server-paths.ts';

const registrationLockedMessage = (until: Date) => `Terlalu banyak pendaftaran dari jaringan ini. Silakan coba lagi setelah pukul ${wibTime(until)}.`;

export async function registrationRoutes(app: Api, db: Db, config: Config): Promise<void> {
  app.route({
    ...route('register', {
      summary: 'Self-registration of a new patient',
      description:
        'A known NIK gets the same answer as a new one. Every submission is kept with its time and client address, none replaces another; the counter sees them all.',
      failures: {
        ...THROTTLED,
        ...PUBLIC_POST,
        403: Refusal("SIMRS=upstream: the hospital's API refused the call"),
        503: Refusal("SIMRS=upstream: the hospital's API did not answer"),
      },
    }),
    handler: async (req, reply) => {
      // Every submission counts against the address, generously: a hospital's Wi-Fi is shared.
      // Counted and decided in one step before anything else, so a burst cannot outrun the lock.
      const slot = await reserve(db, 'register-ip', req.ip, config.security.register);
      if (!slot.admitted) {
        return reply
          .code(429)
          .header('Retry-After', String(retryAfterSeconds(slot.until)))
          .send({ status: false, message: registrationLockedMessage(slot.until) });
      }
      await settle(db, [['register-ip', req.ip]]);
      const problem = registrationProblem(req.body);
      if (problem) return { status: false as const, message: problem };
      // A hospital's own API (SIMRS=upstream) keeps the registrations: its answer is the person's.
      // It takes §7's seven fields only; the consent to the privacy notice (and which notice) is
      // this server's to record, in the audit, with the time and address of the submission.
      const relay = app.simrs.relay;
      if (relay) {
        const answer = await relay.register(req.body);
        const consent = req.body.persetujuan_privasi
          ? `privacy consent given (${req.body.versi_privasi?.trim() || 'version not sent'})`
          : 'privacy consent not asked';
        await audit(db, { action: 'registration', outcome: answer.status ? 'upstream-saved' : 'upstream-refused', detail: consent }, req);
        return answer.status
          ? { status: true as const, message: answer.message || REGISTRATION_MSG.saved }
          : { status: false as const, message: answer.message || 'Data Anda Gagal disimpan. Mohon diperiksa kembali' };
      }
      await db.tx(async (q) => {
        const { id, outcome } = await app.simrs.selfRegistration(q, req.body, req.ip);
        // No NIK or name in the audit: the row's id leads to them for as long as it is kept.
        await audit(q, { action: 'registration', outcome, detail: `registrasi ${id}` }, req);
      });
      return { status: true as const, message: REGISTRATION_MSG.saved };
    },
  });
}

/** The counter's calls; registered inside the internal calls' scope, behind their service token. */
export async function registrationCounterRoutes(app: Api, db: Db): Promise<void> {
  app.get(
    INTERNAL.registrations,
    {
      schema: {
        summary: 'Self-registrations waiting for the registration counter, the latest submitted first, each with all its submissions (hospital systems only)',
        security: SERVICE,
        querystring: RegistrationQuery,
        response: { 200: Success(Type.Array(RegistrationEntry)), ...SERVICE_GET },
      },
    },
    async () => ({ status: true as const, data: await pendingRegistrations(db) }),
  );

  app.post(
    INTERNAL.verifyRegistration,
    {
      schema: {
        summary: 'The registration counter has verified a self-registration (hospital systems only); verifying twice changes nothing',
        security: SERVICE,
        params: RegistrationId,
        response: { 200: Success(RegistrationEntry), ...NOT_FOUND('No registration with this id'), ...SERVICE_POST },
      },
    },
    async (req, reply) => {
      const result = await db.tx(async (q) => {
        const verified = await verifyRegistration(q, req.params.id);
        if (verified?.changed)
          await audit(q, { action: 'registration', outcome: 'verified', actor: 'hospital-system', detail: `registrasi ${req.params.id}` }, req);
        return verified;
      });
      if (!result) return reply.code(404).send({ status: false, message: 'Pendaftaran tidak ditemukan.' });
      return { status: true as const, data: result.entry };
    },
  );
}

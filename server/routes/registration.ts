// New-patient self-registration, stored as pending; and the registration counter's calls, which
// list the pending ones and mark one verified (served with the other internal calls).
import { Refusal, Success } from '../../common/schemas/envelope.ts';
import { RegistrationEntry, RegistrationId, RegistrationQuery } from '../../common/schemas/internal.ts';
import { Type } from 'typebox';
import type { Config } from '../config.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { giveReference } from '../db/registration-status.ts';
import { pendingRegistrations } from '../db/registrations.ts';
import { verify } from '../registration-verify.ts';
import { Verification } from '../../common/schemas/registration-status.ts';
import { registrationStatusRoutes } from './registration-status.ts';
import { reserve, settle } from '../db/throttle.ts';
import { REGISTRATION_MSG, registrationProblem } from '../domain/registration.ts';
import { retryAfterSeconds, wibTime } from '../domain/throttle.ts';
import { NOT_FOUND, PUBLIC_POST, route, SERVICE, SERVICE_GET, SERVICE_POST, THROTTLED, type Api } from './route-schema.ts';
import { INTERNAL } from '../../common/server-paths.ts';

const registrationLockedMessage = (until: Date) => `Terlalu banyak pendaftaran dari jaringan ini. Silakan coba lagi setelah pukul ${wibTime(until)}.`;

export async function registrationRoutes(app: Api, db: Db, config: Config): Promise<void> {
  // What the app shows under the saved message: the counter's place and hours as configured.
  // Left out when neither is set: the answer is then §7's own, as a hospital's API relays it.
  const counter = config.registrationCounter;
  const loket = counter.tempat || counter.jam ? { loket: counter } : {};
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
        // The hospital keeps the registration: it has no reference of this server's to show.
        return answer.status
          ? { status: true as const, message: answer.message || REGISTRATION_MSG.saved, ...loket }
          : { status: false as const, message: answer.message || 'Data Anda Gagal disimpan. Mohon diperiksa kembali' };
      }
      const referensi = await db.tx(async (q) => {
        const { id, outcome } = await app.simrs.selfRegistration(q, req.body, req.ip);
        // No NIK or name in the audit: the row's id leads to them for as long as it is kept.
        await audit(q, { action: 'registration', outcome, detail: `registrasi ${id}` }, req);
        return giveReference(q, id);
      });
      return { status: true as const, message: REGISTRATION_MSG.saved, referensi, ...loket };
    },
  });
  await registrationStatusRoutes(app, db, config);
}

/** The counter's calls; registered inside the internal calls' scope, behind their service token. */
export async function registrationCounterRoutes(app: Api, db: Db, onNotification: () => void = () => undefined): Promise<void> {
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
        description:
          'With no_rm, the Nomor MR the hospital created is kept and told to the person by push (the phone that registered, if it asked), ' +
          "for the submission whose reference they showed (referensi, its QR code), or the registration's only submission.",
        security: SERVICE,
        params: RegistrationId,
        body: Verification,
        response: {
          200: Success(RegistrationEntry),
          ...NOT_FOUND('No registration with this id'),
          ...SERVICE_POST,
          409: Refusal('The reference is not one of this registration’s submissions'),
        },
      },
      // The body may be left out (the counter's earlier clients send none).
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req, reply) => {
      const result = await db.tx((q) => verify(q, req.params.id, req.body, 'hospital-system', req));
      if (result.kind === 'not-found') return reply.code(404).send({ status: false, message: 'Pendaftaran tidak ditemukan.' });
      if (result.kind === 'wrong-reference')
        return reply.code(409).send({ status: false, message: 'Referensi itu bukan milik pendaftaran ini: periksa kembali kode yang ditunjukkan pasien.' });
      if (result.queued) onNotification();
      return { status: true as const, data: result.entry };
    },
  );
}

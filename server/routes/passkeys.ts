// The signed-in patient's passkeys (WebAuthn, docs/security.md): enrolment, the offer, the list of
// passkeys and sessions, and the hospital counter's reset. The sign-in is in passkey-login.ts.
import { generateRegistrationOptions, type RegistrationResponseJSON, verifyRegistrationResponse } from '@simplewebauthn/server';
import { Refusal, Success } from '../../common/schemas/envelope.ts';
import { PasskeysRemoved, PatientParam, type RegistrationOptions } from '../../common/schemas/passkey.ts';
import type { Config } from '../config.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import * as passkeys from '../db/passkeys.ts';
import { activeSessions, endAllSessions, endSession } from '../db/sessions.ts';
import { CHALLENGE_MINUTES, CHALLENGE_TIMEOUT_MS, challengeOf, deviceLabel, PASSKEY_MSG, passkeyUserName, RP_NAME } from '../domain/passkeys.ts';
import { HttpError } from '../errors.ts';
import { bearerToken } from '../guard.ts';
import { NOT_FOUND, PATIENT, PATIENT_GET, PATIENT_POST, route, SERVICE, SERVICE_GET, type Api } from './route-schema.ts';
import { INTERNAL } from '../../common/server-paths.ts';

/** ES256 and RS256: what phones' platform authenticators sign with. */
const ALGORITHMS = [-7, -257];

/** The signed-in patient's own: enrolment, the offer, the list, and removing or ending. */
export async function passkeyRoutes(app: Api, db: Db, config: Config): Promise<void> {
  const policy = { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays };

  app.route({
    ...route('passkeyOffer', {
      summary: "Whether the app should offer 'Aktifkan masuk dengan sidik jari' now",
      description: 'True once per patient, while they have no passkey; asking counts as offering. The phone forgets at logout, the server does not.',
      security: PATIENT,
      failures: { ...PATIENT_GET },
    }),
    handler: async (req) => ({ status: true as const, data: { offer: await db.tx((q) => passkeys.takeOffer(q, req.nomr)) } }),
  });

  app.route({
    ...route('passkeyRegisterOptions', {
      summary: 'Start enrolling a passkey: options for a discoverable credential on the platform authenticator, user verification required',
      security: PATIENT,
      failures: { ...PATIENT_GET },
    }),
    handler: async (req) => {
      const patient = await passkeys.patientIdentity(db, req.nomr);
      if (!patient) throw new Error('a session without its patient');
      const userHandle = await passkeys.userHandleFor(db, req.nomr);
      const existing = await passkeys.passkeysOf(db, req.nomr);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: config.passkey.rpId,
        // On the phone's list of passkeys: a family sharing a phone tells theirs apart.
        userName: passkeyUserName(patient.nama, patient.nomr),
        userDisplayName: patient.nama,
        userID: Buffer.from(userHandle, 'base64url'),
        timeout: CHALLENGE_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.id })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required', authenticatorAttachment: 'platform' },
        extensions: { credProps: true },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await passkeys.saveChallenge(db, options.challenge, 'register', req.nomr, CHALLENGE_MINUTES);
      // The library types rp.id and the selection as optional; with the values given they are there.
      return { status: true as const, data: options as RegistrationOptions };
    },
  });

  app.route({
    ...route('passkeyRegister', {
      summary: 'Finish enrolling: the new credential is verified against its challenge and kept',
      security: PATIENT,
      failures: { 409: Refusal('That credential is registered already'), ...PATIENT_POST },
    }),
    handler: async (req) => {
      const credential: RegistrationResponseJSON = req.body;
      const challenge = challengeOf(credential.response.clientDataJSON);
      // Only this patient's own challenge, once: another patient's, a used or a stale one is refused.
      if (!challenge || !(await passkeys.takeChallenge(db, challenge, 'register', req.nomr))) throw new HttpError(400, PASSKEY_MSG.stale);
      if (credential.authenticatorAttachment === 'cross-platform') throw new HttpError(400, PASSKEY_MSG.notPlatform);
      if (credential.clientExtensionResults.credProps?.rk === false) throw new HttpError(400, PASSKEY_MSG.notDiscoverable);
      let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
      try {
        const result = await verifyRegistrationResponse({
          response: credential,
          expectedChallenge: challenge,
          expectedOrigin: config.passkey.origins,
          expectedRPID: config.passkey.rpId,
          requireUserVerification: true,
          supportedAlgorithmIDs: ALGORITHMS,
        });
        info = result.registrationInfo;
      } catch (err) {
        req.log.info({ reason: (err as Error).message }, 'passkey registration refused');
      }
      if (!info) throw new HttpError(400, PASSKEY_MSG.registerFailed);
      const device = deviceLabel(req.headers['user-agent']) ?? 'Perangkat tanpa nama';
      const added = await db.tx(async (q) => {
        const ok = await passkeys.addPasskey(q, {
          id: info.credential.id,
          nomr: req.nomr,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports: credential.response.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          aaguid: info.aaguid,
          device,
        });
        if (ok) await audit(q, { action: 'passkey', outcome: 'registered', actor: req.nomr, subject: req.nomr, detail: device }, req);
        return ok;
      });
      if (!added) throw new HttpError(409, PASSKEY_MSG.duplicate);
      const [saved] = (await passkeys.passkeysOf(db, req.nomr)).filter((p) => p.id === info.credential.id);
      return { status: true as const, data: saved };
    },
  });

  app.route({
    ...route('devices', {
      summary: "The patient's passkeys and active sessions ('Perangkat & Kunci Masuk')",
      security: PATIENT,
      failures: { ...PATIENT_GET },
    }),
    handler: async (req) => {
      const token = bearerToken(req.headers.authorization) ?? '';
      const [list, sessions] = [await passkeys.passkeysOf(db, req.nomr), await activeSessions(db, req.nomr, policy, token)];
      return { status: true as const, data: { passkeys: list, sessions } };
    },
  });

  app.route({
    ...route('passkeyRemove', {
      summary: "Remove one of the patient's passkeys: it signs in no more",
      security: PATIENT,
      failures: { ...NOT_FOUND('The patient has no passkey by that id'), ...PATIENT_POST },
    }),
    handler: async (req) => {
      const removed = await db.tx(async (q) => {
        const ok = await passkeys.removePasskey(q, req.nomr, req.body.id);
        if (ok) await audit(q, { action: 'passkey', outcome: 'removed', actor: req.nomr, subject: req.nomr, detail: req.body.id.slice(0, 24) }, req);
        return ok;
      });
      if (!removed) throw new HttpError(404, PASSKEY_MSG.passkeyNotFound);
      return { status: true as const, data: null };
    },
  });

  app.route({
    ...route('sessionEnd', {
      summary: "End one of the patient's sessions (this one or another phone's): its token is refused from the next request on",
      security: PATIENT,
      failures: { ...NOT_FOUND('No active session of the patient by that id'), ...PATIENT_POST },
    }),
    handler: async (req) => {
      const ended = await db.tx(async (q) => {
        const ok = await endSession(q, req.nomr, req.body.id);
        // SIMRS=upstream: the hospital's token that session held goes with it.
        if (ok) await app.simrs.relay?.forget(q, req.nomr);
        if (ok) await audit(q, { action: 'session', outcome: 'ended', actor: req.nomr, subject: req.nomr, detail: req.body.id }, req);
        return ok;
      });
      if (!ended) throw new HttpError(404, PASSKEY_MSG.sessionNotFound);
      return { status: true as const, data: null };
    },
  });
}

/** The hospital's counter: a patient who lost their phone gets MR number and birth date back. */
export async function passkeyCounterRoutes(app: Api, db: Db): Promise<void> {
  app.delete(
    INTERNAL.passkeys,
    {
      schema: {
        summary: 'Remove every passkey of a patient and end their sessions (the registration counter, for a lost or replaced phone)',
        security: SERVICE,
        params: PatientParam,
        response: { 200: Success(PasskeysRemoved), ...NOT_FOUND('Unknown medical record number'), ...SERVICE_GET },
      },
    },
    async (req, reply) => {
      const { nomr } = req.params;
      if (!(await passkeys.patientIdentity(db, nomr))) return reply.code(404).send({ status: false, message: 'Unknown medical record number.' });
      const data = await db.tx(async (q) => {
        const removed = await passkeys.removeAllPasskeys(q, nomr);
        const ended = await endAllSessions(q, nomr);
        await app.simrs.relay?.forget(q, nomr);
        await audit(
          q,
          { action: 'passkey', outcome: 'reset', actor: 'hospital-system', subject: nomr, detail: `${removed} passkeys removed, ${ended} sessions ended` },
          req,
        );
        return { removed, sessions_ended: ended };
      });
      return { status: true as const, data };
    },
  );
}

// Passkeys (WebAuthn, docs/security.md): sign-in with the phone's fingerprint or screen lock, its
// enrolment, the patient's passkeys and sessions, and the hospital counter's reset. Challenges
// are kept in the database, taken once, for 5 minutes; RP ID and origins are configuration.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type WebAuthnCredential,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { Type } from 'typebox';
import { API } from '../../common/paths.ts';
import { Refusal, Success } from '../../common/schemas/envelope.ts';
import {
  Devices,
  EndSession,
  LoginCredential,
  LoginOptions,
  PasskeyInfo,
  PasskeyLoginResponse,
  PasskeyOffer,
  PasskeysRemoved,
  PatientParam,
  RegistrationCredential,
  RegistrationOptions,
  RemovePasskey,
} from '../../common/schemas/passkey.ts';
import type { Config } from '../config.ts';
import { audit, refusalCounter } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import * as passkeys from '../db/passkeys.ts';
import { activeSessions, createSession, endAllSessions, endSession } from '../db/sessions.ts';
import { admitUse, lockedUntil, release, reserve, settle } from '../db/throttle.ts';
import { CHALLENGE_MINUTES, challengeOf, deviceLabel, PASSKEY_MSG, passkeyUserName, RP_NAME } from '../domain/passkeys.ts';
import { retryAfterSeconds, wibTime } from '../domain/throttle.ts';
import { HttpError } from '../errors.ts';
import { bearerToken } from '../guard.ts';
import { CAPABILITIES, loginLockedMessage } from './auth.ts';
import { NOT_FOUND, PATIENT, PATIENT_GET, PATIENT_POST, PUBLIC_POST, PUBLIC_QUERY, SERVICE, SERVICE_GET, THROTTLED, type Api } from './contract.ts';

/** ES256 and RS256: what phones' platform authenticators sign with. */
const ALGORITHMS = [-7, -257];
const TIMEOUT_MS = CHALLENGE_MINUTES * 60_000;

/** Why a sign-in failed, for the audit log only: the caller hears one message for all. */
type Verdict = { ok: true; nomr: string; counter: number; deviceType: string; backedUp: boolean } | { ok: false; reason: string; nomr?: string };

async function verifyLogin(db: Db, config: Config, credential: AuthenticationResponseJSON): Promise<Verdict> {
  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!challenge) return { ok: false, reason: 'no challenge' };
  // Taken before anything else is checked: a replayed or failed answer finds it gone.
  if (!(await passkeys.takeChallenge(db, challenge, 'login', null))) return { ok: false, reason: 'challenge unknown, used or expired' };
  const stored = credential.id === credential.rawId ? await passkeys.passkeyForLogin(db, credential.id) : null;
  if (!stored) return { ok: false, reason: 'unknown or removed passkey' };
  if (credential.response.userHandle !== stored.userHandle) return { ok: false, reason: "another patient's user handle", nomr: stored.nomr };
  try {
    const { verified, authenticationInfo: info } = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: config.passkey.origins,
      expectedRPID: config.passkey.rpId,
      credential: {
        id: stored.id,
        publicKey: Buffer.from(stored.publicKey, 'base64url'),
        counter: stored.counter,
        transports: stored.transports as WebAuthnCredential['transports'],
      },
      requireUserVerification: true,
    });
    if (!verified) return { ok: false, reason: 'signature', nomr: stored.nomr };
    return { ok: true, nomr: stored.nomr, counter: info.newCounter, deviceType: info.credentialDeviceType, backedUp: info.credentialBackedUp };
  } catch (err) {
    // The library says what did not fit (origin, RP ID, user verification, a counter gone back).
    return { ok: false, reason: String((err as Error).message).slice(0, 200), nomr: stored.nomr };
  }
}

/** PASSKEY_OPTIONS_MAX_PER_ADDRESS reached: no more challenges for this address until then. */
export const passkeyOptionsLockedMessage = (until: Date) =>
  `Terlalu banyak permintaan masuk dengan sidik jari dari jaringan ini. Silakan coba lagi setelah pukul ${wibTime(until)}.`;

/** Sign-in: the options (a challenge) and the signed answer. Public, like proxy-login. */
export async function passkeyLoginRoutes(app: Api, db: Db, config: Config): Promise<void> {
  const policy = { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays };
  const ipRule = config.security.login.ip;
  const locked = (req: { ip: string }, until: Date) => {
    refusalCounter(db).count({ action: 'login', outcome: 'throttled' }, req);
    return { status: false as const, message: loginLockedMessage(until), retryAfter: String(retryAfterSeconds(until)) };
  };

  app.get(
    API.passkeyLoginOptions,
    {
      schema: {
        summary: "Start a passkey sign-in: a challenge for the phone's passkeys (discoverable, user verification required)",
        description:
          'Each answer keeps a challenge for 5 minutes: at most PASSKEY_OPTIONS_MAX_PER_ADDRESS per client address in 5 minutes (429 with Retry-After); an address locked for failed logins gets none either.',
        response: { 200: Success(LoginOptions), ...THROTTLED, ...PUBLIC_QUERY },
      },
    },
    async (req, reply) => {
      // An address locked for failed logins gets no challenge either.
      const until = await lockedUntil(db, [['login-ip', req.ip]]);
      if (until) {
        const { retryAfter, ...body } = locked(req, until);
        return reply.code(429).header('Retry-After', retryAfter).send(body);
      }
      // Each answer writes a challenge row that nobody has to use: counted per address.
      const full = await admitUse(db, 'passkey-options-ip', req.ip, config.security.passkeyOptions);
      if (full) {
        refusalCounter(db).count({ action: 'login', outcome: 'throttled' }, req);
        return reply
          .code(429)
          .header('Retry-After', String(retryAfterSeconds(full)))
          .send({ status: false, message: passkeyOptionsLockedMessage(full) });
      }
      const options = await generateAuthenticationOptions({ rpID: config.passkey.rpId, userVerification: 'required', timeout: TIMEOUT_MS });
      await passkeys.saveChallenge(db, options.challenge, 'login', null, CHALLENGE_MINUTES);
      return {
        status: true as const,
        data: { challenge: options.challenge, rpId: config.passkey.rpId, timeout: TIMEOUT_MS, userVerification: 'required' as const },
      };
    },
  );

  app.post(
    API.passkeyLogin,
    {
      schema: {
        summary: 'Sign in with a passkey: the same token as proxy-login, and whose it is',
        description:
          "Failures count against the client address as failed logins do (LOGIN_IP_MAX_FAILURES); the number's own lock does not apply, so a patient whose number someone keeps locking still signs in with their passkey.",
        body: LoginCredential,
        response: {
          200: PasskeyLoginResponse,
          401: Refusal("Unknown, removed or another patient's passkey, a used or expired challenge, a bad signature: alike"),
          ...THROTTLED,
          ...PUBLIC_POST,
        },
      },
    },
    async (req, reply) => {
      const address = await reserve(db, 'login-ip', req.ip, ipRule);
      if (!address.admitted) {
        const { retryAfter, ...body } = locked(req, address.until);
        return reply.code(429).header('Retry-After', retryAfter).send(body);
      }
      const failed = async (reason: string, nomr?: string) => {
        await db.tx(async (q) => {
          await settle(q, [['login-ip', req.ip]]);
          await audit(q, { action: 'login', outcome: 'failed', subject: nomr ?? null, detail: `passkey: ${reason}` }, req);
        });
        return reply.code(401).send({ status: false, message: PASSKEY_MSG.loginFailed });
      };
      const verdict = await verifyLogin(db, config, req.body);
      if (!verdict.ok) return failed(verdict.reason, verdict.nomr);
      const patient = await passkeys.patientIdentity(db, verdict.nomr);
      if (!patient) throw new Error('a passkey without its patient');
      // A hospital's own API (SIMRS=upstream) signs in with the birth date only: a passkey resumes
      // its token while this server holds one, and otherwise cannot (docs/decisions.md "Upstream mode").
      const relay = app.simrs.relay;
      if (relay && !(await relay.resumable(patient.nomr))) {
        await audit(db, { action: 'login', outcome: 'failed', subject: patient.nomr, detail: 'passkey: no hospital sign-in held' }, req);
        await release(db, 'login-ip', req.ip, address.seq);
        return reply.code(401).send({ status: false, message: PASSKEY_MSG.upstreamExpired });
      }
      const token = await db.tx(async (q) => {
        // The counter moves only forward, in the statement that writes it: of assertions with the
        // same count sent at once (each verified against the count read before), one signs in.
        if (!(await passkeys.markUsed(q, req.body.id, verdict.counter, verdict.deviceType, verdict.backedUp))) return null;
        await release(q, 'login-ip', req.ip, address.seq);
        await audit(q, { action: 'login', outcome: 'ok', actor: patient.nomr, subject: patient.nomr, detail: 'passkey' }, req);
        const made = await createSession(q, patient.nomr, policy, { device: deviceLabel(req.headers['user-agent']), method: 'passkey' });
        // SIMRS=upstream: the new session holds the hospital's token the patient's sessions hold.
        await relay?.keep(q, patient.nomr, made);
        return made;
      });
      if (token === null) return failed(`counter ${verdict.counter} not above the stored one (a concurrent or cloned assertion)`, verdict.nomr);
      return {
        token: { access_token: token, token_type: 'Bearer' as const, expires_in: config.sessionMaxDays * 86400 },
        capabilities: CAPABILITIES,
        patient: { nomr: patient.nomr, tgl_lahir: patient.tgl_lahir },
      };
    },
  );
}

/** The signed-in patient's own: enrolment, the offer, the list, and removing or ending. */
export async function passkeyRoutes(app: Api, db: Db, config: Config): Promise<void> {
  const policy = { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays };

  app.get(
    API.passkeyOffer,
    {
      schema: {
        summary: "Whether the app should offer 'Aktifkan masuk dengan sidik jari' now",
        description: 'True once per patient, while they have no passkey; asking counts as offering. The phone forgets at logout, the server does not.',
        security: PATIENT,
        response: { 200: Success(PasskeyOffer), ...PATIENT_GET },
      },
    },
    async (req) => ({ status: true as const, data: { offer: await db.tx((q) => passkeys.takeOffer(q, req.nomr)) } }),
  );

  app.get(
    API.passkeyRegisterOptions,
    {
      schema: {
        summary: 'Start enrolling a passkey: options for a discoverable credential on the platform authenticator, user verification required',
        security: PATIENT,
        response: { 200: Success(RegistrationOptions), ...PATIENT_GET },
      },
    },
    async (req) => {
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
        timeout: TIMEOUT_MS,
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
  );

  app.post(
    API.passkeyRegister,
    {
      schema: {
        summary: 'Finish enrolling: the new credential is verified against its challenge and kept',
        security: PATIENT,
        body: RegistrationCredential,
        response: { 200: Success(PasskeyInfo), 409: Refusal('That credential is registered already'), ...PATIENT_POST },
      },
    },
    async (req) => {
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
  );

  app.get(
    API.devices,
    {
      schema: {
        summary: "The patient's passkeys and active sessions ('Perangkat & Kunci Masuk')",
        security: PATIENT,
        response: { 200: Success(Devices), ...PATIENT_GET },
      },
    },
    async (req) => {
      const token = bearerToken(req.headers.authorization) ?? '';
      const [list, sessions] = [await passkeys.passkeysOf(db, req.nomr), await activeSessions(db, req.nomr, policy, token)];
      return { status: true as const, data: { passkeys: list, sessions } };
    },
  );

  app.post(
    API.passkeyRemove,
    {
      schema: {
        summary: "Remove one of the patient's passkeys: it signs in no more",
        security: PATIENT,
        body: RemovePasskey,
        response: { 200: Success(Type.Null()), ...NOT_FOUND('The patient has no passkey by that id'), ...PATIENT_POST },
      },
    },
    async (req) => {
      const removed = await db.tx(async (q) => {
        const ok = await passkeys.removePasskey(q, req.nomr, req.body.id);
        if (ok) await audit(q, { action: 'passkey', outcome: 'removed', actor: req.nomr, subject: req.nomr, detail: req.body.id.slice(0, 24) }, req);
        return ok;
      });
      if (!removed) throw new HttpError(404, PASSKEY_MSG.passkeyNotFound);
      return { status: true as const, data: null };
    },
  );

  app.post(
    API.sessionEnd,
    {
      schema: {
        summary: "End one of the patient's sessions (this one or another phone's): its token is refused from the next request on",
        security: PATIENT,
        body: EndSession,
        response: { 200: Success(Type.Null()), ...NOT_FOUND('No active session of the patient by that id'), ...PATIENT_POST },
      },
    },
    async (req) => {
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
  );
}

/** The hospital's counter: a patient who lost their phone gets MR number and birth date back. */
export async function passkeyCounterRoutes(app: Api, db: Db): Promise<void> {
  app.delete(
    '/api/internal/passkey/:nomr',
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

// Passkey sign-in (WebAuthn, docs/security.md): the options (a challenge) and the signed answer,
// public like proxy-login. Challenges are kept in the database, taken once, for 5 minutes.
import { type AuthenticationResponseJSON, generateAuthenticationOptions, verifyAuthenticationResponse, type WebAuthnCredential } from '@simplewebauthn/server';
import { Refusal } from '../../common/schemas/envelope.ts';
import type { Config } from '../config.ts';
import { audit, refusalCounter } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import * as passkeys from '../db/passkeys.ts';
import { createSession } from '../db/sessions.ts';
import { admitUse, lockedUntil, release, reserve, settle } from '../db/throttle.ts';
import { CHALLENGE_MINUTES, CHALLENGE_TIMEOUT_MS, challengeOf, deviceLabel, PASSKEY_MSG } from '../domain/passkeys.ts';
import { retryAfterSeconds, wibTime } from '../domain/throttle.ts';
import { capabilitiesOf, loginLockedMessage } from './auth.ts';
import { PUBLIC_POST, PUBLIC_QUERY, route, THROTTLED, type Api } from './route-schema.ts';

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
const passkeyOptionsLockedMessage = (until: Date) =>
  `Terlalu banyak permintaan masuk dengan sidik jari dari jaringan ini. Silakan coba lagi setelah pukul ${wibTime(until)}.`;

/** Sign-in: the options (a challenge) and the signed answer. Public, like proxy-login. */
export async function passkeyLoginRoutes(app: Api, db: Db, config: Config): Promise<void> {
  const policy = { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays, maxPerPatient: config.sessionMaxPerPatient };
  const ipRule = config.security.login.ip;
  const locked = (req: { ip: string }, until: Date) => {
    refusalCounter(db).count({ action: 'login', outcome: 'throttled' }, req);
    return { status: false as const, message: loginLockedMessage(until), retryAfter: String(retryAfterSeconds(until)) };
  };

  app.route({
    ...route('passkeyLoginOptions', {
      summary: "Start a passkey sign-in: a challenge for the phone's passkeys (discoverable, user verification required)",
      description:
        'Each answer keeps a challenge for 5 minutes: at most PASSKEY_OPTIONS_MAX_PER_ADDRESS per client address in 5 minutes (429 with Retry-After); an address locked for failed logins gets none either.',
      failures: { ...THROTTLED, ...PUBLIC_QUERY },
    }),
    handler: async (req, reply) => {
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
      const options = await generateAuthenticationOptions({ rpID: config.passkey.rpId, userVerification: 'required', timeout: CHALLENGE_TIMEOUT_MS });
      await passkeys.saveChallenge(db, options.challenge, 'login', null, CHALLENGE_MINUTES);
      return {
        status: true as const,
        data: { challenge: options.challenge, rpId: config.passkey.rpId, timeout: CHALLENGE_TIMEOUT_MS, userVerification: 'required' as const },
      };
    },
  });

  app.route({
    ...route('passkeyLogin', {
      summary: 'Sign in with a passkey: the same token as proxy-login, and whose it is',
      description:
        "Failures count against the client address as failed logins do (LOGIN_IP_MAX_FAILURES); the number's own lock does not apply, so a patient whose number someone keeps locking still signs in with their passkey.",
      failures: {
        401: Refusal("Unknown, removed or another patient's passkey, a used or expired challenge, a bad signature: alike"),
        ...THROTTLED,
        ...PUBLIC_POST,
      },
    }),
    handler: async (req, reply) => {
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
        capabilities: capabilitiesOf(config),
        patient: { nomr: patient.nomr, tgl_lahir: patient.tgl_lahir },
      };
    },
  });
}

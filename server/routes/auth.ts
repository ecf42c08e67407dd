// The login service (docs/decisions.md D18) and logout.
import { BPJS_REFERRALS, PATIENT_FROM_TOKEN } from '../../common/capabilities.ts';
import { padNomr } from '../../common/nomr.ts';
import { Refusal } from '../../common/schemas/envelope.ts';
import type { Config } from '../config.ts';
import { audit, refusalCounter } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { hasPasskey } from '../db/passkeys.ts';
import { forgetRegistration, saveRegistration } from '../db/push.ts';
import { createSession, revokeSession, tokenOwner } from '../db/sessions.ts';
import { forgiveAndRelease, release, reserve, settle } from '../db/throttle.ts';
import { deviceLabel, PASSKEY_MSG } from '../domain/passkeys.ts';
import { retryAfterSeconds, wibMoment } from '../domain/throttle.ts';
import { bearerToken } from '../guard.ts';
import { registrationKind } from '../push/registrations.ts';
import { PATIENT, PUBLIC_GET, PUBLIC_POST, route, THROTTLED, type Api } from './route-schema.ts';

export const LOGIN_FAILED = 'Nomor MR atau tanggal lahir tidak sesuai.';

export const loginLockedMessage = (until: Date) =>
  `Terlalu banyak percobaan login yang gagal. Demi keamanan data Anda, silakan coba lagi setelah ${wibMoment(until)}.`;

const LoginFailed = Refusal('Unknown number or wrong birth date, alike');

/**
 * What this API says of itself in every login answer: every patient call reads the token's own
 * patient (guard.ts), so the app need not put the birth date in its URLs; and, where VClaim is on
 * and the bookings are this server's (not SIMRS=upstream's), that it lists and checks the patient's
 * BPJS referrals (routes/referrals.ts).
 */
export const capabilitiesOf = (config: Pick<Config, 'vclaim' | 'simrs'>): string[] =>
  config.vclaim && config.simrs.kind !== 'upstream' ? [PATIENT_FROM_TOKEN, BPJS_REFERRALS] : [PATIENT_FROM_TOKEN];

export async function authRoutes(app: Api, db: Db, config: Config): Promise<void> {
  const policy = { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays, maxPerPatient: config.sessionMaxPerPatient };

  app.route({
    ...route('login', {
      summary: 'Log in with medical record number and birth date',
      failures: {
        401: LoginFailed,
        403: Refusal('PASSKEY_REQUIRED and the patient has a passkey: the message says to use it, or how to recover at the counter'),
        ...THROTTLED,
        ...PUBLIC_POST,
        503: Refusal("SIMRS=upstream: the hospital's login service did not answer; the attempt is not counted"),
      },
    }),
    handler: async (req, reply) => {
      // The number as the hospital writes it (NOMR_WIDTH): before the throttle counts it and before
      // the connector looks it up, so '12345' and '00012345' are one number to both.
      const nomr = padNomr(req.body.medical_record_number, config.nomrWidth);
      const fcmtoken = req.body.fcmtoken ?? '';
      const { ip: ipRule, nomr: nomrRule } = config.security.login;
      // The attempt is counted, and a lock decided, before the birth date is looked at: the address
      // first, so a locked address cannot go on to lock other patients' numbers; then the number.
      // Both apply to any number typed, known or not.
      const locked = (until: Date) => {
        // Refusals reach no data and cost nothing to send: counted per minute, not a row each.
        refusalCounter(db).count({ action: 'login', outcome: 'throttled' }, req);
        return reply
          .code(429)
          .header('Retry-After', String(retryAfterSeconds(until)))
          .send({ status: false, message: loginLockedMessage(until) });
      };
      const address = await reserve(db, 'login-ip', req.ip, ipRule);
      if (!address.admitted) return locked(address.until);
      const number = await reserve(db, 'login-nomr', nomr, nomrRule);
      if (!number.admitted) {
        // The address's attempt compared nothing, so it does not count.
        await release(db, 'login-ip', req.ip, address.seq);
        return locked(number.until);
      }
      // One query for both halves: an unknown number and a wrong date look the same.
      let patient: string | null;
      try {
        patient = await app.simrs.patientByBirthDate(nomr, req.body.birthdate);
      } catch (err) {
        // Nothing was compared (the hospital's login service did not answer, SIMRS=upstream): the
        // attempt counts against neither the number nor the address (docs/decisions.md "Upstream mode").
        await db.tx(async (q) => {
          await release(q, 'login-nomr', nomr, number.seq);
          await release(q, 'login-ip', req.ip, address.seq);
        });
        throw err;
      }
      if (!patient) {
        // Both reservations stay: they are the failure's count.
        await db.tx(async (q) => {
          await audit(q, { action: 'login', outcome: 'failed', subject: nomr }, req);
          await settle(q, [
            ['login-ip', req.ip],
            ['login-nomr', nomr],
          ]);
        });
        return reply.code(401).send({ status: false, message: LOGIN_FAILED });
      }
      // PASSKEY_REQUIRED: once a patient has a passkey, the number and birth date alone no longer
      // sign them in. Both were right, so the attempt is forgiven as a success would be.
      if (config.passkey.required && (await hasPasskey(db, patient))) {
        await db.tx(async (q) => {
          await audit(q, { action: 'login', outcome: 'passkey-required', actor: patient, subject: patient }, req);
          await forgiveAndRelease(q, { scope: 'login-nomr', key: nomr, attempt: number }, { scope: 'login-ip', key: req.ip, seq: address.seq });
        });
        return reply.code(403).send({ status: false, message: PASSKEY_MSG.required });
      }
      // A registration the server cannot use is left out; it never fails the login (docs/decisions.md D7).
      const kind = fcmtoken ? registrationKind(fcmtoken, config.push.endpointHosts) : null;
      // In each transaction the throttle's rows are written last, just before the commit: an
      // address is one row for all its patients (a hospital's Wi-Fi is one address), locked from
      // that write to the commit, and every other login from it waits that long (db/throttle.ts).
      const token = await db.tx(async (q) => {
        await audit(q, { action: 'login', outcome: 'ok', actor: patient, subject: patient }, req);
        // The phone is this patient's alone from now: family profiles link it to the others afterwards.
        if (kind) await saveRegistration(q, patient, fcmtoken, kind, true, config.push.maxPerPatient);
        const made = await createSession(q, patient, policy, { device: deviceLabel(req.headers['user-agent']) });
        // SIMRS=upstream: the session keeps the hospital's token, for whichever process it reaches.
        await app.simrs.relay?.keep(q, patient, made);
        // A burst's failures are never forgiven (db/throttle.ts); other patients' logins never
        // count against the address.
        await forgiveAndRelease(q, { scope: 'login-nomr', key: nomr, attempt: number }, { scope: 'login-ip', key: req.ip, seq: address.seq });
        return made;
      });
      return { token: { access_token: token, token_type: 'Bearer' as const, expires_in: config.sessionMaxDays * 86400 }, capabilities: capabilitiesOf(config) };
    },
  });

  app.route({
    ...route('nomrFormat', {
      summary: "How the hospital's Nomor MR looks: the login form's hint and the leading zeros it fills in",
      description:
        'NOMR_WIDTH, or null where numbers are taken as typed. The login call fills the zeros in itself; an app that never reads this still logs in.',
      failures: PUBLIC_GET,
    }),
    handler: async () => ({ status: true as const, data: { width: config.nomrWidth } }),
  });

  app.route({
    ...route('logout', {
      summary: "End the session of the bearer token, and unlink this phone's push registration from its patient",
      description:
        'The token is optional: logging out twice, or after expiry, is no error. So is the body: without `fcmtoken` only the token is revoked. ' +
        "With it, that registration stops getting the patient's notifications, also when the session had already ended (a 401 that ends the app's session). " +
        'The answer clears nothing in the browser: the app removes its own data and keeps the installed app (decisions: Ending a session).',
      security: [...PATIENT, {}],
      failures: PUBLIC_POST,
    }),
    // The spec's client sends no body at all: read as an empty one.
    preValidation: async (req) => {
      req.body ??= {};
    },
    handler: async (req) => {
      const token = bearerToken(req.headers.authorization);
      const registration = req.body.fcmtoken;
      if (!token) return { status: true as const, data: null };
      await db.tx(async (q) => {
        const revoked = await revokeSession(q, token);
        // An ended session still names its patient: only the phone that held the token has it.
        const nomr = revoked ?? (registration ? await tokenOwner(q, token) : null);
        const unlinked = !!(nomr && registration) && (await forgetRegistration(q, nomr, registration, 'logged out'));
        // The hospital's token this session held is dropped with it (SIMRS=upstream).
        if (revoked) await app.simrs.relay?.forget(q, revoked);
        if (revoked || unlinked) {
          const detail = [revoked && 'token revoked', unlinked && 'push registration unlinked'].filter(Boolean).join(', ');
          await audit(q, { action: 'logout', outcome: 'ok', actor: nomr, subject: nomr, detail }, req);
        }
      });
      return { status: true as const, data: null };
    },
  });
}

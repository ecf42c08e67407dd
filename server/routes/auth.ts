// The login service (decisions 18) and logout.
import type { FastifyInstance } from 'fastify';
import type { LoginRequest } from '../../common/schemas/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { audit } from '../domain/audit.ts';
import { createSession, revokeSession } from '../domain/sessions.ts';
import { clearKey, countEvent, lockedUntil, retryAfterSeconds, wibTime } from '../domain/throttle.ts';
import { bearerToken } from '../guard.ts';
import { registrationKind, saveRegistration } from '../push/registrations.ts';
import { ISO_DATE, failure } from './schemas.ts';

export const LOGIN_FAILED = 'Nomor MR atau tanggal lahir tidak sesuai.';

export const loginLockedMessage = (until: Date) =>
  `Terlalu banyak percobaan login yang gagal. Demi keamanan data Anda, silakan coba lagi setelah pukul ${wibTime(until)}.`;

export async function authRoutes(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  const policy = { idleMinutes: config.sessionIdleMinutes, maxDays: config.sessionMaxDays };

  app.post(
    '/api/auth/proxy-login',
    {
      schema: {
        summary: 'Log in with medical record number and birth date',
        body: {
          type: 'object',
          required: ['medical_record_number', 'birthdate'],
          properties: {
            medical_record_number: { type: 'string', minLength: 1, maxLength: 20 },
            birthdate: ISO_DATE,
            fcmtoken: { type: 'string', maxLength: 4096, default: '' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              token: {
                type: 'object',
                properties: { access_token: { type: 'string' }, token_type: { type: 'string' }, expires_in: { type: 'integer' } },
              },
            },
          },
          401: failure,
          429: failure,
        },
      },
    },
    async (req, reply) => {
      const body = req.body as LoginRequest;
      const nomr = body.medical_record_number.trim();
      // A lock answers before the birth date is even looked at, for any number, known or not.
      const locked = await lockedUntil(db, [['login-nomr', nomr], ['login-ip', req.ip]]);
      if (locked) {
        await audit(db, { action: 'login', outcome: 'throttled', subject: nomr }, req);
        return reply.code(429).header('Retry-After', String(retryAfterSeconds(locked))).send({ status: false, message: loginLockedMessage(locked) });
      }
      // One query for both halves: an unknown number and a wrong date look the same.
      const [patient] = await db.query<{ nomr: string }>('SELECT nomr FROM patients WHERE nomr = $1 AND tgl_lahir = $2::date', [nomr, body.birthdate]);
      if (!patient) {
        // Only failures count, so patients logging in behind one address never lock it.
        await db.tx(async (q) => {
          await countEvent(q, 'login-nomr', nomr, config.security.login.nomr);
          await countEvent(q, 'login-ip', req.ip, config.security.login.ip);
          await audit(q, { action: 'login', outcome: 'failed', subject: nomr }, req);
        });
        return reply.code(401).send({ status: false, message: LOGIN_FAILED });
      }
      // A registration the server cannot use is left out; it never fails the login (decisions 7).
      const kind = body.fcmtoken ? registrationKind(body.fcmtoken, config.push.endpointHosts) : null;
      const token = await db.tx(async (q) => {
        await clearKey(q, 'login-nomr', nomr);
        await audit(q, { action: 'login', outcome: 'ok', actor: nomr, subject: nomr }, req);
        if (kind) await saveRegistration(q, patient.nomr, body.fcmtoken, kind);
        return createSession(q, patient.nomr, policy);
      });
      return { token: { access_token: token, token_type: 'Bearer', expires_in: config.sessionMaxDays * 86400 } };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { summary: 'End the session of the bearer token' } },
    async (req, reply) => {
      const token = bearerToken(req.headers.authorization);
      const nomr = token ? await revokeSession(db, token) : null;
      if (nomr) await audit(db, { action: 'logout', outcome: 'ok', actor: nomr, subject: nomr }, req);
      return reply.header('Clear-Site-Data', '"storage"').send({ status: true, data: null });
    },
  );
}

// The login service (decisions 18) and logout.
import type { FastifyInstance } from 'fastify';
import type { LoginRequest } from '../../src/contract/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createSession, revokeSession } from '../domain/sessions.ts';
import { bearerToken } from '../guard.ts';
import { registrationKind, saveRegistration } from '../push/registrations.ts';
import { ISO_DATE, failure } from './schemas.ts';

export const LOGIN_FAILED = 'Nomor MR atau tanggal lahir tidak sesuai.';

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
        },
      },
    },
    async (req, reply) => {
      const body = req.body as LoginRequest;
      // One query for both halves: an unknown number and a wrong date look the same.
      const [patient] = await db.query<{ nomr: string }>(
        'SELECT nomr FROM patients WHERE nomr = $1 AND tgl_lahir = $2::date',
        [body.medical_record_number.trim(), body.birthdate],
      );
      if (!patient) return reply.code(401).send({ status: false, message: LOGIN_FAILED });
      const token = await createSession(db, patient.nomr, policy);
      // A registration the server cannot use is left out; it never fails the login (decisions 7).
      const kind = body.fcmtoken ? registrationKind(body.fcmtoken, config.push.endpointHosts) : null;
      if (kind) await saveRegistration(db, patient.nomr, body.fcmtoken, kind);
      return { token: { access_token: token, token_type: 'Bearer', expires_in: config.sessionMaxDays * 86400 } };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { summary: 'End the session of the bearer token' } },
    async (req, reply) => {
      const token = bearerToken(req.headers.authorization);
      if (token) await revokeSession(db, token);
      return reply.header('Clear-Site-Data', '"storage"').send({ status: true, data: null });
    },
  );
}

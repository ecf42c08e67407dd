// 'Cek status pendaftaran' and the registering phone's push subscription (docs/product.md,
// Registration's ending): both take the reference and the birth date, which together are the
// only key, and both are throttled as login is (the same rules: LOGIN_* settings), per client
// address and per reference, so that neither can be used to try references or dates. A wrong
// reference and a wrong date get the one same answer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { audit, refusalCounter } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { findByReference, savePushFor, type Found } from '../db/registration-status.ts';
import { forgive, release, reserve, settle } from '../db/throttle.ts';
import { retryAfterSeconds, wibTime } from '../domain/throttle.ts';
import { HttpError } from '../errors.ts';
import { registrationKind } from '../push/registrations.ts';
import { NOT_FOUND, PUBLIC_POST, route, THROTTLED, type Api } from './route-schema.ts';

/** One message for an unknown reference and a wrong birth date. */
const STATUS_NOT_FOUND = 'Pendaftaran tidak ditemukan. Silakan periksa kembali kode referensi dan tanggal lahir, atau tanyakan di loket pendaftaran.';
const lockedMessage = (until: Date) => `Terlalu banyak percobaan. Silakan coba lagi setelah pukul ${wibTime(until)}.`;

export async function registrationStatusRoutes(app: Api, db: Db, config: Config): Promise<void> {
  const { ip: ipRule, nomr: refRule } = config.security.login;

  /**
   * Counts the attempt before anything is compared, as login does (routes/auth.ts): the address
   * first, then the reference. Answers the submission, or null once the reply has been sent.
   */
  async function lookUp(req: FastifyRequest, reply: FastifyReply, referensi: string, tglLahir: string, action: string): Promise<Found | null> {
    const locked = (until: Date) => {
      refusalCounter(db).count({ action: 'registration-status', outcome: 'throttled' }, req);
      reply
        .code(429)
        .header('Retry-After', String(retryAfterSeconds(until)))
        .send({ status: false, message: lockedMessage(until) });
      return null;
    };
    const address = await reserve(db, 'status-ip', req.ip, ipRule);
    if (!address.admitted) return locked(address.until);
    const ref = await reserve(db, 'status-ref', referensi, refRule);
    if (!ref.admitted) {
      await release(db, 'status-ip', req.ip, address.seq);
      return locked(ref.until);
    }
    const found = await findByReference(db, referensi, tglLahir);
    await db.tx(async (q) => {
      await audit(q, { action, outcome: found ? 'found' : 'not-found', detail: found ? `pengajuan ${found.submission}` : undefined }, req);
      if (found) {
        await forgive(q, 'status-ref', referensi, ref);
        await release(q, 'status-ip', req.ip, address.seq);
      } else {
        await settle(q, [
          ['status-ip', req.ip],
          ['status-ref', referensi],
        ]);
      }
    });
    if (!found) reply.code(404).send({ status: false, message: STATUS_NOT_FOUND });
    return found;
  }

  const failures = { ...NOT_FOUND('No registration with this reference and birth date (one message for both)'), ...THROTTLED, ...PUBLIC_POST };

  app.route({
    ...route('registrationStatus', {
      summary: "A self-registration's status by its reference and the birth date it was sent with",
      description:
        'menunggu until the registration counter verifies it; then terverifikasi, with the Nomor MR when the counter gave it for this submission. ' +
        'Throttled as login is (LOGIN_* settings), per address and per reference; each look-up is audited.',
      failures,
    }),
    handler: async (req, reply) => {
      const found = await lookUp(req, reply, req.body.referensi, req.body.tgl_lahir, 'registration-status');
      if (!found) return reply;
      return {
        status: true as const,
        data: { status: found.status, ...(found.no_rm && { no_rm: found.no_rm }), loket: config.registrationCounter },
      };
    },
  });

  app.route({
    ...route('registrationPush', {
      summary: 'This phone is told by push when the counter verifies the registration (before the person has a login)',
      description: 'The same key and throttle as the status. The message goes through the durable push queue when the counter verifies.',
      failures,
    }),
    handler: async (req, reply) => {
      const { referensi, tgl_lahir, fcmtoken } = req.body;
      const kind = registrationKind(fcmtoken, config.push.endpointHosts);
      // Checked first: a malformed subscription does not count as an attempt.
      if (!kind) throw new HttpError(400, 'Registrasi notifikasi tidak valid.');
      const found = await lookUp(req, reply, referensi, tgl_lahir, 'registration-push');
      if (!found) return reply;
      await savePushFor(db, found.submission, fcmtoken, kind);
      return { status: true as const, data: { kind } };
    },
  });
}

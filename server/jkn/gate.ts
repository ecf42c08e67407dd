// What stands before Mobile JKN's calls (docs/bpjs.md): BPJS's envelope for every refusal (HTTP
// 200 with metadata.code 201 and the reason, as the catalogue's "Selain metadata code 200, agar
// message pada metadata diisi" asks and SIMRS Khanza's webapps/api-bpjsfktl answers: Mobile JKN
// reads metadata), the token check before any body is read, the token call with its lockout, and
// the calls' own /api/jkn/docs.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { JknAnswer, JknCredentials, JknToken } from '../../common/schemas/jkn.ts';
import type { JknConfig } from '../config.ts';
import { audit, refusalCounter } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { forgive, reserve, settle } from '../db/throttle.ts';
import { retryAfterSeconds } from '../domain/throttle.ts';
import { MSG, validationText } from '../errors.ts';
import { SECURITY_SCHEMES, type Api } from '../api.ts';
import { ANSWERS, answer, JKN_MSG, refuse } from './envelope.ts';
import { checkToken, issueToken, sameSecret } from './token.ts';
import { JKN, JKN_PREFIX } from '../../common/server-paths.ts';

/** Registers the gate on Mobile JKN's own instance (server/routes/jkn.ts registers the calls behind it). */
export function jknGate(app: Api, db: Db, jkn: JknConfig, clock: () => number): void {
  const tokenRule = { max: jkn.maxFailures, windowMinutes: 15, lockMinutes: 15, maxLockMinutes: 60 };
  const refusals = refusalCounter(db);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err, reqId: req.id }, 'request failed');
      return reply.code(500).send(refuse(MSG.server));
    }
    // A body that is not JSON, too large, or does not fit the schema: refused as any other reason.
    const message = err.validation ? `${MSG.badRequest} ${validationText(err)}`.trim() : status === 413 ? MSG.tooLarge : MSG.badRequest;
    return reply.code(200).send(refuse(message));
  });

  // Every call but the token's carries x-token and x-username, checked when the request arrives,
  // before its body is read (onRequest: no parser has run), so a caller without a token costs no
  // parsing and learns nothing of the schemas. Such refusals reach no data and cost an attacker
  // nothing: counted per minute and address (db/audit.ts refusalCounter), not a row each.
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.routeOptions.url === JKN.token || req.routeOptions.url === JKN.docs) return;
    const token = String(req.headers['x-token'] ?? '');
    const username = String(req.headers['x-username'] ?? '');
    const checked = await checkToken(jkn, token, username, clock());
    if (checked.ok) return;
    refusals.count({ action: 'jkn', outcome: 'unauthorized' }, req);
    return reply.code(200).send(refuse(checked.reason === 'expired' ? JKN_MSG.tokenExpired : JKN_MSG.tokenInvalid));
  });

  app.get(JKN.docs, { schema: { hide: true } }, async () => {
    const doc = app.swagger() as { paths?: Record<string, unknown>; info?: object; components?: object };
    const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => path.startsWith(JKN_PREFIX)));
    return {
      ...doc,
      info: {
        title: 'Mobile JKN web service (Antrean Online v2, WS RS)',
        version: '2.0.0',
        description: "Registered with BPJS as the hospital's WS RS; docs/bpjs.md.",
      },
      components: { securitySchemes: { jknToken: SECURITY_SCHEMES.jknToken, jknUsername: SECURITY_SCHEMES.jknUsername } },
      paths,
    };
  });

  app.get(
    JKN.token,
    {
      schema: {
        summary: 'Mobile JKN: a token for the other calls, with x-username and x-password',
        headers: JknCredentials,
        response: { 200: JknAnswer(JknToken, 'code 200 with the token; 201: wrong username or password, or too many wrong attempts'), 500: ANSWERS[500] },
      },
    },
    async (req, reply) => {
      // The attempt is counted, and a lock decided, before anything is compared (db/throttle.ts,
      // as the patient login does): however many arrive at once, from however many processes, at
      // most JKN_WS_MAX_FAILURES are compared. Counted by the client's address as every
      // per-address limit is (an IPv6 client by its /64, domain/address.ts).
      const attempt = await reserve(db, 'jkn-token-ip', req.ip, tokenRule);
      if (!attempt.admitted) {
        refusals.count({ action: 'jkn', outcome: 'throttled' }, req);
        return reply.header('Retry-After', String(retryAfterSeconds(attempt.until))).send(refuse(JKN_MSG.locked(attempt.until)));
      }
      const okUser = sameSecret(req.headers['x-username'], jkn.username);
      const okPassword = sameSecret(req.headers['x-password'], jkn.password);
      if (!okUser || !okPassword) {
        await db.tx(async (q) => {
          // Never the password, nor the username that was tried. One row per comparison: at most the limit's.
          await audit(q, { action: 'jkn.token', outcome: 'denied', actor: 'mobile-jkn' }, req);
          await settle(q, [['jkn-token-ip', req.ip]]);
        });
        return refuse(JKN_MSG.wrongCredentials);
      }
      // Alone, it forgives the address's earlier failures; in a burst, the burst's failures and their lock stand.
      await forgive(db, 'jkn-token-ip', req.ip, attempt);
      const { token, expires } = await issueToken(jkn, clock());
      return answer({ token, expired: expires });
    },
  );
}

// What stands before Mobile JKN's calls (docs/bpjs.md): BPJS's envelope for every failure, the
// token check before any body is read, the token call itself, and the calls' own /api/jkn/docs.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { JknAnswer, JknCredentials, JknRefusal, JknToken } from '../../common/schemas/jkn.ts';
import type { JknConfig } from '../config.ts';
import { audit } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { countEvent, lockedUntil } from '../db/throttle.ts';
import { retryAfterSeconds } from '../domain/throttle.ts';
import { MSG, validationText } from '../errors.ts';
import { SECURITY_SCHEMES, type Api } from '../routes/contract.ts';
import { ANSWERS, answer, JKN_MSG, refuse } from './envelope.ts';
import { checkToken, issueToken, sameSecret } from './token.ts';

/** Registers the gate on Mobile JKN's own instance (server/routes/jkn.ts registers the calls behind it). */
export function jknGate(app: Api, db: Db, jkn: JknConfig, clock: () => number): void {
  const tokenRule = { max: jkn.maxFailures, windowMinutes: 15, lockMinutes: 15, maxLockMinutes: 60 };

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err, reqId: req.id }, 'request failed');
      return reply.code(500).send(refuse(MSG.server));
    }
    const message = err.validation ? `${MSG.badRequest} ${validationText(err)}`.trim() : status === 413 ? MSG.tooLarge : MSG.badRequest;
    return reply.code(status).send(refuse(message));
  });

  // Every call but the token's carries x-token and x-username, checked before its body: a caller
  // without a token learns nothing of the schemas.
  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.routeOptions.url === '/api/jkn/token' || req.routeOptions.url === '/api/jkn/docs') return;
    const token = String(req.headers['x-token'] ?? '');
    const username = String(req.headers['x-username'] ?? '');
    const checked = await checkToken(jkn, token, username, clock());
    if (checked.ok) return;
    await audit(db, { action: 'jkn.token', outcome: checked.reason, actor: 'mobile-jkn', detail: `${req.method} ${req.routeOptions.url}` }, req);
    return reply.code(401).send(refuse(checked.reason === 'expired' ? JKN_MSG.tokenExpired : JKN_MSG.tokenInvalid));
  });

  app.get('/api/jkn/docs', { schema: { hide: true } }, async () => {
    const doc = app.swagger() as { paths?: Record<string, unknown>; info?: object; components?: object };
    const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => path.startsWith('/api/jkn/')));
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
    '/api/jkn/token',
    {
      schema: {
        summary: 'Mobile JKN: a token for the other calls, with x-username and x-password',
        headers: JknCredentials,
        response: {
          200: JknAnswer(JknToken),
          401: JknRefusal('Wrong username or password (code 201)'),
          429: JknRefusal('Too many wrong attempts from this address'),
          400: ANSWERS[400],
          500: ANSWERS[500],
        },
      },
    },
    async (req, reply) => {
      const locked = await lockedUntil(db, [['jkn-token', req.ip]]);
      if (locked)
        return reply
          .code(429)
          .header('Retry-After', String(retryAfterSeconds(locked)))
          .send(refuse(JKN_MSG.locked(locked)));
      const okUser = sameSecret(req.headers['x-username'], jkn.username);
      const okPassword = sameSecret(req.headers['x-password'], jkn.password);
      if (!okUser || !okPassword) {
        await countEvent(db, 'jkn-token', req.ip, tokenRule);
        // Never the password, nor the username that was tried.
        await audit(db, { action: 'jkn.token', outcome: 'denied', actor: 'mobile-jkn' }, req);
        return reply.code(401).send(refuse(JKN_MSG.wrongCredentials));
      }
      const { token, expires } = await issueToken(jkn, clock());
      return answer({ token, expired: expires });
    },
  );
}

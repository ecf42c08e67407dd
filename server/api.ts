// The server's typed instance and the OpenAPI security schemes: what the routes (routes/) and the
// Mobile JKN gate (jkn/gate.ts) both build on, kept below both.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { JKN } from '../common/server-paths.ts';

/** The server with request and reply types inferred from the route schemas. */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: "The patient's session: token.access_token of the login" },
  serviceToken: { type: 'http', scheme: 'bearer', description: "The hospital systems' INTERNAL_API_TOKEN" },
  jknToken: { type: 'apiKey', in: 'header', name: 'x-token', description: `Mobile JKN: the token of GET ${JKN.token}` },
  jknUsername: { type: 'apiKey', in: 'header', name: 'x-username', description: 'Mobile JKN: JKN_WS_USERNAME' },
} as const;

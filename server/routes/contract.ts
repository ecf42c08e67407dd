// What the routes share in their schemas: the typed instance, who may call, and the failures
// each kind of route can answer besides its own, so that the OpenAPI document (/api/docs) lists
// every status the server really sends (errors.ts, guard.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TSchema } from 'typebox';
import { CONTRACT, type Contract, type Entry, type Listed } from '../../common/contract.ts';
import { Refusal } from '../../common/schemas/envelope.ts';
import { JKN } from '../../common/server-paths.ts';

/** The server with request and reply types inferred from the route schemas. */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: "The patient's session: token.access_token of the login" },
  serviceToken: { type: 'http', scheme: 'bearer', description: "The hospital systems' INTERNAL_API_TOKEN" },
  jknToken: { type: 'apiKey', in: 'header', name: 'x-token', description: `Mobile JKN: the token of GET ${JKN.token}` },
  jknUsername: { type: 'apiKey', in: 'header', name: 'x-username', description: 'Mobile JKN: JKN_WS_USERNAME' },
} as const;

type Security = Array<Record<string, string[]>>;

/** Patient calls carry the session's bearer token (docs/product.md §6). */
export const PATIENT: Security = [{ bearerAuth: [] }];
/** The hospital's own systems carry their service token. */
export const SERVICE = [{ serviceToken: [] }];

const invalid = Refusal('The request does not fit its schema; the message names the field');
const unauthorized = Refusal('No valid token');
const forbidden = Refusal("A nomr other than the token's own (decisions 16)");
const tooLarge = Refusal('The body is over the size limit');
const notJson = Refusal('The body is not JSON');
const fault = Refusal('Our fault, logged with the request id; never a stack trace');

export const THROTTLED = { 429: Refusal('Too many attempts; Retry-After says when to try again') } as const;
export const NOT_FOUND = (what: string) => ({ 404: Refusal(what) }) as const;

export const PUBLIC_GET = { 500: fault } as const;
export const PUBLIC_QUERY = { 400: invalid, 500: fault } as const;
export const PUBLIC_POST = { 400: invalid, 413: tooLarge, 415: notJson, 500: fault } as const;
export const PATIENT_GET = { 400: invalid, 401: unauthorized, 403: forbidden, 500: fault } as const;
export const PATIENT_POST = { ...PATIENT_GET, 413: tooLarge, 415: notJson } as const;
const unconfigured = Refusal('INTERNAL_API_TOKEN is not configured on this server');
export const SERVICE_GET = { ...PUBLIC_QUERY, 401: unauthorized, 503: unconfigured } as const;
export const SERVICE_POST = { ...PUBLIC_POST, 401: unauthorized, 503: unconfigured } as const;

/**
 * An operation's id in /api/docs, from its method and path, so that every route has one without
 * naming it (a hospital generates its client from the document): GET /api/fhir/Patient/:nomr/$everything
 * is getFhirPatientByNomrEverything. Method and path are unique per route, and so is the id.
 */
function operationId(method: string | string[], url: string): string {
  const words = url
    .split('/')
    .filter((s, i) => s && !(i === 1 && s === 'api'))
    .flatMap((segment) => {
      const parts = segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
      return /^[:{]/.test(segment) ? ['by', ...parts] : parts;
    });
  const verbs = (Array.isArray(method) ? method : [method]).map((m) => m.toLowerCase());
  return [verbs.join('Or'), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/**
 * What every documented route gets unless its schema says otherwise, applied where /api/docs is
 * made (app.ts): its operationId, and `security: []` for a call that names no security (public,
 * said explicitly, as OpenAPI's linters ask).
 */
export function documented<S extends Record<string, unknown> | undefined>(schema: S, method: string | string[], url: string): S {
  if (!schema) return schema;
  return { operationId: operationId(method, url), security: [], ...schema };
}

/** A call's 200 as Fastify takes it: the answer's schema, or for another media type its content. */
type Answered<N extends Listed> = Contract[N] extends { media: object }
  ? { description: string; content: Record<string, { schema: Contract[N]['answer'] }> }
  : Contract[N]['answer'];

/**
 * A route of the contract table (common/contract.ts) as Fastify registers it: its method, its path
 * and its request and 200 schemas from the table; its summary, who may call, and the failures it
 * can answer from here. `app.route({ ...route('clinics', { … }), handler })`.
 */
export function route<N extends Listed, F extends Record<number, TSchema>>(
  name: N,
  doc: { summary: string; description?: string; security?: Security; failures: F },
) {
  const { method, path, answer, media, ...request } = CONTRACT[name] as Entry;
  // Another media type than JSON: the answer's schema under its content type, and what it is.
  const ok = media ? { description: media.description, content: { [media.type]: { schema: answer } } } : answer;
  return {
    method: method as Contract[N]['method'],
    // Fastify's spelling of a path parameter: ':nomr' for OpenAPI's '{nomr}'.
    url: path.replace(/\{(\w+)\}/g, ':$1'),
    schema: {
      summary: doc.summary,
      ...(doc.description && { description: doc.description }),
      ...(doc.security && { security: doc.security }),
      ...(request as Omit<Contract[N], 'method' | 'path' | 'answer' | 'media'>),
      response: { 200: ok, ...doc.failures } as { 200: Answered<N> } & F,
    },
  };
}

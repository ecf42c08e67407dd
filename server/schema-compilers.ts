// The request validators and answer serializers, each compiled when a route first needs it and
// then shared by every app of the process. Fastify compiles every route's schemas as an app is
// built, with an Ajv and fast-json-stringify of that app's own: about 1.5 s of a server's 3 s of
// start-up CPU (a profile of the compiled server's start), for a hundred routes of which a
// restarted process answers a few in its first minutes, and a third of the upstream suite's CPU,
// which builds an app for each test. Here a route's schema is compiled on its first request, once
// a process: a schema seen before, word for word under the same options, takes the function
// compiled then. The compilers are Fastify's own defaults (its Ajv options, formats and
// serializer), so a route validates and answers exactly as with Fastify's. A schema Ajv cannot
// compile fails its route's first request instead of the start: test/server/openapi.test.ts
// compiles every route's.
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type RouteDef = { schema: unknown; method: string; url: string; httpPart?: string; httpStatus?: string };

/** Fastify's own, made once: each keeps its Ajv (one per external schemas and options) as Fastify's does per app. */
const validators = AjvCompiler();
const serializers = SerializerSelector();
const compiled = new Map<string, unknown>();

function once<T>(key: string, make: () => T): T {
  if (!compiled.has(key)) compiled.set(key, make());
  return compiled.get(key) as T;
}

/** Every lazily compiled function's maker, with its route, for compileAll. */
const makers: Array<{ route: RouteDef; make: () => unknown }> = [];

/** Compiles every schema of every route registered so far (a test's check that all compile); how many. */
export function compileAll(): number {
  for (const { route, make } of makers) {
    try {
      make();
    } catch (err) {
      throw new Error(`${route.method} ${route.url} ${route.httpPart ?? `answer ${route.httpStatus}`}: ${(err as Error).message}`);
    }
  }
  return makers.length;
}

type Validate = ((data: unknown, into?: object) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/**
 * A validator compiled on its first call. Fastify reads `errors` off the function after a call that
 * returned false, and hands Ajv's functions (they carry `schemaEnv`) the request as the parent of
 * the value, so Ajv could set a default on the root: both passed through.
 */
function lazyValidator(route: RouteDef, make: () => Validate): Validate {
  makers.push({ route, make });
  let real: Validate | undefined;
  const validate: Validate = (data, into) => {
    real ??= make();
    const ok = real(data, into);
    validate.errors = real.errors;
    return ok;
  };
  validate.schemaEnv = true;
  return validate;
}

function lazySerializer(route: RouteDef, make: () => (doc: unknown) => string): (doc: unknown) => string {
  makers.push({ route, make });
  let real: ((doc: unknown) => string) | undefined;
  return (doc) => {
    real ??= make();
    return real(doc);
  };
}

/**
 * Fastify lower-cases a header schema's names itself (Node hands every header name lower-cased),
 * but not for a validator compiler it did not make: the same here, for the names an object
 * schema declares and requires.
 */
function lowerCased(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const s = schema as { properties?: Record<string, unknown>; required?: string[] };
  return {
    ...s,
    ...(s.properties ? { properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k.toLowerCase(), v])) } : {}),
    ...(s.required ? { required: s.required.map((k) => k.toLowerCase()) } : {}),
  };
}

// Fastify calls a compiler with the route ({ schema, method, url, httpPart }), as RouteDef says;
// @fastify/ajv-compiler's types name the schema alone, hence the one cast at the end.
type Compile = (route: RouteDef) => unknown;

function buildValidator(external: Record<string, unknown>, options?: { customOptions?: unknown }): Compile {
  const build = validators(external as Parameters<typeof validators>[0], options as Parameters<typeof validators>[1]) as unknown as Compile;
  const pool = JSON.stringify([external, options?.customOptions]);
  return (route) => {
    const schema = route.httpPart === 'headers' ? lowerCased(route.schema) : route.schema;
    return lazyValidator(route, () => once(`v ${pool} ${JSON.stringify(schema)}`, () => build({ ...route, schema }) as Validate));
  };
}

function buildSerializer(external: Record<string, unknown>, options?: object): Compile {
  const build = serializers(external, options) as unknown as Compile;
  const pool = JSON.stringify([external, options]);
  return (route) => lazySerializer(route, () => once(`s ${pool} ${JSON.stringify(route.schema)}`, () => build(route) as (doc: unknown) => string));
}

export const compilersFactory = { buildValidator, buildSerializer } as unknown as { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory };

// The contract table (common/api-calls.ts) is what the server serves: every call of it is a route
// with the table's method and path, its 200 answer in /api/docs is the table's schema, and what it
// takes (the query's parameters, the body) is the table's. On PGlite and on PostgreSQL.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONTRACT, type Entry } from '../../common/api-calls.ts';
import { LEAVE_API } from '../../common/leave-paths.ts';
import { API } from '../../common/paths.ts';
import { testApp, type TestApp } from '../support/app.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as untyped JSON
type Json = Record<string, any>;
/**
 * A schema as /api/docs writes it: as JSON carries it (TypeBox's own marks are symbols, which JSON
 * leaves out), a `const` as a one-value `enum` (as the document's converter spells it).
 */
const plain = (schema: unknown): Json =>
  JSON.parse(JSON.stringify(schema), (_key, value) => {
    if (!value || typeof value !== 'object' || !('const' in value)) return value;
    const { const: one, ...rest } = value;
    return { ...rest, enum: [one] };
  });

let t: TestApp;
let doc: Json;
test.before(async () => {
  t = await testApp();
  doc = (await t.app.inject({ url: '/api/docs' })).json();
});
test.after(async () => t.close());

// The patient API's paths: paths.ts, and the leave's table (common/leave-paths.ts), kept out of the app's core.
const PATHS = { ...API, ...LEAVE_API };
const entries = Object.entries(CONTRACT) as Array<[keyof typeof PATHS, Entry]>;

test('every call of the table is served at its path from paths.ts (or leave-paths.ts), with its method', () => {
  assert.ok(entries.length >= 39, `${entries.length} calls`);
  for (const [name, entry] of entries) {
    assert.is(entry.path, PATHS[name], name);
    assert.ok(doc.paths[entry.path]?.[entry.method.toLowerCase()], `${entry.method} ${entry.path} (${name}) is in /api/docs`);
  }
});

test("each call's 200 answer and its request are the table's schemas", () => {
  for (const [name, entry] of entries) {
    const op = doc.paths[entry.path][entry.method.toLowerCase()];
    // JSON, or the media type the table names (the live stream, the record export) with its description.
    assert.equal(op.responses['200'].content[entry.media?.type ?? 'application/json'].schema, plain(entry.answer), `${name}: its 200`);
    if (entry.media) assert.is(op.responses['200'].description, entry.media.description, `${name}: what its 200 is`);
    if (entry.body) assert.equal(op.requestBody.content['application/json'].schema, plain(entry.body), `${name}: its body`);
    for (const place of ['query', 'path'] as const) {
      const schema = place === 'query' ? entry.querystring : entry.params;
      const names = schema ? Object.keys(plain(schema).properties ?? {}).sort() : [];
      const params = ((op.parameters ?? []) as Json[])
        .filter((p) => p.in === place)
        .map((p) => p.name)
        .sort();
      assert.equal(params, names, `${name}: its ${place} parameters`);
    }
  }
});

test('a call of the table answers at its path: without a token a 401, not a 404', async () => {
  const res = await t.app.inject({ method: CONTRACT.clinics.method, url: CONTRACT.clinics.path });
  assert.is(res.statusCode, 401, 'the patient route exists and asks for a token');
  // A path parameter of the table ('{nomr}') is one on the server too.
  const record = await t.app.inject({ method: CONTRACT.fhirEverything.method, url: CONTRACT.fhirEverything.path.replace('{nomr}', '000001') });
  assert.is(record.statusCode, 401, 'the record export exists at its path and asks for a token');
  const live = await t.app.inject({ method: CONTRACT.clinicQueueLive.method, url: CONTRACT.clinicQueueLive.path });
  assert.is(live.statusCode, 401, 'the live stream exists at its path and asks for a token');
  for (const name of ['passkeyOffer', 'devices', 'passkeyRegisterOptions'] as const) {
    const res = await t.app.inject({ method: CONTRACT[name].method, url: CONTRACT[name].path });
    assert.is(res.statusCode, 401, `${name} exists at its path and asks for a token`);
  }
  const options = await t.app.inject({ method: CONTRACT.passkeyLoginOptions.method, url: CONTRACT.passkeyLoginOptions.path });
  assert.is(options.statusCode, 200, 'the public passkey sign-in options answer without a token');
});

test.run();

// /api/docs is a complete OpenAPI 3.1 document, and true to what is sent: real answers of the
// main calls match both the schema in common/schemas and the one the document gives for their
// status.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { addDays, nextOnWeekday, todayWib, toQuotaDate, weekdayName } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { LoginResponse, RegistrationAnswer } from '../../common/schemas/auth.ts';
import { BpjsRow } from '../../common/schemas/bpjs.ts';
import { BookingAnswer, BookingRules, CancelAnswer, DoctorSchedule, QuotaSlot } from '../../common/schemas/booking.ts';
import { Failure, Success } from '../../common/schemas/envelope.ts';
import { Healthy } from '../../common/schemas/health.ts';
import { Enqueued, MeetingLinkSet, PharmacyChange, Reminder } from '../../common/schemas/internal.ts';
import { UpcomingAppointments } from '../../common/schemas/patient.ts';
import { Devices, LoginOptions, PasskeyInfo, PasskeyLoginResponse, PasskeyOffer, RegistrationOptions } from '../../common/schemas/passkey.ts';
import { PushRegistered, VapidKey } from '../../common/schemas/push.ts';
import Fastify from 'fastify';
import { buildApp } from '../../server/app.ts';
import { compileAll, compilersFactory } from '../../server/schema-compilers.ts';
import { queueBpjsAdd } from '../../server/db/bpjs.ts';
import { DEMO_C } from '../../server/connector/local/demo/seed.ts';
import { DEMO_A, DEMO_B, INTERNAL_TOKEN, loginAs, testApp, testConfig, type TestApp } from '../support/app.ts';
import { d001BookingOf } from '../support/booking.ts';
import { freshDb } from '../support/db.ts';
import { SoftAuthenticator } from '../support/authenticator.ts';
import { subscriber } from '../support/push.ts';
import { patientReads } from '../support/reads.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as untyped JSON
type Json = Record<string, any>;

let t: TestApp;
let doc: Json;
let tokenA: string;
test.before(async () => {
  t = await testApp();
  doc = (await t.app.inject({ url: '/api/docs' })).json();
  tokenA = await loginAs(t.app, DEMO_A);
});
test.after(async () => t.close());

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const operations = (): Array<{ path: string; method: string; op: Json }> =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  );

/** Every object in the document, with where it is. */
function* walk(node: unknown, at = '#'): Generator<[Json, string]> {
  if (!node || typeof node !== 'object') return;
  yield [node as Json, at];
  for (const [key, value] of Object.entries(node)) yield* walk(value, `${at}/${key}`);
}

const resolve = (ref: string): unknown =>
  ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), doc);

const isPatientCall = (path: string) => (path.startsWith('/api/patient/') && path !== API.register) || path.startsWith('/api/fhir/');
const isServiceCall = (path: string) => path.startsWith('/api/internal/');

test('the document is OpenAPI 3.1 with info, paths and both bearer schemes', () => {
  assert.match(doc.openapi, /^3\.1\.\d+$/);
  assert.type(doc.info.title, 'string');
  assert.type(doc.info.version, 'string');
  assert.equal(doc.components.securitySchemes.bearerAuth, {
    type: 'http',
    scheme: 'bearer',
    description: doc.components.securitySchemes.bearerAuth.description,
  });
  assert.is(doc.components.securitySchemes.serviceToken.type, 'http');
  assert.is(doc.components.securitySchemes.serviceToken.scheme, 'bearer');
  for (const path of Object.keys(doc.paths)) assert.match(path, /^\//);
  assert.ok(operations().length >= 29, `${operations().length} operations`);
});

test('every operation has a summary and responses, each with a description and a content schema', () => {
  for (const { path, method, op } of operations()) {
    const where = `${method.toUpperCase()} ${path}`;
    assert.type(op.summary, 'string', where);
    const statuses = Object.keys(op.responses ?? {});
    assert.ok(statuses.length > 0, `${where}: no responses`);
    assert.ok(
      statuses.some((s) => /^2/.test(s)),
      `${where}: no success response`,
    );
    for (const status of statuses) {
      assert.match(status, /^(default|[1-5][0-9X]{2})$/, `${where} ${status}`);
      const res = op.responses[status];
      assert.type(res.description, 'string', `${where} ${status}: description`);
      const media = Object.values(res.content ?? {}) as Json[];
      assert.ok(media.length > 0, `${where} ${status}: no content`);
      for (const m of media) assert.type(m.schema, 'object', `${where} ${status}: no schema`);
    }
  }
});

// A route's schemas are compiled on its first request (server/schema-compilers.ts): here all of
// them, as a start used to, so that one Ajv or fast-json-stringify cannot compile fails the suite.
test("every route's request and answer schemas compile", () => {
  const compiled = compileAll();
  const declared = operations().reduce((n, { op }) => n + Object.keys(op.responses ?? {}).length + (op.requestBody ? 1 : 0), 0);
  assert.ok(compiled >= declared, `${compiled} compiled, ${declared} request bodies and answers declared`);
});

test('a schema that cannot be compiled is named, with its route, when its route is first used', async () => {
  const app = Fastify({ schemaController: { compilersFactory } });
  app.post('/broken', { schema: { body: { type: 'object', properties: { when: { type: 'string', format: 'no-such-format' } } } } }, async () => ({}));
  await app.ready();
  const res = await app.inject({ method: 'POST', url: '/broken', payload: { when: 'x' } });
  assert.is(res.statusCode, 500);
  assert.throws(() => compileAll(), /POST \/broken body: .*no-such-format/);
  await app.close();
});

test('every $ref resolves within the document', () => {
  const refs = [...walk(doc)].filter(([node]) => typeof node.$ref === 'string');
  for (const [node, at] of refs) {
    assert.match(node.$ref, /^#\//, at);
    assert.ok(resolve(node.$ref) !== undefined, `${at}: ${node.$ref} does not resolve`);
  }
});

test('the schemas are JSON Schema: known types, required properties that exist', () => {
  const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
  for (const [node, at] of walk(doc.paths)) {
    if (typeof node.type === 'string') assert.ok(TYPES.includes(node.type), `${at}: type ${node.type}`);
    if (node.type === 'object' && Array.isArray(node.required)) {
      for (const name of node.required) assert.ok(node.properties && name in node.properties, `${at}: required ${name} is not a property`);
    }
  }
});

test('path parameters are declared; query parameters carry schemas', () => {
  for (const { path, method, op } of operations()) {
    const params = (op.parameters ?? []) as Json[];
    for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
      assert.ok(
        params.some((p) => p.in === 'path' && p.name === name && p.required === true),
        `${method} ${path}: {${name}}`,
      );
    }
    for (const p of params) {
      assert.ok(['path', 'query', 'header', 'cookie'].includes(p.in), `${method} ${path}: ${p.name} in ${p.in}`);
      assert.type(p.schema, 'object', `${method} ${path}: ${p.name}`);
    }
  }
});

test('protected operations carry their bearer scheme; public ones none', () => {
  const schemes = Object.keys(doc.components.securitySchemes);
  for (const { path, method, op } of operations()) {
    const where = `${method.toUpperCase()} ${path}`;
    for (const requirement of (op.security ?? []) as Json[])
      for (const name of Object.keys(requirement)) assert.ok(schemes.includes(name), `${where}: ${name}`);
    const names = ((op.security ?? []) as Json[]).flatMap((r) => Object.keys(r));
    if (isPatientCall(path)) {
      assert.equal(names, ['bearerAuth'], where);
      assert.ok(op.responses['401'] && op.responses['403'], `${where}: 401 and 403`);
    } else if (isServiceCall(path)) {
      assert.equal(names, ['serviceToken'], where);
      assert.ok(op.responses['401'] && op.responses['503'], `${where}: 401 and 503`);
    } else if (path !== API.logout) {
      assert.equal(op.security, [], `${where}: public, said explicitly`);
    }
  }
  assert.equal(doc.paths[API.logout].post.security, [{ bearerAuth: [] }, {}], 'logout: the token is optional');
});

test('every operation has its own operationId, derived from its method and path', () => {
  const ids = new Map<string, string>();
  for (const { path, method, op } of operations()) {
    const where = `${method.toUpperCase()} ${path}`;
    assert.type(op.operationId, 'string', `${where}: operationId`);
    assert.match(op.operationId, /^[a-z]+[A-Za-z0-9]*$/, where);
    assert.not.ok(ids.has(op.operationId), `${where}: ${op.operationId} also names ${ids.get(op.operationId)}`);
    ids.set(op.operationId, where);
  }
  assert.is(doc.paths[API.checkin].post.operationId, 'postPatientCheckin');
  assert.is(doc.paths['/api/fhir/Patient/{nomr}/$everything'].get.operationId, 'getFhirPatientByNomrEverything');
});

test("Redocly's recommended rules find no error in the document", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    // Its exit code is 1 when it finds errors: the report is read either way.
    const out = await promisify(execFile)(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--extends=recommended', '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(out.stdout) as {
      totals: { errors: number };
      problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    assert.equal(errors, []);
    assert.is(report.totals.errors, 0);
    assert.ok(doc.servers?.length, 'servers');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every operation documents the error handler: 500, and 400/413/415 where a body is read', () => {
  for (const { path, method, op } of operations()) {
    assert.ok(op.responses['500'] || path === '/api/health', `${method} ${path}: 500`);
    if (op.requestBody) for (const s of ['400', '413', '415']) assert.ok(op.responses[s], `${method} ${path}: ${s}`);
  }
});

test('the limits answer 429 where the document says so: the live stream, the record export, the passkey options', () => {
  for (const [path, method] of [
    [API.clinicQueueLive, 'get'],
    [API.fhirEverything, 'get'],
    [API.passkeyLoginOptions, 'get'],
  ] as const) {
    const refusal = doc.paths[path]?.[method]?.responses?.['429'];
    assert.ok(refusal?.content?.['application/json']?.schema, `${method} ${path}: 429`);
  }
});

/** Sends the request; its answer must match `schema` and the document's schema for its status. */
async function answers(req: { method?: 'GET' | 'POST'; url: string; token?: string; payload?: object }, status: number, schema: TSchema): Promise<Json> {
  const res = await t.app.inject({
    method: req.method ?? 'GET',
    url: req.url,
    payload: req.payload,
    headers: req.token ? { authorization: `Bearer ${req.token}` } : {},
  });
  const where = `${req.method ?? 'GET'} ${req.url} → ${res.statusCode}`;
  assert.is(res.statusCode, status, `${where} ${res.body.slice(0, 300)}`);
  const body: Json = res.json();
  assert.ok(Value.Check(schema, body), `${where}: ${JSON.stringify([...Value.Errors(schema, body)].slice(0, 3))}`);
  const path = req.url.split('?')[0];
  const documented = doc.paths[path]?.[(req.method ?? 'GET').toLowerCase()]?.responses?.[String(status)];
  assert.ok(documented, `${where}: status not in the document`);
  const declared = documented.content['application/json'].schema;
  assert.ok(Value.Check(declared, body), `${where}: does not match the document`);
  return body;
}

const q = `nomr=${DEMO_A.nomr}&tgllahir=${DEMO_A.tgl_lahir}`;
const list = (item: TSchema) => Success(Type.Array(item));

test("the patient's reads answer their schemas", async () => {
  const calls = patientReads();
  // C is in the ICVCU now; A's stays are over (A waits in today's clinic queue).
  const tokenC = await loginAs(t.app, DEMO_C);
  for (const [path, schema] of calls) {
    const [query, token] = path === API.inpatientCurrent ? [`nomr=${DEMO_C.nomr}&tgllahir=${DEMO_C.tgl_lahir}`, tokenC] : [q, tokenA];
    const body = await answers({ url: `${path}?${query}`, token }, 200, schema);
    if (Array.isArray(body.data)) assert.ok(body.data.length > 0, `${path}: there are entries to check`);
  }
  await answers({ url: `${API.doctorSchedule}?spesialis=Kardiologi`, token: tokenA }, 200, list(DoctorSchedule));
  const monday = nextOnWeekday(addDays(todayWib(), 1), 1);
  await answers(
    { url: `${API.quota}?kd_dr=&kd_dep=20001&tgl_janji=${encodeURIComponent(toQuotaDate(monday))}&hari=${weekdayName(monday)}`, token: tokenA },
    200,
    list(QuotaSlot),
  );
});

test('refusals answer the failure shape with their documented status', async () => {
  await answers({ url: API.profile }, 401, Failure);
  await answers({ url: `${API.profile}?nomr=${DEMO_B.nomr}`, token: tokenA }, 403, Failure);
  await answers({ url: `${API.profile}?tgllahir=17-08-1968`, token: tokenA }, 400, Failure);
  await answers({ method: 'POST', url: API.login, payload: { medical_record_number: DEMO_A.nomr, birthdate: '1900-01-01' } }, 401, Failure);
  await answers({ method: 'POST', url: '/api/internal/notify', payload: { nomr: '77777777', title: 'x', body: 'y' }, token: INTERNAL_TOKEN }, 404, Failure);
  await answers({ method: 'POST', url: '/api/internal/notify', payload: { nomr: DEMO_A.nomr, title: 'x', body: 'y' }, token: tokenA }, 401, Failure);
});

test('login, registration, booking, push and the internal calls answer their schemas', async () => {
  await answers({ url: '/api/health' }, 200, Healthy);
  await answers(
    { method: 'POST', url: API.login, payload: { medical_record_number: DEMO_B.nomr, birthdate: DEMO_B.tgl_lahir, fcmtoken: '' } },
    200,
    LoginResponse,
  );
  const registration = {
    nama: 'Dewi Lestari',
    no_ktp: '3173044101900002',
    tempat_lahir: 'Bandung',
    tgl_lahir: '1990-01-01',
    telp_hp: '081234567891',
    email: 'dewi@example.co.id',
    pekerjaan: '02',
  };
  assert.is((await answers({ method: 'POST', url: API.register, payload: registration }, 200, RegistrationAnswer)).status, true);
  assert.is((await answers({ method: 'POST', url: API.register, payload: { ...registration, no_ktp: '1' } }, 200, RegistrationAnswer)).status, false);
  const monday = nextOnWeekday(addDays(todayWib(), 14), 1);
  const booking = d001BookingOf(DEMO_A, monday);
  assert.is((await answers({ method: 'POST', url: API.book, token: tokenA, payload: booking }, 200, BookingAnswer)).status, true);
  assert.is((await answers({ method: 'POST', url: API.book, token: tokenA, payload: { ...booking, hp: '' } }, 200, BookingAnswer)).status, false);
  await answers({ url: API.vapidKey }, 200, Success(VapidKey));
  const phone = subscriber('https://fcm.googleapis.com/fcm/send/openapi-test');
  await answers({ method: 'POST', url: API.savePush, token: tokenA, payload: { fcmtoken: phone.json } }, 200, Success(PushRegistered));
  await answers(
    { method: 'POST', url: '/api/internal/notify', token: INTERNAL_TOKEN, payload: { nomr: DEMO_A.nomr, title: 'Info', body: 'Uji' } },
    200,
    Success(Enqueued),
  );
  await answers(
    { method: 'POST', url: '/api/internal/antrian/farmasi/status', token: INTERNAL_TOKEN, payload: { no_antrian: 'F-012', status_obat: 'Sedang diracik' } },
    200,
    Success(PharmacyChange),
  );
  // With this phone's registration (unlinked from A), and as the spec's client sends it: no body.
  await answers({ method: 'POST', url: API.logout, token: tokenA, payload: { fcmtoken: phone.json } }, 200, Success(Type.Null()));
  await answers({ method: 'POST', url: API.logout, token: tokenA }, 200, Success(Type.Null()));
});

test('the passkey calls answer their schemas', async () => {
  const token = await loginAs(t.app, DEMO_B);
  const phone = new SoftAuthenticator({ origin: 'http://localhost:8080' });
  await answers({ url: API.passkeyOffer, token }, 200, Success(PasskeyOffer));
  const options = await answers({ url: API.passkeyRegisterOptions, token }, 200, Success(RegistrationOptions));
  await answers({ method: 'POST', url: API.passkeyRegister, token, payload: phone.register(options.data) }, 200, Success(PasskeyInfo));
  await answers({ url: API.devices, token }, 200, Success(Devices));
  const login = await answers({ url: API.passkeyLoginOptions }, 200, Success(LoginOptions));
  const assertion = phone.assert(login.data);
  await answers({ method: 'POST', url: API.passkeyLogin, payload: assertion }, 200, PasskeyLoginResponse);
  await answers({ method: 'POST', url: API.passkeyLogin, payload: assertion }, 401, Failure);
  await answers({ method: 'POST', url: API.sessionEnd, token, payload: { id: '00000000-0000-4000-8000-000000000000' } }, 404, Failure);
  await answers({ method: 'POST', url: API.passkeyRemove, token, payload: { id: phone.id } }, 200, Success(Type.Null()));
});

test('cancel, reschedule, online booking, the booking rules and the reminder and link calls answer their schemas', async () => {
  const tokenB = await loginAs(t.app, DEMO_B);
  const monday = nextOnWeekday(addDays(todayWib(), 21), 1);
  const booking = { nomr: DEMO_B.nomr, tgl_janji: monday, kd_dep: '20001', kd_dr: 'D001', sts_jam: '2', carabayar: 'P' as const, hp: '081234567890' };
  const made = await answers({ method: 'POST', url: API.bookOnline, token: tokenB, payload: booking }, 200, BookingAnswer);
  const { no_reg } = made.data;
  await answers(
    { method: 'POST', url: '/api/internal/konsultasi/link', token: INTERNAL_TOKEN, payload: { no_reg, url: 'https://meet.example.id/r' } },
    200,
    Success(MeetingLinkSet),
  );
  await answers({ url: `/api/internal/pengingat?no_reg=${no_reg}`, token: INTERNAL_TOKEN }, 200, Success(Type.Array(Reminder)));
  await answers({ url: `${API.upcoming}?nomr=${DEMO_B.nomr}`, token: tokenB }, 200, Success(UpcomingAppointments));
  await answers({ url: API.bookingRules, token: tokenB }, 200, Success(BookingRules));
  const move = { no_reg, tgl_janji: addDays(monday, 1), kd_dr: 'D001', sts_jam: '2' };
  assert.is((await answers({ method: 'POST', url: API.reschedule, token: tokenB, payload: move }, 200, BookingAnswer)).status, true);
  await answers({ method: 'POST', url: API.reschedule, token: await loginAs(t.app, DEMO_A), payload: move }, 404, Failure);
  await answers({ method: 'POST', url: API.cancel, token: tokenB, payload: { no_reg: 'RJ000000000000', alasan: 'Sudah sembuh' } }, 404, Failure);
  await answers({ method: 'POST', url: API.book, token: tokenB, payload: { ...booking, sts_jam: '1', tgl_janji: '2126-11-26' } }, 400, Failure);
  assert.is((await answers({ method: 'POST', url: API.cancel, token: tokenB, payload: { no_reg, alasan: 'Sudah sembuh' } }, 200, CancelAnswer)).status, true);
});

test('the BPJS Antrean outbox calls answer their schemas', async () => {
  const [{ no_reg }] = await t.db.query<{ no_reg: string }>(`SELECT no_reg FROM appointments WHERE nomr = $1 AND kd_dep = '20001' LIMIT 1`, [DEMO_A.nomr]);
  await queueBpjsAdd(t.db, no_reg, { minutesPerPatient: 10 });
  const listed = await answers({ url: '/api/internal/bpjs/antrean?status=waiting', token: INTERNAL_TOKEN }, 200, Success(Type.Array(BpjsRow)));
  assert.is(listed.data.length, 1);
  // A path with a parameter: its answers checked against the document's templated path.
  const retry = doc.paths['/api/internal/bpjs/antrean/{id}/ulang'].post.responses;
  for (const [id, status, schema] of [
    [listed.data[0].id, 200, Success(BpjsRow)],
    [999999, 404, Failure],
  ] as const) {
    const res = await t.app.inject({ method: 'POST', url: `/api/internal/bpjs/antrean/${id}/ulang`, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
    assert.is(res.statusCode, status, res.body);
    assert.ok(Value.Check(schema, res.json()), res.body);
    assert.ok(Value.Check(retry[String(status)].content['application/json'].schema, res.json()), `${status}: does not match the document`);
  }
});

if (existsSync('dist/index.html')) {
  test('with the built app served, its pages stay out of the document', async () => {
    const db = await freshDb({ seed: false });
    const app = await buildApp({ config: testConfig({ distDir: resolvePath('dist') }), db, logger: false });
    try {
      assert.is((await app.inject({ url: '/home' })).statusCode, 200);
      const paths = Object.keys((await app.inject({ url: '/api/docs' })).json().paths);
      assert.equal(
        paths.filter((p) => !p.startsWith('/api/')),
        ['/foto-dokter/{file}'],
      );
    } finally {
      await app.close();
      await db.close();
    }
  });
}

test.run();

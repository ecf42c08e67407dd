// Thousands of broken and hostile requests to every endpoint of the OpenAPI document: wrong
// types, missing and unknown fields, huge strings, SQL and script fragments, broken JSON, wrong
// content types, impossible dates, bad encodings, forged tokens. Each is refused with a 4xx (or,
// for booking and registration, the contract's {status: false}); none gets a 5xx; the server
// keeps serving; and no business table changes. Seeded, so every run sends the same requests.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { InjectOptions } from 'fastify';
import { DEMO_A, INTERNAL_TOKEN, loginAs, testApp, type TestApp } from '../support/app.ts';
import { d001BookingOf } from '../support/booking.ts';

let t: TestApp;
let tokenA: string;
test.before(async () => {
  t = await testApp();
  tokenA = await loginAs(t.app, DEMO_A);
});
test.after(async () => t.close());

/** mulberry32: a small seeded generator. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(20261122);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

const HOSTILE = [
  "' OR '1'='1",
  "'; DROP TABLE patients; --",
  '1; SELECT pg_sleep(5)',
  "00012345' --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '😀🏥💊',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as it is
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x41',
  ' ',
  '\t\n',
  '\\',
  '%zz',
  '%',
  'A'.repeat(5000),
  '9'.repeat(400),
  'ZZZ'.repeat(40),
] as const;
const BAD_DATES = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-99-99',
  '2025-02-29',
  '02/30/26',
  '13/01/26',
  '2026-1-1',
  '01/12/2026',
  '2026-12-01T00:00:00Z',
  '1968-08-17; --',
];
const WRONG_TYPES: unknown[] = [0, -1, 1.5, 1e308, true, false, null, [], ['00012345'], {}, { $ne: null }, { nomr: DEMO_A.nomr }];
const BROKEN_JSON = [
  '{',
  '{"nomr":',
  '[',
  '{"a":1,}',
  'nul',
  '{"nomr":"1"}}',
  '\u0000\u0001',
  '"just a string"',
  '12345',
  '{"nomr":"1" "x":2}',
  '{'.repeat(2000),
];

/**
 * For each state-changing call, a body aimed at nothing that exists (an unknown number, a
 * past date, a bad NIK), so even a mutation that happens to be well-formed changes nothing.
 */
const BASE_BODIES: Record<string, Record<string, unknown>> = {
  '/api/auth/proxy-login': { medical_record_number: DEMO_A.nomr, birthdate: '1900-01-01', fcmtoken: '' },
  '/api/patient/simpan/pasien/baru': {
    nama: 'Uji Coba',
    no_ktp: '123',
    tempat_lahir: 'Jakarta',
    tgl_lahir: '1980-01-01',
    telp_hp: '081234567890',
    email: 'uji@example.id',
    pekerjaan: '02',
  },
  '/api/patient/simpan/janji': d001BookingOf(DEMO_A, '2000-01-03'),
  '/api/patient/simpan/fcmtoken': { fcmtoken: '{"endpoint":"https://attacker.example/x","keys":{"p256dh":"a","auth":"b"}}' },
  '/api/internal/notify': { nomr: '77777777', title: 'Uji', body: 'Uji', url: '/home' },
  '/api/internal/antrian/poli/panggil': { no_reg: 'RJ-TIDAK-ADA' },
  '/api/internal/antrian/farmasi/status': { no_antrian: 'F-999', status_obat: 'Siap diambil' },
};
const BASE_QUERIES: Record<string, Record<string, string>> = {
  '/api/patient/list/quota': { kd_dr: '', kd_dep: '20001', tgl_janji: '12/01/26', hari: 'Selasa' },
  '/api/patient/jadwal/dokter': { spesialis: 'Kardiologi' },
};

interface Op {
  method: 'GET' | 'POST';
  path: string;
  query: Array<{ name: string; schema: Record<string, unknown> }>;
  body: { required?: string[]; properties?: Record<string, Record<string, unknown>>; additionalProperties?: boolean } | null;
}

function operations(): Op[] {
  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Array<{ in: string; name: string; schema: Record<string, unknown> }>; requestBody?: { content: Record<string, { schema: Op['body'] }> } }
      >
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      // A stream answers for minutes by design and takes no input: the live tests cover it.
      .filter(([, op]) => !JSON.stringify(op).includes('text/event-stream'))
      .map(([method, op]) => ({
        method: method.toUpperCase() as Op['method'],
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content['application/json']?.schema ?? null,
      })),
  );
}

/** Logout takes no token here: it would end the session every other request uses. */
const authFor = (path: string): Record<string, string> =>
  path.startsWith('/api/internal/')
    ? { authorization: `Bearer ${INTERNAL_TOKEN}` }
    : path.startsWith('/api/patient/')
      ? { authorization: `Bearer ${tokenA}` }
      : {};
/** Logout answers 200 to anything: ending a session that is not there is no error. */
const TOLERANT = new Set(['/api/auth/logout']);

/** A value that breaks the property's schema: a wrong type, too long, or off its pattern. */
function breaking(schema: Record<string, unknown>): unknown {
  const choices: unknown[] = [pick(WRONG_TYPES)];
  if (typeof schema.maxLength === 'number') choices.push('x'.repeat((schema.maxLength as number) + 1 + Math.floor(rnd() * 50)));
  if (typeof schema.pattern === 'string') {
    // Only what the pattern refuses: free text takes any printable line, 'ZZZ…' included.
    const pattern = new RegExp(schema.pattern as string, 'u');
    const off = [...HOSTILE.slice(0, 12), ...BAD_DATES.slice(4)].filter((v) => typeof v !== 'string' || !pattern.test(v));
    if (off.length) choices.push(pick(off));
  }
  if (schema.minLength) choices.push('');
  return pick(choices);
}

/** One malformed request for the operation, and whether a 200 {status: false} may answer it. */
function mutate(op: Op): { req: InjectOptions; refusalMayBe200: boolean } {
  const headers: Record<string, string> = { ...authFor(op.path) };
  const base = { ...(BASE_BODIES[op.path] ?? {}) };
  const query = { ...(op.query.length ? (BASE_QUERIES[op.path] ?? { nomr: DEMO_A.nomr, tgllahir: DEMO_A.tgl_lahir }) : {}) };
  const kinds =
    op.method === 'POST' && op.body
      ? ['broken-json', 'content-type', 'wrong-type', 'missing', 'extra', 'hostile', 'bad-date', 'token']
      : op.query.length
        ? ['query-break', 'query-hostile', 'query-array', 'token']
        : ['token', 'query-hostile'];
  const kind = pick(kinds);
  const props = Object.entries(op.body?.properties ?? {});
  let payload: string | Record<string, unknown> | undefined = base;
  // Semantic refusals of booking and registration answer 200 {status: false} (decisions).
  let refusalMayBe200 = false;
  switch (kind) {
    case 'broken-json':
      payload = pick(BROKEN_JSON);
      headers['content-type'] = 'application/json';
      break;
    case 'content-type':
      payload = pick(['nomr=1&x=2', '<xml/>', JSON.stringify(base)]);
      headers['content-type'] = pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x']);
      break;
    case 'wrong-type': {
      const [name, schema] = pick(props);
      payload = { ...base, [name]: breaking(schema) };
      break;
    }
    case 'missing': {
      const required = op.body?.required ?? [];
      if (!required.length) return mutate(op);
      const copy = { ...base };
      delete copy[pick(required)];
      payload = copy;
      break;
    }
    case 'extra':
      if (op.body?.additionalProperties !== false) return mutate(op);
      payload = { ...base, [pick(['admin', '__proto__', 'nomr_lain', 'is_admin', 'status'])]: pick(HOSTILE) };
      break;
    case 'hostile': {
      const [name, schema] = pick(props);
      // Plain letters and digits within the field's length are valid opaque text (a push token).
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
      const plain = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9]+$/.test(v) && v.length <= max;
      payload = { ...base, [name]: pick(HOSTILE.filter((v) => !plain(v))) };
      refusalMayBe200 = true;
      break;
    }
    case 'bad-date': {
      const dated = props.filter(([n]) => /tgl|date/.test(n));
      if (!dated.length) return mutate(op);
      payload = { ...base, [pick(dated)[0]]: pick(BAD_DATES) };
      refusalMayBe200 = true;
      break;
    }
    case 'token':
      headers.authorization = pick([
        `Bearer ${pick(HOSTILE)}`,
        'Bearer',
        `Basic ${Buffer.from('a:b').toString('base64')}`,
        `Bearer ${tokenA}x`,
        `Bearer ${'A'.repeat(22)}`,
      ]);
      if (!op.path.startsWith('/api/patient/') && !op.path.startsWith('/api/internal/')) return mutate(op);
      refusalMayBe200 = true; // registration takes no token: its base body is refused on its merits
      break;
    case 'query-break': {
      const p = pick(op.query.filter((q) => q.schema.pattern || q.schema.maxLength || q.schema.minLength));
      if (!p) return mutate(op);
      query[p.name] = String(breaking(p.schema));
      break;
    }
    case 'query-hostile':
      query[pick(op.query.length ? op.query.map((q) => q.name) : ['nomr', 'x'])] = pick(HOSTILE);
      refusalMayBe200 = true;
      break;
    case 'query-array': {
      const name = pick(op.query).name;
      const qs = `${new URLSearchParams(query)}&${name}=1&${name}=2`;
      return { req: { method: op.method, url: `${op.path}?${qs}`, headers }, refusalMayBe200: false };
    }
  }
  const qs = Object.keys(query).length ? `?${new URLSearchParams(query)}` : '';
  const body = op.method === 'POST' ? (typeof payload === 'string' ? payload : JSON.stringify(payload)) : undefined;
  if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  return { req: { method: op.method, url: op.path + qs, headers, payload: body }, refusalMayBe200 };
}

const TABLES = [
  'patients',
  'registrations',
  'registration_submissions',
  'appointments',
  'practice_sessions',
  'sessions',
  'push_registrations',
  'notifications',
  'push_deliveries',
  'clinic_queue',
  'pharmacy_queue',
  'visits',
  'lab_orders',
];

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    // last_seen_at moves on every authorised read; it is not what a request may change.
    const row = table === 'sessions' ? '(token_hash, nomr, revoked_at, expires_at)::text' : 't::text';
    const [r] = await t.db.query<{ sum: string | null; n: number }>(
      `SELECT md5(string_agg(${row}, '|' ORDER BY ${row})) AS sum, count(*)::int AS n FROM ${table} t`,
    );
    out[table] = `${r.n}:${r.sum}`;
  }
  return out;
}

test('thousands of broken and hostile requests: refused with 4xx, no 5xx, nothing changed, still serving', async () => {
  const before = await snapshot();
  const ops = operations();
  assert.ok(ops.length >= 25, `${ops.length} operations in the OpenAPI document`);
  const counts = { requests: 0, '4xx': 0, refused200: 0, read200: 0, '5xx': 0 };
  const wrong: string[] = [];
  const send = async (req: InjectOptions, refusalMayBe200: boolean) => {
    const res = await t.app.inject(req);
    counts.requests++;
    const body = res.body;
    if (res.statusCode >= 500) {
      counts['5xx']++;
      wrong.push(`${res.statusCode} ${req.method} ${String(req.url).slice(0, 120)} ${String(req.payload ?? '').slice(0, 120)} → ${body.slice(0, 200)}`);
    } else if (res.statusCode >= 400) counts['4xx']++;
    else if (res.statusCode === 200 && (req.method === 'GET' || TOLERANT.has(String(req.url).split('?')[0]))) counts.read200++;
    else if (res.statusCode === 200 && refusalMayBe200 && res.json().status === false) counts.refused200++;
    else wrong.push(`${res.statusCode} ${req.method} ${String(req.url).slice(0, 120)} ${String(req.payload ?? '').slice(0, 200)} → ${body.slice(0, 200)}`);
    assert.not.match(body, /at .*\.ts:\d+|node_modules|stack/i, 'no stack trace in an answer');
  };

  for (const op of ops) {
    for (let i = 0; i < 100; i++) {
      const { req, refusalMayBe200 } = mutate(op);
      await send(req, refusalMayBe200);
    }
  }
  // Paths and methods that do not exist, and a body over the size limit.
  for (let i = 0; i < 150; i++) {
    await send(
      {
        method: pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const),
        url: `/api/patient/${encodeURIComponent(pick(HOSTILE)).slice(0, 300)}`,
        headers: authFor('/api/patient/'),
      },
      false,
    );
  }
  for (let i = 0; i < 20; i++) {
    await send(
      {
        method: 'POST',
        url: '/api/patient/simpan/pasien/baru',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ nama: 'A'.repeat(20_000 + i) }),
      },
      false,
    );
  }

  console.log(
    `fuzz: ${counts.requests} requests, ${counts['4xx']} answered 4xx, ${counts.refused200} refused as {status: false}, ${counts.read200} reads (and logouts) answered 200, ${counts['5xx']} answered 5xx`,
  );
  assert.equal(wrong, [], 'every malformed request refused, none answered 5xx');
  assert.is(counts['5xx'], 0);
  assert.ok(counts.requests >= 2500, `${counts.requests} requests`);
  assert.equal(await snapshot(), before, 'no business table changed');
  assert.is((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200, 'still serving');
  assert.is(
    (await t.app.inject({ method: 'GET', url: `/api/patient/profil/pasien?nomr=${DEMO_A.nomr}`, headers: { authorization: `Bearer ${tokenA}` } })).statusCode,
    200,
  );
});

test.run();

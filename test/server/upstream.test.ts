// SIMRS=upstream: this server in front of a hospital's own API of docs/product.md §7 and its login
// service, here the stand-in of test/support/hospital-api.ts (written from §7 alone) over real
// loopback HTTP. The login is the hospital's and its token never reaches the phone; every read goes
// there with §7's parameters and formats; a booking and a registration are handed over once per
// tap; answers are reused only where safe; the hospital down, slow, failing or expiring its token
// is said to the patient and never holds other patients' calls. On PGlite and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import Ajv from 'ajv';
import draft6 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, formatLong } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import type { UpstreamConfig } from '../../server/config/upstream.ts';
import { UPSTREAM_MSG } from '../../server/connector/upstream/client.ts';
import type { Db } from '../../server/db/client.ts';
import { hashToken } from '../../server/db/sessions.ts';
import { MSG } from '../../server/errors.ts';
import { PASSKEY_MSG } from '../../server/domain/passkeys.ts';
import { CALLED_TITLE } from '../../server/domain/queues.ts';
import { wibInstant } from '../../common/wib.ts';
import { queueDueReminders } from '../../server/push/reminders.ts';
import { LOGIN_FAILED } from '../../server/routes/auth.ts';
import { newPatient, testConfig } from '../support/app.ts';
import { SoftAuthenticator } from '../support/authenticator.ts';
import { freshDb } from '../support/db.ts';
import { type HospitalApi, startHospitalApi } from '../support/hospital-api.ts';
import { nextDateOn } from '../support/hospital-api-data.ts';
import { openStream } from '../support/stream.ts';

const A = { nomr: '00201234', tgl_lahir: '1968-03-14' };
const B = { nomr: '00205678', tgl_lahir: '1990-11-02' };
/** UPSTREAM_TOKEN_KEY: 32 random bytes (a fresh key each run). */
const TOKEN_KEY = randomBytes(32).toString('base64');
const mmddyy = (ymd: string) => `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(2, 4)}`;

type App = Awaited<ReturnType<typeof buildApp>>;
let h: HospitalApi;
let db: Db;
let app: App;
let logs = '';

async function start(env: Record<string, string> = {}) {
  app = await buildApp({ config: configOf(env), db, logStream: logTo(), internal: 'here' });
  await app.ready();
}
const configOf = (env: Record<string, string> = {}) =>
  testConfig({
    simrs: loadConfig({ SIMRS: 'upstream', UPSTREAM_API_URL: h.url, UPSTREAM_LOGIN_URL: h.loginUrl, UPSTREAM_TOKEN_KEY: TOKEN_KEY, ...env }).simrs,
    logLevel: 'info',
  });
function logTo() {
  return new Writable({
    write: (chunk, _enc, done) => {
      logs += chunk;
      done();
    },
  });
}

// One database for the file (this server's sessions and copies of patients); a fresh hospital and server for each test.
test.before(async () => {
  db = await freshDb();
});
test.after(() => db.close());
test.before.each(async () => {
  h = await startHospitalApi({ quota: 2 });
  await start();
});
test.after.each(async () => {
  await app.close();
  await h.close();
});

async function login(who: { nomr: string; tgl_lahir: string }) {
  return app.inject({ method: 'POST', url: API.login, payload: { medical_record_number: who.nomr, birthdate: who.tgl_lahir, fcmtoken: '' } });
}
async function tokenOf(who: { nomr: string; tgl_lahir: string }): Promise<string> {
  const res = await login(who);
  assert.is(res.statusCode, 200, res.body);
  return res.json().token.access_token;
}
const get = (token: string, url: string, query: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${token}` } });
const post = (token: string | null, url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
/** The bearer token the hospital gave (its login service's answer): the one its reads must carry. */
const hospitalTokens = () => new Set(h.calls.filter((c) => c.bearer).map((c) => c.bearer));

test('the settings: SIMRS=upstream needs UPSTREAM_API_URL (https, or http on this machine), and refuses what it cannot keep', () => {
  const hex = randomBytes(32).toString('hex');
  const { tokenKey, ...ok } = loadConfig({ SIMRS: 'upstream', UPSTREAM_API_URL: 'https://api.rs.example.id/', UPSTREAM_TOKEN_KEY: hex })
    .simrs as UpstreamConfig;
  assert.is(tokenKey.toString('hex'), hex);
  const b64 = loadConfig({ SIMRS: 'upstream', UPSTREAM_API_URL: 'https://api.rs.example.id', UPSTREAM_TOKEN_KEY: TOKEN_KEY }).simrs as UpstreamConfig;
  assert.is(b64.tokenKey.toString('base64'), TOKEN_KEY);
  assert.equal(ok, {
    kind: 'upstream',
    apiUrl: 'https://api.rs.example.id',
    loginUrl: 'https://api.rs.example.id',
    timeoutMs: 10_000,
    maxParallel: 8,
    maxWaiting: 50,
    maxPerSecond: 50,
    cache: { quotaMs: 3000, listsMs: 300_000, queueMs: 15_000 },
  });
  assert.equal(loadConfig({}).simrs, { kind: 'local' });
  for (const [env, named] of [
    [{ SIMRS: 'upstream' }, 'UPSTREAM_API_URL'],
    // The key of the hospital's tokens kept in the database: needed, and 32 bytes.
    [{ SIMRS: 'upstream', UPSTREAM_API_URL: 'https://api.rs.example.id' }, 'UPSTREAM_TOKEN_KEY'],
    [{ SIMRS: 'upstream', UPSTREAM_API_URL: 'https://api.rs.example.id', UPSTREAM_TOKEN_KEY: randomBytes(16).toString('hex') }, 'UPSTREAM_TOKEN_KEY'],
    [{ SIMRS: 'upstream', UPSTREAM_API_URL: 'https://api.rs.example.id', UPSTREAM_TOKEN_KEY: 'a passphrase, not a key of 32 bytes' }, 'UPSTREAM_TOKEN_KEY'],
    [{ UPSTREAM_API_URL: 'https://api.rs.example.id' }, 'UPSTREAM_API_URL'],
    [
      { SIMRS: 'upstream', UPSTREAM_API_URL: 'https://api.rs.example.id', UPSTREAM_TOKEN_KEY: TOKEN_KEY, KHANZA_DATABASE_URL: 'mysql://u:p@db:3306/sik' },
      'KHANZA_DATABASE_URL',
    ],
    [
      {
        SIMRS: 'upstream',
        UPSTREAM_API_URL: 'https://api.rs.example.id',
        UPSTREAM_TOKEN_KEY: TOKEN_KEY,
        BPJS_ANTREAN_URL: 'https://apijkn.bpjs-kesehatan.go.id/antreanrs',
        BPJS_CONS_ID: '1234',
        BPJS_SECRET_KEY: 'secret',
        BPJS_USER_KEY: 'userkey',
        BPJS_REPORTER: 'app',
      },
      'BPJS_REPORTER',
    ],
    [{ SIMRS: 'upstream', UPSTREAM_API_URL: 'http://api.rs.example.id' }, 'UPSTREAM_API_URL'],
    [{ SIMRS: 'upstream', UPSTREAM_API_URL: 'https://api.rs.example.id', UPSTREAM_LOGIN_URL: 'ftp://x', UPSTREAM_TOKEN_KEY: TOKEN_KEY }, 'UPSTREAM_LOGIN_URL'],
    [{ SIMRS: 'upstream', UPSTREAM_API_URL: 'https://api.rs.example.id', PASSKEY_REQUIRED: 'true', UPSTREAM_TOKEN_KEY: TOKEN_KEY }, 'PASSKEY_REQUIRED'],
    [
      { SIMRS: 'upstream', UPSTREAM_API_URL: 'https://api.rs.example.id', UPSTREAM_TIMEOUT_SECONDS: '0', UPSTREAM_TOKEN_KEY: TOKEN_KEY },
      'UPSTREAM_TIMEOUT_SECONDS',
    ],
    [
      {
        SIMRS: 'upstream',
        UPSTREAM_API_URL: 'https://api.rs.example.id',
        JKN_WS_USERNAME: 'bpjs',
        JKN_WS_PASSWORD: 'a-long-enough-password',
        UPSTREAM_TOKEN_KEY: TOKEN_KEY,
      },
      'SIMRS',
    ],
  ] as Array<[Record<string, string>, string]>) {
    assert.throws(
      () => loadConfig(env),
      (e: Error) => e instanceof ConfigError && e.message.includes(named),
      JSON.stringify(env),
    );
  }
});

test('the login is decided by the hospital’s login service; the phone gets this server’s token, never the hospital’s', async () => {
  const wrong = await login({ nomr: A.nomr, tgl_lahir: '1968-03-15' });
  assert.is(wrong.statusCode, 401);
  assert.is(wrong.json().message, LOGIN_FAILED);
  const ours = await tokenOf(A);
  const [first, second] = h.callsTo('/api/auth/proxy-login');
  assert.is(first.service, 'login');
  // §7's body, without the phone's push registration (this server's own).
  assert.equal(second.body, { medical_record_number: A.nomr, birthdate: A.tgl_lahir, fcmtoken: '' });
  const theirs = [...hospitalTokens()];
  assert.is(theirs.length, 1);
  assert.is.not(ours, theirs[0]);
  const profile = await get(ours, API.profile);
  assert.is(profile.json().data.nama, 'SUTRISNO HADI');
  assert.not.match(profile.body + (await login(A)).body, theirs[0] as string);
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  assert.equal(health.json().simrs, 'upstream');
  assert.is(health.statusCode, 200);
});

test('every read goes to the hospital on the patient’s behalf, with §7’s parameters, and answers its data', async () => {
  h.setTextStatus(true); // status as the string 'true' is a success too
  const token = await tokenOf(A);
  const q = { nomr: A.nomr, tgllahir: A.tgl_lahir };
  const reads: Array<[string, Record<string, string>, (body: Record<string, unknown>) => void]> = [
    [API.profile, q, (b) => assert.is((b.data as { tgl_lahir: string }).tgl_lahir, A.tgl_lahir)],
    [API.upcoming, q, (b) => assert.ok((b.data as { jadwal: unknown[] }).jadwal.length > 0)],
    [API.clinicQueue, q, (b) => assert.equal((b.data as Array<{ no_urut: number; tgl_janji: string }>)[0].no_urut, 4)],
    [API.pharmacyQueue, q, (b) => assert.is((b.data as Array<{ status_obat: string }>)[0].status_obat, 'Sedang Disiapkan')],
    [API.lastAppointment, { nomr: A.nomr }, (b) => assert.type((b.data as { tgl_janji: unknown }).tgl_janji, 'string')],
    [API.clinics, { nomr: A.nomr }, (b) => assert.is((b.data as unknown[]).length, 4)],
    [
      API.doctorSchedule,
      { spesialis: 'Kardiologi' },
      (b) =>
        assert.equal(
          (b.data as Array<{ kd_dr: string }>).map((d) => d.kd_dr),
          ['D0101', 'D0102'],
        ),
    ],
    [API.cathSchedule, q, (b) => assert.ok((b.data as unknown[]).length > 0)],
    [API.surgerySchedule, q, (b) => assert.ok((b.data as unknown[]).length > 0)],
    [API.historyPoli, q, (b) => assert.ok((b.data as unknown[]).length > 0)],
    [API.historyOnline, q, (b) => assert.ok((b.data as unknown[]).length > 0)],
    [API.inpatientCurrent, q, (b) => assert.ok(Array.isArray(b.data))],
    [API.inpatientPast, q, (b) => assert.ok((b.data as unknown[]).length > 0)],
    [API.historyCath, q, (b) => assert.ok((b.data as unknown[]).length > 0)],
    [API.historySurgery, q, (b) => assert.ok((b.data as unknown[]).length > 0)],
    [
      API.supporting,
      { nomr: A.nomr },
      (b) => (assert.is((b.hasillab as Array<{ no_lab: string }>)[0].no_lab, 'LAB2600123'), assert.is((b.data as Array<{ inap: string }>)[0].inap, 'N')),
    ],
    [API.vascular, { nomr: A.nomr }, (b) => assert.ok((b.data as unknown[]).length > 0)],
  ];
  for (const [url, query, check] of reads) {
    const res = await get(token, url, query);
    assert.is(res.statusCode, 200, `${url}: ${res.body}`);
    assert.is(res.json().status, true, url);
    check(res.json());
    // The hospital was asked with the patient's token and §7's query for that call.
    const asked = h.callsTo(url).at(-1);
    assert.ok(asked, `${url} reached the hospital`);
    assert.is(asked?.bearer, [...hospitalTokens()][0]);
    if (query.nomr) assert.equal(asked?.query, query, url);
  }
  // Both lists of penunjang came from one call.
  assert.is(h.callsTo(API.supporting).length, 1);

  // Quota: tgl_janji MM/DD/YY with the Indonesian weekday; a day without practice is one kode 301.
  const monday = h.nextDateOn('Senin');
  const slots = await get(token, API.quota, { kd_dr: '', kd_dep: '10101', tgl_janji: mmddyy(monday), hari: 'Senin' });
  assert.equal(
    slots.json().data.map((s: { kd_dr: string; kode: number }) => [s.kd_dr, s.kode]),
    [
      ['D0101', 200],
      ['D0102', 200],
    ],
  );
  assert.equal(h.callsTo(API.quota).at(-1)?.query, { kd_dr: '', kd_dep: '10101', tgl_janji: mmddyy(monday), hari: 'Senin' });
  const sunday = h.nextDateOn('Minggu');
  const none = await get(token, API.quota, { kd_dr: '', kd_dep: '10101', tgl_janji: mmddyy(sunday), hari: 'Minggu' });
  assert.equal(
    none.json().data.map((s: { kode: number }) => s.kode),
    [301],
  );
});

test('the histories are checked row by row: every well-formed row passes, a malformed one is left out', async () => {
  const token = await tokenOf(A);
  const lists: Array<[string, unknown[]]> = [
    [API.historyPoli, h.records.konsulUmum],
    [API.historyOnline, h.records.konsulOnline],
    [API.inpatientCurrent, h.records.inapJalan],
    [API.inpatientPast, h.records.inapLalu],
    [API.cathSchedule, h.records.kath],
    [API.surgerySchedule, h.records.bedah],
    [API.historyCath, h.records.tindakanKath],
    [API.historySurgery, h.records.tindakanBedah],
    [API.vascular, h.records.vaskular],
  ];
  for (const [url, rows] of lists) assert.is((await get(token, url)).json().data.length, rows.length, url);
  const supporting = (await get(token, API.supporting)).json();
  assert.equal([supporting.hasillab.length, supporting.data.length], [h.records.hasillab.length, h.records.poliHistory.length]);
  // A row without its fields, or with a list where a text belongs: not handed on.
  const good = h.records.konsulUmum.length;
  (h.records.konsulUmum as unknown[]).push({ no_reg: 7 }, { ...h.records.konsulUmum[0], nama_dokter: ['x'] });
  const res = await get(token, API.historyPoli);
  assert.is(res.statusCode, 200);
  assert.is(res.json().data.length, good);
});

test('a malformed item of a nested list is left out alone: the lab order keeps its other results, the high cholesterol among them', async () => {
  // As the hospital's API may answer: one result with only its name, one finding with only its access.
  type Lab = { no_lab: string; hasil_lab: Array<Record<string, unknown>> };
  const order = h.records.hasillab[0] as Lab;
  const results = order.hasil_lab.map((r) => r.test_nm);
  order.hasil_lab.splice(1, 0, { test_nm: 'Trigliserida' });
  const report = h.records.vaskular[0] as { no_reg: string; hasil_lab: Array<Record<string, unknown>> };
  report.hasil_lab.push({ access: 'Vena poplitea' });
  const token = await tokenOf(A);
  const supporting = await get(token, API.supporting);
  assert.is(supporting.statusCode, 200, supporting.body);
  const [lab] = supporting.json().hasillab as Array<{ no_lab: string; hasil_lab: Array<{ test_nm: string; hasil: string; flag: string | null }> }>;
  assert.is(lab.no_lab, order.no_lab);
  assert.equal(
    lab.hasil_lab.map((r) => r.test_nm),
    results,
  );
  const ldl = lab.hasil_lab.find((r) => r.test_nm === 'Kolesterol LDL');
  assert.equal([ldl?.hasil, ldl?.flag], ['162', 'H']);
  const [vascular] = (await get(token, API.vascular)).json().data as Array<{ no_reg: string; hasil_lab: Array<{ access: string }> }>;
  assert.is(vascular.no_reg, report.no_reg);
  assert.equal(
    vascular.hasil_lab.map((f) => f.access),
    ['Vena safena magna'],
  );
  // The record export reads the same orders: the cholesterol is among its observations.
  const bundle = (await get(token, `/api/fhir/Patient/${A.nomr}/$everything`)).json() as {
    entry: Array<{ resource: { resourceType: string; code?: { text?: string } } }>;
  };
  const observed = bundle.entry.filter((e) => e.resource.resourceType === 'Observation').map((e) => e.resource.code?.text);
  assert.ok(observed.includes('Kolesterol LDL'), JSON.stringify(observed));
  assert.not.ok(observed.includes('Trigliserida'));
});

test('the record export is built from the hospital’s histories', async () => {
  const token = await tokenOf(A);
  const res = await get(token, `/api/fhir/Patient/${A.nomr}/$everything`);
  assert.is(res.statusCode, 200, res.body);
  type Entry = { resource: { resourceType: string; birthDate?: string } };
  const bundle = res.json() as { entry: Entry[] };
  const patient = bundle.entry.find((e) => e.resource.resourceType === 'Patient')?.resource;
  assert.is(patient?.birthDate, A.tgl_lahir);
  assert.ok(bundle.entry.length > 5);
  // The official FHIR R4 JSON schema (as test/server/fhir.test.ts reads it) accepts it.
  const { id, ...schema } = JSON.parse(readFileSync('test/server/fhir-r4.schema.json', 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft6);
  const validate = ajv.compile({ ...schema, $id: id });
  const valid = validate(JSON.parse(res.body));
  const wrong = bundle.entry.flatMap((e, i) => {
    const check = valid ? null : ajv.getSchema(`${id}#/definitions/${e.resource.resourceType}`);
    const type = e.resource.resourceType;
    return check && !check(structuredClone(e.resource)) ? [`entry ${i} ${type}: ${JSON.stringify(check.errors?.slice(0, 3))}`] : [];
  });
  assert.equal(wrong, []);
  assert.ok(valid, JSON.stringify(validate.errors?.slice(0, 3)));
  // Each upcoming appointment once, whatever the hospital numbers it.
  const appointments = bundle.entry.filter((e) => e.resource.resourceType === 'Appointment');
  assert.is(appointments.length, 2);
});

test('a booking is the hospital’s: its data.message when accepted, its message when refused; one tap is one call however often the phone sends it', async () => {
  const tA = await tokenOf(A);
  const tB = await tokenOf(B);
  const monday = h.nextDateOn('Senin');
  const quotaQuery = { kd_dr: 'D0101', kd_dep: '10101', tgl_janji: mmddyy(monday), hari: 'Senin' };
  assert.is((await get(tA, API.quota, quotaQuery)).json().data[0].quota_terisi, 0);
  const body = {
    nomr: A.nomr,
    tgl_janji: monday,
    sts_ue: 'U',
    tgl_lahir: '',
    kd_dep: '10101',
    kd_dr: 'D0101',
    sts_jam: '1',
    carabayar: 'P',
    hp: '081200000001',
  };
  // A double tap and a retry after a lost answer: the same body three times.
  const [one, two] = await Promise.all([post(tA, API.book, body), post(tA, API.book, body)]);
  const three = await post(tA, API.book, body);
  for (const res of [one, two, three]) {
    assert.is(res.statusCode, 200);
    assert.is(res.json().status, true);
    assert.match(res.json().data.message, /^Perjanjian berhasil disimpan\. Nomor antrian Anda 1/);
  }
  const sent = h.callsTo(API.book);
  assert.is(sent.length, 1);
  assert.equal(sent[0].body, { ...body, tgl_lahir: A.tgl_lahir });
  assert.is(h.bookings.length, 1);
  // The quota read right after the booking is not the one from before it.
  assert.is((await get(tA, API.quota, quotaQuery)).json().data[0].quota_terisi, 1);

  // Refused: the hospital's own words (A again with the same doctor that day).
  const again = await post(tA, API.book, { ...body, hp: '081200000002' });
  assert.equal(again.json(), { status: false, message: 'Anda sudah terdaftar pada dokter dan tanggal tersebut' });
  // B takes the session's last seat: a second patient's booking is a call of its own.
  assert.is((await post(tB, API.book, { ...body, nomr: B.nomr })).json().status, true);
  assert.is(h.seats('D0101', '10101', monday, '1')?.quota_terisi, 2);
  assert.is(h.callsTo(API.book).length, 3);
});

test('a refused booking is not kept: once a seat is freed, the same tap asks the hospital again and is booked', async () => {
  const tA = await tokenOf(A);
  const tB = await tokenOf(B);
  const monday = h.nextDateOn('Senin');
  const practice = h.doctors.find((d) => d.kd_dr === 'D0101')?.jadwal.find((j) => j.kd_dep === '10101' && j.sts_jam === '1' && j.hari === 'Senin');
  if (!practice) throw new Error('the stand-in has D0101 on Monday mornings');
  practice.batas_quota = 1;
  const body = { tgl_janji: monday, sts_ue: 'U', kd_dep: '10101', kd_dr: 'D0101', sts_jam: '1', carabayar: 'P', hp: '081200000001' };
  assert.is((await post(tB, API.book, { ...body, nomr: B.nomr })).json().status, true);
  // Full: the hospital's refusal, as sent.
  const full = await post(tA, API.book, { ...body, nomr: A.nomr });
  assert.equal(full.json(), { status: false, message: 'Kuota dokter pada tanggal tersebut sudah penuh. Silakan pilih tanggal lain.' });
  // The counter cancels B's seat: A taps again with the same data, and the hospital is asked again.
  h.appointments.splice(
    h.appointments.findIndex((a) => a.nomr === B.nomr && a.tgl_janji === monday),
    1,
  );
  const retry = await post(tA, API.book, { ...body, nomr: A.nomr });
  assert.is(retry.json().status, true, retry.body);
  assert.is(h.callsTo(API.book).length, 3);
  assert.is(h.seats('D0101', '10101', monday, '1')?.quota_terisi, 1);
  // The success is kept: a repeat is still the same tap.
  assert.equal((await post(tA, API.book, { ...body, nomr: A.nomr })).json(), retry.json());
  assert.is(h.callsTo(API.book).length, 3);
});

test('reminders of the hospital’s appointments: planned from its list, queued once when due, dropped with an appointment it no longer lists', async () => {
  const token = await tokenOf(A);
  const planned = async () =>
    db.query<{ appointment: string; kind: string; due: number; sent: boolean }>(
      `SELECT appointment, kind, extract(epoch FROM due_at)::float8 * 1000 AS due, sent_at IS NOT NULL AS sent
         FROM upstream_reminders WHERE nomr = $1 ORDER BY due_at`,
      [A.nomr],
    );
  assert.is((await get(token, API.upcoming)).statusCode, 200);
  // A's visit in a week (the hospital gives no hours): the evening before at 18:00 WIB; today's evening has passed.
  const inAWeek = addDays(h.today, 7);
  const [first] = await planned();
  assert.equal([first.kind, first.due, first.sent], ['malam_sebelum', wibInstant(addDays(inAWeek, -1), '18:00'), false]);
  const notes = () => db.query<{ title: string; body: string }>('SELECT title, body FROM notifications WHERE nomr = $1 ORDER BY id', [A.nomr]);
  const before = (await notes()).length;
  await queueDueReminders(db, first.due + 1000);
  await queueDueReminders(db, first.due + 2000);
  const sent = (await notes()).slice(before);
  assert.is(sent.length, 1);
  assert.is(sent[0].title, 'Pengingat: perjanjian poliklinik besok');
  assert.match(sent[0].body, `POLI PENYAKIT DALAM dengan dr. Maya Kusuma, Sp.PD, ${formatLong(inAWeek)}. Nomor antrian Anda 2.`);

  // Booked through this server: the next read of the list plans it; gone from the hospital's list, its reminder goes too.
  // A Monday after tomorrow: on a Sunday evening tomorrow's reminder (18:00 today) has passed.
  const monday = nextDateOn('Senin', addDays(h.today, 1));
  const booked = await post(token, API.book, {
    nomr: A.nomr,
    tgl_janji: monday,
    kd_dep: '10101',
    kd_dr: 'D0102',
    sts_jam: '2',
    carabayar: 'P',
    hp: '081200000001',
  });
  assert.is(booked.json().status, true, booked.body);
  await get(token, API.upcoming);
  const key = (await planned()).find((r) => !r.sent && r.appointment.startsWith(monday))?.appointment;
  assert.ok(key, 'the booking has its reminder');
  h.appointments.splice(
    h.appointments.findIndex((a) => a.tgl_janji === monday && a.kd_dr === 'D0102'),
    1,
  );
  await get(token, API.upcoming);
  assert.not.ok((await planned()).some((r) => r.appointment === key));
});

test('a registration goes to the hospital without a token; its answer is the person’s; a repeat is the same call', async () => {
  const person = newPatient('3171234567890001');
  const first = await post(null, API.register, person);
  assert.equal(first.json(), { status: true, message: 'Data pasien baru berhasil disimpan' });
  assert.equal((await post(null, API.register, person)).json(), first.json());
  assert.is(h.callsTo(API.register).length, 1);
  assert.is(h.callsTo(API.register)[0].bearer, null);
  assert.equal(h.registrations, [person]);
  const known = await post(null, API.register, { ...person, email: 'lain@contoh.id' });
  assert.equal(known.json(), { status: false, message: 'No KTP sudah terdaftar' });
});

test('a registration records the privacy consent here, in the audit; the hospital gets §7’s seven fields only', async () => {
  const person = newPatient('3171234567890002');
  const res = await post(null, API.register, { ...person, persetujuan_privasi: true, versi_privasi: 'privasi-v1' });
  assert.is(res.json().status, true, res.body);
  assert.equal(h.callsTo(API.register)[0].body, person);
  const [row] = await db.query<{ outcome: string; detail: string }>(
    `SELECT outcome, detail FROM audit_log WHERE action = 'registration' ORDER BY id DESC LIMIT 1`,
  );
  assert.equal(row, { outcome: 'upstream-saved', detail: 'privacy consent given (privasi-v1)' });
  // Nothing of the person in it.
  assert.not.match(JSON.stringify(row), person.no_ktp);
});

test('the hospital’s 403: its own message, not “down”; nothing booked', async () => {
  const token = await tokenOf(A);
  await h.setMode('forbidden');
  const read = await get(token, API.historyPoli);
  assert.equal([read.statusCode, read.json()], [403, { status: false, message: UPSTREAM_MSG.refused }]);
  const booked = await post(token, API.book, {
    nomr: A.nomr,
    tgl_janji: h.nextDateOn('Senin'),
    kd_dep: '10101',
    kd_dr: 'D0101',
    sts_jam: '1',
    carabayar: 'P',
    hp: '081200000001',
  });
  assert.equal([booked.statusCode, booked.json()], [403, { status: false, message: UPSTREAM_MSG.refused }]);
  assert.is.not(UPSTREAM_MSG.refused, UPSTREAM_MSG.down);
  // The session stays: the hospital lets the server in again, and the same tap is asked again.
  await h.setMode('ok');
  assert.is((await get(token, API.historyPoli)).statusCode, 200);
  assert.is(h.bookings.length, 0);
});

test('two servers in one process, each in front of its own hospital: each draws its own doctors’ names', async () => {
  const h2 = await startHospitalApi({ quota: 2 });
  const d = h2.doctors.find((x) => x.kd_dr === 'D0101');
  if (!d) throw new Error('the stand-in has D0101');
  d.nama_dr_lengkap = 'dr. Zainal Yusuf, Sp.JP';
  const second = await buildApp({
    config: testConfig({
      simrs: loadConfig({ SIMRS: 'upstream', UPSTREAM_API_URL: h2.url, UPSTREAM_LOGIN_URL: h2.loginUrl, UPSTREAM_TOKEN_KEY: TOKEN_KEY }).simrs,
    }),
    db,
    logger: false,
  });
  await second.ready();
  try {
    const photo = async (through: App) => {
      const res = await through.inject({ url: '/foto-dokter/D0101.svg' });
      assert.is(res.statusCode, 200, res.body);
      return /aria-label="([^"]*)"/.exec(res.body)?.[1];
    };
    const t1 = await tokenOf(A);
    await get(t1, API.doctorSchedule, { spesialis: 'Kardiologi' });
    const t2 = (
      await second.inject({ method: 'POST', url: API.login, payload: { medical_record_number: A.nomr, birthdate: A.tgl_lahir, fcmtoken: '' } })
    ).json().token.access_token;
    await second.inject({ url: API.doctorSchedule, query: { spesialis: 'Kardiologi' }, headers: { authorization: `Bearer ${t2}` } });
    assert.equal([await photo(app), await photo(second)], ['dr. Andi Wijaya, Sp.JP(K)', 'dr. Zainal Yusuf, Sp.JP']);
  } finally {
    await second.close();
    await h2.close();
  }
});

test('answers reused: clinics and doctors for minutes, quota for seconds, the visit day’s queue per poll; the patient’s own records never', async () => {
  const tA = await tokenOf(A);
  const tB = await tokenOf(B);
  for (const t of [tA, tB, tA]) {
    await get(t, API.clinics);
    await get(t, API.doctorSchedule, { spesialis: 'Kardiologi' });
    await get(t, API.quota, { kd_dr: '', kd_dep: '10101', tgl_janji: mmddyy(h.nextDateOn('Senin')), hari: 'Senin' });
    await get(t, API.clinicQueue);
    await get(t, API.historyPoli);
  }
  assert.is(h.callsTo(API.clinics).length, 1);
  assert.is(h.callsTo(API.doctorSchedule).length, 1);
  assert.is(h.callsTo(API.quota).length, 1);
  // Once per patient within UPSTREAM_QUEUE_POLL_SECONDS.
  assert.is(h.callsTo(API.clinicQueue).length, 2);
  assert.is(h.callsTo(API.historyPoli).length, 3);
  // Quota is never kept longer than 5 seconds.
  assert.throws(
    () => loadConfig({ SIMRS: 'upstream', UPSTREAM_API_URL: h.url, UPSTREAM_QUOTA_CACHE_SECONDS: '6' }),
    (e: Error) => e instanceof ConfigError && /UPSTREAM_QUOTA_CACHE_SECONDS/.test(e.message),
  );
});

test('the visit day’s queue: one read per poll serves every patient waiting in the same doctor’s session', async () => {
  await app.close();
  await start({ UPSTREAM_QUEUE_POLL_SECONDS: '2' });
  // B waits in A's session today too (the counter registered B).
  const mineA = h.appointments.find((a) => a.nomr === A.nomr && a.tgl_janji === h.today);
  if (!mineA) throw new Error('the stand-in gives A a visit today');
  h.appointments.push({ ...mineA, nomr: B.nomr, no_reg: 'RJ0000000777', no_urut: 5 });
  const [tA, tB] = [await tokenOf(A), await tokenOf(B)];
  const queueA = (await get(tA, API.clinicQueue)).json().data;
  const queueB = (await get(tB, API.clinicQueue)).json().data;
  assert.equal([queueA[0].no_urut, queueB[0].no_urut], [4, 5]);
  const reads = () => h.callsTo(API.clinicQueue).length;
  assert.is(reads(), 2);
  // Both answers older than a poll: the next read of the session's first asker goes to the hospital…
  const last = h.callsTo(API.clinicQueue)[1].time;
  while (Date.now() - last < 2100) await new Promise((r) => setTimeout(r, 50));
  assert.equal((await get(tA, API.clinicQueue)).json().data, queueA);
  assert.is(reads(), 3);
  // …and serves the other phones waiting in that session: B's own entry, no call of its own.
  assert.equal((await get(tB, API.clinicQueue)).json().data, queueB);
  assert.is(reads(), 3);
});

test('many processes on one database: a login through one, reads through another and through one started afresh; the token kept sealed, gone at logout', async () => {
  const other = await buildApp({ config: configOf(), db, logStream: logTo(), internal: 'here' });
  await other.ready();
  try {
    const token = await tokenOf(A);
    const theirs = [...hospitalTokens()][0] as string;
    const read = (through: App) => through.inject({ method: 'GET', url: API.historyPoli, headers: { authorization: `Bearer ${token}` } });
    const res = await read(other);
    assert.is(res.statusCode, 200, res.body);
    assert.ok(res.json().data.length > 0);
    assert.is(h.callsTo(API.historyPoli).at(-1)?.bearer, theirs);
    // Kept in the database, sealed: neither the hospital's token nor the birth date in clear.
    const mine = () => db.query<{ sealed: string }>('SELECT sealed FROM upstream_tokens WHERE session_hash = $1', [hashToken(token)]);
    const rows = await mine();
    assert.is(rows.length, 1);
    assert.not.match(rows[0].sealed, theirs);
    assert.not.match(rows[0].sealed, A.tgl_lahir);
    // The first process restarted: the session reads on.
    await app.close();
    await start();
    assert.is((await read(app)).statusCode, 200);
    // A booking through the other process is the hospital's, with the same token and birth date.
    const monday = h.nextDateOn('Senin');
    const booked = await other.inject({
      method: 'POST',
      url: API.book,
      headers: { authorization: `Bearer ${token}` },
      payload: { nomr: A.nomr, tgl_janji: monday, kd_dep: '10101', kd_dr: 'D0101', sts_jam: '1', carabayar: 'P', hp: '081200000001' },
    });
    assert.is(booked.json().status, true, booked.body);
    assert.equal([h.callsTo(API.book)[0].bearer, h.callsTo(API.book)[0].body?.tgl_lahir], [theirs, A.tgl_lahir]);
    // Logout through one: the token is gone from the database, and the other refuses the session.
    assert.is((await other.inject({ method: 'POST', url: API.logout, headers: { authorization: `Bearer ${token}` } })).statusCode, 200);
    assert.equal(await mine(), []);
    assert.is((await read(app)).statusCode, 401);
  } finally {
    await other.close();
  }
});

test('a session idle past SESSION_IDLE_MINUTES holds no token: a passkey sign-in cannot take it over, and a login sweeps its sealed row away', async () => {
  const token = await tokenOf(A);
  const rowsOf = (t: string) => db.query<{ n: number }>('SELECT count(*)::int AS n FROM upstream_tokens WHERE session_hash = $1', [hashToken(t)]);
  assert.equal(await rowsOf(token), [{ n: 1 }]);
  assert.is(await app.simrs.relay?.resumable(A.nomr), true);
  // The phones were put away for longer than the idle limit: A's sessions (this one and those of
  // earlier tests on this database) have ended without a call.
  const idle = configOf().sessionIdleMinutes;
  await db.query('UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2) WHERE nomr = $1', [A.nomr, idle + 1]);
  assert.is((await get(token, API.historyPoli)).statusCode, 401);
  assert.is(await app.simrs.relay?.resumable(A.nomr), false, 'an ended session lends no token');
  // A process's first login sweeps every patient's ended sessions: A's sealed token goes, B's stays.
  await app.close();
  await start();
  const other = await tokenOf(B);
  assert.equal(await rowsOf(token), [{ n: 0 }]);
  assert.equal(await rowsOf(other), [{ n: 1 }]);
});

test('the visit day’s pushes from the hospital’s queue: “N lagi” and “dipanggil” once each, also to a patient of the session whose phone did not read', async () => {
  await app.close();
  await start({ UPSTREAM_QUEUE_POLL_SECONDS: '1' });
  const mineA = h.appointments.find((a) => a.nomr === A.nomr && a.tgl_janji === h.today);
  if (!mineA) throw new Error('the stand-in gives A a visit today');
  // A has number 4 in the session; number 1 is someone else's, and the counter gave B number 6.
  h.appointments.push({ ...mineA, nomr: '00209999', no_reg: 'RJ0000000701', no_urut: 1 });
  h.appointments.push({ ...mineA, nomr: B.nomr, no_reg: 'RJ0000000706', no_urut: 6 });
  const [tA, tB] = [await tokenOf(A), await tokenOf(B)];
  const [{ last }] = await db.query<{ last: number }>('SELECT coalesce(max(id), 0)::int AS last FROM notifications');
  const notes = async (who: { nomr: string }) =>
    (await db.query<{ title: string; body: string }>('SELECT title, body FROM notifications WHERE nomr = $1 AND id > $2 ORDER BY id', [who.nomr, last])).map(
      (n) => `${n.title} | ${n.body}`,
    );
  /**
   * A read of the patient's queue once the last one is a poll old: the hospital is asked again.
   * Counted from the last answer too: the server notes a read when the hospital's answer arrives,
   * which on a busy machine is well after the stand-in logged the call (a read counted from the
   * call alone came within the poll, was served what the last one got, and told nobody).
   */
  let answered = 0;
  const poll = async (token: string) => {
    const before = Math.max(h.callsTo(API.clinicQueue).at(-1)?.time ?? 0, answered);
    while (Date.now() - before < 1100) await new Promise((r) => setTimeout(r, 50));
    const res = await get(token, API.clinicQueue);
    answered = Date.now();
    assert.is(res.statusCode, 200, res.body);
    return res.json().data[0];
  };
  // No number called yet: the hospital's items say nothing of it, and nothing is sent.
  await poll(tA);
  await poll(tB);
  assert.equal([await notes(A), await notes(B)], [[], []]);
  // Number 1 called: A has 2 ahead (within QUEUE_NEAR_THRESHOLD, 3), B 4.
  h.callNumber('RJ0000000701');
  assert.is((await poll(tA)).no_dipanggil, 1);
  await poll(tB);
  await poll(tA);
  const clinic = h.clinics.find((c) => c.kd_dep === mineA.kd_dep)?.ds_dep;
  assert.equal(await notes(A), [`Antrian Anda tinggal 2 lagi | ${clinic}, nomor antrian 4. Silakan bersiap di dekat ruang periksa.`]);
  assert.equal(await notes(B), []);
  // A's number called: once, however often A's phone reads.
  h.callNumber(mineA.no_reg);
  await poll(tA);
  await poll(tA);
  const called = `${CALLED_TITLE} | ${clinic}, nomor antrian 4. Silakan menuju ruang periksa.`;
  assert.equal((await notes(A)).slice(1), [called]);
  // B's number called while only A's phone reads: that read serves B's session, and B is told.
  h.callNumber('RJ0000000706');
  await poll(tA);
  assert.equal(await notes(B), [`${CALLED_TITLE} | ${clinic}, nomor antrian 6. Silakan menuju ruang periksa.`]);
  // B's own next read changes nothing: still once.
  await poll(tB);
  assert.is((await notes(B)).length, 1);
  assert.is((await notes(A)).length, 2);
});

test('what the hospital’s API cannot do is not offered: no rules (the app hides cancel, reschedule, online booking), 404 for each', async () => {
  const token = await tokenOf(A);
  assert.is((await get(token, API.bookingRules)).statusCode, 404);
  assert.is((await post(token, API.cancel, { no_reg: 'RJ1', alasan: 'Sudah sembuh' })).statusCode, 404);
  assert.is((await post(token, API.reschedule, { no_reg: 'RJ1', tgl_janji: h.nextDateOn('Senin'), kd_dr: 'D0101', sts_jam: '1' })).statusCode, 404);
  const online = { nomr: A.nomr, tgl_janji: h.nextDateOn('Senin'), kd_dep: '10101', kd_dr: 'D0101', sts_jam: '1', carabayar: 'P', hp: '081200000001' };
  assert.is((await post(token, API.bookOnline, online)).statusCode, 404);
  const queue = await get(token, API.clinicQueue);
  // No check-in field at all: the app offers check-in wherever an item carries `checkin`.
  for (const field of ['checkin', 'checkin_buka', 'checkin_tutup', 'checkin_lokasi']) assert.not.ok(field in queue.json().data[0], field);
  assert.is((await post(token, API.checkin, { no_reg: queue.json().data[0].no_reg })).statusCode, 404);
  assert.is(h.callsTo(API.book).length, 0);
  // Our own features stay: the devices page.
  assert.is((await get(token, API.devices)).statusCode, 200);
});

test('the hospital down: a clear Indonesian 503, /api/health names it; back up, it answers again', async () => {
  const token = await tokenOf(A);
  for (const mode of ['down', 'error500'] as const) {
    await h.setMode(mode);
    const res = await get(token, API.historyPoli);
    assert.is(res.statusCode, 503);
    assert.equal(res.json(), { status: false, message: UPSTREAM_MSG.down });
    assert.is((await login(B)).statusCode, 503);
  }
  // /api/health asks at most every few seconds: a fresh server asks now.
  await app.close();
  await start();
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  assert.is(health.statusCode, 503);
  assert.equal(health.json().down, ['simrs']);
  assert.is(health.json().simrs, 'upstream');
  await h.setMode('ok');
  assert.is((await login(A)).statusCode, 200);
});

test('a login the hospital’s login service did not answer counts as no failed attempt: five of them, then the right data logs in', async () => {
  await app.close();
  await start({ UPSTREAM_TIMEOUT_SECONDS: '1' });
  const counts = () =>
    db.query<{ scope: string; count: number }>(`SELECT scope, count FROM throttle WHERE scope IN ('login-ip', 'login-nomr') ORDER BY scope, key`);
  const before = await counts();
  // Refused connections, and one that times out: as many as would lock the number (LOGIN_MAX_FAILURES, 5).
  await h.setMode('down');
  for (let i = 0; i < 5; i++) {
    const res = await login(A);
    assert.is(res.statusCode, 503);
    assert.equal(res.json(), { status: false, message: UPSTREAM_MSG.down });
  }
  await h.setMode('slow');
  h.setDelayMs(3000);
  assert.is((await login(A)).statusCode, 503);
  await h.setMode('ok');
  assert.equal(await counts(), before);
  // Back: the correct number and birth date log in at once, not a 429 for 15 minutes.
  const res = await login(A);
  assert.is(res.statusCode, 200, res.body);
});

test('the hospital slow: a call ends at the time-out with a 503; calls past the limit answer at once; other patients’ calls go on', async () => {
  await app.close();
  await start({ UPSTREAM_TIMEOUT_SECONDS: '1', UPSTREAM_MAX_PARALLEL: '1', UPSTREAM_MAX_WAITING: '0' });
  const tA = await tokenOf(A);
  const tB = await tokenOf(B);
  await h.setMode('slow');
  h.setDelayMs(4000);
  let aDone = false;
  const slow = get(tA, API.historyPoli).then((r) => {
    aDone = true;
    return r;
  });
  // Wait till A's call is at the hospital, holding the one slot.
  while (!h.callsTo(API.historyPoli).length) await new Promise((r) => setTimeout(r, 10));
  const b = await get(tB, API.historySurgery);
  assert.is(b.statusCode, 503);
  assert.is(aDone, false, "B's answer came while A's call still waited");
  assert.is(h.callsTo(API.historySurgery).length, 0);
  // B's calls that need no hospital answer as ever.
  assert.is((await get(tB, API.devices)).statusCode, 200);
  assert.is(aDone, false);
  const a = await slow;
  assert.is(a.statusCode, 503);
  assert.equal(a.json(), { status: false, message: UPSTREAM_MSG.down });
});

test('calls begun in one second are limited: past UPSTREAM_MAX_PER_SECOND the next waits its turn and is answered', async () => {
  await app.close();
  await start({ UPSTREAM_MAX_PER_SECOND: '2' });
  const token = await tokenOf(A);
  const before = h.calls.length;
  const answers = await Promise.all([API.historyPoli, API.historySurgery, API.historyCath, API.inpatientPast].map((url) => get(token, url)));
  for (const res of answers) assert.is(res.statusCode, 200);
  // Two a second: the four cannot all begin within one (the login's calls before them only delay them more).
  const calls = h.calls.slice(before);
  assert.is(calls.length, 4);
  assert.ok(calls[3].time - calls[0].time >= 500, 'the last call waited for the second to pass');
});

test('the hospital’s 401 for an expired token: the session here ends, the patient is told to log in again', async () => {
  const token = await tokenOf(A);
  assert.is((await get(token, API.historyPoli)).statusCode, 200);
  h.expireTokens();
  const res = await get(token, API.historySurgery);
  assert.is(res.statusCode, 401);
  assert.equal(res.json(), { status: false, message: MSG.unauthorized });
  assert.match(MSG.unauthorized, 'Silakan login kembali');
  // Ended here too: even a call that needs no hospital is refused now.
  assert.is((await get(token, API.devices)).statusCode, 401);
  // A new login renews it.
  const again = await tokenOf(A);
  assert.is((await get(again, API.historySurgery)).statusCode, 200);
});

test('the visit day: the live stream reads the hospital’s queue again each poll, one read for all of a patient’s phones', async () => {
  await app.close();
  await start({ UPSTREAM_QUEUE_POLL_SECONDS: '1' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const [phone1, phone2] = [await tokenOf(A), await tokenOf(A)];
  const streams = [openStream(`${url}${API.clinicQueueLive}`, phone1), openStream(`${url}${API.clinicQueueLive}`, phone2)];
  try {
    for (const s of streams) await s.until(() => s.events().length === 1);
    assert.equal(
      streams[0].events()[0].data.map((i) => i.no_urut),
      [4],
    );
    // The hospital's counter adds a second visit today: no one tells this server, the next poll finds it.
    const first = h.appointments[0];
    h.appointments.push({ ...first, no_reg: 'RJ0000000999', no_urut: 9, kd_dr: 'D0301', kd_dep: '10201', sts_jam: '2' });
    for (const s of streams) await s.until(() => s.events().length === 2);
    assert.equal(
      streams[1].events()[1].data.map((i) => i.no_urut),
      [4, 9],
    );
    // Both phones' streams read the hospital together: never more than one call per poll.
    const reads = h.callsTo(API.clinicQueue);
    for (let i = 1; i < reads.length; i++) assert.ok(reads[i].time - reads[i - 1].time >= 900, 'two reads of one patient within a poll');
  } finally {
    for (const s of streams) s.close();
  }
});

test('a passkey sign-in resumes the hospital’s token held here, and is refused with a worded message once it has ended', async () => {
  const token = await tokenOf(A);
  const phone = new SoftAuthenticator({ origin: 'http://localhost:8080' });
  const options = (await get(token, API.passkeyRegisterOptions)).json().data;
  assert.is((await post(token, API.passkeyRegister, phone.register(options))).statusCode, 200);
  const signIn = async () => post(null, API.passkeyLogin, phone.assert((await app.inject({ url: API.passkeyLoginOptions })).json().data));
  const resumed = await signIn();
  assert.is(resumed.statusCode, 200, resumed.body);
  assert.is((await get(resumed.json().token.access_token, API.historyPoli)).statusCode, 200);
  // The hospital expires its token: the sessions here end, and a passkey cannot make a new one.
  h.expireTokens();
  assert.is((await get(token, API.historyPoli)).statusCode, 401);
  const refused = await signIn();
  assert.is(refused.statusCode, 401);
  assert.equal(refused.json(), { status: false, message: PASSKEY_MSG.upstreamExpired });
  // Number and birth date renew it; then the passkey signs in again.
  await tokenOf(A);
  assert.is((await signIn()).statusCode, 200);
});

test('nothing personal in the log: no birth date, no hospital token', async () => {
  const token = await tokenOf(A);
  await get(token, API.profile, { nomr: A.nomr, tgllahir: A.tgl_lahir });
  await h.setMode('down');
  await get(token, API.historyPoli);
  await app.close();
  assert.ok(logs.length > 0);
  assert.not.match(logs, A.tgl_lahir);
  for (const t of hospitalTokens()) assert.not.match(logs, t as string);
  await start();
});

test.run();

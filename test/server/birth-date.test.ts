// The birth date, the old login secret, in URLs: the reference API says in its login answer that
// the token alone says whose records a call reads ('patient-from-token'), never requires tgllahir
// on a patient call, and never logs it; the log's masking holds for encoded forms (nomr%5B%5D=,
// tgl%6Cahir=, %30%30… in a path) and for a token under any parameter name. On PGlite and on
// PostgreSQL.
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PATIENT_FROM_TOKEN } from '../../common/capabilities.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { maskUrl } from '../../server/security.ts';
import { DEMO_A, testConfig } from '../support/app.ts';
import { freshDb } from '../support/db.ts';

let db: Db;
let app: Awaited<ReturnType<typeof buildApp>>;
let lines = '';
test.before(async () => {
  db = await freshDb();
  const logStream = new Writable({
    write: (chunk, _enc, done) => {
      lines += chunk;
      done();
    },
  });
  app = await buildApp({ config: testConfig({ logLevel: 'info' }), db, logStream, internal: 'here' });
  await app.ready();
});
test.after(async () => (await app.close(), await db.close()));

async function login(): Promise<{ token: string; capabilities: unknown }> {
  const res = await app.inject({
    method: 'POST',
    url: API.login,
    payload: { medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir, fcmtoken: '' },
  });
  assert.is(res.statusCode, 200);
  return { token: res.json().token.access_token, capabilities: res.json().capabilities };
}

test('the login answer says the API knows the patient from the token', async () => {
  assert.equal((await login()).capabilities, [PATIENT_FROM_TOKEN]);
});

test('no patient call requires tgllahir: the OpenAPI document marks none, and the reads answer without it', async () => {
  const doc = (await app.inject({ url: '/api/docs' })).json() as {
    paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; required?: boolean }> }>>;
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const required = (op.parameters ?? []).filter((p) => p.required && /tgl_?lahir|birth/i.test(p.name));
      assert.equal(required, [], `${method.toUpperCase()} ${path}`);
    }
  }
  const { token } = await login();
  for (const path of [API.profile, API.upcoming, API.clinicQueue, API.pharmacyQueue, API.historyPoli, API.cathSchedule, API.inpatientPast]) {
    const res = await app.inject({ url: `${path}?nomr=${DEMO_A.nomr}`, headers: { authorization: `Bearer ${token}` } });
    assert.is(res.statusCode, 200, `${path}: ${res.body}`);
    assert.is(res.json().status, true, path);
  }
});

test('the log masking holds for encoded keys, array forms, encoded path segments and tokens of any name', () => {
  const cases: Array<[string, string]> = [
    ['/api/patient/profil/pasien?nomr=00012345&tgllahir=1968-08-17', '/api/patient/profil/pasien?nomr=******45&tgllahir=[hidden]'],
    ['/x?nomr%5B%5D=00012345&tgllahir%5B%5D=1968-08-17', '/x?nomr%5B%5D=******45&tgllahir%5B%5D=[hidden]'],
    ['/x?nomr[]=00012345&nomr[]=00054321', '/x?nomr[]=******45&nomr[]=******21'],
    ['/x?tgl%6Cahir=1968-08-17&TGLLAHIR=1968-08-17&tgl_lahir=1968-08-17', '/x?tgl%6Cahir=[hidden]&TGLLAHIR=[hidden]&tgl_lahir=[hidden]'],
    ['/x?%6E%6F%6D%72=00012345', '/x?%6E%6F%6D%72=******45'],
    [
      '/x?access_token=abc.def&id_token=x&refresh_token=y&token=z&fcmtoken=w&accessToken=v',
      '/x?access_token=[hidden]&id_token=[hidden]&refresh_token=[hidden]&token=[hidden]&fcmtoken=[hidden]&accessToken=[hidden]',
    ],
    ['/x?a=1;birthdate=1968-08-17', '/x?a=1;birthdate=[hidden]'],
    ['/x?q=pasien%2000012345', '/x?q=pasien ******45'],
    ['/api/fhir/Patient/%30%30%30%31%32%33%34%35/$everything', '/api/fhir/Patient/******45/$everything'],
    ['/api/fhir/Patien%74/00012345/%24everything', '/api/fhir/Patien%74/******45/%24everything'],
    ['/api/internal/passkey/00012345', '/api/internal/passkey/******45'],
    ['/api/x/3173041708680001/y', '/api/x/**************01/y'],
    ['/x?nomr=%E0%A4%A&tgllahir=%ZZ', '/x?nomr=******%A&tgllahir=[hidden]'],
    ['/x?a=1#tgllahir=1968-08-17', '/x?a=1'],
  ];
  for (const [url, masked] of cases) assert.is(maskUrl(url), masked, url);
});

test('requests in every encoded form leave no medical record number, birth date or token in the log', async () => {
  const { token } = await login();
  const headers = { authorization: `Bearer ${token}` };
  const enc = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  lines = '';
  for (const url of [
    `${API.profile}?nomr%5B%5D=${DEMO_A.nomr}&tgllahir%5B%5D=${DEMO_A.tgl_lahir}`,
    `${API.profile}?${enc('nomr')}=${enc(DEMO_A.nomr)}&${enc('tgllahir')}=${enc(DEMO_A.tgl_lahir)}`,
    `${API.upcoming}?nomr=${DEMO_A.nomr}&tgllahir=${DEMO_A.tgl_lahir}&access_token=${token}`,
    `/api/fhir/Patient/${enc(DEMO_A.nomr)}/$everything`,
    `/api/fhir/Patien%74/${DEMO_A.nomr}/%24everything?token=${token}`,
  ]) {
    await app.inject({ url, headers });
  }
  assert.ok(lines.length > 0, 'requests were logged');
  for (const secret of [DEMO_A.nomr, DEMO_A.tgl_lahir, token, enc(DEMO_A.nomr), enc(DEMO_A.tgl_lahir), DEMO_A.tgl_lahir.replaceAll('-', '%2D')]) {
    assert.not.ok(lines.includes(secret), `the log holds ${secret}`);
  }
});

test.run();

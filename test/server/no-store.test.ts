// Cache-Control: no-store on every API answer, decided by the route the request reached and not by
// how its URL was spelt: the router decodes the path, so /%61pi/patient/profil/pasien reaches the
// patient's profile (before: answered without the header, and a shared proxy or the browser's cache
// could keep it). Every route of the OpenAPI document (patient, internal, Mobile JKN) is called
// with its path percent-encoded; spellings the router does not take (another case, doubled
// slashes) answer no data, and no-store too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API } from '../../common/paths.ts';
import { loadConfig } from '../../server/config.ts';
import { MSG } from '../../server/errors.ts';
import { DEMO_A, INTERNAL_TOKEN, loginAs, testApp, type TestApp } from '../support/app.ts';
import { ENGINE } from '../support/db.ts';

const USER = 'mobilejkn-rs';
const PASSWORD = 'a-password-of-sixteen-plus';
let t: TestApp;
test.before(async () => {
  t = await testApp({ jkn: loadConfig({ JKN_WS_USERNAME: USER, JKN_WS_PASSWORD: PASSWORD }).jkn });
});
test.after(() => t.close());

/** /api/… spelt /%61pi/…, with one more letter of the path percent-encoded where there is one. */
const encoded = (path: string) =>
  path.replace(/^\/api\//, '/%61pi/').replace(/\/([a-z])([a-z]+)$/, (_m, first: string, rest: string) => `/%${first.charCodeAt(0).toString(16)}${rest}`);
/** Answers that say themselves how they may be kept (the public VAPID key), or are a stream (its own no-store, tested in visit-day). */
const OWN = new Set(['/api/push/vapid', API.clinicQueueLive]);

test(`[${ENGINE}] a percent-encoded path reaches the patient's data with no-store, as the plain one does`, async () => {
  const token = await loginAs(t.app, DEMO_A);
  for (const url of ['/%61pi/patient/profil/pasien', '/api/patient/%70rofil/pasien', '/%61%70%69/%70atient/profil/pasien?x=1']) {
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    assert.is(res.statusCode, 200, url);
    assert.is(res.json().data.nomr, DEMO_A.nomr, url);
    assert.is(res.headers['cache-control'], 'no-store', url);
  }
});

test(`[${ENGINE}] spellings the router does not take (another case, doubled slashes, a trailing one, %2F, double encoding) answer no data, and no-store`, async () => {
  const token = await loginAs(t.app, DEMO_A);
  for (const url of [
    '/API/patient/profil/pasien',
    '/Api/Patient/Profil/Pasien',
    '//api/patient/profil/pasien',
    '/api//patient/profil/pasien',
    '/api/patient/profil/pasien/',
    '/api%2Fpatient/profil/pasien',
    '/%2561pi/patient/profil/pasien',
  ]) {
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    assert.is(res.statusCode, 404, url);
    assert.not.match(res.body, DEMO_A.nomr, url);
    assert.is(res.headers['cache-control'], 'no-store', url);
  }
});

test(`[${ENGINE}] every API route of the OpenAPI document, called with its path percent-encoded, answers no-store`, async () => {
  let token = await loginAs(t.app, DEMO_A);
  const jknToken = await t.app.inject({ url: '/%61pi/jkn/%74oken', headers: { 'x-username': USER, 'x-password': PASSWORD } });
  assert.is(jknToken.json().metadata.code, 200);
  assert.is(jknToken.headers['cache-control'], 'no-store');
  const xToken = jknToken.json().response.token as string;
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const calls = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/') && !OWN.has(path))
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase() as 'GET' | 'POST' | 'DELETE', path })))
    // The logout ends the token the others use: last.
    .sort((a, b) => Number(a.path === API.logout) - Number(b.path === API.logout));
  const kinds = new Set<string>();
  for (const { method, path } of calls) {
    const filled = path.replace('{nomr}', DEMO_A.nomr).replace(/\{[a-z_]+\}/g, '1');
    const url = encoded(filled);
    const headers: Record<string, string> = path.startsWith('/api/internal/')
      ? { authorization: `Bearer ${INTERNAL_TOKEN}` }
      : path.startsWith('/api/jkn/')
        ? { 'x-token': xToken, 'x-username': USER }
        : { authorization: `Bearer ${token}` };
    const res = await t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
    // Reached its route: the router's own not-found answer names no route.
    assert.is.not(res.json().message, MSG.notFound, `${method} ${url}`);
    assert.is(res.headers['cache-control'], 'no-store', `${method} ${url} (${res.statusCode})`);
    if (res.statusCode === 200) kinds.add(path.split('/')[2]);
    if (res.statusCode === 401 && !path.startsWith('/api/internal/') && !path.startsWith('/api/jkn/')) token = await loginAs(t.app, DEMO_A);
  }
  assert.ok(calls.length > 50, `${calls.length} routes`);
  // Answers with data of each kind: the patient's, the record export, the hospital's systems' (Mobile JKN's token above).
  for (const kind of ['patient', 'fhir', 'internal']) assert.ok(kinds.has(kind), kind);
});

test.run();

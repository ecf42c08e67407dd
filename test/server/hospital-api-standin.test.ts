// The stand-in of a hospital's own API (test/support/hospital-api.ts) answers docs/product.md §7's
// calls in §7's shapes: login on its own service, the bearer token's rules, the quota's MM/DD/YY
// and weekday, a booking accepted and refused, a registration, and its outages. Plain fetch over
// loopback: what a server in front of it sees.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type HospitalApi, startHospitalApi } from '../support/hospital-api.ts';

let h: HospitalApi;
const [A, B] = [
  { nomr: '00201234', tgl: '1968-03-14' },
  { nomr: '00205678', tgl: '1990-11-02' },
];
const mmddyy = (ymd: string) => `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(2, 4)}`;

async function login(p: { nomr: string; tgl: string }, base = h.loginUrl): Promise<Response> {
  return fetch(`${base}/api/auth/proxy-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ medical_record_number: p.nomr, birthdate: p.tgl, fcmtoken: 'fcm-uji' }),
  });
}
async function tokenOf(p: { nomr: string; tgl: string }): Promise<string> {
  const body = (await (await login(p)).json()) as { token: { access_token: string } };
  return body.token.access_token;
}
async function call(token: string | null, path: string, query: Record<string, string> = {}, body?: object) {
  const res = await fetch(`${h.url}${path}?${new URLSearchParams(query)}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: an answer read by its path in the asserts
  return { code: res.status, body: (await res.json()) as Record<string, any> };
}

test.before(async () => {
  h = await startHospitalApi({ quota: 1 });
});
test.after(() => h.close());

test('login is the login service’s: token.access_token for the right nomr and birth date, 401 otherwise, 404 on the API', async () => {
  const res = await login(A);
  assert.is(res.status, 200);
  const body = (await res.json()) as { token: { access_token: string; token_type: string } };
  assert.type(body.token.access_token, 'string');
  assert.is((await login({ nomr: A.nomr, tgl: '1968-03-15' })).status, 401);
  assert.is((await login(A, h.url)).status, 404);
  assert.equal(h.callsTo('/api/auth/proxy-login')[0].body, { medical_record_number: A.nomr, birthdate: A.tgl, fcmtoken: 'fcm-uji' });
});

test('reads need the bearer token of the same patient; an expired token answers 401', async () => {
  const token = await tokenOf(A);
  assert.is((await call(null, '/api/patient/profil/pasien', { nomr: A.nomr })).code, 401);
  const profile = await call(token, '/api/patient/profil/pasien', { nomr: A.nomr, tgllahir: A.tgl });
  assert.is(profile.body.status, true);
  assert.is(profile.body.data.nama, 'SUTRISNO HADI');
  assert.is((await call(token, '/api/patient/profil/pasien', { nomr: B.nomr })).code, 403);
  h.expireTokens();
  const expired = await call(token, '/api/patient/profil/pasien', { nomr: A.nomr });
  assert.equal(expired, { code: 401, body: { status: false, message: 'Token expired' } });
  assert.is((await call(await tokenOf(A), '/api/patient/profil/pasien', { nomr: A.nomr })).code, 200);
});

test('home’s reads: data.jadwal, the clinic queue today, the pharmacy queue; an empty list is status false', async () => {
  const q = { nomr: A.nomr, tgllahir: A.tgl };
  const token = await tokenOf(A);
  const jadwal = await call(token, '/api/patient/jadwal/perjanjian/terdekat', q);
  assert.equal(Object.keys(jadwal.body.data.jadwal[0]), ['tanggal_janji', 'nama_dokter', 'departemen', 'no_urut']);
  const poli = await call(token, '/api/patient/antrian/poli', q);
  assert.is(poli.body.data[0].tgl_janji, h.today);
  assert.is(poli.body.data[0].no_urut, 4);
  assert.is((await call(token, '/api/patient/antrian/farmasi', q)).body.data[0].status_obat, 'Sedang Disiapkan');
  const other = await call(await tokenOf(B), '/api/patient/antrian/farmasi', { nomr: B.nomr, tgllahir: B.tgl });
  assert.equal(other.body, { status: false, message: 'Data tidak ditemukan', data: [] });
  const lab = await call(token, '/api/patient/riwayat/penunjang', { nomr: A.nomr });
  assert.is(lab.body.hasillab[0].no_lab, 'LAB2600123');
  assert.is(lab.body.data[0].inap, 'N');
});

test('quota: tgl_janji MM/DD/YY with its Indonesian weekday; a Sunday is one kode 301; a booking fills the session, the next is refused with a message', async () => {
  const tA = await tokenOf(A);
  const tB = await tokenOf(B);
  const monday = h.nextDateOn('Senin');
  const quota = (hari: string, ymd = monday) => call(tA, '/api/patient/list/quota', { kd_dr: '', kd_dep: '10101', tgl_janji: mmddyy(ymd), hari });
  const slots = (await quota('Senin')).body.data as Array<Record<string, unknown>>;
  assert.equal(
    slots.map((s) => [s.kd_dr, s.sts_jam, s.batas_quota, s.quota_terisi]),
    [
      ['D0101', '1', 1, 0],
      ['D0102', '2', 1, 0],
    ],
  );
  assert.is((await quota('Selasa')).body.status, false);
  assert.is((await quota('Minggu', h.nextDateOn('Minggu'))).body.data[0].kode, 301);

  const booking = { tgl_janji: monday, sts_ue: 'U', kd_dep: '10101', kd_dr: 'D0101', sts_jam: '1', carabayar: 'P', hp: '081200000001' };
  const yes = await call(tA, '/api/patient/simpan/janji', {}, { ...booking, nomr: A.nomr, tgl_lahir: A.tgl });
  assert.is(yes.body.status, 'true');
  assert.match(yes.body.data.message, /Nomor antrian Anda 1/);
  assert.equal(h.seats('D0101', '10101', monday, '1'), { batas_quota: 1, quota_terisi: 1 });
  const no = await call(tB, '/api/patient/simpan/janji', {}, { ...booking, nomr: B.nomr, tgl_lahir: B.tgl });
  assert.equal(no.body, { status: 'false', message: 'Kuota dokter pada tanggal tersebut sudah penuh. Silakan pilih tanggal lain.' });
  assert.is((await call(tB, '/api/patient/simpan/janji', {}, { ...booking, nomr: A.nomr })).code, 403);
  assert.is(h.bookings.length, 1);
  assert.is((await quota('Senin')).body.data[0].quota_terisi, 1);
});

test('registration takes no token and answers status as the string', async () => {
  const person = {
    nama: 'Rina Wati',
    no_ktp: '3171234567890001',
    tempat_lahir: 'Bogor',
    tgl_lahir: '1995-06-01',
    telp_hp: '0812',
    email: 'r@contoh.id',
    pekerjaan: '02',
  };
  assert.equal((await call(null, '/api/patient/simpan/pasien/baru', {}, person)).body.status, 'true');
  assert.equal((await call(null, '/api/patient/simpan/pasien/baru', {}, person)).body, { status: 'false', message: 'No KTP sudah terdaftar' });
  assert.is(h.registrations.length, 1);
});

test('outages: down refuses connections, error500 answers an HTML page, slow holds every answer; ok again answers', async () => {
  const token = await tokenOf(A);
  await h.setMode('down');
  await fetch(`${h.url}/api/patient/kddep`).then(
    () => assert.unreachable('answered while down'),
    (e: Error) => assert.instance(e, TypeError),
  );
  await h.setMode('error500');
  const res = await fetch(`${h.url}/api/patient/kddep`);
  assert.is(res.status, 500);
  assert.match(res.headers.get('content-type') ?? '', /text\/html/);
  await h.setMode('slow');
  h.setDelayMs(60_000);
  const both = Promise.all([1, 2].map(() => call(token, '/api/patient/kddep', { nomr: A.nomr })));
  while (h.inFlight() < 2) await new Promise((r) => setTimeout(r, 10));
  assert.is(h.peakInFlight(), 2, 'both held at once');
  await h.setMode('ok');
  assert.equal(
    (await both).map((r) => r.body.data.length),
    [4, 4],
  );
  assert.is(h.inFlight(), 0);
  h.setTextStatus(true);
  assert.is((await call(await tokenOf(A), '/api/patient/kddep', { nomr: A.nomr })).body.status, 'true');
});

test.run();

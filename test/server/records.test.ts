// Every call of docs/product.md §7 answers for demo patient A with every field of docs/product.md §3, and
// patient B sees A's data nowhere.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_C } from '../../server/connector/local/demo/seed.ts';
import { labOrders, poliHistory } from '../../server/connector/local/records.ts';
import { DEMO_A, DEMO_B, loginAs, testApp, type TestApp } from '../support/app.ts';
import { d001BookingOf } from '../support/booking.ts';

let t: TestApp;
let tokenA: string;
let tokenB: string;
/** C, in the ICVCU now: A's stays are over (A waits in today's clinic queue). */
let tokenC: string;
test.before(async () => {
  t = await testApp();
  tokenA = await loginAs(t.app, DEMO_A);
  tokenB = await loginAs(t.app, DEMO_B);
  tokenC = await loginAs(t.app, DEMO_C);
});
test.after(async () => t.close());

const get = (url: string, token: string, query: Record<string, string> = {}) => t.app.inject({ url, query, headers: { authorization: `Bearer ${token}` } });
const qA = { nomr: DEMO_A.nomr, tgllahir: DEMO_A.tgl_lahir };

const LISTS: Record<string, string[]> = {
  '/api/patient/antrian/poli': ['no_urut', 'no_reg', 'tgl_janji', 'hari', 'dokter', 'ds_dep', 'no_mr', 'nama_pas'],
  '/api/patient/antrian/farmasi': ['no_antrian', 'tgl_layanan', 'no_mr', 'nama_pasien', 'status_obat'],
  '/api/patient/jadwal/kath/terdekat': ['hari', 'tanggal_tindakan', 'nama_pasien', 'no_mr', 'tindakan', 'no_reg', 'nama_dokter'],
  '/api/patient/jadwal/bedah/terdekat': [
    'hari',
    'tanggal_operasi',
    'nama_pasien',
    'no_mr',
    'tindakan_bedah',
    'no_reg',
    'nama_dokter_bedah',
    'nama_dokter_anastesi',
  ],
  '/api/patient/riwayat/konsul/poli/umum': ['no_reg', 'nama_pas', 'no_mr', 'tgl_reg', 'ds_dep', 'kd_dep', 'nama_dokter', 'pas_baru', 'ds_pastipe', 'resume'],
  '/api/patient/riwayat/konsul/poli/online': ['no_reg', 'nama_pas', 'no_mr', 'tgl_reg', 'ds_dep', 'kd_dep', 'nama_dokter', 'no_urut', 'pas_baru', 'ds_pastipe'],
  '/api/patient/riwayat/rawat/inap/jalan': ['no_reg', 'tgl_reg', 'tgl_pulang', 'ds_kmr', 'kd_bed_from', 'ds_bed_from', 'status', 'tgl_masuk', 'tgl_keluar'],
  '/api/patient/riwayat/rawat/inap/lalu': ['no_reg', 'nama_pas', 'no_mr', 'tgl_masuk', 'tgl_pulang', 'diagnosis_primer', 'diagnosis_sekunder'],
  // tindakan: the reference API's addition, beside the spec's fields.
  '/api/patient/riwayat/tindakan/kath': ['hari', 'tanggal_tindakan', 'nama_pasien', 'no_mr', 'no_reg', 'nama_dokter', 'tindakan'],
  '/api/patient/riwayat/tindakan/bedah': [
    'hari',
    'tanggal_operasi',
    'nama_pasien',
    'no_mr',
    'tindakan_bedah',
    'no_reg',
    'nama_dokter_bedah',
    'nama_dokter_anestesi',
  ],
  '/api/patient/laporan/pemeriksaan/vaskular': ['no_reg', 'tgl_periksa', 'diagnosa', 'asal_rujukan', 'pengirim', 'teknisi', 'hasil_lab'],
};

const hasFields = (obj: Record<string, unknown>, fields: string[], where: string) => {
  for (const f of fields) assert.ok(f in obj, `${where}: missing ${f}`);
};

for (const [url, fields] of Object.entries(LISTS)) {
  const current = url === '/api/patient/riwayat/rawat/inap/jalan';
  const [who, token] = current ? [DEMO_C, () => tokenC] : [DEMO_A, () => tokenA];
  test(`${url} lists ${current ? 'C' : 'A'}'s records with every field`, async () => {
    const res = await get(url, token(), { nomr: who.nomr, tgllahir: who.tgl_lahir });
    assert.is(res.statusCode, 200);
    const body = res.json();
    assert.is(body.status, true);
    assert.ok(body.data.length > 0, 'at least one record');
    for (const item of body.data) {
      hasFields(item, fields, url);
      if ('no_mr' in item) assert.is(item.no_mr, who.nomr);
    }
  });
}

test('the profile has every field of the profile screen', async () => {
  const res = await get('/api/patient/profil/pasien', tokenA, { nomr: DEMO_A.nomr });
  const { data } = res.json();
  hasFields(data, ['nomr', 'nama', 'jenis_kelamin', 'tgl_lahir', 'pastipe', 'alamat', 'no_jaminan'], 'profil');
  assert.is(data.nama, DEMO_A.nama);
  assert.is(data.tgl_lahir, DEMO_A.tgl_lahir);
});

test('upcoming appointments come as data.jadwal', async () => {
  const { data } = (await get('/api/patient/jadwal/perjanjian/terdekat', tokenA, qA)).json();
  assert.ok(data.jadwal.length >= 2);
  hasFields(data.jadwal[0], ['tanggal_janji', 'nama_dokter', 'departemen', 'no_urut'], 'jadwal');
});

test('penunjang answers lab results under hasillab and the poli history under data', async () => {
  const body = (await get('/api/patient/riwayat/penunjang', tokenA, { nomr: DEMO_A.nomr })).json();
  assert.ok(body.hasillab.length > 0);
  hasFields(body.hasillab[0], ['no_lab', 'tgl_prksa', 'hasil_lab'], 'hasillab');
  hasFields(body.hasillab[0].hasil_lab[0], ['test_nm', 'hasil', 'unit', 'flag', 'ref_range', 'status', 'test_comment'], 'hasil_lab');
  const results: Array<{ flag: string | null; test_comment: string | null }> = body.hasillab.flatMap((o: { hasil_lab: unknown[] }) => o.hasil_lab);
  assert.ok(
    results.some((r) => r.flag === 'H' && r.test_comment),
    'a high result is flagged and commented',
  );
  assert.ok(
    results.some((r) => r.flag === 'L'),
    'a low result is flagged',
  );
  assert.ok(
    results.some((r) => r.flag === null),
    'results within range carry no flag',
  );
  hasFields(body.data[0], ['no_reg', 'tgl_reg', 'ds_dep', 'inap'], 'poli history');
});

test("penunjang's one statement answers what the lab orders' and the poli history's own queries answer, in their order", async () => {
  const body = (await get('/api/patient/riwayat/penunjang', tokenA, { nomr: DEMO_A.nomr })).json();
  const [labs, poli] = [await labOrders(t.db, DEMO_A.nomr), await poliHistory(t.db, DEMO_A.nomr)];
  assert.ok(labs.length > 1 && poli.length > 1, 'several of each, so that the order is seen');
  // Through JSON as the answer went: the same values, fields and order.
  assert.equal(body.hasillab, JSON.parse(JSON.stringify(labs)));
  assert.equal(body.data, JSON.parse(JSON.stringify(poli)));
});

test('the vascular list includes a report without no_reg, as the client must drop it', async () => {
  const { data } = (await get('/api/patient/laporan/pemeriksaan/vaskular', tokenA, { nomr: DEMO_A.nomr })).json();
  assert.ok(data.some((r: { no_reg: string | null }) => r.no_reg === null));
  hasFields(data[0].hasil_lab[0], ['access', 'kanan', 'kiri'], 'vascular finding');
});

test('clinics, doctor schedules and the last appointment answer', async () => {
  const clinics = (await get('/api/patient/kddep', tokenA, { nomr: DEMO_A.nomr })).json().data;
  assert.ok(clinics.length >= 12);
  assert.ok(clinics.some((c: { kd_dep: string; ds_dep: string }) => c.kd_dep === '20012' && c.ds_dep === 'POLI EKSEKUTIF / UMUM'));
  const doctors = (await get('/api/patient/jadwal/dokter', tokenA, { spesialis: 'Cardiologi Pediatrik' })).json().data;
  assert.ok(doctors.length > 0);
  hasFields(doctors[0], ['nama_dr_lengkap', 'kd_dr', 'foto', 'jadwal'], 'doctor');
  hasFields(doctors[0].jadwal[0], ['hari', 'jam_dtg', 'jam_plg', 'kd_dep', 'ds_dep'], 'schedule');
  const last = (await get('/api/patient/perjanjian/terakhir', tokenA, { nomr: DEMO_A.nomr })).json().data;
  assert.match(last.tgl_janji, /^\d{4}-\d{2}-\d{2}$/);
});

test('the demo hospital has 30+ doctors over all 13 specialties', async () => {
  const rows = await t.db.query<{ spesialis: string; n: number }>(
    `SELECT spesialis, count(*)::int AS n FROM doctors WHERE spesialis <> 'Anestesi' GROUP BY spesialis`,
  );
  assert.is(rows.length, 13);
  assert.ok(rows.reduce((n, r) => n + r.n, 0) >= 30);
});

const EVERY_GET = [
  ...Object.keys(LISTS),
  '/api/patient/profil/pasien',
  '/api/patient/jadwal/perjanjian/terdekat',
  '/api/patient/riwayat/penunjang',
  '/api/patient/perjanjian/terakhir',
  '/api/patient/kddep',
];

test("B asking for A's records gets 403 and no data on every endpoint", async () => {
  for (const url of EVERY_GET) {
    const res = await get(url, tokenB, qA);
    assert.is(res.statusCode, 403, url);
    assert.not.ok(res.body.includes(DEMO_A.nama), url);
    assert.not.ok('data' in res.json(), url);
  }
  const booking = await t.app.inject({
    method: 'POST',
    url: '/api/patient/simpan/janji',
    headers: { authorization: `Bearer ${tokenB}` },
    payload: d001BookingOf(DEMO_A, '2030-01-07'),
  });
  assert.is(booking.statusCode, 403);
});

test('B, with no history, gets empty lists for its own records', async () => {
  for (const url of Object.keys(LISTS)) {
    const body = (await get(url, tokenB, { nomr: DEMO_B.nomr, tgllahir: DEMO_B.tgl_lahir })).json();
    assert.is(body.status, true, url);
    assert.equal(body.data, [], url);
  }
  const jadwal = (await get('/api/patient/jadwal/perjanjian/terdekat', tokenB, {})).json().data.jadwal;
  assert.equal(jadwal, []);
});

test.run();

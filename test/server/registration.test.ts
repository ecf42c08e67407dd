import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { testApp, type TestApp } from '../support/app.ts';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

const VALID = {
  nama: 'Rahmat Hidayat',
  no_ktp: '3173041708680001',
  tempat_lahir: 'Jakarta',
  tgl_lahir: '1968-08-17',
  telp_hp: '081234567890',
  email: 'rahmat@example.co.id',
  pekerjaan: '07',
};

const register = (body: object) => t.app.inject({ method: 'POST', url: '/api/patient/simpan/pasien/baru', payload: body });

test('a complete registration is stored as pending and answered with the saved message', async () => {
  const res = await register(VALID);
  assert.is(res.statusCode, 200);
  assert.is(res.json().status, true);
  assert.match(res.json().message, /Silahkan lanjutkan proses verifikasi di loket pendaftaran/);
  const rows = await t.db.query('SELECT nama FROM registrations WHERE no_ktp = $1', [VALID.no_ktp]);
  assert.is(rows.length, 1);
});

test('a second registration with the same NIK makes no duplicate', async () => {
  await register(VALID);
  const res = await register({ ...VALID, nama: 'Rahmat H.' });
  assert.is(res.json().status, true);
  const rows = await t.db.query('SELECT 1 FROM registrations WHERE no_ktp = $1', [VALID.no_ktp]);
  assert.is(rows.length, 1);
});

const CASES: Array<[string, object, RegExp]> = [
  ['an empty field', { ...VALID, tempat_lahir: '  ' }, /^Mohon isi semua data dengan benar!$/],
  ['an NIK that is not 16 digits', { ...VALID, no_ktp: '12345' }, /NIK.*16 angka/],
  ['a birth date in the future', { ...VALID, tgl_lahir: '2999-01-01' }, /Tanggal Lahir/],
  ['a birth date that does not exist', { ...VALID, tgl_lahir: '1990-02-30' }, /Tanggal Lahir/],
  ['an implausible phone', { ...VALID, telp_hp: '12' }, /Telpon/],
  ['an email without a domain', { ...VALID, email: 'rahmat@' }, /Email/],
  ['an unknown occupation code', { ...VALID, pekerjaan: '13' }, /Pekerjaan/],
];

for (const [what, body, message] of CASES) {
  test(`${what} is refused with a message that names it`, async () => {
    const res = await register({ ...body, no_ktp: (body as { no_ktp: string }).no_ktp === VALID.no_ktp ? '3173041708689999' : (body as { no_ktp: string }).no_ktp });
    assert.is(res.statusCode, 200);
    assert.is(res.json().status, false);
    assert.match(res.json().message, message);
    const rows = await t.db.query('SELECT 1 FROM registrations WHERE no_ktp = $1', ['3173041708689999']);
    assert.is(rows.length, 0);
  });
}

test('a missing field or an unknown one is a 400, never a 5xx', async () => {
  const { email: _, ...missing } = VALID;
  assert.is((await register(missing)).statusCode, 400);
  assert.is((await register({ ...VALID, admin: true })).statusCode, 400);
});

test.run();

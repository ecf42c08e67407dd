// The registration rules of common/registration.ts, which the form and the server both apply:
// every field's problem at once for the form, the first one (or the spec's 'empty' message) for
// the server's answer, and the field a refusal's words name.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REGISTRATION_MSG, fieldOfMessage, registrationProblem, registrationProblems } from '../../common/registration.ts';

const TODAY = '2026-11-26';
const GOOD = {
  nama: 'Dewi Lestari',
  no_ktp: '3173012345678901',
  tempat_lahir: 'Bandung',
  tgl_lahir: '1975-03-05',
  telp_hp: '0812-9876-5432',
  email: 'dewi@example.co.id',
  pekerjaan: '06',
};

test('a good registration has no problem', () => {
  assert.equal(registrationProblems(GOOD, TODAY), {});
  assert.is(registrationProblem(GOOD, TODAY), null);
});

test('every field says its problem at once: empty ones, and each broken format', () => {
  const p = { ...GOOD, nama: ' ', no_ktp: '12345', tgl_lahir: '2027-01-01', telp_hp: '12', email: 'dewi@', pekerjaan: '13' };
  assert.equal(registrationProblems(p, TODAY), {
    nama: 'empty',
    no_ktp: REGISTRATION_MSG.nik,
    tgl_lahir: REGISTRATION_MSG.birthDate,
    telp_hp: REGISTRATION_MSG.phone,
    email: REGISTRATION_MSG.email,
    pekerjaan: REGISTRATION_MSG.occupation,
  });
});

test("the server's one answer: the spec's text while any field is empty, else the first broken rule in the form's order", () => {
  assert.is(registrationProblem({ ...GOOD, email: '', no_ktp: '1' }, TODAY), REGISTRATION_MSG.empty);
  assert.is(registrationProblem({ ...GOOD, no_ktp: '1', email: 'x' }, TODAY), REGISTRATION_MSG.nik);
  assert.is(registrationProblem({ ...GOOD, telp_hp: '021555', email: 'x' }, TODAY), REGISTRATION_MSG.phone);
  assert.is(registrationProblem({ ...GOOD, no_ktp: ' 3173012345678901 ' }, TODAY), null, 'spaces around the NIK are no problem');
});

test('a refusal names its field: by the rule it broke, or by the schema check it failed', () => {
  assert.is(fieldOfMessage(REGISTRATION_MSG.nik), 'no_ktp');
  assert.is(fieldOfMessage(REGISTRATION_MSG.email), 'email');
  assert.is(fieldOfMessage(REGISTRATION_MSG.occupation), 'pekerjaan');
  assert.is(fieldOfMessage('Permintaan tidak valid. Periksa kolom telp_hp.'), 'telp_hp');
  assert.is(fieldOfMessage('Permintaan tidak valid. Kolom nama berisi karakter kontrol atau pengatur arah teks yang tidak diizinkan.'), 'nama');
  assert.is(fieldOfMessage('Permintaan tidak valid. Periksa kolom persetujuan_privasi.'), undefined);
  assert.is(fieldOfMessage(REGISTRATION_MSG.empty), undefined);
  assert.is(fieldOfMessage(undefined), undefined);
});

test.run();

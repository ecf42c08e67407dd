// Free text refuses control and bidirectional-override characters (a 400 naming the field, and
// nothing stored), and one rule decides what a mobile number is, for registration and booking.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { isMobileNumber } from '../../common/phone.ts';
import { isFreeText } from '../../common/schemas/codes.ts';
import { DEMO_A, loginAs, newPatient, testApp, type TestApp } from '../support/app.ts';
import { d001BookingOf } from '../support/booking.ts';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

const VALID = newPatient('3173041708680077');
const register = (body: object) => t.app.inject({ method: 'POST', url: '/api/patient/simpan/pasien/baru', payload: body });
const stored = async () => (await t.db.query('SELECT 1 FROM registrations WHERE no_ktp = $1', [VALID.no_ktp])).length;

test('a name with a right-to-left override is a 400 that names nama, and nothing is stored', async () => {
  const res = await register({ ...VALID, nama: 'Rahmat \u202eHidayat' });
  assert.is(res.statusCode, 400);
  assert.is(res.json().status, false);
  assert.match(res.json().message, /^Permintaan tidak valid\. Kolom nama /);
  assert.is(await stored(), 0);
});

test('every free-text field of the registration refuses control and bidi characters', async () => {
  for (const field of ['nama', 'tempat_lahir', 'email', 'telp_hp', 'no_ktp']) {
    for (const c of ['\u0000', '\u0007', '\n', '\u007f', '\u0085', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069']) {
      const res = await register({ ...VALID, [field]: `${VALID[field as keyof typeof VALID]}${c}` });
      assert.is(res.statusCode, 400, `${field} with U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      assert.match(res.json().message, new RegExp(`Kolom ${field} `));
    }
  }
  assert.is(await stored(), 0);
  assert.is((await register(VALID)).json().status, true, 'the same registration without them is kept');
});

test('names in any script, with apostrophes and emoji, are free text', () => {
  for (const name of ['Siti Aminah', 'Ni Luh Putu Ayu', "O'Neil", 'محمد عبدالله', '王小明', 'Ñoño 😀']) assert.ok(isFreeText(name), name);
});

test('the booking, the login and the quota query refuse them too, naming the field', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const date = nextOnWeekday(addDays(todayWib(), 21), 1);
  const booking = await t.app.inject({
    method: 'POST',
    url: '/api/patient/simpan/janji',
    headers: { authorization: `Bearer ${token}` },
    payload: d001BookingOf(DEMO_A, date, { hp: '0812\u202e34567890' }),
  });
  assert.is(booking.statusCode, 400);
  assert.match(booking.json().message, /Kolom hp /);
  assert.is((await t.db.query('SELECT 1 FROM appointments WHERE nomr = $1 AND tgl_janji = $2', [DEMO_A.nomr, date])).length, 0);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/proxy-login',
    payload: { medical_record_number: `${DEMO_A.nomr}\u0000`, birthdate: DEMO_A.tgl_lahir },
  });
  assert.is(login.statusCode, 400);
  assert.match(login.json().message, /Kolom medical_record_number /);
  const quota = await t.app.inject({
    url: `/api/patient/jadwal/dokter?spesialis=${encodeURIComponent('Kardiologi\u2066')}`,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.is(quota.statusCode, 400);
  assert.match(quota.json().message, /Kolom spesialis /);
});

test('a mobile number is 08… or +628…, 10 to 13 digits, spaces and dashes allowed', () => {
  for (const ok of ['0812345678', '081234567890', '0812345678901', '+6281234567890', '0812-3456-7890', '+62 812 3456 7890']) assert.ok(isMobileNumber(ok), ok);
  for (const bad of ['', '12', '081234567', '08123456789012', '0212345678', '6281234567890', '+6221234567', '0812345678x', '+62081234567890']) {
    assert.not.ok(isMobileNumber(bad), bad);
  }
});

test('registration and booking answer one phone rule alike', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const date = nextOnWeekday(addDays(todayWib(), 28), 1);
  for (const [phone, ok] of [
    ['0212345678', false],
    ['+6281234567890', true],
  ] as const) {
    const reg = (await register({ ...VALID, no_ktp: ok ? '3173041708680078' : '3173041708680079', telp_hp: phone })).json();
    assert.is(reg.status, ok, `registration ${phone}`);
    const book = await t.app.inject({
      method: 'POST',
      url: '/api/patient/simpan/janji',
      headers: { authorization: `Bearer ${token}` },
      payload: d001BookingOf(DEMO_A, date, { hp: phone }),
    });
    assert.is(book.json().status, ok, `booking ${phone}`);
  }
});

test.run();

// Names and every other free-text field: stored in NFC; invisible, format and direction
// characters, fillers and piles of combining marks refused with a 400 that names the field;
// Indonesian names as people write them (apostrophes, dots, hyphens, accents) still pass. On
// PGlite and on PostgreSQL.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freeTextProblem } from '../../common/text.ts';
import { newPatient, testApp, type TestApp } from '../support/app.ts';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

let nik = 3173041708690000;
let address = 0;
const register = (over: Record<string, unknown>) => {
  const no_ktp = String(++nik);
  const res = t.app.inject({
    method: 'POST',
    url: '/api/patient/simpan/pasien/baru',
    payload: newPatient(no_ktp, over),
    remoteAddress: `10.66.${Math.floor(++address / 250)}.${address % 250}`,
  });
  return { no_ktp, res };
};
const storedName = async (no_ktp: string) => {
  const rows = await t.db.query<{ nama: string; tempat_lahir: string }>(
    'SELECT s.nama, s.tempat_lahir FROM registration_submissions s JOIN registrations r ON r.id = s.registration_id WHERE r.no_ktp = $1',
    [no_ktp],
  );
  return rows[0];
};
const hex = (s: string) => [...s].map((c) => `U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

const REAL_NAMES = [
  'Ni Luh Putu Ayu',
  'I Gusti Ngurah Rai',
  'Dewi Sartika',
  'Dr. H. Muh. Ali',
  "Ma'ruf Amin",
  "Siti Nur'aini",
  'Théo',
  'Dewí',
  'A.A. Ngurah Oka',
  'Tjokorda Gde Raka Sukawati',
  'La Ode Muhammad Ida',
  'Raden Ajeng Kartini',
  'Sri-Mulyani Indrawati',
  "Andi Mallarangeng-Daeng Ma'gassing",
  'Nyoman Suwéta',
  'Nguyễn Thị Ánh',
  'Muhammad Ḥasan al-Bāqir',
  'Zoë Ñúñez',
  'مُحَمَّد',
  '王小明',
  'Yohanes Ø. Kristiansen',
];

test('Indonesian names as people write them are stored, in NFC, whether typed composed or decomposed', async () => {
  for (const name of REAL_NAMES) {
    for (const form of ['NFC', 'NFD'] as const) {
      const { no_ktp, res } = register({ nama: name.normalize(form), tempat_lahir: 'Denpasar' });
      const answer = await res;
      assert.is(answer.statusCode, 200, `${name} (${form}): ${answer.body}`);
      assert.is(answer.json().status, true, `${name} (${form})`);
      const stored = await storedName(no_ktp);
      assert.is(stored.nama, name.normalize('NFC'), `${name} (${form}) is stored composed: ${hex(stored.nama)}`);
    }
  }
});

test("'Dewí' typed decomposed (i + U+0301) is stored as the one letter í, in the registration and each submission", async () => {
  const { no_ktp, res } = register({ nama: 'Dewi\u0301', tempat_lahir: 'Te\u0301gal' });
  assert.is((await res).json().status, true);
  assert.equal(await storedName(no_ktp), { nama: 'Dew\u00ed', tempat_lahir: 'T\u00e9gal' });
  const [row] = await t.db.query<{ nama: string }>('SELECT nama FROM registrations WHERE no_ktp = $1', [no_ktp]);
  assert.is(row.nama, 'Dew\u00ed');
});

const REFUSED: Array<[string, string]> = [
  ['Arabic letter mark', 'Rahmat\u061cHidayat'],
  ['zero-width space', 'Rahmat\u200bHidayat'],
  ['zero-width joiner', 'Rahmat\u200dHidayat'],
  ['word joiner', 'Rahmat\u2060Hidayat'],
  ['invisible separator', 'Rahmat\u2063Hidayat'],
  ['soft hyphen', 'Rah\u00admat'],
  ['Mongolian vowel separator', 'Rahmat\u180eHidayat'],
  ['byte order mark', '\ufeffRahmat'],
  ['interlinear annotation anchor', 'Rahmat\ufff9x\ufffa\ufffb'],
  ['line separator', 'Rahmat\u2028Hidayat'],
  ['paragraph separator', 'Rahmat\u2029Hidayat'],
  ['tag characters', 'Rahmat\u{e0001}\u{e0069}\u{e0064}'],
  ['Hangul filler alone', '\u3164'],
  ['Hangul filler inside', 'Rahmat\u3164Hidayat'],
  ['halfwidth Hangul filler', '\uffa0'],
  ['Hangul choseong filler', '\u115f\u1160'],
  ['braille blank', '\u2800'],
  ['combining grapheme joiner', 'Rahmat\u034f'],
  ['right-to-left override', 'Rahmat \u202eHidayat'],
  ['left-to-right isolate', 'Rahmat \u2066Hidayat\u2069'],
  ['three stacked combining marks', 'Rahmat Hidax\u0300\u0301\u0302yat'],
  ['99 stacked combining marks', `Z${'\u0336'.repeat(99)}`],
  ['a combining mark with no letter', '\u0301Rahmat'],
  ['a lone surrogate', 'Rahmat\ud800'],
];

test('invisible, format and direction characters, fillers and stacked marks: a 400 naming nama, nothing stored', async () => {
  for (const [what, nama] of REFUSED) {
    const { no_ktp, res } = register({ nama });
    const answer = await res;
    assert.is(answer.statusCode, 400, `${what}: ${answer.statusCode}`);
    assert.match(answer.json().message, /^Permintaan tidak valid\. Kolom nama berisi karakter tak terlihat/, what);
    assert.is((await t.db.query('SELECT 1 FROM registrations WHERE no_ktp = $1', [no_ktp])).length, 0, what);
  }
});

test('the same for every free-text field, each named', async () => {
  for (const field of ['tempat_lahir', 'email', 'telp_hp', 'versi_privasi']) {
    for (const c of ['\u200b', '\u3164', '\u00ad', '\u{e0041}']) {
      const { res } = register({
        [field]: `${field === 'versi_privasi' ? 'privasi-v1' : ''}x${c}`,
        ...(field === 'versi_privasi' ? { persetujuan_privasi: true } : {}),
      });
      const answer = await res;
      assert.is(answer.statusCode, 400, `${field} ${hex(c)}`);
      assert.match(answer.json().message, new RegExp(`Kolom ${field} `), `${field} ${hex(c)}`);
    }
  }
});

test('two combining marks on a letter pass (Vietnamese, Arabic vowels); the rule is the same in the app', () => {
  for (const ok of ['Nguye\u0302\u0303n', 'x\u0301\u0302', 'مُحَمَّد', 'Ñoño 😀', '❤️']) assert.is(freeTextProblem(ok), null, hex(ok));
  assert.is(freeTextProblem('x\u0301\u0302\u0303'), 'stacked-marks');
  assert.is(freeTextProblem('\u3164'), 'invisible');
});

test.run();

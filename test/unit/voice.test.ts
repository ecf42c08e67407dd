// The app's own texts in one voice (issue #43 item 10): 'silakan' (not 'mohon', 'harap' or
// 'silahkan'), 'terima kasih', a time as 'pukul 13.00' and hours as '13.00–16.00' (formatHours in
// common/dates.ts). Read from the sources' string literals (comments aside): every string table of
// src/ and common/, and every Indonesian sentence the server writes. The texts §2 of the spec
// gives word for word stay as §2 says (docs/product.md restates them, and this test checks that it
// does), and Mobile JKN's new-patient answer is BPJS's own catalogue text (docs/bpjs.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatHours } from '../../common/hours.ts';

/** §2's exact texts, and BPJS's: the only ones allowed another voice. */
const ALLOWED = [
  'Mohon isi semua data dengan benar!',
  'Data Anda Gagal disimpan. Mohon diperiksa kembali',
  'Data Anda Telah disimpan. Silahkan lanjutkan proses verifikasi di loket pendaftaran. Terimakasih',
  'Fitur notifikasi sudah aktif. Silahkan Login !',
];
/** BPJS's 'pasienbaru' answer as its WS catalogue prints it (metadata.message of code 200). */
const BPJS_TEXTS = ['Harap datang ke admisi untuk melengkapi data rekam medis.'];

const MIXED: Array<[string, RegExp]> = [
  ["'mohon' or 'harap' (say 'silakan')", /\b(mohon|harap)\b/i],
  ["'silahkan' (say 'silakan')", /\bsilahkan\b/i],
  ["'terimakasih' (say 'terima kasih')", /\bterimakasih\b/i],
  ["a time with a colon (say '13.00')", /\b\d{1,2}:\d{2}\b/],
  ["hours with a hyphen or spaced dash (say '13.00–16.00')", /\d{1,2}[.:]\d{2}(\s*[-—]\s*|\s+–\s*|\s*–\s+)\d{1,2}[.:]\d{2}/],
  ['hours joined by hand (say formatHours)', /\$\{[^}]*\bjam\w*\}\s*[-–]\s*\$\{/],
  ['a practice time as it came (say formatHours)', /pukul \$\{[^}]*\bjam(_dtg|_plg)?\}/],
];

/**
 * Each string literal of a file, templates with their `${…}` as written; comments skipped. A small
 * scanner (the repository's TypeScript 7 has no JavaScript API): enough for string tables and the
 * server's messages, where a regular expression literal holds no quote that would mislead it.
 */
function literals(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  let i = 0;
  const quoted = (q: string): string => {
    let text = '';
    for (i++; i < src.length && src[i] !== q; i++) {
      if (src[i] === '\\') text += src[++i];
      else if (q === '`' && src[i] === '$' && src[i + 1] === '{') {
        // The expression as written, nested braces and all.
        let depth = 0;
        const from = i;
        for (; i < src.length; i++) {
          if (src[i] === '{') depth++;
          else if (src[i] === '}' && --depth === 0) break;
        }
        text += src.slice(from, i + 1);
      } else text += src[i];
    }
    i++;
    return text;
  };
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') i = src.indexOf('\n', i) < 0 ? src.length : src.indexOf('\n', i);
    else if (c === '/' && src[i + 1] === '*') i = src.indexOf('*/', i + 2) + 2;
    else if (c === "'" || c === '"' || c === '`') out.push(quoted(c));
    else i++;
  }
  return out;
}

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => join(e.parentPath, e.name));
}

const TABLES = [...files('src', (n) => n === 'strings.ts' || n.endsWith('-strings.ts')), 'common/messages.ts', 'common/registration.ts'];
/** A sentence in Indonesian, as the server writes for patients and callers (not SQL, not a log line). */
const INDONESIAN = /\b(anda|silakan|silahkan|mohon|harap|tidak|sudah|belum|pukul|nomor|antrian|antrean|jadwal|perjanjian|dengan|untuk)\b/i;
/** A query to a database, whose words are no patient's text. */
const SQL = /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b/;
const SERVER = files('server', (n) => n.endsWith('.ts'));

/** Every own text with what is wrong with it. */
function offences(): string[] {
  const found: string[] = [];
  const check = (file: string, text: string) => {
    if (ALLOWED.includes(text) || BPJS_TEXTS.includes(text)) return;
    for (const [why, re] of MIXED) if (re.test(text)) found.push(`${file}: ${why}: ${text}`);
  };
  for (const f of TABLES) for (const t of literals(f)) check(f, t);
  for (const f of SERVER) for (const t of literals(f)) if (INDONESIAN.test(t) && /\s/.test(t) && !SQL.test(t)) check(f, t);
  return found;
}

test("the app's own texts speak in one voice", () => {
  assert.ok(TABLES.length >= 10, `string tables found: ${TABLES.join(' ')}`);
  assert.equal(offences(), []);
});

test('the allow-list is only what §2 and BPJS give word for word', () => {
  const product = readFileSync('docs/product.md', 'utf8');
  for (const t of ALLOWED) assert.ok(product.includes(t), `not §2's text: ${t}`);
  assert.ok(readFileSync('docs/bpjs.md', 'utf8').includes(BPJS_TEXTS[0].slice(0, -1)), "BPJS's text is named in docs/bpjs.md");
});

/** A template's `${…}` as the scanner reads it from a source file. */
const slot = (expression: string) => `\${${expression}}`;

test('the scan finds each mixed form', () => {
  const bad = [
    'Mohon tunggu sebentar.',
    'Harap bawa KTP.',
    'Silahkan coba lagi.',
    'Terimakasih.',
    'Buka 08:00.',
    'Jam 08.00 - 12.00',
    `pukul ${slot('a.jam_dtg')}-${slot('a.jam_plg')}`,
    `pukul ${slot('r.jam')} di poli`,
  ];
  for (const t of bad)
    assert.ok(
      MIXED.some(([, re]) => re.test(t)),
      t,
    );
  for (const t of ['Silakan datang pukul 08.00.', 'Jam praktik 08.00–12.00.', `pukul ${slot('formatHours(r.jam)')} di poli`, 'Terima kasih.'])
    assert.not.ok(
      MIXED.some(([, re]) => re.test(t)),
      t,
    );
});

test('formatHours: a range with an en dash and no spaces, a single time after pukul', () => {
  assert.is(formatHours('08:00', '12:00'), '08.00–12.00');
  assert.is(formatHours('13:00:00', '16:00:00'), '13.00–16.00');
  assert.is(formatHours('8:00', '12:30'), '08.00–12.30');
  assert.is(formatHours('08:00-12:00'), '08.00–12.00', "the booking routes' jam");
  assert.is(formatHours('08.00 - 12.00'), '08.00–12.00');
  assert.is(formatHours('13:00'), 'pukul 13.00');
  assert.is(formatHours('13:00', null), 'pukul 13.00');
  assert.is(formatHours('13:00', ''), 'pukul 13.00');
  assert.is(formatHours('pagi'), 'pagi', 'what is no time stays as it came');
});

test.run();

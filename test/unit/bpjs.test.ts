// BPJS Antrean's signing, the decryption of its answers, what an answer means, and the add's
// payload. The vectors are computed here apart from server/bpjs/: with Web Crypto, and a literal.
import { webcrypto } from 'node:crypto';
import LZString from 'lz-string';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bpjsRetry, outcomeOf } from '../../server/bpjs/answer.ts';
import { nextAttemptIn } from '../../server/retry/backoff.ts';
import { checkCodes, checkSchedule } from '../../server/bpjs/hfis.ts';
import { type AddFacts, buildAdd, buildJadwal, jenisResep, pharmacyTask, taskBefore, taskResep } from '../../server/domain/bpjs-antrean.ts';
import { taskIdsOf } from '../../server/bpjs/reconcile.ts';
import { decryptResponse, signature, signedHeaders, timestampOf } from '../../server/bpjs/signing.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';

const subtle = webcrypto.subtle;
const creds = { consId: '1234', secretKey: 'pwd', userKey: 'user-key-1' };
const TS = '1433459690';

async function hmacBase64(key: string, text: string): Promise<string> {
  const k = await subtle.importKey('raw', Buffer.from(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return Buffer.from(await subtle.sign('HMAC', k, Buffer.from(text))).toString('base64');
}

/** As BPJS encrypts an answer: lz-string, then AES-256-CBC under SHA-256(consid + secret + timestamp). */
async function bpjsEncrypt(consId: string, secret: string, timestamp: string, plain: string): Promise<string> {
  const hash = new Uint8Array(await subtle.digest('SHA-256', Buffer.from(consId + secret + timestamp)));
  const key = await subtle.importKey('raw', hash, { name: 'AES-CBC' }, false, ['encrypt']);
  const data = Buffer.from(LZString.compressToEncodedURIComponent(plain));
  return Buffer.from(await subtle.encrypt({ name: 'AES-CBC', iv: hash.slice(0, 16) }, key, data)).toString('base64');
}

test('the timestamp is whole seconds since the epoch, UTC', () => {
  assert.is(timestampOf(Date.UTC(2015, 5, 4, 23, 14, 50, 999)), TS);
});

test('the signature is base64(HMAC-SHA256("consid&timestamp", secret))', async () => {
  assert.is(signature('1234', 'pwd', TS), 'a/M6Uk83+aGHVyNfkPbAAqI1HDhIruMhqzBhutGFhkw=');
  assert.is(signature('21095', 'rahasia#01', '1700000000'), await hmacBase64('rahasia#01', '21095&1700000000'));
});

test('every request carries X-cons-id, X-timestamp, X-signature and user_key', async () => {
  assert.equal(signedHeaders(creds, TS), {
    'X-cons-id': '1234',
    'X-timestamp': TS,
    'X-signature': await hmacBase64('pwd', `1234&${TS}`),
    user_key: 'user-key-1',
  });
});

test('an answer encrypted as BPJS does decrypts and decompresses to its JSON', async () => {
  const plain = JSON.stringify({ nomorantrean: 'JAN-12', namapoli: 'Jantung', keterangan: 'Peserta harap datang 30 menit lebih awal' });
  assert.is(decryptResponse(creds, TS, await bpjsEncrypt('1234', 'pwd', TS, plain)), plain);
});

test('an answer decrypted with another timestamp or secret fails instead of giving rubbish', async () => {
  const sealed = await bpjsEncrypt('1234', 'pwd', TS, '{"a":1}');
  assert.throws(() => decryptResponse(creds, '1433459691', sealed));
  assert.throws(() => decryptResponse({ ...creds, secretKey: 'other' }, TS, sealed));
});

test('metadata.code 200 is sent, with the response decrypted', async () => {
  const body = JSON.stringify({ response: await bpjsEncrypt('1234', 'pwd', TS, '{"kodebooking":"RJ1"}'), metadata: { code: 200, message: 'Ok.' } });
  assert.equal(outcomeOf(200, body, creds, TS), { kind: 'sent', code: 200, message: 'Ok.', response: '{"kodebooking":"RJ1"}' });
  assert.equal(outcomeOf(200, '{"metaData":{"code":"200","message":"OK"},"response":null}', creds, TS), {
    kind: 'sent',
    code: 200,
    message: 'OK',
    response: null,
  });
});

test("another code is a refusal with BPJS's message, never retried", () => {
  assert.equal(outcomeOf(200, '{"metadata":{"code":201,"message":"Kode booking tidak ditemukan"}}', creds, TS), {
    kind: 'refused',
    code: 201,
    message: 'Kode booking tidak ditemukan',
  });
  assert.equal(outcomeOf(401, '{"metadata":{"code":401,"message":"Authentication failed"}}', creds, TS).kind, 'refused');
});

test('5xx, 408, 429 and answers that are not BPJS’s are retried', () => {
  for (const status of [500, 502, 503, 504, 408, 429]) assert.is(outcomeOf(status, '', creds, TS).kind, 'retry', String(status));
  assert.is(outcomeOf(200, '<html>maintenance</html>', creds, TS).kind, 'retry');
});

test('the backoff doubles from 15 s and stops at its cap', () => {
  assert.equal(
    [1, 2, 3, 4, 10].map((n) => nextAttemptIn(n, bpjsRetry(40, 900))),
    [15, 30, 60, 120, 900],
  );
});

const facts = (over: Partial<AddFacts> = {}): AddFacts => ({
  kodebooking: 'RJ260901100001',
  nomr: '00012345',
  carabayar: 'B',
  no_jaminan: '0001234567890',
  no_ktp: '3173011708680001',
  hp: '081234567890',
  tgl_janji: '2026-09-07',
  kd_dep: '20001',
  kd_dr: 'D001',
  kodepoli: 'JAN',
  namapoli: 'JANTUNG DAN PEMBULUH DARAH',
  kodedokter: 10001,
  namadokter: 'dr. Ahmad Fauzi, Sp.JP(K)',
  jam_dtg: '08:00',
  jam_plg: '12:00',
  no_urut: 4,
  batas_quota: 30,
  quota_terisi: 4,
  seen_before: true,
  ahead: 3,
  calls: [],
  minutes_per_patient: 10,
  ...over,
});

test('the add carries every field BPJS asks for, in its formats', () => {
  const built = buildAdd(facts(), Date.parse('2026-09-01T10:00:00+07:00'));
  assert.ok(built.ok);
  assert.equal(built.payload, {
    kodebooking: 'RJ260901100001',
    jenispasien: 'JKN',
    nomorkartu: '0001234567890',
    nik: '3173011708680001',
    nohp: '081234567890',
    kodepoli: 'JAN',
    namapoli: 'JANTUNG DAN PEMBULUH DARAH',
    pasienbaru: 0,
    norm: '00012345',
    tanggalperiksa: '2026-09-07',
    kodedokter: 10001,
    namadokter: 'dr. Ahmad Fauzi, Sp.JP(K)',
    jampraktek: '08:00-12:00',
    jeniskunjungan: 3,
    nomorreferensi: '',
    nomorantrean: 'JAN-4',
    angkaantrean: 4,
    // Three ahead at ten minutes each after an 08:00 start.
    estimasidilayani: Date.parse('2026-09-07T08:30:00+07:00'),
    sisakuotajkn: 26,
    kuotajkn: 30,
    sisakuotanonjkn: 26,
    kuotanonjkn: 30,
    keterangan: 'Silakan check-in di aplikasi atau di loket pendaftaran sebelum pukul 08.00.',
  });
});

test('a Non BPJS patient is NON JKN without a card number; a first visit is a referral (1)', () => {
  const built = buildAdd(facts({ carabayar: 'P', seen_before: false }), Date.parse('2026-09-01T10:00:00+07:00'));
  assert.ok(built.ok);
  assert.equal([built.payload.jenispasien, built.payload.nomorkartu, built.payload.jeniskunjungan], ['NON JKN', '', 1]);
});

test("on the visit day the estimate follows the session's calls", () => {
  const minute = 60_000;
  const start = Date.parse('2026-09-07T08:00:00+07:00');
  const calls = [start, start + 20 * minute, start + 40 * minute];
  const now = start + 45 * minute;
  const built = buildAdd(facts({ calls, ahead: 1 }), now);
  assert.ok(built.ok);
  // 20 minutes a patient: the one being seen, then one ahead, after the last call at 08:40.
  assert.is(built.payload.estimasidilayani, start + 80 * minute);
});

test('an unmapped clinic or doctor is never sent: it names the codes that are missing', () => {
  assert.equal(buildAdd(facts({ kodepoli: null }), 0), { ok: false, status: 'unmapped', missing: 'Belum dipetakan ke kode BPJS: kd_dep 20001' });
  assert.equal(buildAdd(facts({ kodepoli: null, kodedokter: null }), 0), {
    ok: false,
    status: 'unmapped',
    missing: 'Belum dipetakan ke kode BPJS: kd_dep 20001, kd_dr D001',
  });
});

test('a JKN add without the NIK or the card number is held, naming what is missing; NON JKN needs no card', () => {
  assert.equal(buildAdd(facts({ no_ktp: null }), 0), { ok: false, status: 'held', missing: 'Data pasien JKN belum lengkap: NIK (no_ktp)' });
  assert.equal(buildAdd(facts({ no_ktp: '', no_jaminan: '12' }), 0), {
    ok: false,
    status: 'held',
    missing: 'Data pasien JKN belum lengkap: NIK (no_ktp), nomor kartu BPJS (no_jaminan)',
  });
  assert.ok(buildAdd(facts({ carabayar: 'P', no_jaminan: null }), 0).ok);
});

test("the referral the booking gave is the add's jeniskunjungan and nomorreferensi", () => {
  const built = buildAdd(facts({ jeniskunjungan: 4, nomorreferensi: '0301R0011126B000777' }), 0);
  assert.ok(built.ok);
  assert.equal([built.payload.jeniskunjungan, built.payload.nomorreferensi], [4, '0301R0011126B000777']);
});

test("208 (there already) and BPJS's 'TaskId terakhir' answers count as done", () => {
  assert.equal(outcomeOf(200, '{"metadata":{"code":208,"message":"Terdapat duplikasi Kode Booking"}}', creds, TS), {
    kind: 'sent',
    code: 208,
    message: 'Terdapat duplikasi Kode Booking',
    response: null,
  });
  assert.is(outcomeOf(200, '{"metadata":{"code":201,"message":"TaskId terakhir 5"}}', creds, TS).kind, 'sent');
  assert.is(outcomeOf(200, '{"metadata":{"code":201,"message":"TaskId=3 tidak valid"}}', creds, TS).kind, 'refused');
});

test('the pharmacy: being prepared is task 6, ready or handed over task 7, anything else none', () => {
  assert.equal(['Sedang disiapkan', 'Sedang diracik', 'Siap diambil', ' siap diambil ', 'Sudah diambil', 'Menunggu'].map(pharmacyTask), [6, 6, 7, 7, 7, null]);
});

test('a task needs the one before it (3-4-5, then 6-7); 3 and 99 stand alone', () => {
  assert.equal([3, 4, 5, 6, 7, 99].map(taskBefore), [null, 3, 4, 5, 6, null]);
});

test("jenisresep: farmasi/add's 'racikan' / 'non racikan', updatewaktu's 'Racikan' / 'Non racikan' (ssecd/jkn src/antrean.ts)", () => {
  assert.equal(['Sedang diracik', 'Siap diambil'].map(jenisResep), ['racikan', 'non racikan']);
  assert.equal([taskResep('racikan'), taskResep('non racikan')], ['Racikan', 'Non racikan']);
});

test("getlisttask's answer: the catalogue's { list } and the bare list public code reads both give the task ids", () => {
  const task = (taskid: number) => ({ wakturs: '16-03-2021 11:32:49 WIB', waktu: '24-03-2021 12:55:23 WIB', taskname: 'x', taskid, kodebooking: 'K1' });
  assert.equal(taskIdsOf(JSON.stringify({ list: [task(4), task(3), task(3)] })), [3, 4]);
  assert.equal(taskIdsOf(JSON.stringify([task(5)])), [5]);
  assert.equal(taskIdsOf(null), []);
  assert.equal([taskIdsOf('<html>'), taskIdsOf('{"list":"x"}')], [null, null]);
});

test('updatejadwaldokter: the sub-specialty is the poli unless mapped apart; the same hours in two clinics are one session', () => {
  const sessions = [
    { hari: 3, jam_dtg: '13:00', jam_plg: '16:00' },
    { hari: 1, jam_dtg: '8:00', jam_plg: '12:00' },
    { hari: 1, jam_dtg: '08:00:00', jam_plg: '12:00:00' },
  ];
  const jan = buildJadwal({ kd_dep: '20001', kd_dr: 'D001', kodepoli: 'JAN', kodedokter: 10001 }, sessions);
  assert.equal(jan, {
    ok: true,
    payload: {
      kodepoli: 'JAN',
      kodesubspesialis: 'JAN',
      kodedokter: 10001,
      jadwal: [
        { hari: '1', buka: '08:00', tutup: '12:00' },
        { hari: '3', buka: '13:00', tutup: '16:00' },
      ],
    },
  });
  const sub = buildJadwal({ kd_dep: '20014', kd_dr: 'D001', kodepoli: 'JAN', kodesubspesialis: 'VSK', kodedokter: 10001 }, sessions);
  assert.equal(sub.ok && [sub.payload.kodepoli, sub.payload.kodesubspesialis], ['JAN', 'VSK']);
});

const BRIDGE = { BPJS_ANTREAN_URL: 'https://apijkn-dev.bpjs-kesehatan.go.id/antreanrs_dev/', BPJS_CONS_ID: '21095', BPJS_SECRET_KEY: 's', BPJS_USER_KEY: 'u' };

test('the bridge is off without its settings; with them, its address loses the trailing slash', () => {
  assert.is(loadConfig({}).bpjs, null);
  const on = loadConfig(BRIDGE).bpjs;
  assert.equal([on?.url, on?.worker, on?.maxAttempts], ['https://apijkn-dev.bpjs-kesehatan.go.id/antreanrs_dev', true, 40]);
});

test('three of the four settings stop the start, naming the one missing; so does an address that is none', () => {
  assert.throws(
    () => loadConfig({ ...BRIDGE, BPJS_USER_KEY: '' }),
    (err: Error) => err instanceof ConfigError && /missing BPJS_USER_KEY/.test(err.message),
  );
  assert.throws(
    () => loadConfig({ ...BRIDGE, BPJS_ANTREAN_URL: 'apijkn.bpjs-kesehatan.go.id' }),
    (err: Error) => /BPJS_ANTREAN_URL must be/.test(err.message),
  );
});

test('who reports the visits: this server unless BPJS_REPORTER says the hospital system', () => {
  assert.is(loadConfig(BRIDGE).bpjs?.reporter, 'app');
  assert.is(loadConfig({ ...BRIDGE, BPJS_REPORTER: 'simrs' }).bpjs?.reporter, 'simrs');
  assert.throws(
    () => loadConfig({ ...BRIDGE, BPJS_REPORTER: 'both' }),
    (err: Error) => /BPJS_REPORTER must be one of app, simrs/.test(err.message),
  );
});

test("Mobile JKN's web service is off without its settings; they go together, the password long enough", () => {
  assert.is(loadConfig({}).jkn, null);
  const on = loadConfig({ JKN_WS_USERNAME: 'rs-jantung', JKN_WS_PASSWORD: 'sandi-yang-cukup-panjang' }).jkn;
  assert.equal([on?.username, on?.tokenMinutes, on?.maxFailures], ['rs-jantung', 60, 20]);
  assert.throws(
    () => loadConfig({ JKN_WS_USERNAME: 'rs-jantung' }),
    (err: Error) => err instanceof ConfigError && /JKN_WS_USERNAME and JKN_WS_PASSWORD must be set together/.test(err.message),
  );
  assert.throws(
    () => loadConfig({ JKN_WS_USERNAME: 'rs-jantung', JKN_WS_PASSWORD: 'pendek' }),
    (err: Error) => /JKN_WS_PASSWORD must be 16 to 200/.test(err.message) && !err.message.includes('pendek'),
  );
});

test("HFIS: a session whose hours or capacity differ from BPJS's schedule is named; one on a holiday there is missing", () => {
  const ours = [
    { kd_dep: '20001', kd_dr: 'D001', kodepoli: 'JAN', kodedokter: 10001, jam_dtg: '08:00', jam_plg: '12:00', batas_quota: 30 },
    { kd_dep: '20001', kd_dr: 'D002', kodepoli: 'JAN', kodedokter: 10002, jam_dtg: '13:00', jam_plg: '16:00', batas_quota: 20 },
    { kd_dep: '20009', kd_dr: 'D003', kodepoli: 'INT', kodedokter: 10003, jam_dtg: '08:00', jam_plg: '11:00', batas_quota: 15 },
  ];
  const jadwal = [
    { kodepoli: 'JAN', kodesubspesialis: 'JAN', kodedokter: 10001, jadwal: '08:00 - 12:00', kapasitaspasien: 25, libur: 0 },
    { kodepoli: 'JAN', kodesubspesialis: 'JAN', kodedokter: 10002, jadwal: '14:00 - 16:00', kapasitaspasien: 20, libur: 0 },
    { kodepoli: 'INT', kodesubspesialis: 'INT', kodedokter: 10003, jadwal: '08:00 - 11:00', kapasitaspasien: 15, libur: 1 },
  ];
  assert.equal(
    checkSchedule(ours, jadwal).map((f) => [f.kode, f.status, f.keterangan]),
    [
      ['JAN 10001 08:00-12:00', 'berbeda', 'kd_dep 20001, kd_dr D001: kapasitas di BPJS 25, kuota di RS 30'],
      ['JAN 10002 13:00-16:00', 'berbeda', 'kd_dep 20001, kd_dr D002: jam di BPJS 14:00-16:00, di RS 13:00-16:00'],
      ['INT 10003 08:00-11:00', 'tidak ada di BPJS', 'kd_dep 20009, kd_dr D003: sesi ini tidak ada di jadwal dokter BPJS'],
    ],
  );
  assert.equal(
    checkCodes([{ kd_dep: '20001', kodepoli: 'JAN' }], [{ kd_dr: 'D009', kodedokter: 19 }], [{ kdpoli: 'JAN' }], [{ kodedokter: '12', namadokter: 'X' }]).map(
      (f) => f.status,
    ),
    ['ok', 'tidak dikenal'],
  );
});

test('BPJS is reached over https only; plain http only on loopback', () => {
  assert.throws(
    () => loadConfig({ ...BRIDGE, BPJS_ANTREAN_URL: 'http://apijkn.bpjs-kesehatan.go.id/antreanrs' }),
    (err: Error) => /must be an https:\/\/ address/.test(err.message),
  );
  assert.is(loadConfig({ ...BRIDGE, BPJS_ANTREAN_URL: 'http://127.0.0.1:9000' }).bpjs?.url, 'http://127.0.0.1:9000');
  assert.is(loadConfig({ ...BRIDGE, BPJS_ANTREAN_URL: 'http://localhost:9000/antreanrs' }).bpjs?.url, 'http://localhost:9000/antreanrs');
});

test.run();

// Mobile JKN's calls as Mobile JKN sends them (docs/bpjs.md, Mobile JKN), over HTTP through the
// stand-in of BPJS's app (test/support/mobile-jkn.ts), on PGlite and on PostgreSQL: the catalogue's
// own example bodies answered in the envelope, never refused by a schema; numbers as strings, null
// and extra fields taken; values out of range answered 201, never a 500; every refusal an HTTP 200
// with code 201; the token read before the body; norm, card and NIK naming one patient; cancels,
// check-ins and queue reads only on bookings Mobile JKN may see; the check-in time clamped.
import type { FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { refusalCounter } from '../../server/db/audit.ts';
import type { Db } from '../../server/db/client.ts';
import { COHORT, loginAs, testConfig } from '../support/app.ts';
import { d001Booking, wibAt as at, d001Jampraktek } from '../support/booking.ts';
import { freshDb } from '../support/db.ts';
import { type MobileJkn, mobileJkn } from '../support/mobile-jkn.ts';

const USER = 'mobilejkn-rs';
const PASSWORD = 'kata-sandi-ws-rs-katalog-0456';
const today = todayWib();
const MINUTE = 60_000;
/** What a schema refusal begins with (server/errors.ts MSG.badRequest): none of the examples may get it. */
const SCHEMA_REFUSAL = /^Permintaan tidak valid/;

let db: Db;
let app: FastifyInstance;
let jkn: MobileJkn;
let base = '';
let clock = at(today, '07:00');

const nomrOf = (i: number) => String(COHORT.first + i);
const cardOf = (i: number) => `000${String(COHORT.first + i).padStart(10, '0')}`;
const nikOf = (i: number) => `3173${String(COHORT.first + i).padStart(12, '0')}`;

test.before(async () => {
  db = await freshDb();
  await db.query(`UPDATE patients SET no_jaminan = '000' || lpad(nomr, 10, '0'), no_ktp = '3173' || lpad(nomr, 12, '0') WHERE nomr ~ '^9[0-9]{7}$'`);
  app = await buildApp({
    config: testConfig({ jkn: { username: USER, password: PASSWORD, tokenMinutes: 600, maxFailures: 5 } }),
    db,
    logger: false,
    clock: () => clock,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/jkn`;
  jkn = mobileJkn(base, USER, PASSWORD);
  await jkn.token();
});
test.after(async () => {
  await app.close();
  await db.close();
});

/** Dr D001 (BPJS 10001) in clinic 20001 (BPJS JAN): his morning session's hours on the date. */
const jampraktek = (date: string) => d001Jampraktek(db, date);
const nextWeek = addDays(today, 7);
/** The catalogue's ambilantrean as Mobile JKN sends it for cohort patient i: kodedokter a string, norm null, an extra field. */
const ambilBody = async (i: number, date = nextWeek, over: object = {}) => ({
  nomorkartu: cardOf(i),
  nik: nikOf(i),
  nohp: '085635228888',
  kodepoli: 'JAN',
  norm: null,
  tanggalperiksa: date,
  kodedokter: '10001',
  jampraktek: await jampraktek(date),
  jeniskunjungan: '1',
  nomorreferensi: '0001R0040116A000001',
  polieksekutif: 0,
  ...over,
});
const roomInSessions = () =>
  db.query(
    `UPDATE practice_sessions ps SET batas_quota = greatest(ps.batas_quota, ps.quota_terisi + 20) FROM practice_schedules s
      WHERE s.id = ps.schedule_id AND s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.sts_jam = '1' AND s.jenis = 'poli'`,
  );

// The catalogue's own request examples (BPJS Antrean Online v2, WS RS: Status Antrean, Ambil Antrean,
// Sisa Antrean, Batal Antrean, Check-In, Info Pasien Baru, Jadwal Operasi RS and Pasien, Antrean
// Farmasi), as public implementations of the WS RS quote them: an 11-digit nomorkartu, kodedokter
// and jeniskunjungan as numbers, the farmasi calls' kodebooking '00012345678'.
const CATALOGUE: Record<string, object> = {
  statusantrean: { kodepoli: 'ANA', kodedokter: 12346, tanggalperiksa: '2020-01-28', jampraktek: '08:00-16:00' },
  ambilantrean: {
    nomorkartu: '00012345678',
    nik: '3212345678987654',
    nohp: '085635228888',
    kodepoli: 'ANA',
    norm: '123345',
    tanggalperiksa: '2021-01-28',
    kodedokter: 12345,
    jampraktek: '08:00-16:00',
    jeniskunjungan: 1,
    nomorreferensi: '0001R0040116A000001',
  },
  sisaantrean: { kodebooking: '16032021A001' },
  batalantrean: { kodebooking: '16032021A001', keterangan: 'Ada kebutuhan mendadak' },
  checkinantrean: { kodebooking: '16032021A001', waktu: 1616559330000 },
  pasienbaru: {
    nomorkartu: '00012345678',
    nik: '3212345678987654',
    nomorkk: '3212345678987654',
    nama: 'sumarsono',
    jeniskelamin: 'L',
    tanggallahir: '1985-03-01',
    nohp: '085635228888',
    alamat: 'alamat yang muncul merupakan alamat lengkap',
    kodeprop: '11',
    namaprop: 'Jawa Barat',
    kodedati2: '0120',
    namadati2: 'Kab. Bandung',
    kodekec: '1319',
    namakec: 'Soreang',
    kodekel: 'D2105',
    namakel: 'Cingcin',
    rw: '001',
    rt: '013',
  },
  jadwaloperasirs: { tanggalawal: '2019-12-11', tanggalakhir: '2019-12-13' },
  jadwaloperasipasien: { nopeserta: '0000000000123' },
  ambilantreanfarmasi: { kodebooking: '00012345678' },
  statusantreanfarmasi: { kodebooking: '00012345678' },
};

test("the catalogue's example bodies: each answered in the envelope with HTTP 200, by a business rule, never a schema refusal", async () => {
  const answers: Record<string, [number, number, string]> = {};
  for (const [name, body] of Object.entries(CATALOGUE)) {
    const a = await jkn.call(name, body);
    answers[name] = [a.http, a.metadata.code, a.metadata.message];
    assert.not.match(a.metadata.message, SCHEMA_REFUSAL, `${name}: ${a.metadata.message}`);
  }
  assert.equal(answers, {
    statusantrean: [200, 201, 'Dokter tidak ditemukan.'],
    // BPJS cards are 13 digits (VClaim's noKartu; Khanza: 'Nomor Kartu harus 13 digit'): the example's 11 are no member's.
    ambilantrean: [200, 201, 'Nomor kartu harus 13 digit.'],
    sisaantrean: [200, 201, 'Antrean tidak ditemukan atau sudah dibatalkan.'],
    batalantrean: [200, 201, 'Antrean tidak ditemukan atau sudah dibatalkan.'],
    checkinantrean: [200, 201, 'Antrean tidak ditemukan atau sudah dibatalkan.'],
    pasienbaru: [200, 201, 'Nomor kartu harus 13 digit.'],
    jadwaloperasirs: [200, 200, 'Ok'],
    jadwaloperasipasien: [200, 200, 'Ok'],
    ambilantreanfarmasi: [200, 201, 'Antrean tidak ditemukan atau sudah dibatalkan.'],
    statusantreanfarmasi: [200, 201, 'Antrean tidak ditemukan atau sudah dibatalkan.'],
  });
});

test('the examples with a member of this hospital: numbers as strings, norm null, an extra field, all taken (200)', async () => {
  await roomInSessions();
  const made = await jkn.call<{ kodebooking: string; norm: string }>('ambilantrean', await ambilBody(1));
  assert.equal([made.http, made.metadata.code, made.response?.norm], [200, 200, nomrOf(1)], made.metadata.message);
  const kodebooking = String(made.response?.kodebooking);
  const withNorm = await jkn.call('ambilantrean', await ambilBody(2, nextWeek, { norm: Number(nomrOf(2)), kodedokter: 10001, jeniskunjungan: 3 }));
  assert.is(withNorm.metadata.code, 200, withNorm.metadata.message);
  const status = await jkn.call('statusantrean', {
    kodepoli: 'JAN',
    kodedokter: '10001',
    tanggalperiksa: nextWeek,
    jampraktek: await jampraktek(nextWeek),
    extra: 'x',
  });
  assert.is(status.metadata.code, 200, status.metadata.message);
  const sisa = await jkn.call('sisaantrean', { kodebooking, polieksekutif: 0 });
  assert.is(sisa.metadata.code, 200, sisa.metadata.message);
  const batal = await jkn.call('batalantrean', { kodebooking, keterangan: 'Ada kebutuhan mendadak' });
  assert.equal([batal.http, batal.metadata.code], [200, 200], batal.metadata.message);

  const card = '0008000000777';
  const baru = await jkn.call<{ norm: string }>('pasienbaru', { ...CATALOGUE.pasienbaru, nomorkartu: card, nik: '3212345678900777', rt: null, sumber: 'mjkn' });
  assert.equal([baru.http, baru.metadata.code], [200, 200], baru.metadata.message);
  const [p] = await db.query<{ nama: string; no_jaminan: string }>('SELECT nama, no_jaminan FROM patients WHERE nomr = $1', [baru.response?.norm]);
  assert.equal(p, { nama: 'SUMARSONO', no_jaminan: card });
  const ops = await jkn.call<{ list: unknown[] }>('jadwaloperasipasien', { nopeserta: card });
  assert.equal([ops.metadata.code, ops.response?.list], [200, []]);
});

test('values out of range are refused with 201 and the reason, never a 500', async () => {
  const session = { kodepoli: 'JAN', kodedokter: 10001, tanggalperiksa: nextWeek, jampraktek: await jampraktek(nextWeek) };
  const cases: Array<[string, object, string]> = [
    ['statusantrean', { ...session, kodedokter: 2 ** 31 }, 'Dokter tidak ditemukan.'],
    ['statusantrean', { ...session, kodedokter: 2 ** 40 }, 'Dokter tidak ditemukan.'],
    ['statusantrean', { ...session, kodedokter: '99999999999999999999' }, 'Dokter tidak ditemukan.'],
    ['statusantrean', { ...session, kodedokter: -1 }, 'Dokter tidak ditemukan.'],
    [
      'statusantrean',
      { ...session, tanggalperiksa: '0000-01-01' },
      'Format Tanggal periksa (tanggalperiksa) tidak sesuai, format yang benar adalah yyyy-mm-dd.',
    ],
    [
      'statusantrean',
      { ...session, tanggalperiksa: '2027-02-31' },
      'Format Tanggal periksa (tanggalperiksa) tidak sesuai, format yang benar adalah yyyy-mm-dd.',
    ],
    ['statusantrean', { ...session, jampraktek: '25:00-26:00' }, 'Format jam praktik tidak sesuai, format yang benar adalah HH:mm-HH:mm.'],
    [
      'ambilantrean',
      await ambilBody(3, nextWeek, { tanggalperiksa: '0000-01-01' }),
      'Format Tanggal periksa (tanggalperiksa) tidak sesuai, format yang benar adalah yyyy-mm-dd.',
    ],
    ['ambilantrean', await ambilBody(3, nextWeek, { kodedokter: 2 ** 53 }), 'Dokter tidak ditemukan.'],
    ['ambilantrean', await ambilBody(3, nextWeek, { jeniskunjungan: 9 }), 'Jenis kunjungan tidak ditemukan.'],
    ['checkinantrean', { kodebooking: 'X1', waktu: 1e20 }, 'Format waktu tidak sesuai: milidetik sejak 1 Januari 1970.'],
    ['checkinantrean', { kodebooking: 'X1', waktu: -5 }, 'Format waktu tidak sesuai: milidetik sejak 1 Januari 1970.'],
    [
      'jadwaloperasirs',
      { tanggalawal: '0000-01-01', tanggalakhir: '2026-02-29' },
      'Format Tanggal awal (tanggalawal) tidak sesuai, format yang benar adalah yyyy-mm-dd.',
    ],
    ['jadwaloperasipasien', { nopeserta: 12345 }, 'Nomor peserta harus 13 digit.'],
    [
      'pasienbaru',
      { ...CATALOGUE.pasienbaru, nomorkartu: '0008000000001', nik: '3212345678900002', tanggallahir: addDays(today, 1) },
      'Tanggal lahir tidak boleh melewati hari ini.',
    ],
    [
      'pasienbaru',
      { ...CATALOGUE.pasienbaru, nomorkartu: '0008000000001', nik: '3212345678900002', tanggallahir: '0000-01-01' },
      'Format Tanggal lahir (tanggallahir) tidak sesuai, format yang benar adalah yyyy-mm-dd.',
    ],
    [
      'pasienbaru',
      { ...CATALOGUE.pasienbaru, nomorkartu: '0008000000001', nik: '3212345678900002', tanggallahir: '1990-02-31' },
      'Format Tanggal lahir (tanggallahir) tidak sesuai, format yang benar adalah yyyy-mm-dd.',
    ],
  ];
  for (const [name, body, message] of cases) {
    const a = await jkn.call(name, body);
    assert.equal([a.http, a.metadata.code, a.metadata.message], [200, 201, message], `${name} ${JSON.stringify(body).slice(0, 120)}`);
  }
  const [none] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM patients WHERE no_jaminan = '0008000000001'`);
  assert.is(none.n, 0, 'no patient registered from a refused body');
});

test('a body that does not fit is refused with HTTP 200 and code 201; the token is read before the body', async () => {
  const raw = (name: string, body: string, token = jkn.currentToken) =>
    fetch(`${base}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token, 'x-username': USER }, body }).then(
      async (r) => ({
        http: r.status,
        ...((await r.json()) as { metadata: { code: number; message: string } }),
      }),
    );
  const object = await jkn.call('statusantrean', { kodepoli: { a: 1 }, kodedokter: 10001, tanggalperiksa: nextWeek, jampraktek: '08:00-12:00' });
  assert.equal([object.http, object.metadata.code], [200, 201]);
  assert.match(object.metadata.message, /kodepoli/);
  const missing = await jkn.call('sisaantrean', {});
  assert.equal([missing.http, missing.metadata.code], [200, 201]);
  const broken = await raw('sisaantrean', '{"kodebooking": ');
  assert.equal([broken.http, broken.metadata.code], [200, 201]);
  // Without a token neither a broken nor a huge body is read: the answer is the token's.
  assert.equal(await raw('sisaantrean', '{"kodebooking": ', ''), { http: 200, metadata: { code: 201, message: 'Token tidak valid.' } });
  assert.equal(await raw('pasienbaru', JSON.stringify({ nama: 'x'.repeat(3_000_000) }), 'not-a-token'), {
    http: 200,
    metadata: { code: 201, message: 'Token tidak valid.' },
  });
});

test('norm, card number and NIK must name one patient: refused (201) when they name two', async () => {
  await roomInSessions();
  const notOne =
    'Nomor kartu, NIK dan nomor rekam medis tidak merujuk pada pasien yang sama di rumah sakit ini. Silakan menghubungi loket pendaftaran rumah sakit.';
  const tries: Array<[object, number, string]> = [
    [{ nik: nikOf(11) }, 201, notOne],
    [{ norm: nomrOf(11) }, 201, notOne],
    // A card no one holds with a NIK whose patient holds another card.
    [{ nomorkartu: '0001111111111' }, 201, notOne],
    [{ nomorkartu: '0001111111111', nik: '3173999999999999' }, 202, 'Data pasien ini tidak ditemukan. Silakan melakukan registrasi pasien baru.'],
  ];
  for (const [over, code, message] of tries) {
    const a = await jkn.call('ambilantrean', await ambilBody(10, nextWeek, over));
    assert.equal([a.http, a.metadata.code, a.metadata.message], [200, code, message], JSON.stringify(over));
  }
  const [none] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM appointments WHERE nomr IN ($1, $2) AND sumber = 'mobilejkn'`, [
    nomrOf(10),
    nomrOf(11),
  ]);
  assert.is(none.n, 0, 'no booking for either');
  const right = await jkn.call('ambilantrean', await ambilBody(10, nextWeek, { norm: nomrOf(10) }));
  assert.is(right.metadata.code, 200, right.metadata.message);
});

test('sisa, batal and check-in act only on bookings Mobile JKN may see: an app booking not reported to BPJS is not found, and stays', async () => {
  // Today's session is placed around the moment of seeding: the clock goes there, and a token is taken at it.
  clock = at(today, (await jampraktek(today)).slice(0, 5));
  await jkn.token();
  await roomInSessions();
  const token = await loginAs(app, { nomr: nomrOf(20), tgl_lahir: COHORT.tgl_lahir });
  const res = await app.inject({
    method: 'POST',
    url: API.book,
    payload: { ...d001Booking(nomrOf(20), today), carabayar: 'B' },
    headers: { authorization: `Bearer ${token}` },
  });
  const no_reg = res.json().data.no_reg as string;
  assert.ok(no_reg, res.body);
  const notFound = { code: 201, message: 'Antrean tidak ditemukan atau sudah dibatalkan.' };
  assert.equal((await jkn.call('sisaantrean', { kodebooking: no_reg })).metadata, notFound);
  assert.equal((await jkn.call('checkinantrean', { kodebooking: no_reg, waktu: clock })).metadata, notFound);
  assert.equal((await jkn.call('batalantrean', { kodebooking: no_reg, keterangan: 'dibatalkan' })).metadata, notFound);
  const [a] = await db.query<{ cancelled: boolean; checkin: boolean }>(
    `SELECT a.cancelled_at IS NOT NULL AS cancelled, q.checkin_at IS NOT NULL AS checkin FROM appointments a LEFT JOIN clinic_queue q ON q.no_reg = a.no_reg WHERE a.no_reg = $1`,
    [no_reg],
  );
  assert.equal(a, { cancelled: false, checkin: false });
  clock = at(today, '07:00');
});

test('the check-in time Mobile JKN sends is clamped to the check-in window: never before it opens, never after the answer', async () => {
  const start = (await jampraktek(today)).slice(0, 5);
  clock = at(today, start) + 5 * MINUTE;
  await jkn.token();
  await roomInSessions();
  const checkinAt = async (kodebooking: string) =>
    Number((await db.query<{ t: number }>('SELECT extract(epoch FROM checkin_at) * 1000 AS t FROM clinic_queue WHERE no_reg = $1', [kodebooking]))[0].t);
  const early = await jkn.call<{ kodebooking: string }>('ambilantrean', await ambilBody(30, today));
  assert.is(early.metadata.code, 200, early.metadata.message);
  assert.is((await jkn.call('checkinantrean', { kodebooking: early.response?.kodebooking, waktu: 0 })).metadata.code, 200);
  // The window opens CHECKIN_OPENS_MINUTES (60) before the session.
  assert.is(await checkinAt(String(early.response?.kodebooking)), at(today, start) - 60 * MINUTE);
  const late = await jkn.call<{ kodebooking: string }>('ambilantrean', await ambilBody(31, today));
  assert.is((await jkn.call('checkinantrean', { kodebooking: late.response?.kodebooking, waktu: String(clock + 86_400_000) })).metadata.code, 200);
  assert.is(await checkinAt(String(late.response?.kodebooking)), clock);
  clock = at(today, '07:00');
});

test('refused tokens are counted per minute and address, not written a row each', async () => {
  await refusalCounter(db).flush();
  const before = await db.query<{ n: number; rows: number }>(
    `SELECT coalesce(sum(count), 0)::int AS n, count(*)::int AS rows FROM audit_log WHERE action = 'jkn' AND outcome = 'unauthorized'`,
  );
  const body = { kodebooking: 'X1' };
  const answers = await Promise.all(Array.from({ length: 40 }, () => jkn.call('sisaantrean', body, { 'x-token': 'forged' })));
  assert.ok(answers.every((a) => a.http === 200 && a.metadata.code === 201));
  await refusalCounter(db).flush();
  const [after] = await db.query<{ n: number; rows: number }>(
    `SELECT coalesce(sum(count), 0)::int AS n, count(*)::int AS rows FROM audit_log WHERE action = 'jkn' AND outcome = 'unauthorized'`,
  );
  assert.is(after.n - before[0].n, 40, 'every refusal counted');
  assert.ok(after.rows - before[0].rows <= 2, `${after.rows - before[0].rows} rows: one per minute`);
  const [rows] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'jkn.token' AND outcome IN ('invalid', 'expired')`);
  assert.is(rows.n, 0, 'no row per refused token');
});

test.run();

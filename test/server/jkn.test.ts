// Mobile JKN's calls into the hospital (docs/bpjs.md), made by a stand-in of BPJS's app over HTTP
// (test/support/mobile-jkn.ts), beside the patient app and the counter, with the project's BPJS
// stand-in receiving what the hospital reports; on PGlite and on PostgreSQL. One seat pool: 40
// Mobile JKN bookings and 40 app bookings race for the last 20 seats; a cancel from either side
// frees a seat once; tokens expired or wrong; a new patient registered; the task times of a visit
// checked in at the counter and of one skipped.
import type { FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { bpjsClient } from '../../server/bpjs/client.ts';
import { createBpjsWorker } from '../../server/bpjs/worker.ts';
import type { BpjsConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { COHORT, INTERNAL_TOKEN, loginAs, testConfig } from '../support/app.ts';
import { type BpjsStandIn, bpjsStandIn, bridgeTo } from '../support/bpjs-stand-in.ts';
import { freshDb } from '../support/db.ts';
import { type MobileJkn, mobileJkn, NEW_MEMBER_ADDRESS } from '../support/mobile-jkn.ts';
import { type Answer, d001Booking, wibAt as at, d001Jampraktek } from '../support/booking.ts';

const USER = 'mobilejkn-rs';
const PASSWORD = 'kata-sandi-ws-rs-uji-0123';
const today = todayWib();
const MINUTE = 60_000;

let standIn: BpjsStandIn;
let db: Db;
let app: FastifyInstance;
let jkn: MobileJkn;
let clock = at(today, '07:00');

const bridge = (): BpjsConfig => bridgeTo(standIn);
const drain = () => createBpjsWorker({ db, send: bpjsClient(bridge()), config: bridge() }).drain();

/** The cohort's patient i, with the card number and NIK the hospital's systems filled. */
const nomrOf = (i: number) => String(COHORT.first + i);
const cardOf = (i: number) => `000${String(COHORT.first + i).padStart(10, '0')}`;
const nikOf = (i: number) => `3173${String(COHORT.first + i).padStart(12, '0')}`;

test.before(async () => {
  standIn = await bpjsStandIn();
  db = await freshDb();
  await db.query(`UPDATE patients SET no_jaminan = '000' || lpad(nomr, 10, '0'), no_ktp = '3173' || lpad(nomr, 12, '0') WHERE nomr ~ '^9[0-9]{7}$'`);
  app = await buildApp({
    config: testConfig({ bpjs: bridge(), jkn: { username: USER, password: PASSWORD, tokenMinutes: 60, maxFailures: 5 } }),
    db,
    logger: false,
    internal: 'here',
    clock: () => clock,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  jkn = mobileJkn(`http://127.0.0.1:${port}/api/jkn`, USER, PASSWORD);
});
test.after(async () => {
  await app.close();
  await db.close();
  await standIn.close();
});
test.before.each(() => {
  clock = at(today, '07:00');
});

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object): Promise<Answer> {
  const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  return { code: res.statusCode, body: res.json() };
}

/** Dr D001 (BPJS 10001) in clinic 20001 (BPJS JAN), his morning session's hours on the date (today's are the demo's own). */
const jampraktek = (date = addDays(today, 7)) => d001Jampraktek(db, date);
const ambil = async (i: number, date: string, over: object = {}) =>
  jkn.call('ambilantrean', {
    nomorkartu: cardOf(i),
    nik: nikOf(i),
    nohp: '081234567890',
    kodepoli: 'JAN',
    norm: '',
    tanggalperiksa: date,
    kodedokter: 10001,
    jampraktek: await jampraktek(date),
    jeniskunjungan: 1,
    nomorreferensi: '0301U0011126P000123',
    ...over,
  });
const appBooking = (i: number, date: string) => d001Booking(nomrOf(i), date);
const seats = async (date: string) => {
  const [row] = await db.query<{ batas_quota: number; quota_terisi: number }>(
    `SELECT ps.batas_quota, ps.quota_terisi FROM practice_sessions ps JOIN practice_schedules s ON s.id = ps.schedule_id
      WHERE s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.sts_jam = '1' AND s.jenis = 'poli' AND ps.tgl = $1`,
    [date],
  );
  return row;
};
/** The seats of the session an appointment is in. */
const seatsOf = async (no_reg: string) => {
  const [row] = await db.query<{ quota_terisi: number }>(
    `SELECT ps.quota_terisi FROM appointments a JOIN practice_sessions ps ON ps.schedule_id = a.schedule_id AND ps.tgl = a.tgl_janji WHERE a.no_reg = $1`,
    [no_reg],
  );
  return row.quota_terisi;
};
const outboxOf = (no_reg: string) =>
  db.query<{ endpoint: string; taskid: number | null; status: string; reason: string | null }>(
    'SELECT endpoint, taskid::int AS taskid, status, reason FROM bpjs_antrean WHERE no_reg = $1 ORDER BY seq, id',
    [no_reg],
  );

test('a token: the right username and password get one; a wrong password, an altered, foreign or expired token are refused with 201 (HTTP 200)', async () => {
  const wrong = await jkn.token(USER, 'not-the-password-at-all');
  assert.equal([wrong.http, wrong.metadata.code, wrong.metadata.message], [200, 201, 'Username atau password tidak sesuai.']);
  const ok = await jkn.token();
  assert.equal([ok.http, ok.metadata.code], [200, 200]);
  assert.ok(ok.response && ok.response.token.length > 20 && ok.response.expired === clock + 60 * MINUTE);
  const body = { kodepoli: 'JAN', kodedokter: 10001, tanggalperiksa: addDays(today, 7), jampraktek: await jampraktek() };
  assert.is((await jkn.call('statusantrean', body)).metadata.code, 200);

  const altered = await jkn.call('statusantrean', body, { 'x-token': `${jkn.currentToken.slice(0, -2)}xx` });
  assert.equal([altered.http, altered.metadata.code, altered.metadata.message], [200, 201, 'Token tidak valid.']);
  const otherUser = await jkn.call('statusantrean', body, { 'x-username': 'someone-else' });
  assert.equal([otherUser.http, otherUser.metadata.code], [200, 201]);
  const none = await jkn.call('statusantrean', body, { 'x-token': '' });
  assert.is(none.metadata.code, 201);

  clock += 61 * MINUTE;
  const expired = await jkn.call('statusantrean', body);
  assert.equal([expired.http, expired.metadata.code, expired.metadata.message], [200, 201, 'Token sudah kedaluwarsa. Silakan minta token baru.']);
  await jkn.token();
  assert.is((await jkn.call('statusantrean', body)).metadata.code, 200, 'a new token answers again');

  const [entry] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'jkn.token' AND outcome = 'denied'`);
  assert.ok(entry.n >= 1, 'a wrong password is in the audit log');
  const [leak] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE detail LIKE '%not-the-password%' OR detail LIKE $1`, [
    `%${PASSWORD}%`,
  ]);
  assert.is(leak.n, 0, 'no password in the audit log');
});

test('bad input is refused in BPJS envelope (HTTP 200, code 201) naming the field; unknown codes are refused with 201', async () => {
  await jkn.token();
  const bad = await jkn.call('statusantrean', { kodepoli: 'JAN', kodedokter: 10001, tanggalperiksa: '26-11-2026', jampraktek: '08:00-12:00' });
  assert.equal([bad.http, bad.metadata.code], [200, 201]);
  assert.match(bad.metadata.message, /tanggalperiksa/);
  const anonymous = await jkn.call('statusantrean', { kodepoli: 'JAN' }, { 'x-token': '' });
  assert.equal([anonymous.http, anonymous.metadata.code, anonymous.metadata.message], [200, 201, 'Token tidak valid.'], 'the token is checked before the body');
  const poli = await jkn.call('statusantrean', { kodepoli: 'XYZ', kodedokter: 10001, tanggalperiksa: addDays(today, 7), jampraktek: '08:00-12:00' });
  assert.equal([poli.http, poli.metadata.code, poli.metadata.message], [200, 201, 'Poli tidak ditemukan.']);
});

test('one seat pool: 40 Mobile JKN and 40 app bookings race for the last 20 seats; exactly 20 are taken, every refusal says why', async () => {
  await jkn.token();
  const date = nextOnWeekday(addDays(today, 60), 1);
  const [schedule] = await db.query<{ id: number }>(
    `SELECT id FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND sts_jam = '1' AND jenis = 'poli' AND hari = 1`,
  );
  await db.query('INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi, no_urut_terakhir) VALUES ($1, $2, 100, 80, 80)', [
    schedule.id,
    date,
  ]);
  const before = await jkn.call<Record<string, number>>('statusantrean', {
    kodepoli: 'JAN',
    kodedokter: 10001,
    tanggalperiksa: date,
    jampraktek: await jampraktek(date),
  });
  assert.equal([before.response?.sisakuotajkn, before.response?.kuotajkn, before.response?.sisakuotanonjkn], [20, 100, 20]);

  const tokens = await Promise.all(Array.from({ length: 40 }, (_, i) => loginAs(app, { nomr: nomrOf(40 + i), tgl_lahir: COHORT.tgl_lahir })));
  const [viaJkn, viaApp] = await Promise.all([
    Promise.all(Array.from({ length: 40 }, (_, i) => ambil(i, date))),
    Promise.all(tokens.map((t, i) => call('POST', API.book, t, appBooking(40 + i, date)))),
  ]);
  const jknTaken = viaJkn.filter((a) => a.metadata.code === 200);
  const appTaken = viaApp.filter((a) => a.body.status === true);
  assert.is(jknTaken.length + appTaken.length, 20, `${jknTaken.length} + ${appTaken.length}`);
  for (const refused of viaJkn.filter((a) => a.metadata.code !== 200)) {
    assert.equal(
      [refused.http, refused.metadata.code, refused.metadata.message],
      [200, 201, 'Kuota dokter pada sesi tersebut sudah penuh. Silakan pilih tanggal atau dokter lain.'],
    );
  }
  for (const refused of viaApp.filter((a) => a.body.status !== true)) {
    assert.equal([refused.code, refused.body.message], [200, 'Kuota dokter pada sesi tersebut sudah penuh. Silakan pilih tanggal atau dokter lain.']);
  }
  assert.equal(await seats(date), { batas_quota: 100, quota_terisi: 100 });
  const numbers = [...jknTaken.map((a) => Number(a.response?.angkaantrean)), ...appTaken.map((a) => a.body.data.no_urut as number)].sort((a, b) => a - b);
  assert.equal(
    numbers,
    Array.from({ length: 20 }, (_, i) => 81 + i),
    'numbers 81 to 100, each once',
  );
  for (const a of jknTaken) {
    const r = a.response as Record<string, unknown>;
    assert.equal([r.nomorantrean, r.kuotajkn, r.namapoli], [`JAN-${r.angkaantrean}`, 100, 'JANTUNG DAN PEMBULUH DARAH']);
    assert.ok(typeof r.kodebooking === 'string' && typeof r.estimasidilayani === 'number' && typeof r.keterangan === 'string');
  }
  const after = await jkn.call<Record<string, number>>('statusantrean', {
    kodepoli: 'JAN',
    kodedokter: 10001,
    tanggalperiksa: date,
    jampraktek: await jampraktek(date),
  });
  assert.equal([after.response?.sisakuotajkn, after.response?.totalantrean], [0, 100]);
});

test("a Mobile JKN booking is the patient's in the app, with its referral; a cancel from either side frees its seat once", async () => {
  await jkn.token();
  const date = nextOnWeekday(addDays(today, 45), 2);
  const i = 100;
  const made = await ambil(i, date, { jeniskunjungan: 3, nomorreferensi: '0301R0011126K000555' });
  assert.is(made.metadata.code, 200, made.metadata.message);
  const kodebooking = String(made.response?.kodebooking);
  assert.is(made.response?.norm, nomrOf(i));
  const [stored] = await db.query<{ sumber: string; jeniskunjungan: number; nomorreferensi: string; carabayar: string }>(
    'SELECT sumber, jeniskunjungan::int AS jeniskunjungan, nomorreferensi, carabayar FROM appointments WHERE no_reg = $1',
    [kodebooking],
  );
  assert.equal(stored, { sumber: 'mobilejkn', jeniskunjungan: 3, nomorreferensi: '0301R0011126K000555', carabayar: 'B' });
  // BPJS has it from Mobile JKN: the outbox records the add as done and sends nothing.
  assert.equal(
    (await outboxOf(kodebooking)).map((r) => [r.endpoint, r.status]),
    [['add', 'sent']],
  );
  await drain();
  assert.is(standIn.received.filter((r) => r.body.kodebooking === kodebooking).length, 0);

  const token = await loginAs(app, { nomr: nomrOf(i), tgl_lahir: COHORT.tgl_lahir });
  const upcoming = (await call('GET', API.upcoming, token)).body.data.jadwal as Array<Record<string, unknown>>;
  assert.ok(
    upcoming.some((a) => a.no_reg === kodebooking),
    'on the home screen',
  );
  const reminders = (await call('GET', `/api/internal/pengingat?no_reg=${kodebooking}`, INTERNAL_TOKEN)).body.data as unknown[];
  assert.ok(reminders.length >= 1, 'its reminders are due');

  const taken = await seatsOf(kodebooking);
  const sisa = await jkn.call<Record<string, number>>('sisaantrean', { kodebooking });
  assert.equal([sisa.metadata.code, sisa.response?.nomorantrean], [200, made.response?.nomorantrean]);

  const cancelled = await jkn.call('batalantrean', { kodebooking, keterangan: 'Pasien berhalangan' });
  assert.equal([cancelled.metadata.code, cancelled.metadata.message], [200, 'Ok']);
  assert.is(await seatsOf(kodebooking), taken - 1);
  const again = await jkn.call('batalantrean', { kodebooking, keterangan: 'Pasien berhalangan' });
  assert.equal([again.metadata.code, again.metadata.message], [201, 'Antrean tidak ditemukan atau sudah dibatalkan.']);
  const fromApp = await call('POST', API.cancel, token, { no_reg: kodebooking, alasan: 'Tidak bisa datang' });
  assert.equal([fromApp.body.status, fromApp.body.data?.status_janji], [true, 'Dibatalkan']);
  assert.is(await seatsOf(kodebooking), taken - 1, 'freed once');
  assert.equal(
    (await outboxOf(kodebooking)).map((r) => [r.endpoint, r.status]),
    [
      ['add', 'sent'],
      ['batal', 'sent'],
    ],
    'the cancel BPJS made is not sent back to it',
  );

  // The other way round: booked in Mobile JKN, cancelled in the app: BPJS is told.
  const second = await ambil(i, date);
  const k2 = String(second.response?.kodebooking);
  standIn.know(k2);
  const cancel = await call('POST', API.cancel, token, { no_reg: k2, alasan: 'Sudah sembuh' });
  assert.is(cancel.body.status, true);
  await drain();
  assert.equal(
    standIn.received.filter((r) => r.body.kodebooking === k2).map((r) => [r.endpoint, r.answered]),
    [['batal', 200]],
  );
  const late = await jkn.call('batalantrean', { kodebooking: k2, keterangan: 'x' });
  assert.is(late.metadata.code, 201);
});

test('a new patient: 202 until registered with pasienbaru, then the booking is made under the new medical record number', async () => {
  await jkn.token();
  const date = nextOnWeekday(addDays(today, 50), 3);
  const card = '0009999000001';
  const nik = '3173019999000001';
  const first = await ambil(0, date, { nomorkartu: card, nik });
  assert.equal(
    [first.http, first.metadata.code, first.metadata.message],
    [200, 202, 'Data pasien ini tidak ditemukan. Silakan melakukan registrasi pasien baru.'],
  );
  const person = {
    nomorkartu: card,
    nik,
    ...NEW_MEMBER_ADDRESS,
    nama: 'Siti Aminah',
    jeniskelamin: 'P',
    tanggallahir: '1975-04-12',
  };
  const registered = await jkn.call<{ norm: string }>('pasienbaru', person);
  assert.equal([registered.metadata.code, registered.metadata.message], [200, 'Harap datang ke admisi untuk melengkapi data rekam medis.']);
  const norm = String(registered.response?.norm);
  assert.match(norm, /^[0-9]+$/);
  const twice = await jkn.call('pasienbaru', person);
  assert.equal([twice.metadata.code, twice.metadata.message], [201, 'Data peserta sudah pernah dientrikan.']);
  const booked = await ambil(0, date, { nomorkartu: card, nik });
  assert.equal([booked.metadata.code, booked.response?.norm], [200, norm]);
  const [audit] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'jkn.pasienbaru' AND subject = $1`, [norm]);
  assert.is(audit.n, 1);
});

/**
 * Today's demo session (server/connector/local/demo/seed-today.ts) lies around the moment of seeding and holds the
 * demo's queue, filling it on days whose schedule has few seats: the clock goes to its start,
 * whatever the hour, and it gets room for the test's bookings.
 */
async function intoTodaysSession(): Promise<void> {
  clock = at(today, (await jampraktek(today)).slice(0, 5));
  await db.query(
    `UPDATE practice_sessions ps SET batas_quota = greatest(ps.batas_quota, ps.quota_terisi + 10) FROM practice_schedules s
      WHERE s.id = ps.schedule_id AND ps.tgl = $1 AND s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.sts_jam = '1' AND s.jenis = 'poli'`,
    [today],
  );
}

/** An app booking of today's session: it joins today's clinic queue as it is made. */
async function todaysVisit(i: number, carabayar = 'P'): Promise<string> {
  await intoTodaysSession();
  const token = await loginAs(app, { nomr: nomrOf(i), tgl_lahir: COHORT.tgl_lahir });
  const made = await call('POST', API.book, token, { ...appBooking(i, today), carabayar });
  assert.is(made.body.status, true, JSON.stringify(made.body));
  const { no_reg, no_urut } = made.body.data;
  const [queued] = await db.query<{ no_urut: number }>('SELECT no_urut FROM clinic_queue WHERE no_reg = $1', [no_reg]);
  assert.is(queued?.no_urut, no_urut, 'in the queue under its number');
  return no_reg;
}
const internal = (path: string, no_reg: string) => call('POST', `/api/internal/antrian/poli/${path}`, INTERNAL_TOKEN, { no_reg });
const tasksSent = (no_reg: string) =>
  standIn.received.filter((r) => r.body.kodebooking === no_reg && r.endpoint === 'updatewaktu').map((r) => [r.body.taskid, r.answered]);

test('the task times of a visit checked in at the counter (3, 4, 5) and of one skipped (3, 4, 99), in order', async () => {
  const checkedIn = await todaysVisit(120);
  const skipped = await todaysVisit(121);
  for (const no_reg of [checkedIn, skipped]) {
    const res = await internal('checkin', no_reg);
    assert.is(res.body.status, true, JSON.stringify(res.body));
    assert.ok(res.body.data.checkin);
    const repeat = await internal('checkin', no_reg);
    assert.is(repeat.body.data.checkin, res.body.data.checkin, 'the first check-in is kept');
    assert.is((await internal('panggil', no_reg)).code, 200);
  }
  assert.is((await internal('selesai', checkedIn)).code, 200);
  assert.is((await internal('lewati', skipped)).code, 200);
  await drain();
  assert.equal(tasksSent(checkedIn), [
    [3, 200],
    [4, 200],
    [5, 200],
  ]);
  assert.equal(tasksSent(skipped), [
    [3, 200],
    [4, 200],
    [99, 200],
  ]);
  const waktu = standIn.received.filter((r) => r.body.kodebooking === checkedIn && r.endpoint === 'updatewaktu').map((r) => Number(r.body.waktu));
  assert.equal(
    waktu,
    [...waktu].sort((a, b) => a - b),
    'the times rise',
  );
  assert.is((await internal('checkin', 'RJ000000000')).code, 404);
});

test('a Mobile JKN check-in is the app check-in: task 3 once; the booking is in the queue from the start', async () => {
  // Today's session is placed around the moment of seeding: the check-in is taken at its start.
  await intoTodaysSession();
  await jkn.token();
  const made = await ambil(130, today);
  assert.is(made.metadata.code, 200, made.metadata.message);
  const kodebooking = String(made.response?.kodebooking);
  standIn.know(kodebooking);
  const [queued] = await db.query<{ no_urut: number }>('SELECT no_urut FROM clinic_queue WHERE no_reg = $1', [kodebooking]);
  assert.is(queued?.no_urut, made.response?.angkaantrean, "a Mobile JKN booking joins the day's queue under its number");
  const ok = await jkn.call('checkinantrean', { kodebooking, waktu: clock });
  assert.equal([ok.metadata.code, ok.metadata.message], [200, 'Ok']);
  assert.is((await jkn.call('checkinantrean', { kodebooking, waktu: clock + MINUTE })).metadata.code, 200, 'a repeat answers the same');
  await drain();
  assert.equal(tasksSent(kodebooking), [[3, 200]]);
});

test('the pharmacy and the operations: answered in the envelope', async () => {
  // The visits below are today's: the clock goes to today's session before the token is taken.
  await intoTodaysSession();
  await jkn.token();
  // The hospital's planned operations are the ones the app shows (demo patient A's PCI in 4 days, valve surgery in 12).
  const rs = await jkn.call<{ list: Array<Record<string, unknown>> }>('jadwaloperasirs', { tanggalawal: today, tanggalakhir: addDays(today, 7) });
  assert.equal(
    [rs.metadata.code, rs.response?.list.map((o) => [o.tanggaloperasi, o.jenistindakan, o.kodepoli, o.terlaksana, o.nopeserta])],
    [200, [[addDays(today, 4), 'Intervensi koroner perkutan (PCI) pada LAD', 'JAN', 0, '0001234567890']]],
  );
  assert.equal(
    (await jkn.call<{ list: unknown[] }>('jadwaloperasirs', { tanggalawal: addDays(today, 30), tanggalakhir: addDays(today, 40) })).response?.list,
    [],
  );
  const order = await jkn.call('jadwaloperasirs', { tanggalawal: addDays(today, 7), tanggalakhir: today });
  assert.is(order.metadata.code, 201);
  assert.equal((await jkn.call<{ list: unknown[] }>('jadwaloperasipasien', { nopeserta: cardOf(1) })).response?.list, []);
  const mine = await jkn.call<{ list: Array<Record<string, unknown>> }>('jadwaloperasipasien', { nopeserta: '0001234567890' });
  assert.equal(
    mine.response?.list.filter((o) => o.terlaksana === 0).map((o) => [o.tanggaloperasi, o.jenistindakan]),
    [
      [addDays(today, 4), 'Intervensi koroner perkutan (PCI) pada LAD'],
      [addDays(today, 12), 'Penggantian katup mitral'],
    ],
  );
  assert.ok(
    mine.response?.list.every((o) => !('nopeserta' in o)),
    "the catalogue's jadwaloperasipasien names no card number",
  );
  // Mobile JKN reads JKN visits only: a Non BPJS one is not found.
  const umum = await todaysVisit(141);
  assert.equal((await jkn.call('sisaantrean', { kodebooking: umum })).metadata, { code: 201, message: 'Antrean tidak ditemukan atau sudah dibatalkan.' });
  assert.is((await jkn.call('batalantrean', { kodebooking: umum, keterangan: 'x' })).metadata.code, 201);
  const no_reg = await todaysVisit(140, 'B');
  assert.equal((await jkn.call('ambilantreanfarmasi', { kodebooking: no_reg })).metadata, { code: 201, message: 'Belum ada resep untuk kode booking ini.' });
  await db.query(`INSERT INTO pharmacy_queue (no_antrian, tgl_layanan, no_mr, status_obat) VALUES ('F-901', $1, $2, 'Sedang diracik')`, [today, nomrOf(140)]);
  const taken = await jkn.call<Record<string, unknown>>('ambilantreanfarmasi', { kodebooking: no_reg });
  assert.equal([taken.metadata.code, taken.response?.nomorantrean, taken.response?.jenisresep], [200, 'F-901', 'racikan']);
  const status = await jkn.call<Record<string, unknown>>('statusantreanfarmasi', { kodebooking: no_reg });
  assert.equal([status.metadata.code, status.response?.keterangan], [200, 'Sedang diracik']);

  // Straight to ready, the clinic never heard of: BPJS gets the visit's 3, 4 and 5 (it takes no
  // task without the one before), the prescription, then 6 a second before 7 (never 7 without 6).
  assert.is((await call('POST', '/api/internal/antrian/farmasi/status', INTERNAL_TOKEN, { no_antrian: 'F-901', status_obat: 'Siap diambil' })).code, 200);
  await drain();
  const sent = standIn.received.filter((r) => r.body.kodebooking === no_reg && r.endpoint !== 'add');
  assert.equal(
    sent.map((r) => [r.endpoint, r.body.taskid ?? r.body.jenisresep, r.answered]),
    [
      ['updatewaktu', 3, 200],
      ['updatewaktu', 4, 200],
      ['updatewaktu', 5, 200],
      ['farmasi/add', 'racikan', 200],
      ['updatewaktu', 6, 200],
      ['updatewaktu', 7, 200],
    ],
  );
  assert.is(Number(sent[5].body.waktu) - Number(sent[4].body.waktu), 1000);
});

test("a BPJS booking in the app without VClaim: its typed referral is not reported as confirmed (the add's fallback: kind by history, no number); one whose patient lacks the card number is held, never sent empty", async () => {
  const date = nextOnWeekday(addDays(today, 30), 5);
  const token = await loginAs(app, { nomr: nomrOf(160), tgl_lahir: COHORT.tgl_lahir });
  const made = await call('POST', API.book, token, { ...appBooking(160, date), carabayar: 'B', jeniskunjungan: 4, nomorreferensi: '0212R0011126B000042' });
  assert.is(made.body.status, true, JSON.stringify(made.body));
  const half = await call('POST', API.book, token, { ...appBooking(160, addDays(date, 7)), carabayar: 'B', nomorreferensi: '0212R0011126B000042' });
  assert.equal(half.body, {
    status: false,
    message: 'Pilih jenis rujukan: rujukan FKTP, rujukan internal, surat kontrol, atau rujukan antar rumah sakit.',
  });
  await drain();
  const [sent] = standIn.received.filter((r) => r.body.kodebooking === made.body.data.no_reg);
  assert.equal(
    [sent.endpoint, sent.answered, sent.body.jeniskunjungan, sent.body.nomorreferensi, sent.body.nomorkartu, sent.body.nik],
    ['add', 200, 1, '', cardOf(160), nikOf(160)],
  );

  await db.query('UPDATE patients SET no_jaminan = NULL WHERE nomr = $1', [nomrOf(161)]);
  const other = await loginAs(app, { nomr: nomrOf(161), tgl_lahir: COHORT.tgl_lahir });
  const held = await call('POST', API.book, other, { ...appBooking(161, date), carabayar: 'B', jeniskunjungan: 1, nomorreferensi: '0301U0011126P000999' });
  assert.is(held.body.status, true, 'the booking itself is made');
  await drain();
  assert.equal(
    (await outboxOf(held.body.data.no_reg)).map((r) => [r.endpoint, r.status, r.reason]),
    [['add', 'held', 'Data pasien JKN belum lengkap: nomor kartu BPJS (no_jaminan)']],
  );
  assert.is(standIn.received.filter((r) => r.body.kodebooking === held.body.data.no_reg).length, 0);
  // The hospital fills the card number, staff retry: the add goes with it.
  await db.query('UPDATE patients SET no_jaminan = $2 WHERE nomr = $1', [nomrOf(161), cardOf(161)]);
  const [row] = await db.query<{ id: number }>(`SELECT id::int AS id FROM bpjs_antrean WHERE no_reg = $1`, [held.body.data.no_reg]);
  const retried = await call('POST', `/api/internal/bpjs/antrean/${row.id}/ulang`, INTERNAL_TOKEN);
  assert.is(retried.body.data.status, 'waiting');
  await drain();
  assert.equal(
    standIn.received.filter((r) => r.body.kodebooking === held.body.data.no_reg).map((r) => [r.endpoint, r.answered, r.body.nomorkartu]),
    [['add', 200, cardOf(161)]],
  );
});

test('BPJS_REPORTER=simrs: the hospital system reports, this server queues nothing, Mobile JKN still books', async () => {
  const simrs = await buildApp({
    config: testConfig({ bpjs: { ...bridge(), reporter: 'simrs' }, jkn: { username: USER, password: PASSWORD, tokenMinutes: 60, maxFailures: 5 } }),
    db,
    logger: false,
    internal: 'here',
    clock: () => clock,
  });
  await simrs.ready();
  try {
    const date = nextOnWeekday(addDays(today, 40), 4);
    const token = await loginAs(simrs, { nomr: nomrOf(150), tgl_lahir: COHORT.tgl_lahir });
    const res = await simrs.inject({ method: 'POST', url: API.book, payload: appBooking(150, date), headers: { authorization: `Bearer ${token}` } });
    assert.is(res.json().status, true);
    assert.equal(await outboxOf(res.json().data.no_reg), []);
  } finally {
    await simrs.close();
  }
});

test('its own OpenAPI page lists its calls and nothing else', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/jkn/docs' });
  const paths = Object.keys(res.json().paths).sort();
  assert.equal(paths, [
    '/api/jkn/ambilantrean',
    '/api/jkn/ambilantreanfarmasi',
    '/api/jkn/batalantrean',
    '/api/jkn/checkinantrean',
    '/api/jkn/jadwaloperasipasien',
    '/api/jkn/jadwaloperasirs',
    '/api/jkn/pasienbaru',
    '/api/jkn/sisaantrean',
    '/api/jkn/statusantrean',
    '/api/jkn/statusantreanfarmasi',
    '/api/jkn/token',
  ]);
});

test.run();

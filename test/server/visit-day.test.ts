// The visit day on the server, on PGlite and on PostgreSQL: the clinic queue item's additions and
// the demo's session, check-in's rules (each answer, two phones at once), the hospital's list and
// its done and skipped numbers, the 'tinggal N lagi' push queued once, and the live stream: a
// call made through one app instance reaches a stream held by another on the same database.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { COHORT, DEMO_QUEUE, DEMO_REGS } from '../../server/connector/local/demo/seed.ts';
import { atWib } from '../../server/domain/visit.ts';
import type { Api } from '../../server/routes/route-schema.ts';
import { DEMO_A, DEMO_B, INTERNAL_TOKEN, loginAs, testConfig } from '../support/app.ts';
import { ENGINE, freshDb } from '../support/db.ts';
import { openStream } from '../support/stream.ts';

const today = todayWib();
const A_REG = DEMO_REGS.queue(today);
/** The clinic's hospital, and a radius: check-in asks where the phone is. */
const SITE = { lat: -6.1927, lon: 106.7974, radiusM: 500 };

let db: Db & { url?: string };
let now = Date.now();
const clock = () => now;
let app: Api;
let located: Api;

const visit = (over: Partial<Config['visit']> = {}) => testConfig({ visit: { ...loadConfig({}).visit, ...over } });
const build = (database: Db, config: Config) => buildApp({ config, db: database, logger: false, internal: 'here', clock });

test.before(async () => {
  db = await freshDb();
  app = await build(db, visit());
  located = await build(db, visit({ site: SITE }));
  await Promise.all([app.ready(), located.ready()]);
});
test.after(async () => {
  await Promise.all([app.close(), located.close()]);
  await db.close();
});

const call = (target: Api, method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  target.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
const queueOf = async (token: string, target = app) => (await call(target, 'GET', API.clinicQueue, token)).json().data;
const internal = (path: string, no_reg: string) => call(app, 'POST', `/api/internal/antrian/poli/${path}`, INTERNAL_TOKEN, { no_reg });
/** Today's D001 session in clinic 20001 runs 08:00–12:00, and A has not checked in; the clock is set to a time of today. */
const practiceHours = async () => {
  await db.query(
    `UPDATE practice_sessions SET jam_dtg = '08:00', jam_plg = '12:00'
      WHERE tgl = $1 AND schedule_id IN (SELECT id FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND sts_jam = '1')`,
    [today],
  );
  await db.query('UPDATE clinic_queue SET checkin_at = NULL WHERE no_reg = $1', [A_REG]);
};
const at = (hhmm: string) => atWib(today, hhmm) as number;
/** Now, kept on the demo's today: a run going on past midnight WIB still reads the day seeded (its session, A's numbers). */
const todayNow = () => Math.min(Date.now(), at('23:59'));

test("the demo's session: A at 9 of 14, 6 being called, 2 ahead, an estimate after now, check-in open now", async () => {
  now = todayNow();
  const token = await loginAs(app, DEMO_A);
  const [item] = await queueOf(token);
  assert.is(item.no_reg, A_REG);
  assert.is(item.no_urut, DEMO_QUEUE.a);
  assert.is(item.status, 'menunggu');
  assert.is(item.no_dipanggil, 6);
  assert.is(item.sisa_antrian, 2);
  assert.is(item.checkin, null);
  assert.match(item.estimasi_dilayani, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+07:00$/);
  assert.ok(Date.parse(item.estimasi_dilayani) >= now - 60_000, item.estimasi_dilayani);
  assert.ok(Date.parse(item.checkin_buka) <= now && now < Date.parse(item.checkin_tutup) + 60_000, `${item.checkin_buka}–${item.checkin_tutup}`);
  assert.is(item.checkin_lokasi, false);
  const day = (await call(app, 'GET', `/api/internal/antrian/poli?tanggal=${today}`, INTERNAL_TOKEN)).json().data as Array<Record<string, string | number>>;
  const session = day.filter((e) => e.kd_dr === 'D001' && e.kd_dep === '20001');
  assert.ok(session.length >= 12, `${session.length} patients`);
  assert.equal(
    session.slice(0, 7).map((e) => e.status),
    ['selesai', 'selesai', 'selesai', 'selesai', 'selesai', 'dipanggil', 'menunggu'],
  );
  const calls = session.slice(0, 6).map((e) => Date.parse(String(e.dipanggil)));
  assert.ok(
    calls.every((c, i) => c <= now && (i === 0 || c > calls[i - 1])),
    'called in order, before now',
  );
});

test('demo data agrees with itself: numbers carry their dates, and nobody is in a ward and in the clinic queue', async () => {
  const numbered = await db.query<{ no_reg: string; tgl: string }>(
    `SELECT no_reg, to_char(tgl_reg, 'YYYY-MM-DD') AS tgl FROM visits
     UNION ALL SELECT no_reg, to_char(tgl_reg, 'YYYY-MM-DD') FROM inpatient_stays
     UNION ALL SELECT no_reg, to_char(tanggal, 'YYYY-MM-DD') FROM procedures
     UNION ALL SELECT no_reg, to_char(tgl_periksa, 'YYYY-MM-DD') FROM vascular_reports WHERE no_reg IS NOT NULL
     UNION ALL SELECT no_reg, to_char(tgl_janji, 'YYYY-MM-DD') FROM clinic_queue
                WHERE no_reg NOT IN (SELECT no_reg FROM appointments)`,
  );
  assert.ok(numbered.length > 20);
  // An appointment's number carries the day it was made (migration 007), its queue entry the day of the visit.
  for (const { no_reg, tgl } of numbered) assert.is(no_reg.slice(2, 8), tgl.slice(2).replaceAll('-', ''), no_reg);
  const both = await db.query(
    `SELECT s.no_mr FROM inpatient_stays s JOIN clinic_queue q ON q.no_mr = s.no_mr AND q.tgl_janji = $1
      WHERE s.tgl_masuk <= $1 AND (s.tgl_pulang IS NULL OR s.tgl_pulang > $1)`,
    [today],
  );
  assert.equal(both, []);
});

test('check-in before the window says when it opens; after practice, that it has closed', async () => {
  await practiceHours();
  const token = await loginAs(app, DEMO_A);
  now = at('06:30');
  let res = await call(app, 'POST', API.checkin, token, { no_reg: A_REG });
  assert.is(res.statusCode, 409);
  assert.equal(res.json(), { status: false, message: 'Check-in belum dibuka. Check-in dibuka pukul 07.00.' });
  const [item] = await queueOf(token);
  assert.is(item.checkin_buka, `${today}T07:00:00+07:00`);
  assert.is(item.checkin_tutup, `${today}T12:00:00+07:00`);
  now = at('12:30');
  res = await call(app, 'POST', API.checkin, token, { no_reg: A_REG });
  assert.is(res.statusCode, 409);
  assert.is(res.json().message, 'Check-in sudah ditutup. Jam praktik berakhir pukul 12.00.');
});

test("another day's entry, another patient's, an unknown number and a malformed body are refused, each saying why", async () => {
  await practiceHours();
  now = at('07:30');
  const tomorrow = addDays(today, 1);
  await db.query(`INSERT INTO clinic_queue (no_reg, no_mr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut) VALUES ($1, $2, $3, '20001', 'D001', '1', 4)`, [
    `RJ${tomorrow.slice(2).replaceAll('-', '')}0904`,
    DEMO_A.nomr,
    tomorrow,
  ]);
  const tokenA = await loginAs(app, DEMO_A);
  let res = await call(app, 'POST', API.checkin, tokenA, { no_reg: `RJ${tomorrow.slice(2).replaceAll('-', '')}0904` });
  assert.is(res.statusCode, 409);
  assert.match(res.json().message, /^Check-in hanya dapat dilakukan pada hari kunjungan, \w+, \d{1,2} \w+ \d{4}\.$/);
  const tokenB = await loginAs(app, DEMO_B);
  res = await call(app, 'POST', API.checkin, tokenB, { no_reg: A_REG });
  assert.equal([res.statusCode, res.json().message], [404, 'Antrian dengan nomor registrasi ini tidak ditemukan.'], "another patient's: as unknown");
  res = await call(app, 'POST', API.checkin, tokenA, { no_reg: 'RJ-TIDAK-ADA' });
  assert.equal([res.statusCode, res.json().message], [404, 'Antrian dengan nomor registrasi ini tidak ditemukan.']);
  res = await call(app, 'POST', API.checkin, tokenA, {});
  assert.equal([res.statusCode, res.json().message], [400, 'Permintaan tidak valid. Periksa kolom no_reg.']);
  res = await call(app, 'POST', API.checkin, tokenA, { no_reg: A_REG, posisi: { lat: 'dekat', lon: 106.8 } });
  assert.equal([res.statusCode, res.json().message], [400, 'Permintaan tidak valid. Periksa kolom posisi/lat.']);
  assert.is((await queueOf(tokenA))[0].checkin, null, 'nothing was recorded');
});

test("with the hospital's location set: no position is a 400, too far says how far, near enough checks in", async () => {
  await practiceHours();
  now = at('07:42');
  const token = await loginAs(located, DEMO_A);
  assert.is((await queueOf(token, located))[0].checkin_lokasi, true);
  let res = await call(located, 'POST', API.checkin, token, { no_reg: A_REG });
  assert.equal([res.statusCode, res.json().message], [400, 'Lokasi ponsel diperlukan untuk check-in. Periksa kolom posisi.']);
  res = await call(located, 'POST', API.checkin, token, { no_reg: A_REG, posisi: { lat: -6.2135, lon: 106.7974, accuracy: 20 } });
  assert.is(res.statusCode, 422);
  assert.match(res.json().message, /^Lokasi Anda sekitar 2\.3\d\d m dari rumah sakit\. Check-in hanya dapat dilakukan dalam jarak 500 m dari rumah sakit\.$/);
  assert.is((await queueOf(token, located))[0].checkin, null);
  res = await call(located, 'POST', API.checkin, token, { no_reg: A_REG, posisi: { lat: -6.1935, lon: 106.7981, accuracy: 35 } });
  assert.is(res.statusCode, 200, res.body);
  assert.equal(res.json(), { status: true, data: { no_reg: A_REG, checkin: `${today}T07:42:00+07:00` } });
  await located.flushAudit();
  const [entry] = await db.query<{ outcome: string; actor: string }>(
    `SELECT outcome, actor FROM audit_log WHERE action = 'records.write' AND detail = $1 ORDER BY id DESC LIMIT 1`,
    [`POST ${API.checkin}`],
  );
  assert.equal(entry, { outcome: '200', actor: DEMO_A.nomr });
});

test('two phones of one patient checking in at once get one time; a repeat later answers the first', async () => {
  await practiceHours();
  const [phone1, phone2] = [await loginAs(app, DEMO_A), await loginAs(app, DEMO_A)];
  now = at('07:45');
  const both = await Promise.all([phone1, phone2, phone1, phone2].map((t) => call(app, 'POST', API.checkin, t, { no_reg: A_REG })));
  assert.equal(
    both.map((r) => r.statusCode),
    [200, 200, 200, 200],
  );
  const times = new Set(both.map((r) => r.json().data.checkin));
  assert.equal([...times], [`${today}T07:45:00+07:00`]);
  now = at('11:00');
  const again = await call(app, 'POST', API.checkin, phone2, { no_reg: A_REG });
  assert.is(again.json().data.checkin, `${today}T07:45:00+07:00`, 'the first time is kept');
  now = at('13:00');
  assert.is((await call(app, 'POST', API.checkin, phone1, { no_reg: A_REG })).statusCode, 200, 'and answered even once closed');
  assert.is((await queueOf(phone1))[0].checkin, `${today}T07:45:00+07:00`);
});

const nearFor = (nomr: string) =>
  db.query<{ title: string; url: string }>(`SELECT title, url FROM notifications WHERE nomr = $1 AND title LIKE 'Antrian Anda tinggal %' ORDER BY id`, [nomr]);

test("the hospital's list, a skipped and a done number, and 'Antrian Anda tinggal N lagi' queued once", async () => {
  now = todayNow();
  const token = await loginAs(app, DEMO_A);
  assert.is((await call(app, 'GET', '/api/internal/antrian/poli?tanggal=17-08-2026', INTERNAL_TOKEN)).statusCode, 400);
  assert.is((await call(app, 'GET', '/api/internal/antrian/poli', token)).statusCode, 401, 'not with a patient token');
  assert.equal(await nearFor(DEMO_A.nomr), []);
  // 7 was not there when called: skipped. A now has one ahead (8), and is told so, once.
  const skipped = await internal('lewati', DEMO_REGS.queue(today).replace(/\d{4}$/, '0007'));
  assert.is(skipped.statusCode, 200);
  assert.equal(skipped.json().data, { no_reg: DEMO_REGS.queue(today).replace(/\d{4}$/, '0007'), status: 'dilewati', notified: 3 });
  assert.equal(await nearFor(DEMO_A.nomr), [{ title: 'Antrian Anda tinggal 1 lagi', url: '/home' }]);
  // Those behind A within three: 10 has two ahead, 11 three; 12, with four, nothing yet.
  assert.equal(
    (await nearFor(String(COHORT.first + 10))).map((n) => n.title),
    ['Antrian Anda tinggal 2 lagi'],
  );
  assert.equal(
    (await nearFor(String(COHORT.first + 11))).map((n) => n.title),
    ['Antrian Anda tinggal 3 lagi'],
  );
  assert.equal(await nearFor(String(COHORT.first + 12)), []);
  const [item] = await queueOf(token);
  assert.is(item.sisa_antrian, 1);
  // 6 done, 8 called: A is next, but is not told 'tinggal' again.
  const done = await internal('selesai', DEMO_REGS.queue(today).replace(/\d{4}$/, '0006'));
  assert.equal(done.json().data.status, 'selesai');
  assert.is((await internal('panggil', DEMO_REGS.queue(today).replace(/\d{4}$/, '0008'))).statusCode, 200);
  assert.equal(await nearFor(DEMO_A.nomr), [{ title: 'Antrian Anda tinggal 1 lagi', url: '/home' }]);
  const after = (await queueOf(token))[0];
  assert.equal([after.no_dipanggil, after.sisa_antrian], [8, 0]);
  const list = (await call(app, 'GET', '/api/internal/antrian/poli', INTERNAL_TOKEN)).json().data as Array<Record<string, unknown>>;
  assert.equal(
    list
      .filter((e) => e.kd_dr === 'D001')
      .slice(5, 9)
      .map((e) => e.status),
    ['selesai', 'dilewati', 'dipanggil', 'menunggu'],
  );
  assert.equal(Object.keys(list[0]).sort(), ['checkin', 'dipanggil', 'kd_dep', 'kd_dr', 'no_mr', 'no_reg', 'no_urut', 'status', 'sts_jam']);
  assert.is((await internal('lewati', 'RJ-TIDAK-ADA')).statusCode, 404);
  assert.is((await internal('selesai', 'RJ-TIDAK-ADA')).statusCode, 404);
});

test('a call made through one app instance reaches a live stream held by another on the same database', async () => {
  now = todayNow();
  // On PostgreSQL two instances on one DATABASE_URL, as two server processes; PGlite is one process.
  const otherDb = ENGINE === 'postgres' ? await openPostgres(db.url as string, 4) : db;
  const other = ENGINE === 'postgres' ? await build(otherDb, visit()) : app;
  const holder = await build(db, visit());
  const url = await holder.listen({ port: 0, host: '127.0.0.1' });
  const stream = openStream(`${url}${API.clinicQueueLive}`, await loginAs(holder, DEMO_A));
  try {
    await stream.until(() => stream.events().length === 1);
    assert.match(stream.head(), /^HTTP\/1\.1 200/);
    assert.match(stream.head(), /content-type: text\/event-stream/i);
    assert.not.match(stream.head(), /content-encoding/i, 'not compressed: events would be held back');
    const first = stream.events()[0].data[0];
    assert.is(first.no_reg, A_REG);
    // The number after the last called one, through the other instance.
    const next = Number(first.no_dipanggil) + 1;
    const res = await call(other, 'POST', '/api/internal/antrian/poli/panggil', INTERNAL_TOKEN, {
      no_reg: A_REG.replace(/\d{4}$/, String(next).padStart(4, '0')),
    });
    assert.is(res.statusCode, 200);
    await stream.until(() => stream.events().length === 2);
    assert.is(stream.events()[1].data[0].no_dipanggil, next);
  } finally {
    stream.close();
    await holder.close();
    if (other !== app) await other.close();
    if (otherDb !== db) await otherDb.close();
  }
});

test('while nothing changes the stream sends only a 3-byte comment per heartbeat (about 20 bytes a minute of HTTP), and ends when the server closes', async () => {
  now = todayNow();
  const quick = await build(db, visit({ heartbeatSeconds: 1 }));
  const url = await quick.listen({ port: 0, host: '127.0.0.1' });
  const stream = openStream(`${url}${API.clinicQueueLive}`, await loginAs(quick, DEMO_A));
  try {
    await stream.until(() => stream.events().length === 1 && stream.pharmacy().length === 1);
    const afterEvent = stream.body().length;
    await stream.until((b) => (b.slice(afterEvent).match(/:\n\n/g) ?? []).length >= 3);
    const heartbeats = stream.body().slice(afterEvent);
    // Chunked framing included: '3\r\n:\n\n\r\n' is 8 bytes on the wire for each.
    assert.equal(heartbeats, '3\r\n:\n\n\r\n'.repeat(heartbeats.length / 8));
    const eventBytes = afterEvent;
    // At the default heartbeat (25 s): 2.4 a minute. With TCP/IP and TLS around each (and its
    // ACK), about 140 bytes each: docs/decisions.md records the sum.
    const perMinute = (60 / loadConfig({}).visit.heartbeatSeconds) * (8 + 140);
    assert.ok(perMinute < 1024, `${perMinute} bytes a minute`);
    assert.ok(eventBytes < 1800, `the events with A's clinic and pharmacy queues are ${eventBytes} bytes`);
    // Shutting down ends open streams rather than waiting for them (SIGTERM waits for requests).
    const closing = quick.close();
    await stream.until((b) => b.endsWith('0\r\n\r\n'));
    await closing;
  } finally {
    stream.close();
    await quick.close();
  }
});

test("a change of A's pharmacy status reaches A's open stream at once, and only the pharmacy event is sent again", async () => {
  now = todayNow();
  const holder = await build(db, visit());
  const url = await holder.listen({ port: 0, host: '127.0.0.1' });
  const stream = openStream(`${url}${API.clinicQueueLive}`, await loginAs(holder, DEMO_A));
  const setStatus = (status_obat: string) => call(app, 'POST', '/api/internal/antrian/farmasi/status', INTERNAL_TOKEN, { no_antrian: 'F-012', status_obat });
  try {
    await stream.until(() => stream.events().length === 1 && stream.pharmacy().length === 1);
    const [first] = stream.pharmacy()[0].data;
    assert.equal([first.no_antrian, first.no_mr, first.status_obat], ['F-012', DEMO_A.nomr, 'Sedang disiapkan']);
    assert.is((await setStatus('Siap diambil')).statusCode, 200);
    await stream.until(() => stream.pharmacy().length === 2);
    assert.is(stream.pharmacy()[1].data[0].status_obat, 'Siap diambil');
    assert.is(stream.events().length, 1, 'the clinic queue did not change: not sent again');
    // Another patient's entry changing sends A nothing; A's own change back does.
    const other = await call(app, 'POST', '/api/internal/antrian/farmasi/status', INTERNAL_TOKEN, { no_antrian: 'F-011', status_obat: 'Sudah diambil' });
    assert.is(other.statusCode, 200);
    assert.is((await setStatus('Sedang disiapkan')).statusCode, 200);
    await stream.until(() => stream.pharmacy().length === 3);
    assert.equal(
      stream.pharmacy().map((e) => e.data.map((f) => [f.no_antrian, f.status_obat])),
      [[['F-012', 'Sedang disiapkan']], [['F-012', 'Siap diambil']], [['F-012', 'Sedang disiapkan']]],
    );
  } finally {
    stream.close();
    await holder.close();
  }
});

test("the clinic queue names the clinic's examination room where the hospital has set it, and null where not", async () => {
  now = todayNow();
  const token = await loginAs(app, DEMO_A);
  let [item] = await queueOf(token);
  assert.is(item.ruang, 'Ruang Periksa 1');
  assert.is(item.lantai, '1');
  await db.query(`UPDATE clinics SET ruang = NULL WHERE kd_dep = '20001'`);
  try {
    [item] = await queueOf(token);
    assert.is(item.ruang, null);
  } finally {
    await db.query(`UPDATE clinics SET ruang = 'Ruang Periksa 1' WHERE kd_dep = '20001'`);
  }
});

test('the live stream needs the patient token', async () => {
  assert.is((await app.inject({ url: API.clinicQueueLive })).statusCode, 401);
  assert.is((await app.inject({ url: API.clinicQueueLive, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } })).statusCode, 401);
});

test.run();

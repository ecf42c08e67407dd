// BPJS Antrean Online against a stand-in that checks signatures and answers encrypted, as BPJS
// does (test/support/bpjs-stand-in.ts), on PGlite and on PostgreSQL: a booking with every field,
// the visit day's task times caught up in order after an outage, cancel and reschedule, an
// unmapped clinic or doctor, a wrong secret, a BPJS that never answers (time-out), 503 answers, a
// worker that died holding its claim, the bridge off, and a server killed between booking and
// sending.
// The outbox's clock is the worker's own: minutes of outage pass without waiting for them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { bpjsClient } from '../../server/bpjs/client.ts';
import { createBpjsWorker } from '../../server/bpjs/worker.ts';
import { claimDueBpjs } from '../../server/db/bpjs.ts';
import type { BpjsConfig } from '../../server/config.ts';
import { openPglite, openPostgres, type Db } from '../../server/db/client.ts';
import { COHORT, DEMO_A, INTERNAL_TOKEN, loginAs, testApp, testConfig } from '../support/app.ts';
import { type BpjsStandIn, bpjsStandIn, bridgeTo } from '../support/bpjs-stand-in.ts';
import { createPgDatabase, ENGINE, freshDb } from '../support/db.ts';
import { type Answer, wibAt as at } from '../support/booking.ts';
import { startServer } from '../support/server.ts';

const today = todayWib();
const MINUTE = 60_000;

let standIn: BpjsStandIn;
let db: Db;
let app: FastifyInstance;
/** The booking rules' clock (the app's); the outbox worker's runs this far ahead of the real one. */
let clock = at(today, '07:00');
let later = 0;

const bridge = (over: Partial<BpjsConfig> = {}): BpjsConfig => bridgeTo(standIn, over);
const workerWith = (config: BpjsConfig) => createBpjsWorker({ db, send: bpjsClient(config), config, clock: () => Date.now() + later });

test.before(async () => {
  standIn = await bpjsStandIn();
  db = await freshDb();
  app = await buildApp({ config: testConfig({ bpjs: bridge() }), db, logger: false, internal: 'here', clock: () => clock });
  await app.ready();
});
test.after(async () => {
  await app.close();
  await db.close();
  await standIn.close();
});
test.before.each(() => {
  clock = at(today, '07:00');
  later = 0;
  standIn.outage(null);
  standIn.refuse(null);
});

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object, target = app): Promise<Answer> {
  const res = await target.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  return { code: res.statusCode, body: res.json() };
}
const nomrOf = (i: number) => String(COHORT.first + i);
const cohort = (i: number, target = app) => loginAs(target, { nomr: nomrOf(i), tgl_lahir: COHORT.tgl_lahir });
/** Dr D001's morning session in clinic 20001, every weekday. */
const d001 = (nomr: string, date: string, carabayar = 'P') => ({
  nomr,
  tgl_janji: date,
  kd_dep: '20001',
  kd_dr: 'D001',
  sts_jam: '1',
  carabayar,
  hp: '081234567890',
});
const forBooking = (kodebooking: string) => standIn.received.filter((r) => String(r.body.kodebooking) === kodebooking);
const outbox = async (query = '') => (await call('GET', `/api/internal/bpjs/antrean${query}`, INTERNAL_TOKEN)).body.data as Array<Record<string, unknown>>;
const rowsOf = async (no_reg: string) => (await outbox('?limit=1000')).filter((r) => r.no_reg === no_reg).reverse();

async function book(token: string, body: object, target = app): Promise<{ no_reg: string; no_urut: number }> {
  const res = await call('POST', API.book, token, body, target);
  assert.is(res.body.status, true, JSON.stringify(res.body));
  return res.body.data;
}

const ADD_FIELDS = [
  'kodebooking',
  'jenispasien',
  'nomorkartu',
  'nik',
  'nohp',
  'kodepoli',
  'namapoli',
  'pasienbaru',
  'norm',
  'tanggalperiksa',
  'kodedokter',
  'namadokter',
  'jampraktek',
  'jeniskunjungan',
  'nomorreferensi',
  'nomorantrean',
  'angkaantrean',
  'estimasidilayani',
  'sisakuotajkn',
  'kuotajkn',
  'sisakuotanonjkn',
  'kuotanonjkn',
  'keterangan',
];

test('a BPJS booking reaches BPJS signed, with every field, and the outbox says it was sent', async () => {
  // Past A's BPJS appointments of the coming days and their 8-day gap.
  const date = nextOnWeekday(addDays(today, 30), 1);
  const made = await book(await loginAs(app, DEMO_A), d001(DEMO_A.nomr, date, 'B'));
  const [queued] = await rowsOf(made.no_reg);
  assert.equal([queued.endpoint, queued.status, queued.kodebooking], ['add', 'waiting', made.no_reg]);
  assert.is(forBooking(made.no_reg).length, 0, 'nothing is sent in the booking call itself');

  assert.ok((await workerWith(bridge()).drain()) >= 1);
  const [sent, ...more] = forBooking(made.no_reg);
  assert.is(more.length, 0);
  assert.equal([sent.endpoint, sent.answered], ['add', 200]);
  assert.equal(Object.keys(sent.body).sort(), [...ADD_FIELDS].sort());
  const [session] = await db.query<{ batas_quota: number; quota_terisi: number; minutes: number }>(
    `SELECT ps.batas_quota, ps.quota_terisi, coalesce(c.menit_per_pasien, 10) AS minutes
       FROM practice_sessions ps JOIN practice_schedules s ON s.id = ps.schedule_id JOIN clinics c ON c.kd_dep = s.kd_dep
      WHERE s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.sts_jam = '1' AND s.jenis = 'poli' AND ps.tgl = $1`,
    [date],
  );
  assert.equal(sent.body, {
    kodebooking: made.no_reg,
    jenispasien: 'JKN',
    nomorkartu: '0001234567890',
    nik: '3173011708680001',
    nohp: '081234567890',
    kodepoli: 'JAN',
    namapoli: 'JANTUNG DAN PEMBULUH DARAH',
    pasienbaru: 0,
    norm: DEMO_A.nomr,
    tanggalperiksa: date,
    kodedokter: 10001,
    namadokter: sent.body.namadokter,
    jampraktek: '08:00-12:00',
    // A has been seen in this clinic before: a follow-up.
    jeniskunjungan: 3,
    nomorreferensi: '',
    nomorantrean: `JAN-${made.no_urut}`,
    angkaantrean: made.no_urut,
    estimasidilayani: at(date, '08:00') + (made.no_urut - 1) * session.minutes * MINUTE,
    sisakuotajkn: session.batas_quota - session.quota_terisi,
    kuotajkn: session.batas_quota,
    sisakuotanonjkn: session.batas_quota - session.quota_terisi,
    kuotanonjkn: session.batas_quota,
    keterangan: 'Silakan check-in di aplikasi atau di loket pendaftaran sebelum pukul 08.00.',
  });
  assert.match(String(sent.body.namadokter), /^dr\. .+, Sp\.JP/);
  assert.equal([sent.headers['x-cons-id'], sent.headers.user_key], [standIn.credentials.consId, standIn.credentials.userKey]);
  const [row] = (await outbox('?status=sent')).filter((r) => r.no_reg === made.no_reg);
  assert.equal([row.status, row.kode_bpjs, row.percobaan], ['sent', 200, 1]);
  assert.match(String(row.terkirim), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
  assert.is((row.isi as Record<string, unknown>).nik, '3173011708680001');
});

test('an outage of minutes: the visit day goes on, then the add and tasks 3, 4, 5, 6, 7 go out in order', async () => {
  standIn.outage('reset');
  clock = at(today, '07:30');
  await db.query(
    `UPDATE practice_sessions SET jam_dtg = '08:00', jam_plg = '12:00'
      WHERE tgl = $1 AND schedule_id IN (SELECT id FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND sts_jam = '1' AND jenis = 'poli')`,
    [today],
  );
  const nomr = nomrOf(50);
  const token = await cohort(50);
  // Every call of the day answers as usual while BPJS is unreachable.
  // The booking joins today's clinic queue under its number.
  const made = await book(token, d001(nomr, today));
  await db.query(`INSERT INTO pharmacy_queue (no_antrian, tgl_layanan, no_mr, status_obat) VALUES ('F-050', $1, $2, 'Menunggu')`, [today, nomr]);
  const checkin = await call('POST', API.checkin, token, { no_reg: made.no_reg });
  assert.equal([checkin.code, checkin.body.status], [200, true]);
  for (const path of ['panggil', 'selesai']) {
    assert.is((await call('POST', `/api/internal/antrian/poli/${path}`, INTERNAL_TOKEN, { no_reg: made.no_reg })).code, 200, path);
  }
  for (const status_obat of ['Sedang disiapkan', 'Siap diambil', 'Siap diambil']) {
    assert.is((await call('POST', '/api/internal/antrian/farmasi/status', INTERNAL_TOKEN, { no_antrian: 'F-050', status_obat })).code, 200, status_obat);
  }

  // Five minutes of outage: only the add is tried, again and again with backoff.
  const worker = workerWith(bridge());
  for (let minute = 0; minute <= 5; minute++) {
    later = minute * MINUTE;
    await worker.drain();
  }
  const tried = forBooking(made.no_reg);
  assert.ok(tried.length >= 4, `${tried.length} attempts`);
  assert.ok(
    tried.every((r) => r.endpoint === 'add' && r.answered === 0),
    'nothing after the add is sent before it',
  );
  const waiting = await rowsOf(made.no_reg);
  assert.equal(
    waiting.map((r) => [r.endpoint, r.taskid, r.status]),
    [
      ['add', null, 'waiting'],
      ...[3, 4, 5].map((t) => ['updatewaktu', t, 'waiting']),
      ['farmasi/add', null, 'waiting'],
      ...[6, 7].map((t) => ['updatewaktu', t, 'waiting']),
    ],
  );
  assert.is(waiting[0].percobaan, tried.length);
  assert.match(String(waiting[0].alasan), /fetch failed|socket|ECONNRESET/i);
  assert.is(waiting[1].alasan, `Menunggu baris ${waiting[0].id} terkirim lebih dulu.`);

  // BPJS is back: two processes' workers catch up together, each row once, in order.
  standIn.outage(null);
  later = 10 * MINUTE;
  await Promise.all([worker.drain(), workerWith(bridge()).drain()]);
  const sent = forBooking(made.no_reg).filter((r) => r.answered === 200);
  assert.equal(
    sent.map((r) => [r.endpoint, r.body.taskid ?? null]),
    [['add', null], ...[3, 4, 5].map((t) => ['updatewaktu', t]), ['farmasi/add', null], ...[6, 7].map((t) => ['updatewaktu', t])],
  );
  const farmasi = sent.find((r) => r.endpoint === 'farmasi/add');
  assert.equal(farmasi?.body, {
    kodebooking: made.no_reg,
    jenisresep: 'non racikan',
    // A number, as the catalogue types it (ssecd/jkn src/antrean.ts, tambahFarmasi): F-050's digits.
    nomorantrean: 50,
    keterangan: 'Resep diproses di farmasi rawat jalan.',
  });
  assert.is(forBooking(made.no_reg).filter((r) => r.answered !== 0 && r.answered !== 200).length, 0, 'no refusal, no duplicate');
  assert.is(sent[1].body.waktu, clock, 'task 3: the check-in time, in milliseconds');
  for (const r of sent.slice(2).filter((x) => x.endpoint === 'updatewaktu'))
    assert.ok(Number.isInteger(r.body.waktu) && (r.body.waktu as number) > 1e12, String(r.body.waktu));
  assert.ok((await rowsOf(made.no_reg)).every((r) => r.status === 'sent'));
});

test('a cancel follows the add as batal; a reschedule cancels the old kodebooking and adds a new one', async () => {
  const token = await cohort(51);
  const first = nextOnWeekday(addDays(today, 20), 2);
  const made = await book(token, d001(nomrOf(51), first));
  const worker = workerWith(bridge());
  await worker.drain();
  const moved = await call('POST', API.reschedule, token, { no_reg: made.no_reg, tgl_janji: addDays(first, 7), kd_dr: 'D001', sts_jam: '1' });
  assert.is(moved.body.status, true, JSON.stringify(moved.body));
  const cancelled = await call('POST', API.cancel, token, { no_reg: made.no_reg, alasan: 'Tidak bisa datang' });
  assert.is(cancelled.body.status, true, JSON.stringify(cancelled.body));
  await worker.drain();
  const sent = [...forBooking(made.no_reg), ...forBooking(`${made.no_reg}-2`)].filter((r) => r.answered === 200);
  assert.equal(
    sent.map((r) => [r.endpoint, r.body.kodebooking, r.body.tanggalperiksa ?? r.body.keterangan]),
    [
      ['add', made.no_reg, first],
      ['batal', made.no_reg, 'Jadwal diubah oleh pasien'],
      ['add', `${made.no_reg}-2`, addDays(first, 7)],
      ['batal', `${made.no_reg}-2`, 'Tidak bisa datang'],
    ],
  );
});

test('an unmapped clinic is recorded as such and never sent; mapped and retried, it goes', async () => {
  const [exec] = await db.query<{ kd_dr: string; hari: number; sts_jam: string }>(
    `SELECT kd_dr, hari, sts_jam FROM practice_schedules WHERE kd_dep = '20012' AND jenis = 'poli' ORDER BY id LIMIT 1`,
  );
  const date = nextOnWeekday(addDays(today, 10), exec.hari);
  const made = await book(await cohort(52), { ...d001(nomrOf(52), date), kd_dep: '20012', kd_dr: exec.kd_dr, sts_jam: exec.sts_jam });
  await workerWith(bridge()).drain();
  assert.is(forBooking(made.no_reg).length, 0);
  const [row] = (await outbox('?status=unmapped')).filter((r) => r.no_reg === made.no_reg);
  assert.equal([row.endpoint, row.alasan], ['add', 'Belum dipetakan ke kode BPJS: kd_dep 20012']);

  await db.query(`INSERT INTO bpjs_poli (kd_dep, kodepoli, namapoli) VALUES ('20012', 'INT', 'PENYAKIT DALAM')`);
  const retried = await call('POST', `/api/internal/bpjs/antrean/${row.id}/ulang`, INTERNAL_TOKEN);
  assert.equal([retried.code, retried.body.data.status, retried.body.data.isi.kodepoli], [200, 'waiting', 'INT']);
  await workerWith(bridge()).drain();
  assert.equal(
    forBooking(made.no_reg).map((r) => [r.endpoint, r.answered, r.body.kodepoli]),
    [['add', 200, 'INT']],
  );
  assert.is((await call('POST', `/api/internal/bpjs/antrean/${row.id}/ulang`, INTERNAL_TOKEN)).code, 409);
  assert.is((await call('POST', '/api/internal/bpjs/antrean/999999/ulang', INTERNAL_TOKEN)).code, 404);
  const [audited] = await db.query<{ detail: string }>(`SELECT detail FROM audit_log WHERE action = 'bpjs.retry' ORDER BY id DESC LIMIT 1`);
  assert.is(audited.detail, `${row.id} add ${made.no_reg} (was unmapped)`);
});

test("a wrong secret is refused with BPJS's words and not tried again; staff retry it once the secret is right", async () => {
  const made = await book(await cohort(53), d001(nomrOf(53), nextOnWeekday(addDays(today, 12), 3)));
  await workerWith(bridge({ secretKey: 'bukan-rahasianya' })).drain();
  const [row] = await rowsOf(made.no_reg);
  assert.equal([row.status, row.kode_bpjs, row.alasan], ['refused', 401, 'Authentication failed: signature tidak valid']);
  later = 6 * 60 * MINUTE;
  await workerWith(bridge({ secretKey: 'bukan-rahasianya' })).drain();
  assert.is(forBooking(made.no_reg).length, 1, 'one request, however long');
  assert.is((await outbox('?status=refused')).filter((r) => r.no_reg === made.no_reg).length, 1);

  assert.is((await call('POST', `/api/internal/bpjs/antrean/${row.id}/ulang`, INTERNAL_TOKEN)).code, 200);
  await workerWith(bridge()).drain();
  assert.equal(
    forBooking(made.no_reg).map((r) => r.answered),
    [401, 200],
  );
});

test('a business refusal is kept with its message; the rows after it still go', async () => {
  const token = await cohort(55);
  const made = await book(token, d001(nomrOf(55), nextOnWeekday(addDays(today, 15), 4)));
  standIn.refuse((r) => (r.endpoint === 'add' && r.body.kodebooking === made.no_reg ? { code: 201, message: 'Nomor Referensi tidak valid' } : null));
  await call('POST', API.cancel, token, { no_reg: made.no_reg, alasan: 'Sudah sembuh' });
  await workerWith(bridge()).drain();
  assert.equal(
    (await rowsOf(made.no_reg)).map((r) => [r.endpoint, r.status, r.alasan]),
    [
      ['add', 'refused', 'Nomor Referensi tidak valid'],
      ['batal', 'refused', 'Kode booking tidak ditemukan'],
    ],
  );
});

test('an unmapped doctor is recorded as such and never sent; mapped and retried, it goes', async () => {
  const [doc] = await db.query<{ kd_dr: string; hari: number; kodedokter: number }>(
    `SELECT s.kd_dr, s.hari, bd.kodedokter FROM practice_schedules s JOIN bpjs_dokter bd ON bd.kd_dr = s.kd_dr
      WHERE s.kd_dep = '20001' AND s.kd_dr <> 'D001' AND s.jenis = 'poli' AND s.sts_jam = '1' ORDER BY s.id LIMIT 1`,
  );
  await db.query('DELETE FROM bpjs_dokter WHERE kd_dr = $1', [doc.kd_dr]);
  try {
    const date = nextOnWeekday(addDays(today, 16), doc.hari);
    const made = await book(await cohort(61), { ...d001(nomrOf(61), date), kd_dr: doc.kd_dr });
    await workerWith(bridge()).drain();
    assert.is(forBooking(made.no_reg).length, 0);
    const [row] = (await outbox('?status=unmapped')).filter((r) => r.no_reg === made.no_reg);
    assert.equal([row.endpoint, row.alasan], ['add', `Belum dipetakan ke kode BPJS: kd_dr ${doc.kd_dr}`]);

    await db.query('INSERT INTO bpjs_dokter (kd_dr, kodedokter) VALUES ($1, $2)', [doc.kd_dr, doc.kodedokter]);
    const retried = await call('POST', `/api/internal/bpjs/antrean/${row.id}/ulang`, INTERNAL_TOKEN);
    assert.equal([retried.code, retried.body.data.status, retried.body.data.isi.kodedokter], [200, 'waiting', doc.kodedokter]);
    await workerWith(bridge()).drain();
    assert.equal(
      forBooking(made.no_reg).map((r) => [r.endpoint, r.answered, r.body.kodedokter]),
      [['add', 200, doc.kodedokter]],
    );
  } finally {
    await db.query('INSERT INTO bpjs_dokter (kd_dr, kodedokter) VALUES ($1, $2) ON CONFLICT DO NOTHING', [doc.kd_dr, doc.kodedokter]);
  }
});

test('BPJS takes the request and never answers: the call times out, is tried again after its backoff, and BPJS gets the row once', async () => {
  const made = await book(await cohort(62), d001(nomrOf(62), nextOnWeekday(addDays(today, 17), 2)));
  standIn.outage('hang');
  const worker = workerWith(bridge({ timeoutMs: 500 }));
  await worker.drain();
  assert.equal(
    forBooking(made.no_reg).map((r) => [r.endpoint, r.answered]),
    [['add', 0]],
  );
  const [row] = await rowsOf(made.no_reg);
  assert.equal([row.status, row.percobaan], ['waiting', 1]);
  assert.match(String(row.alasan), /TimeoutError|aborted/i);
  assert.ok(Date.parse(String(row.dicoba)) > Date.now(), `due again later, not at once: ${row.dicoba}`);
  // Drained again at once, still hanging: the row waits out its backoff, nothing more is sent.
  await worker.drain();
  assert.is(forBooking(made.no_reg).length, 1);

  standIn.outage(null);
  later = MINUTE;
  await worker.drain();
  assert.equal(
    forBooking(made.no_reg).map((r) => [r.endpoint, r.answered]),
    [
      ['add', 0],
      ['add', 200],
    ],
  );
  assert.is(standIn.accepted().filter((r) => r.body.kodebooking === made.no_reg).length, 1);
  const [sent] = await rowsOf(made.no_reg);
  assert.equal([sent.status, sent.kode_bpjs, sent.percobaan], ['sent', 200, 2]);
});

test('BPJS answering 503: each answer is tried again after the backoff, and the row arrives once when BPJS is back', async () => {
  const token = await cohort(63);
  const made = await book(token, d001(nomrOf(63), nextOnWeekday(addDays(today, 18), 3)));
  const cancelled = await call('POST', API.cancel, token, { no_reg: made.no_reg, alasan: 'Ganti jadwal' });
  assert.is(cancelled.body.status, true, JSON.stringify(cancelled.body));
  standIn.outage('503');
  const worker = workerWith(bridge());
  await worker.drain();
  later = 20_000; // past the first backoff (15 s)
  await worker.drain();
  assert.equal(
    forBooking(made.no_reg).map((r) => [r.endpoint, r.answered]),
    [
      ['add', 503],
      ['add', 503],
    ],
    'the cancel waits behind its add',
  );
  const [add, batal] = await rowsOf(made.no_reg);
  assert.equal([add.status, add.percobaan, batal.status, batal.percobaan], ['waiting', 2, 'waiting', 0]);
  assert.match(String(add.alasan), /^HTTP 503 /);

  standIn.outage(null);
  later = 2 * MINUTE;
  await worker.drain();
  assert.equal(
    forBooking(made.no_reg).map((r) => [r.endpoint, r.answered]),
    [
      ['add', 503],
      ['add', 503],
      ['add', 200],
      ['batal', 200],
    ],
  );
  assert.equal(
    (await rowsOf(made.no_reg)).map((r) => [r.endpoint, r.status]),
    [
      ['add', 'sent'],
      ['batal', 'sent'],
    ],
  );
});

test('a worker that claimed a row and died before sending it: after the lease another worker sends it, once', async () => {
  const made = await book(await cohort(64), d001(nomrOf(64), nextOnWeekday(addDays(today, 19), 4)));
  const config = bridge();
  // The dead worker's claim, as its process made it; nothing ever records an answer.
  const claimed = await claimDueBpjs(db, 100, config.leaseSeconds, Date.now());
  assert.ok(
    claimed.some((r) => r.kodebooking === made.no_reg),
    'the row was claimed',
  );
  const worker = workerWith(config);
  later = (config.leaseSeconds - 10) * 1000;
  await worker.drain();
  assert.is(forBooking(made.no_reg).length, 0, 'within the lease no other worker takes it');
  const [held] = await rowsOf(made.no_reg);
  assert.equal([held.status, held.percobaan], ['waiting', 1]);

  later = (config.leaseSeconds + 10) * 1000;
  await worker.drain();
  await worker.drain();
  assert.equal(
    forBooking(made.no_reg).map((r) => [r.endpoint, r.answered]),
    [['add', 200]],
  );
  const [sent] = await rowsOf(made.no_reg);
  assert.equal([sent.status, sent.percobaan], ['sent', 2]);
});

test('with the bridge off a booking queues nothing', async () => {
  const off = await buildApp({ config: testConfig(), db, logger: false, internal: 'here', clock: () => clock });
  await off.ready();
  try {
    const made = await book(await cohort(54, off), d001(nomrOf(54), nextOnWeekday(addDays(today, 14), 5)), off);
    assert.equal(await rowsOf(made.no_reg), []);
  } finally {
    await off.close();
  }
});

test("the mapping tables and a date's hours checked against BPJS's references (HFIS), over signed GETs; its dashboard of waiting times", async () => {
  const date = nextOnWeekday(addDays(today, 14), 1);
  const [d001] = await db.query<{ batas_quota: number; jam_dtg: string; jam_plg: string }>(
    `SELECT batas_quota, jam_dtg, jam_plg FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND sts_jam = '1' AND jenis = 'poli' AND hari = 1`,
  );
  standIn.hfis({
    poli: [{ kdpoli: 'JAN', nmpoli: 'JANTUNG DAN PEMBULUH DARAH', kdsubspesialis: 'JAN', nmsubspesialis: 'JANTUNG DAN PEMBULUH DARAH' }],
    dokter: [{ kodedokter: 10001, namadokter: 'DR. AHMAD FAUZI' }],
    jadwal: [
      {
        kodepoli: 'JAN',
        kodesubspesialis: 'JAN',
        kodedokter: 10001,
        namadokter: 'DR. AHMAD FAUZI',
        jadwal: `${d001.jam_dtg} - ${d001.jam_plg}`,
        kapasitaspasien: d001.batas_quota,
        libur: 0,
      },
      { kodepoli: 'JAN', kodesubspesialis: 'JAN', kodedokter: 19999, namadokter: 'DR. LAIN', jadwal: '13:00 - 15:00', kapasitaspasien: 20, libur: 0 },
    ],
  });
  const res = await call('GET', `/api/internal/bpjs/hfis?tanggal=${date}`, INTERNAL_TOKEN);
  assert.is(res.code, 200, JSON.stringify(res.body));
  const found = res.body.data as Array<{ jenis: string; kode: string; status: string; keterangan: string }>;
  const of = (jenis: string, kode: string) => found.filter((f) => f.jenis === jenis && f.kode === kode).map((f) => f.status);
  assert.equal(of('poli', 'JAN'), ['ok', 'ok', 'ok'], 'three clinics map to JAN');
  assert.equal(of('poli', 'BTK'), ['tidak dikenal', 'tidak dikenal']);
  assert.equal(of('dokter', '10001'), ['ok']);
  assert.equal(of('dokter', '10002'), ['tidak dikenal']);
  const hours = `${d001.jam_dtg.slice(0, 5)}-${d001.jam_plg.slice(0, 5)}`;
  assert.ok(of('jadwal', `JAN 10001 ${hours}`).includes('ok'), JSON.stringify(found.filter((f) => f.jenis === 'jadwal')));
  assert.equal(of('jadwal', 'JAN 19999 13:00-15:00'), ['tidak ada di RS']);
  assert.ok(
    found.some((f) => f.jenis === 'jadwal' && f.status === 'tidak ada di BPJS' && !f.kode.startsWith('JAN')),
    'the sessions of polis BPJS lists no schedule for',
  );
  const gets = standIn.received.filter((r) => r.endpoint.startsWith('/ref/') || r.endpoint.startsWith('/jadwaldokter/'));
  assert.ok(gets.length >= 3 && gets.every((r) => r.answered === 200 || r.answered === 201), 'signed: none refused for its signature');

  // BPJS's dashboard of waiting times, for IT staff: a day or a month, as BPJS answers it.
  const row = {
    kodepoli: 'JAN',
    namapoli: 'JANTUNG DAN PEMBULUH DARAH',
    tanggal: date,
    jumlah_antrean: 12,
    waktu_task1: 0,
    avg_waktu_task3: 420,
    avg_waktu_task4: 900,
  };
  standIn.hfis({ poli: [], dokter: [], jadwal: [], dashboard: [row] });
  const day = await call('GET', `/api/internal/bpjs/dashboard?tanggal=${date}`, INTERNAL_TOKEN);
  assert.equal([day.code, day.body.data], [200, [row]]);
  const month = await call('GET', `/api/internal/bpjs/dashboard?bulan=${date.slice(5, 7)}&tahun=${date.slice(0, 4)}&waktu=server`, INTERNAL_TOKEN);
  assert.equal([month.code, month.body.data], [200, [row]]);
  assert.ok(standIn.received.some((r) => r.endpoint === `/dashboard/waktutunggu/bulan/${date.slice(5, 7)}/tahun/${date.slice(0, 4)}/waktu/server`));
  standIn.hfis({ poli: [], dokter: [], jadwal: [], dashboard: '<html>Gateway Timeout</html>' });
  const garbled = await call('GET', `/api/internal/bpjs/dashboard?tanggal=${date}`, INTERNAL_TOKEN);
  assert.equal(
    [garbled.code, garbled.body.message],
    [502, `dashboard/waktutunggu/tanggal/${date}/waktu/rs: jawaban BPJS tidak dapat dibaca (bukan JSON).`],
    'an answer that is not JSON is a 502 naming the call, not a 500',
  );
  const neither = await call('GET', '/api/internal/bpjs/dashboard', INTERNAL_TOKEN);
  assert.equal([neither.code, neither.body.message], [400, 'Isi kolom tanggal, atau kolom bulan dan tahun.']);

  const off = await testApp();
  try {
    assert.is((await call('GET', '/api/internal/bpjs/hfis', INTERNAL_TOKEN, undefined, off.app)).code, 409);
    assert.is((await call('GET', `/api/internal/bpjs/dashboard?tanggal=${date}`, INTERNAL_TOKEN, undefined, off.app)).code, 409);
  } finally {
    await off.close();
  }
});

test('the outbox list refuses an unknown status and needs the service token', async () => {
  assert.is((await call('GET', '/api/internal/bpjs/antrean?status=lost', INTERNAL_TOKEN)).code, 400);
  assert.is((await app.inject({ url: '/api/internal/bpjs/antrean' })).statusCode, 401);
});

test('a booking acknowledged just before the server is killed (-9) reaches BPJS once after a restart', async () => {
  // A BPJS of its own: another database numbers its bookings afresh.
  const bpjs = await bpjsStandIn();
  const dataDir = mkdtempSync(join(tmpdir(), 'pasien-bpjs-'));
  const env = {
    DIST_DIR: '/nonexistent',
    PUSH_WORKER: 'false',
    INTERNAL_API_TOKEN: INTERNAL_TOKEN,
    BPJS_ANTREAN_URL: bpjs.url,
    BPJS_CONS_ID: bpjs.credentials.consId,
    BPJS_SECRET_KEY: bpjs.credentials.secretKey,
    BPJS_USER_KEY: bpjs.credentials.userKey,
    BPJS_WORKER: 'false',
    ...(ENGINE === 'postgres' ? { DATABASE_URL: await createPgDatabase(process.env.TEST_PG_URL!) } : {}),
  };
  try {
    const first = await startServer(env, { dataDir });
    const login = await fetch(`${first.url}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ medical_record_number: nomrOf(60), birthdate: COHORT.tgl_lahir, fcmtoken: '' }),
    });
    const token = ((await login.json()) as { token: { access_token: string } }).token.access_token;
    const res = await fetch(`${first.url}${API.book}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(d001(nomrOf(60), nextOnWeekday(addDays(todayWib(), 21), 1))),
    });
    first.proc.kill('SIGKILL'); // the moment the answer is in
    const answer = (await res.json()) as { status: boolean; data: { no_reg: string } };
    assert.is(answer.status, true);
    await first.stop('SIGKILL');
    assert.is(bpjs.received.length, 0);

    const second = await startServer({ ...env, BPJS_WORKER: 'true', BPJS_POLL_MS: '100' }, { dataDir });
    try {
      const deadline = Date.now() + 20_000;
      while (!bpjs.received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // Once: stopped (a stop lets the send in flight end), it sent one; and the database it
      // leaves holds the row as sent, so no restart sends it again.
      await second.stop();
      assert.equal(
        bpjs.received.map((r) => [r.endpoint, r.body.kodebooking, r.answered]),
        [['add', answer.data.no_reg, 200]],
      );
      const db = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, 1) : await openPglite(dataDir);
      try {
        assert.equal(await db.query('SELECT endpoint, status FROM bpjs_antrean'), [{ endpoint: 'add', status: 'sent' }]);
      } finally {
        await db.close();
      }
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await bpjs.close();
  }
});

test.run();

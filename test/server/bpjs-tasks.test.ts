// BPJS's task times in BPJS's order, against the stand-in that refuses them out of order as BPJS
// does (test/support/bpjs-stand-in.ts), on PGlite and on PostgreSQL: a patient called who never
// checked in, a pharmacy that never heard of the clinic's 5, a past day's bookings never served
// (task 99 at the day's end, once, with two processes' workers at it), and the day compared with
// antrean/getlisttask (a difference logged, on /api/health and from the staff's call).
import type { FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { bpjsClient } from '../../server/bpjs/client.ts';
import { createBpjsWorker } from '../../server/bpjs/worker.ts';
import type { Db } from '../../server/db/client.ts';
import { COHORT, INTERNAL_TOKEN, loginAs, testConfig } from '../support/app.ts';
import { type BpjsStandIn, bpjsStandIn, bridgeTo } from '../support/bpjs-stand-in.ts';
import { type Answer, wibAt as at } from '../support/booking.ts';
import { freshDb } from '../support/db.ts';

const today = todayWib();
const DAY = 24 * 60 * 60_000;

let standIn: BpjsStandIn;
let db: Db;
let app: FastifyInstance;

test.before(async () => {
  standIn = await bpjsStandIn();
  db = await freshDb();
  app = await buildApp({ config: testConfig({ bpjs: bridgeTo(standIn) }), db, logger: false, internal: 'here', clock: () => at(today, '07:00') });
  await app.ready();
  // Today's morning session of Dr D001 in clinic 20001 opens at 08:00, after the app's clock, with
  // seats for this file's patients.
  await db.query(
    `UPDATE practice_sessions SET jam_dtg = '08:00', jam_plg = '12:00', batas_quota = quota_terisi + 20
      WHERE tgl = $1 AND schedule_id IN (SELECT id FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND sts_jam = '1' AND jenis = 'poli')`,
    [today],
  );
});
test.after(async () => {
  await app.close();
  await db.close();
  await standIn.close();
});

type Log = { warn: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };
const worker = (over: { clock?: () => number; dayEnd?: boolean; log?: Log } = {}) =>
  createBpjsWorker({ db, send: bpjsClient(bridgeTo(standIn)), config: bridgeTo(standIn), ...over });
const drain = () => worker().drain();

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object): Promise<Answer> {
  const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  return { code: res.statusCode, body: res.json() };
}
const internal = (path: string, payload: object) => call('POST', `/api/internal/${path}`, INTERNAL_TOKEN, payload);
const nomrOf = (i: number) => String(COHORT.first + i);

/** A patient of the cohort books Dr D001's morning today in clinic 20001; answers the no_reg. */
async function bookToday(i: number): Promise<string> {
  const token = await loginAs(app, { nomr: nomrOf(i), tgl_lahir: COHORT.tgl_lahir });
  const res = await call('POST', API.book, token, {
    nomr: nomrOf(i),
    tgl_janji: today,
    kd_dep: '20001',
    kd_dr: 'D001',
    sts_jam: '1',
    carabayar: 'P',
    hp: '081234567890',
  });
  assert.is(res.body.status, true, JSON.stringify(res.body));
  return res.body.data.no_reg;
}
const taken = (kodebooking: string, endpoint = 'updatewaktu') =>
  standIn.received.filter((r) => r.endpoint === endpoint && r.body.kodebooking === kodebooking && r.answered === 200);

test('a patient called who never checked in: task 3 goes at the call, a second before 4, and BPJS takes 3, 4, 5 in order', async () => {
  const no_reg = await bookToday(70);
  for (const path of ['panggil', 'selesai']) assert.is((await internal(`antrian/poli/${path}`, { no_reg })).code, 200, path);
  await drain();
  assert.equal(standIn.tasks(no_reg), [3, 4, 5]);
  const [t3, t4, t5] = taken(no_reg);
  assert.equal([t3.body.taskid, t4.body.taskid, t5.body.taskid], [3, 4, 5]);
  assert.is(t3.body.waktu, (t4.body.waktu as number) - 1000, 'task 3: the call, a second earlier');
  assert.ok((t5.body.waktu as number) >= (t4.body.waktu as number));
  const refusals = standIn.received.filter((r) => r.body.kodebooking === no_reg && r.answered !== 200);
  assert.equal(refusals, [], 'nothing refused');
});

test("BPJS's own refusals: a task without the one before it or not later than it, a task of an unknown kodebooking; a repeat is 208 and counts as sent", async () => {
  const send = bpjsClient(bridgeTo(standIn));
  // A kodebooking added straight to BPJS, outside the outbox (the day's comparison below reads the outbox's).
  const no_reg = 'UJI-URUTAN';
  assert.is((await send('add', { kodebooking: no_reg })).kind, 'sent');
  const waktu = Date.now();
  const four = await send('updatewaktu', { kodebooking: no_reg, taskid: 4, waktu });
  assert.equal(four, { kind: 'refused', code: 201, message: 'TaskId=4 tidak valid / TaskId sebelumnya belum terkirim' });
  const unknown = await send('updatewaktu', { kodebooking: 'TIDAK-ADA', taskid: 3, waktu });
  assert.equal([unknown.kind, unknown.kind === 'refused' && unknown.message], ['refused', 'Kode booking tidak ditemukan']);
  assert.is((await send('updatewaktu', { kodebooking: no_reg, taskid: 3, waktu })).kind, 'sent');
  assert.equal(await send('updatewaktu', { kodebooking: no_reg, taskid: 3, waktu }), {
    kind: 'sent',
    code: 208,
    message: 'TaskId=3 sudah ada',
    response: null,
  });
  const early = await send('updatewaktu', { kodebooking: no_reg, taskid: 4, waktu });
  assert.equal(early, { kind: 'refused', code: 201, message: 'waktu TaskId=4 tidak boleh kurang atau sama dengan waktu sebelumnya' });
  assert.is((await send('updatewaktu', { kodebooking: no_reg, taskid: 4, waktu: waktu + 1000 })).kind, 'sent');
  assert.equal(standIn.tasks(no_reg), [3, 4]);

  // A row written out of order, as this server did before tasks brought their predecessors: BPJS's
  // refusal is the row's, kept with its words.
  const other = await bookToday(72);
  await drain();
  await db.query(
    `INSERT INTO bpjs_antrean (no_reg, kodebooking, endpoint, taskid, seq, payload, next_attempt_at)
     VALUES ($1, $1, 'updatewaktu', 5, 5, jsonb_build_object('kodebooking', $1::text, 'taskid', 5, 'waktu', $2::bigint), now() - interval '1 minute')`,
    [other, waktu],
  );
  await drain();
  const [row] = await db.query<{ status: string; bpjs_code: number; reason: string }>(
    `SELECT status, bpjs_code, reason FROM bpjs_antrean WHERE kodebooking = $1 AND taskid = 5`,
    [other],
  );
  assert.equal(row, { status: 'refused', bpjs_code: 201, reason: 'TaskId=5 tidak valid / TaskId sebelumnya belum terkirim' });
});

test("the pharmacy: a racikan straight to ready brings the clinic's 5 and its own 6; jenisresep on 6 and 7, farmasi/add's nomorantrean a number", async () => {
  const no_reg = await bookToday(73);
  assert.is((await internal('antrian/poli/checkin', { no_reg })).code, 200);
  assert.is((await internal('antrian/poli/panggil', { no_reg })).code, 200);
  // The clinic never marks the visit done; the pharmacy compounds, then has it ready.
  await db.query(`INSERT INTO pharmacy_queue (no_antrian, tgl_layanan, no_mr, status_obat) VALUES ('R-0173', $1, $2, 'Menunggu')`, [today, nomrOf(73)]);
  for (const status_obat of ['Siap diambil']) assert.is((await internal('antrian/farmasi/status', { no_antrian: 'R-0173', status_obat })).code, 200);
  await drain();
  assert.equal(standIn.tasks(no_reg), [3, 4, 5, 6, 7]);
  const [farmasi] = taken(no_reg, 'farmasi/add');
  assert.equal(farmasi.body, { kodebooking: no_reg, jenisresep: 'non racikan', nomorantrean: 173, keterangan: 'Resep diproses di farmasi rawat jalan.' });
  const sent = taken(no_reg);
  assert.equal(
    sent.map((r) => [r.body.taskid, r.body.jenisresep ?? null]),
    [
      [3, null],
      [4, null],
      [5, null],
      [6, 'Non racikan'],
      [7, 'Non racikan'],
    ],
  );
  const order = standIn.received.filter((r) => r.body.kodebooking === no_reg && r.answered === 200).map((r) => r.body.taskid ?? r.endpoint);
  assert.equal(order, ['add', 3, 4, 5, 'farmasi/add', 6, 7], 'the pharmacy is added between the clinic and its own tasks');

  const racik = await bookToday(74);
  await db.query(`INSERT INTO pharmacy_queue (no_antrian, tgl_layanan, no_mr, status_obat) VALUES ('F-0174', $1, $2, 'Menunggu')`, [today, nomrOf(74)]);
  for (const path of ['panggil', 'selesai']) assert.is((await internal(`antrian/poli/${path}`, { no_reg: racik })).code, 200, path);
  for (const status_obat of ['Sedang diracik', 'Siap diambil']) {
    assert.is((await internal('antrian/farmasi/status', { no_antrian: 'F-0174', status_obat })).code, 200, status_obat);
  }
  await drain();
  assert.equal(
    taken(racik)
      .filter((r) => (r.body.taskid as number) >= 6)
      .map((r) => r.body.jenisresep),
    ['Racikan', 'Racikan'],
  );
  assert.equal(taken(racik, 'farmasi/add')[0]?.body.jenisresep, 'racikan');
});

test("the day's end: task 99 for each booking never served, once, with two processes at it; the day compared with BPJS's getlisttask", async () => {
  const served = await bookToday(75);
  const absent = await bookToday(76);
  const cancelled = await bookToday(77);
  const token = await loginAs(app, { nomr: nomrOf(77), tgl_lahir: COHORT.tgl_lahir });
  assert.is((await call('POST', API.cancel, token, { no_reg: cancelled, alasan: 'Tidak bisa datang' })).body.status, true);
  for (const path of ['panggil', 'selesai']) assert.is((await internal(`antrian/poli/${path}`, { no_reg: served })).code, 200, path);
  await drain();
  assert.equal(taken(absent), [], 'nothing of the absent patient before the day is over');

  // The next day, two processes' workers run the day's end at once.
  const tomorrow = () => Date.now() + DAY;
  await Promise.all([worker({ clock: tomorrow, dayEnd: true }).drain(), worker({ clock: tomorrow, dayEnd: true }).drain()]);
  const absents = taken(absent);
  assert.equal(
    absents.map((r) => [r.body.taskid, r.body.waktu]),
    [[99, at(today, '23:59') + 59_000]],
    'one 99, at the last second of the visit day',
  );
  assert.equal(
    taken(served).map((r) => r.body.taskid),
    [3, 4, 5],
    'a visit served has no 99',
  );
  assert.equal(taken(cancelled), [], 'a cancelled booking has none');
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bpjs_antrean WHERE taskid = 99 AND kodebooking = $1`, [absent]);
  assert.is(n, 1);

  // Once the day's rows are through, a worker compares it (one of the two above may have, if the
  // other had sent the 99 before it looked: the day is made not compared yet). BPJS has lost the
  // served visit's 5.
  await db.query('DELETE FROM bpjs_rekonsiliasi WHERE tanggal = $1', [today]);
  standIn.lose(served, 5);
  const warnings: Array<{ obj: object; msg?: string }> = [];
  const log: Log = { warn: (obj, msg) => warnings.push({ obj, msg }), error: (obj, msg) => warnings.push({ obj, msg }) };
  const lists = () => standIn.received.filter((r) => r.endpoint === 'getlisttask').length;
  await worker({ clock: tomorrow, dayEnd: true, log }).drain();
  assert.ok(lists() >= 3, 'each kodebooking of the day asked');
  const differs = warnings.filter((w) => w.msg === 'BPJS holds other task times than the outbox sent');
  assert.equal(
    differs.map((w) => w.obj),
    [{ tanggal: today, kodebooking: served, kurang: [5], lebih: [] }],
  );
  const [patient] = await db.query<{ no_ktp: string }>('SELECT no_ktp FROM patients WHERE nomr = $1', [nomrOf(75)]);
  assert.not.ok(JSON.stringify(warnings).includes(patient.no_ktp), 'no NIK in the log');
  const health = await app.inject({ url: '/api/health' });
  assert.equal([health.statusCode, health.json().bpjs], [200, { rekonsiliasi: today, selisih: 1 }]);

  // Compared once: another worker's day's end asks BPJS nothing more.
  const asked = lists();
  await worker({ clock: tomorrow, dayEnd: true }).drain();
  assert.is(lists(), asked);

  // The staff's call compares a date again, now.
  const again = await internal('bpjs/rekonsiliasi', { tanggal: today });
  assert.is(again.code, 200, JSON.stringify(again.body));
  assert.equal(again.body.data.selisih, [{ kodebooking: served, kurang: [5], lebih: [] }]);
  assert.ok(again.body.data.diperiksa >= 3);
  const [audited] = await db.query<{ outcome: string; detail: string }>(
    `SELECT outcome, detail FROM audit_log WHERE action = 'bpjs.reconcile' ORDER BY id DESC LIMIT 1`,
  );
  assert.equal(audited, { outcome: 'differs', detail: `${today}: ${again.body.data.diperiksa} kodebooking, 1 berbeda` });
  assert.is((await internal('bpjs/rekonsiliasi', { tanggal: 'kemarin' })).code, 400);
  standIn.outage('503');
  try {
    const down = await internal('bpjs/rekonsiliasi', { tanggal: today });
    assert.equal([down.code, down.body.status], [502, false]);
  } finally {
    standIn.outage(null);
  }
});

test.run();

// Appointment reminders kept in the database: made with a booking, moved with a reschedule,
// removed with a cancel, none for a time already past, and sent exactly once by the push workers
// of several processes and after a restart. The clock is injected (AppOptions.clock and the push
// service's), so the evening before and the practice day are reached without waiting.
import type { FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, formatLong, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type PushConfig } from '../../server/config.ts';
import { openPostgres, type Db } from '../../server/db/client.ts';
import { pushService } from '../../server/push/service.ts';
import { COHORT, INTERNAL_TOKEN, loginAs, testConfig } from '../support/app.ts';
import { freshDb } from '../support/db.ts';
import { pushEndpoint, subscriber, type PushEndpoint } from '../support/push.ts';

let db: Db & { url?: string };
let app: FastifyInstance;
let endpoint: PushEndpoint;
let push: PushConfig;
const today = todayWib();
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+07:00`);
let clock = at(today, '07:00');

test.before(async () => {
  endpoint = await pushEndpoint();
  push = { ...loadConfig({}).push, endpointHosts: ['127.0.0.1'] };
  db = await freshDb();
  app = await buildApp({ config: testConfig({ push }), db, logger: false, internal: 'here', clock: () => clock });
  await app.ready();
});
test.after(async () => {
  await app.close();
  await db.close();
  await endpoint.close();
});
test.before.each(() => {
  clock = at(today, '07:00');
});

const nomrOf = (i: number) => String(COHORT.first + i);
const tokenOf = (i: number) => loginAs(app, { nomr: nomrOf(i), tgl_lahir: COHORT.tgl_lahir });
async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read several answer shapes
  return { code: res.statusCode, body: res.json() as Record<string, any> };
}
/** Dr D001 in clinic 20001: the morning session, or the online evening (sts_jam 2). */
const d001 = (i: number, tgl_janji: string, sts_jam = '1') => ({
  nomr: nomrOf(i),
  tgl_janji,
  kd_dep: '20001',
  kd_dr: 'D001',
  sts_jam,
  carabayar: 'P',
  hp: '081234567890',
});
const reminders = async (no_reg: string) => (await call('GET', `/api/internal/pengingat?no_reg=${no_reg}`, INTERNAL_TOKEN)).body.data;
const notifications = (i: number) =>
  db.query<{ title: string; body: string; url: string }>('SELECT title, body, url FROM notifications WHERE nomr = $1 ORDER BY id', [nomrOf(i)]);

test('a booking makes its reminders: the evening before at 18.00 and two hours before practice', async () => {
  const date = nextOnWeekday(addDays(today, 14), 1);
  const token = await tokenOf(1);
  const r = await call('POST', API.book, token, d001(1, date));
  assert.equal(await reminders(r.body.data.no_reg), [
    { jenis: 'malam_sebelum', waktu: `${addDays(date, -1)}T18:00:00+07:00` },
    { jenis: 'sebelum_praktik', waktu: `${date}T06:00:00+07:00` },
  ]);
  const o = await call('POST', API.bookOnline, token, d001(1, addDays(date, 1), '2'));
  assert.equal(await reminders(o.body.data.no_reg), [
    { jenis: 'malam_sebelum', waktu: `${date}T18:00:00+07:00` },
    { jenis: 'sebelum_praktik', waktu: `${addDays(date, 1)}T17:00:00+07:00` },
    { jenis: 'ruang_dibuka', waktu: `${addDays(date, 1)}T18:50:00+07:00` },
  ]);
  assert.is((await call('GET', '/api/internal/pengingat?no_reg=RJ000000000000', INTERNAL_TOKEN)).code, 404);
  assert.is((await call('GET', `/api/internal/pengingat?no_reg=${o.body.data.no_reg}`, token)).code, 401);
});

test('none for a time already past', async () => {
  const date = nextOnWeekday(addDays(today, 15), 2);
  clock = at(addDays(date, -1), '19:00');
  const token = await tokenOf(2);
  const late = await call('POST', API.book, token, d001(2, date));
  assert.equal(await reminders(late.body.data.no_reg), [{ jenis: 'sebelum_praktik', waktu: `${date}T06:00:00+07:00` }]);
  clock = at(date, '07:00');
  const sameDay = await call('POST', API.book, await tokenOf(3), d001(3, date));
  assert.is(sameDay.body.status, true);
  assert.equal(await reminders(sameDay.body.data.no_reg), []);
});

test('a reschedule moves the reminders; a cancel removes them', async () => {
  const date = nextOnWeekday(addDays(today, 16), 3);
  const token = await tokenOf(4);
  const { no_reg } = (await call('POST', API.book, token, d001(4, date))).body.data;
  const to = addDays(date, 1);
  assert.is((await call('POST', API.reschedule, token, { no_reg, tgl_janji: to, kd_dr: 'D001', sts_jam: '1' })).body.status, true);
  assert.equal(await reminders(no_reg), [
    { jenis: 'malam_sebelum', waktu: `${date}T18:00:00+07:00` },
    { jenis: 'sebelum_praktik', waktu: `${to}T06:00:00+07:00` },
  ]);
  assert.is((await call('POST', API.cancel, token, { no_reg, alasan: 'Sudah sembuh' })).body.status, true);
  assert.equal(await reminders(no_reg), []);
});

test("a reschedule past its new evening reminder's time keeps only the practice-day one; a sent one goes again", async () => {
  const wed = nextOnWeekday(addDays(today, 23), 3);
  const thu = addDays(wed, 1);
  const token = await tokenOf(5);
  const { no_reg } = (await call('POST', API.book, token, d001(5, thu))).body.data;
  // Thursday's practice-day reminder already went (as if sent); Wednesday evening's has not.
  await db.query(
    `UPDATE appointment_reminders SET sent_at = now() WHERE kind = 'sebelum_praktik' AND appointment_id = (SELECT id FROM appointments WHERE no_reg = $1)`,
    [no_reg],
  );
  assert.equal(await reminders(no_reg), [{ jenis: 'malam_sebelum', waktu: `${wed}T18:00:00+07:00` }]);
  // Tuesday 19.00: moved to Wednesday, whose evening before is over.
  clock = at(addDays(wed, -1), '19:00');
  assert.is((await call('POST', API.reschedule, token, { no_reg, tgl_janji: wed, kd_dr: 'D001', sts_jam: '1' })).body.status, true);
  assert.equal(await reminders(no_reg), [{ jenis: 'sebelum_praktik', waktu: `${wed}T06:00:00+07:00` }]);
});

/** A push worker as a separate process would run it: on PostgreSQL a connection pool of its own. */
async function processes(n: number): Promise<{ drain: () => Promise<number[]>; close: () => Promise<void> }> {
  const dbs = db.url ? await Promise.all(Array.from({ length: n }, () => openPostgres(db.url!, 3))) : Array.from({ length: n }, () => db);
  return {
    drain: () =>
      Promise.all(
        dbs.map((d) =>
          pushService(d, push, () => clock)
            .worker()
            .drain(),
        ),
      ),
    close: async () => {
      if (db.url) await Promise.all(dbs.map((d) => d.close()));
    },
  };
}

test('each reminder is sent exactly once with two server processes, and after a restart', async () => {
  const date = nextOnWeekday(addDays(today, 17), 4);
  const token = await tokenOf(5);
  const phone = subscriber(`${endpoint.url}/push/pasien-5`);
  assert.is((await call('POST', API.savePush, token, { fcmtoken: phone.json })).code, 200);
  const booked = (await call('POST', API.book, token, d001(5, date))).body.data;
  const pushesTo5 = () => endpoint.received.filter((r) => r.url === '/push/pasien-5').length;

  clock = at(addDays(date, -1), '17:59');
  let two = await processes(2);
  try {
    await two.drain();
    assert.equal(await notifications(5), [], 'not before its time');
    clock = at(addDays(date, -1), '18:00');
    await two.drain();
    await two.drain();
  } finally {
    await two.close();
  }
  const [{ nama_dr }] = await db.query<{ nama_dr: string }>(`SELECT nama_dr_lengkap AS nama_dr FROM doctors WHERE kd_dr = 'D001'`);
  assert.equal(await notifications(5), [
    {
      title: 'Pengingat: perjanjian poliklinik besok',
      body: `POLI KARDIOLOGI DEWASA dengan ${nama_dr}, ${formatLong(date)} pukul 08.00–12.00. Nomor antrian Anda ${booked.no_urut}. Silakan datang sesuai jam layanan.`,
      url: '/home',
    },
  ]);
  assert.is(pushesTo5(), 1, 'one push to the phone');

  // The processes stop; the practice-day reminder comes due while none runs; they start again.
  clock = at(date, '06:30');
  two = await processes(2);
  try {
    await two.drain();
    await two.drain();
  } finally {
    await two.close();
  }
  const sent = await notifications(5);
  assert.is(sent.length, 2);
  assert.is(sent[1].title, 'Pengingat: perjanjian poliklinik hari ini');
  assert.is(pushesTo5(), 2);
  assert.equal(await reminders(booked.no_reg), []);
});

test('a reminder of a cancelled appointment never goes; one claimed after its session ended is dropped', async () => {
  const date = nextOnWeekday(addDays(today, 18), 5);
  const token = await tokenOf(6);
  const first = (await call('POST', API.book, token, d001(6, date))).body.data;
  await call('POST', API.cancel, token, { no_reg: first.no_reg, alasan: 'Tidak bisa datang' });
  const other = (await call('POST', API.book, await tokenOf(7), d001(7, date))).body.data;
  clock = at(date, '12:00');
  const workers = await processes(1);
  try {
    await workers.drain();
  } finally {
    await workers.close();
  }
  assert.equal(await notifications(6), []);
  assert.equal(await notifications(7), [], 'the session was over: nothing sent');
  assert.equal(await reminders(other.no_reg), [], 'and nothing left pending');
});

test('an online consultation: a push when its room opens, 10 minutes before', async () => {
  const date = nextOnWeekday(addDays(today, 19), 1);
  const token = await tokenOf(8);
  const o = (await call('POST', API.bookOnline, token, d001(8, date, '2'))).body.data;
  clock = at(date, '18:50');
  const workers = await processes(1);
  try {
    await workers.drain();
  } finally {
    await workers.close();
  }
  const sent = await notifications(8);
  assert.equal(
    sent.map((n) => n.title),
    ['Pengingat: konsultasi online besok', 'Pengingat: konsultasi online hari ini', 'Ruang konsultasi online sudah dibuka'],
  );
  assert.match(sent[2].body, new RegExp(`Nomor antrian Anda ${o.no_urut}\\. Buka aplikasi lalu pilih 'Masuk Ruang Konsultasi'\\.$`));
});

test.run();

// The booking rules, enforced on the server: each test fails when its rule is removed. Dates are
// weeks ahead, or the clock is fixed: no test depends on the hour it runs at.
import type { FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, isoWeekday, nextOnWeekday, todayWib, toQuotaDate, weekdayName } from '../../common/dates.ts';
import { buildApp } from '../../server/app.ts';
import { COHORT, DEMO_A, DEMO_B, loginAs, testApp, testConfig, type TestApp } from '../support/app.ts';

let t: TestApp;
const today = todayWib();
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

interface Schedule {
  id: number;
  kd_dr: string;
  kd_dep: string;
  hari: number;
  sts_jam: string;
  sts_ue: string;
}

async function schedule(where = `kd_dep <> '20012'`): Promise<Schedule> {
  const [s] = await t.db.query<Schedule>(`SELECT id, kd_dr, kd_dep, hari, sts_jam, sts_ue FROM practice_schedules WHERE ${where} ORDER BY id LIMIT 1`);
  return s;
}

/** A date at least `from` days ahead on the schedule's weekday. */
const dateFor = (s: Schedule, from = 20) => nextOnWeekday(addDays(today, from), s.hari);

function body(s: Schedule, date: string, over: Record<string, string> = {}, nomr = DEMO_B.nomr) {
  return {
    nomr,
    tgl_janji: date,
    sts_ue: s.sts_ue,
    tgl_lahir: '',
    kd_dep: s.kd_dep,
    kd_dr: s.kd_dr,
    sts_jam: s.sts_jam,
    carabayar: 'P',
    hp: '081234567890',
    ...over,
  };
}

async function book(token: string, payload: object, app: FastifyInstance = t.app) {
  const res = await app.inject({ method: 'POST', url: '/api/patient/simpan/janji', headers: { authorization: `Bearer ${token}` }, payload });
  return { code: res.statusCode, body: res.json() };
}

async function patientToken(i: number): Promise<string> {
  return loginAs(t.app, { nomr: String(COHORT.first + i), tgl_lahir: COHORT.tgl_lahir });
}

test('a valid Non BPJS booking succeeds with a queue number and a message', async () => {
  const s = await schedule();
  const r = await book(await loginAs(t.app, DEMO_B), body(s, dateFor(s)));
  assert.is(r.code, 200);
  assert.is(r.body.status, true);
  assert.type(r.body.data.message, 'string');
  assert.ok(r.body.data.no_urut >= 1);
  const [row] = await t.db.query<{ carabayar: string }>('SELECT carabayar FROM appointments WHERE nomr = $1', [DEMO_B.nomr]);
  assert.is(row.carabayar, 'P');
});

test('the same booking sent twice gives the same appointment, not a second one', async () => {
  const s = await schedule();
  const token = await patientToken(10);
  const payload = body(s, dateFor(s, 27), {}, String(COHORT.first + 10));
  const first = await book(token, payload);
  const again = await book(token, payload);
  assert.is(first.body.status, true);
  assert.equal(again.body.data.no_urut, first.body.data.no_urut);
  const rows = await t.db.query('SELECT 1 FROM appointments WHERE nomr = $1', [String(COHORT.first + 10)]);
  assert.is(rows.length, 1);
});

test('each booking gets the next queue number of its doctor, date and session', async () => {
  const s = await schedule();
  const date = dateFor(s, 34);
  const a = await book(await patientToken(20), body(s, date, {}, String(COHORT.first + 20)));
  const b = await book(await patientToken(21), body(s, date, {}, String(COHORT.first + 21)));
  assert.is(b.body.data.no_urut, a.body.data.no_urut + 1);
});

test('bookings sent at once: each its clinic queue entry under its number and its reminders, the counter counting them', async () => {
  const s = await schedule();
  const date = dateFor(s, 69);
  await t.db.query('INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi) VALUES ($1, $2, 4, 0)', [s.id, date]);
  const nomrs = Array.from({ length: 6 }, (_, i) => String(COHORT.first + 130 + i));
  const tokens = await Promise.all(nomrs.map((_, i) => patientToken(130 + i)));
  const results = await Promise.all(tokens.map((tok, i) => book(tok, body(s, date, {}, nomrs[i]))));
  const told = results.flatMap((r) => (r.body.status === true ? [r.body.data.no_urut as number] : [])).sort((x, y) => x - y);
  assert.equal(told, [1, 2, 3, 4]);
  const rows = await t.db.query<{ no_urut: number; antrian: number | null; reminders: number }>(
    `SELECT a.no_urut, cq.no_urut AS antrian, (SELECT count(*)::int FROM appointment_reminders r WHERE r.appointment_id = a.id) AS reminders
       FROM appointments a LEFT JOIN clinic_queue cq ON cq.no_reg = a.no_reg
      WHERE a.schedule_id = $1 AND a.tgl_janji = $2 ORDER BY a.no_urut`,
    [s.id, date],
  );
  assert.equal(
    rows.map((r) => r.antrian),
    [1, 2, 3, 4],
  );
  // The evening before and the hours before practice (domain/reminders.ts), for each of them.
  assert.equal(
    rows.map((r) => r.reminders),
    [2, 2, 2, 2],
  );
  const [counter] = await t.db.query<{ quota_terisi: number; no_urut_terakhir: number }>(
    'SELECT quota_terisi, no_urut_terakhir FROM practice_sessions WHERE schedule_id = $1 AND tgl = $2',
    [s.id, date],
  );
  assert.equal(counter, { quota_terisi: 4, no_urut_terakhir: 4 });
});

test('clinic 20012 refuses BPJS', async () => {
  const s = await schedule(`kd_dep = '20012'`);
  const r = await book(await patientToken(30), body(s, dateFor(s), { carabayar: 'B' }, String(COHORT.first + 30)));
  assert.is(r.body.status, false);
  assert.is(r.body.message, 'Jaminan Poli Eksekutif / Umum hanya bisa menggunakan Non BPJS.');
});

test('a date before today is refused', async () => {
  const s = await schedule();
  const yesterday = addDays(today, -1);
  const date = nextOnWeekday(addDays(yesterday, -6), s.hari); // on the weekday, in the past week
  const r = await book(await patientToken(31), body(s, date, {}, String(COHORT.first + 31)));
  assert.is(r.body.status, false);
  assert.match(r.body.message, /sudah lewat/);
});

/**
 * A clinic and the next date on a weekday nobody practises there. Usually a Sunday, but the demo
 * seed adds the day of seeding for Dr D001 in 20001, whatever day that is: looked up, not assumed.
 */
async function dayWithoutPractice(): Promise<{ kd_dep: string; date: string }> {
  const rows = await t.db.query<{ kd_dep: string; days: number[] }>(
    `SELECT kd_dep, array_agg(DISTINCT hari) AS days FROM practice_schedules WHERE kd_dep <> '20012' AND jenis = 'poli' GROUP BY kd_dep ORDER BY kd_dep`,
  );
  for (const r of rows)
    for (let hari = 7; hari >= 1; hari--) if (!r.days.includes(hari)) return { kd_dep: r.kd_dep, date: nextOnWeekday(addDays(today, 20), hari) };
  throw new Error('every clinic practises every day');
}

test('a date on another weekday than the schedule is refused', async () => {
  const { kd_dep, date: wrong } = await dayWithoutPractice();
  const s = await schedule(`kd_dep = '${kd_dep}' AND jenis = 'poli'`);
  assert.is((await t.db.query('SELECT 1 FROM practice_schedules WHERE kd_dep = $1 AND hari = $2', [kd_dep, isoWeekday(wrong)])).length, 0);
  const r = await book(await patientToken(32), body(s, wrong, {}, String(COHORT.first + 32)));
  assert.is(r.body.status, false);
  assert.match(r.body.message, /tidak praktik/);
});

test('an empty mobile number is refused with the spec text', async () => {
  const s = await schedule();
  const r = await book(await patientToken(33), body(s, dateFor(s), { hp: '  ' }, String(COHORT.first + 33)));
  assert.is(r.body.status, false);
  assert.is(r.body.message, 'Nomor HP Harus diisi !');
});

test('BPJS: day 8 after the last BPJS appointment is refused, day 9 is allowed', async () => {
  const s = await schedule(`kd_dep = '20001' AND kd_dr = 'D001' AND sts_jam = '1'`); // practises every weekday
  const nomr = String(COHORT.first + 40);
  const token = await patientToken(40);
  const first = nextOnWeekday(addDays(today, 14), 1); // a Monday
  const ok = await book(token, body(s, first, { carabayar: 'B' }, nomr));
  assert.is(ok.body.status, true, JSON.stringify(ok.body));
  const mon = await schedule(`kd_dep = '20001' AND kd_dr = 'D001' AND sts_jam = '1' AND hari = 2`); // Tuesday
  const day8 = addDays(first, 8); // Tuesday
  const refused = await book(token, body(mon, day8, { carabayar: 'B' }, nomr));
  assert.is(refused.body.status, false);
  assert.match(refused.body.message, /8 hari/);
  const wed = await schedule(`kd_dep = '20001' AND kd_dr = 'D001' AND sts_jam = '1' AND hari = 3`);
  const day9 = addDays(first, 9); // Wednesday
  const allowed = await book(token, body(wed, day9, { carabayar: 'B' }, nomr));
  assert.is(allowed.body.status, true, JSON.stringify(allowed.body));
});

test('BPJS: a date before the last BPJS appointment is refused too; Non BPJS is not', async () => {
  const nomr = String(COHORT.first + 41);
  const token = await patientToken(41);
  const s = await schedule(`kd_dep = '20001' AND kd_dr = 'D001' AND sts_jam = '1' AND hari = 5`);
  const later = nextOnWeekday(addDays(today, 21), 5);
  assert.is((await book(token, body(s, later, { carabayar: 'B' }, nomr))).body.status, true);
  const earlier = addDays(later, -7);
  assert.is((await book(token, body(s, earlier, { carabayar: 'B' }, nomr))).body.status, false);
  assert.is((await book(token, body(s, earlier, { carabayar: 'P' }, nomr))).body.status, true);
});

test('a full session is refused', async () => {
  const s = await schedule();
  const date = dateFor(s, 41);
  await t.db.query('INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi) VALUES ($1, $2, 3, 3)', [s.id, date]);
  const r = await book(await patientToken(50), body(s, date, {}, String(COHORT.first + 50)));
  assert.is(r.body.status, false);
  assert.match(r.body.message, /penuh/);
});

test('N+15 simultaneous bookings for N seats give exactly N appointments and no 5xx', async () => {
  const s = await schedule();
  const date = dateFor(s, 48);
  const seats = 5;
  await t.db.query('INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi) VALUES ($1, $2, $3, 0)', [s.id, date, seats]);
  const tokens = await Promise.all(Array.from({ length: seats + 15 }, (_, i) => patientToken(100 + i)));
  const results = await Promise.all(tokens.map((tok, i) => book(tok, body(s, date, {}, String(COHORT.first + 100 + i)))));
  assert.is(results.filter((r) => r.code >= 500).length, 0);
  assert.is(results.filter((r) => r.body.status === true).length, seats);
  const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments WHERE schedule_id = $1 AND tgl_janji = $2', [s.id, date]);
  assert.is(n, seats);
  const numbers = (
    await t.db.query<{ no_urut: number }>('SELECT no_urut FROM appointments WHERE schedule_id = $1 AND tgl_janji = $2 ORDER BY no_urut', [s.id, date])
  ).map((r) => r.no_urut);
  assert.equal(numbers, [1, 2, 3, 4, 5]);
});

test('the quota list: every doctor of a clinic when kd_dr is empty, with remaining seats', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const s = await schedule(`kd_dep = '20001' AND kd_dr = 'D001' AND sts_jam = '1' AND hari = 1`);
  const date = nextOnWeekday(addDays(today, 1), s.hari);
  const res = await t.app.inject({
    url: '/api/patient/list/quota',
    query: { kd_dr: '', kd_dep: '20001', tgl_janji: toQuotaDate(date), hari: weekdayName(date) },
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = res.json();
  assert.ok(data.length >= 1);
  for (const slot of data) {
    assert.is(slot.kode, 200);
    for (const f of ['nama_dr', 'kd_dr', 'jam_dtg', 'jam_plg', 'batas_quota', 'quota_terisi', 'sts_jam', 'sts_ue']) assert.ok(f in slot, f);
  }
  assert.ok(data.some((slot: { kd_dr: string }) => slot.kd_dr === 'D001'));
});

test('the quota list answers a single kode 301 entry on a day without practice', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const { kd_dep, date } = await dayWithoutPractice();
  const res = await t.app.inject({
    url: '/api/patient/list/quota',
    query: { kd_dr: '', kd_dep, tgl_janji: toQuotaDate(date), hari: weekdayName(date) },
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = res.json();
  assert.is(data.length, 1);
  assert.is(data[0].kode, 301);
});

test('the quota list refuses a weekday name that does not match the date', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const monday = nextOnWeekday(addDays(today, 1), 1);
  const res = await t.app.inject({
    url: '/api/patient/list/quota',
    query: { kd_dr: '', kd_dep: '20001', tgl_janji: toQuotaDate(monday), hari: 'Selasa' },
    headers: { authorization: `Bearer ${token}` },
  });
  assert.is(res.statusCode, 400);
  assert.is(res.json().status, false);
});

test('a booking that fails after taking its seat leaves nothing behind: the seat is returned', async () => {
  const s = await schedule();
  const date = dateFor(s, 34);
  const token = await patientToken(30);
  // A fault between the seat and the appointment, as a crash or a lost connection would be.
  await t.db.query(
    `CREATE FUNCTION fail_midway() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.hp = '080000000000' THEN RAISE EXCEPTION 'midway'; END IF; RETURN NEW; END $$`,
  );
  await t.db.query('CREATE TRIGGER fail_midway BEFORE INSERT ON appointments FOR EACH ROW EXECUTE FUNCTION fail_midway()');
  try {
    const seats = async () =>
      (
        await t.db.query<{ n: number }>('SELECT coalesce(sum(quota_terisi), 0)::int AS n FROM practice_sessions WHERE schedule_id = $1 AND tgl = $2', [
          s.id,
          date,
        ])
      )[0].n;
    const before = await seats();
    const failed = await book(token, body(s, date, { hp: '080000000000' }, String(COHORT.first + 30)));
    assert.is(failed.code, 500);
    assert.is(failed.body.message, 'Terjadi gangguan pada server. Silakan coba beberapa saat lagi.');
    assert.is(await seats(), before, 'the seat is not kept');
    assert.is((await t.db.query('SELECT 1 FROM appointments WHERE nomr = $1', [String(COHORT.first + 30)])).length, 0);
    const retried = await book(token, body(s, date, {}, String(COHORT.first + 30)));
    assert.is(retried.body.status, true, 'a retry books normally');
    assert.is(await seats(), before + 1);
  } finally {
    await t.db.query('DROP TRIGGER fail_midway ON appointments');
    await t.db.query('DROP FUNCTION fail_midway()');
  }
});

test('a booking appears in the patient upcoming appointments', async () => {
  const token = await patientToken(60);
  const s = await schedule();
  const date = dateFor(s, 55);
  assert.is((await book(token, body(s, date, {}, String(COHORT.first + 60)))).body.status, true);
  const res = await t.app.inject({ url: '/api/patient/jadwal/perjanjian/terdekat', headers: { authorization: `Bearer ${token}` } });
  assert.ok(res.json().data.jadwal.some((j: { tanggal_janji: string }) => j.tanggal_janji === date));
});

/** The same database served with its clock fixed at a WIB wall-clock time of a date. */
async function appAt(date: string, minutes: number): Promise<FastifyInstance> {
  const at = Date.parse(`${date}T00:00:00Z`) - 7 * 3_600_000 + minutes * 60_000;
  const app = await buildApp({ config: testConfig(), db: t.db, logger: false, clock: () => at });
  await app.ready();
  return app;
}

test('a session of today that has already ended is refused: Jam praktik sudah berakhir', async () => {
  const s = await schedule(`kd_dep = '20001' AND kd_dr = 'D001' AND sts_jam = '1' AND hari = 1`);
  const [{ jam_plg }] = await t.db.query<{ jam_plg: string }>('SELECT jam_plg FROM practice_schedules WHERE id = $1', [s.id]);
  const end = Number(jam_plg.slice(0, 2)) * 60 + Number(jam_plg.slice(3, 5));
  const monday = nextOnWeekday(addDays(today, 63), 1);
  const nomr = String(COHORT.first + 70);
  const token = await patientToken(70);
  const late = await appAt(monday, end);
  try {
    const r = await book(token, body(s, monday, {}, nomr), late);
    assert.is(r.code, 200);
    assert.equal(r.body, { status: false, message: 'Jam praktik sudah berakhir. Silakan pilih sesi lain atau tanggal lain.' });
    assert.is((await t.db.query('SELECT 1 FROM appointments WHERE nomr = $1', [nomr])).length, 0);
    assert.is((await book(token, body(s, addDays(monday, 7), {}, nomr), late)).body.status, true, 'next week is open');
  } finally {
    await late.close();
  }
  const early = await appAt(monday, end - 1);
  try {
    assert.is((await book(token, body(s, monday, {}, nomr), early)).body.status, true, 'until its end the session is bookable');
  } finally {
    await early.close();
  }
});

/** A weekday on which clinic 20001 has two sessions that are not the same doctor's same session. */
async function twoSessions(): Promise<[Schedule, Schedule]> {
  const rows = await t.db.query<Schedule>(
    `SELECT id, kd_dr, kd_dep, hari, sts_jam, sts_ue FROM practice_schedules
      WHERE kd_dep = '20001' AND jenis = 'poli'
        AND hari IN (SELECT hari FROM practice_schedules WHERE kd_dep = '20001' AND jenis = 'poli' GROUP BY hari HAVING count(*) >= 2)
      ORDER BY hari, id`,
  );
  const [a] = rows;
  const b = rows.find((r) => r.hari === a.hari && r.id !== a.id)!;
  return [a, b];
}

test('a second appointment in the same clinic on the same day is refused, naming the first', async () => {
  const [a, b] = await twoSessions();
  const date = dateFor(a, 70);
  const nomr = String(COHORT.first + 71);
  const token = await patientToken(71);
  const first = await book(token, body(a, date, {}, nomr));
  assert.is(first.body.status, true);
  const [{ ds_dep, nama_dr }] = await t.db.query<{ ds_dep: string; nama_dr: string }>(
    'SELECT c.ds_dep, d.nama_dr_lengkap AS nama_dr FROM clinics c, doctors d WHERE c.kd_dep = $1 AND d.kd_dr = $2',
    [a.kd_dep, a.kd_dr],
  );
  const second = await book(token, body(b, date, {}, nomr));
  assert.is(second.code, 200);
  assert.is(second.body.status, false);
  const [y, m, d] = date.split('-');
  const month = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'][Number(m) - 1];
  assert.ok(
    second.body.message.startsWith(
      `Anda sudah memiliki janji di ${ds_dep} pada ${Number(d)} ${month} ${y} dengan ${nama_dr} (nomor antrian ${first.body.data.no_urut})`,
    ),
    second.body.message,
  );
  assert.is((await t.db.query('SELECT 1 FROM appointments WHERE nomr = $1', [nomr])).length, 1);
  // The same booking again is still the same appointment, not a refusal.
  assert.equal((await book(token, body(a, date, {}, nomr))).body.data.no_urut, first.body.data.no_urut);
});

test('a full session answers from plain reads as the transaction did: the last seat again to its patient, the same clinic day named, then full', async () => {
  const [a, b] = await twoSessions();
  const date = dateFor(a, 62);
  await t.db.query('INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi) VALUES ($1, $2, 1, 0)', [a.id, date]);
  const [last, other, late] = [180, 181, 182].map((i) => String(COHORT.first + i));
  const lastToken = await patientToken(180);
  const taken = await book(lastToken, body(a, date, {}, last));
  assert.is(taken.body.status, true);
  // Its answer lost, the patient who took the last seat sends it again: the same appointment.
  const again = await book(lastToken, body(a, date, {}, last));
  assert.is(again.body.status, true);
  assert.is(again.body.data.no_urut, taken.body.data.no_urut);
  assert.is(again.body.data.no_reg, taken.body.data.no_reg);
  // A patient with another session of the clinic that day is told that first, not that it is full.
  const otherToken = await patientToken(181);
  assert.is((await book(otherToken, body(b, date, {}, other))).body.status, true);
  const second = await book(otherToken, body(a, date, {}, other));
  assert.is(second.body.status, false);
  assert.match(second.body.message, /^Anda sudah memiliki janji di /);
  const refused = await book(await patientToken(182), body(a, date, {}, late));
  assert.is(refused.body.status, false);
  assert.match(refused.body.message, /penuh/);
  const [{ n, terisi }] = await t.db.query<{ n: number; terisi: number }>(
    `SELECT (SELECT count(*)::int FROM appointments WHERE schedule_id = $1 AND tgl_janji = $2) AS n,
            (SELECT quota_terisi FROM practice_sessions WHERE schedule_id = $1 AND tgl = $2) AS terisi`,
    [a.id, date],
  );
  assert.equal([n, terisi], [1, 1]);
});

test('another clinic on the same day is bookable', async () => {
  const other = await schedule(`kd_dep NOT IN ('20001', '20012') AND hari <= 6`);
  const a = await schedule(`kd_dep = '20001' AND kd_dr = 'D001' AND sts_jam = '1' AND hari = ${other.hari}`); // every weekday
  const date = dateFor(a, 77);
  const nomr = String(COHORT.first + 72);
  const token = await patientToken(72);
  assert.is((await book(token, body(a, date, {}, nomr))).body.status, true);
  assert.is((await book(token, body(other, date, {}, nomr))).body.status, true);
});

test('two bookings in one clinic on one day sent at once: one is made, the other names it', async () => {
  const [a, b] = await twoSessions();
  const date = dateFor(a, 84);
  const nomr = String(COHORT.first + 73);
  const token = await patientToken(73);
  const answers = await Promise.all([book(token, body(a, date, {}, nomr)), book(token, body(b, date, {}, nomr))]);
  assert.equal(
    answers.map((r) => r.code),
    [200, 200],
  );
  assert.is(answers.filter((r) => r.body.status === true).length, 1);
  assert.match(answers.find((r) => r.body.status === false)!.body.message, /^Anda sudah memiliki janji di /);
  assert.is((await t.db.query('SELECT 1 FROM appointments WHERE nomr = $1', [nomr])).length, 1);
});

test('booking answers the one phone rule and keeps the number without its spaces and dashes', async () => {
  const s = await schedule();
  const nomr = String(COHORT.first + 74);
  const token = await patientToken(74);
  const refused = await book(token, body(s, dateFor(s, 84), { hp: '021 5550 1234' }, nomr));
  assert.equal(refused.body, { status: false, message: 'Nomor HP tidak valid. Tulis nomor HP aktif, misalnya 081234567890.' });
  assert.is((await book(token, body(s, dateFor(s, 84), { hp: '0812-3456 7890' }, nomr))).body.status, true);
  const [{ hp }] = await t.db.query<{ hp: string }>('SELECT hp FROM appointments WHERE nomr = $1', [nomr]);
  assert.is(hp, '081234567890');
});

/** One poli session in each of `n` clinics (not 20012), and an online one: the limit's bookings share no clinic or day. */
/** The demo seed fills some sessions of the next two weeks at random (which, by the weekday it runs): room in this one. */
const roomIn = (s: Schedule, date: string) =>
  t.db.query('UPDATE practice_sessions SET batas_quota = greatest(batas_quota, quota_terisi + 3) WHERE schedule_id = $1 AND tgl = $2', [s.id, date]);

async function spread(n: number): Promise<{ poli: Schedule[]; online: Schedule }> {
  const poli = await t.db.query<Schedule>(
    `SELECT DISTINCT ON (kd_dep) id, kd_dr, kd_dep, hari, sts_jam, sts_ue FROM practice_schedules
      WHERE jenis = 'poli' AND kd_dep <> '20012' ORDER BY kd_dep, id LIMIT $1`,
    [n],
  );
  const [online] = await t.db.query<Schedule>(
    `SELECT id, kd_dr, kd_dep, hari, sts_jam, sts_ue FROM practice_schedules WHERE jenis = 'online' ORDER BY id LIMIT 1`,
  );
  assert.is(poli.length, n);
  return { poli, online };
}

test('MAX_ACTIVE_APPOINTMENTS (3): clinic and online together; the fourth is refused naming the limit and audited; a reschedule adds none, a cancel frees one', async () => {
  const i = 90;
  const nomr = String(COHORT.first + i);
  const token = await patientToken(i);
  const { poli, online } = await spread(4);
  // Each in another week: no two on one day.
  const at = (s: Schedule, week: number) => body(s, dateFor(s, 7 * week), {}, nomr);
  for (const [s, week] of [
    [poli[0], 1],
    [poli[1], 2],
    [online, 3],
    [poli[2], 4],
    [poli[0], 5],
  ] as const)
    await roomIn(s, dateFor(s, 7 * week));
  const made = [await book(token, at(poli[0], 1)), await book(token, at(poli[1], 2))];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patient/simpan/janji/online',
    headers: { authorization: `Bearer ${token}` },
    payload: at(online, 3),
  });
  made.push({ code: res.statusCode, body: res.json() });
  assert.equal(
    made.map((r) => r.body.status),
    [true, true, true],
  );
  const fourth = await book(token, at(poli[2], 4));
  assert.is(fourth.code, 200);
  assert.is(fourth.body.status, false);
  assert.is(
    fourth.body.message,
    'Anda sudah memiliki 3 perjanjian yang akan datang (poli dan konsultasi online). Satu pasien dapat memiliki paling banyak 3 perjanjian aktif sekaligus. Batalkan salah satu perjanjian, atau buat perjanjian baru setelah salah satunya selesai.',
  );
  const audit = await t.db.query<{ detail: string }>(`SELECT detail FROM audit_log WHERE action = 'appointment.book' AND outcome = 'limit' AND subject = $1`, [
    nomr,
  ]);
  assert.equal(
    audit.map((a) => a.detail),
    ['3 active, limit 3'],
  );
  // Moving one keeps the count at 3: allowed.
  const first = made[0].body.data;
  const moved = await t.app.inject({
    method: 'POST',
    url: '/api/patient/ubah/janji',
    headers: { authorization: `Bearer ${token}` },
    payload: { no_reg: first.no_reg, tgl_janji: dateFor(poli[0], 7 * 5), kd_dr: first.kd_dr, sts_jam: first.sts_jam },
  });
  assert.is(moved.json().status, true, moved.body);
  const cancel = await t.app.inject({
    method: 'POST',
    url: '/api/patient/batal/janji',
    headers: { authorization: `Bearer ${token}` },
    payload: { no_reg: made[1].body.data.no_reg, alasan: 'Sudah sembuh' },
  });
  assert.is(cancel.json().status, true, cancel.body);
  assert.is((await book(token, at(poli[2], 4))).body.status, true, 'a cancelled one no longer counts');
  const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments WHERE nomr = $1 AND cancelled_at IS NULL', [nomr]);
  assert.is(n, 3);
});

test('MAX_ACTIVE_APPOINTMENTS: six bookings in six clinics sent at once by one patient: exactly three are made', async () => {
  const i = 91;
  const nomr = String(COHORT.first + i);
  const token = await patientToken(i);
  const { poli } = await spread(6);
  for (const [k, s] of poli.entries()) await roomIn(s, dateFor(s, 7 * (k + 1)));
  const answers = await Promise.all(poli.map((s, k) => book(token, body(s, dateFor(s, 7 * (k + 1)), {}, nomr))));
  assert.equal(
    answers.map((r) => r.code),
    [200, 200, 200, 200, 200, 200],
  );
  assert.is(answers.filter((r) => r.body.status === true).length, 3);
  for (const r of answers.filter((r) => r.body.status === false)) assert.match(r.body.message, /paling banyak 3 perjanjian aktif/);
  const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments WHERE nomr = $1 AND cancelled_at IS NULL', [nomr]);
  assert.is(n, 3);
});

test.run();

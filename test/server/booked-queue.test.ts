// SIMRS=local: the day's clinic queue is the day's appointments, each under its own number, plus
// the registration counter's walk-ins. A patient books for a day, and on that day (the app's clock,
// AppOptions.clock, moved to it) checks in, is called and is done; a cancel leaves the queue, a
// reschedule moves in it, a walk-in takes a seat of the same quota. On PGlite and PostgreSQL.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { INTERNAL_TOKEN } from '../support/app.ts';
import { clockedApp, cohortCalls, d001Booking, wibAt } from '../support/booking.ts';

const t = clockedApp(test);
const today = todayWib();
const at = wibAt;

/** Patients 101 on: none of them in the demo's queue of today. */
const { nomrOf, tokenOf, call } = cohortCalls(() => t.app, 100);
const internal = (method: 'GET' | 'POST', url: string, payload?: object) => call(method, url, INTERNAL_TOKEN, payload);

/** Dr D001's morning session in clinic 20001 (every weekday), Non BPJS. */
const d001 = (i: number, date: string, over: Record<string, string> = {}) => d001Booking(nomrOf(i), date, over);
const book = async (i: number, date: string) => call('POST', API.book, await tokenOf(i), d001(i, date));
const queueOf = async (i: number) => (await call('GET', API.clinicQueue, await tokenOf(i))).body.data as Array<Record<string, unknown>>;
const dayList = async (date: string) =>
  (await internal('GET', `/api/internal/antrian/poli?tanggal=${date}`)).body.data.filter(
    (e: Record<string, unknown>) => e.kd_dr === 'D001' && e.kd_dep === '20001',
  ) as Array<Record<string, unknown>>;
const seatsTaken = async (date: string) =>
  (
    await t.db.query<{ n: number }>(
      `SELECT coalesce(sum(ps.quota_terisi), 0)::int AS n FROM practice_sessions ps JOIN practice_schedules s ON s.id = ps.schedule_id
        WHERE ps.tgl = $1 AND s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.jenis = 'poli' AND s.sts_jam = '1'`,
      [date],
    )
  )[0].n;

/**
 * The demo seed fills some future sessions at random (which ones depends on the weekday it runs):
 * a test that books Dr D001's morning of `date` gives it room first (a session not made yet is
 * made with the schedule's quota at the first booking).
 */
const roomIn = (date: string) =>
  t.db.query(
    `UPDATE practice_sessions ps SET batas_quota = greatest(ps.batas_quota, ps.quota_terisi + 5) FROM practice_schedules s
      WHERE s.id = ps.schedule_id AND ps.tgl = $1 AND s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.jenis = 'poli' AND s.sts_jam = '1'`,
    [date],
  );

test('booked for a day, on that day the patient is in its queue: checks in, is called, is done', async () => {
  const day = nextOnWeekday(addDays(today, 3), 2);
  await roomIn(day);
  const made = await book(1, day);
  assert.is(made.code, 200, JSON.stringify(made.body));
  assert.is(made.body.status, true, made.body.message);
  const { no_reg, no_urut, jam_dtg } = made.body.data as { no_reg: string; no_urut: number; jam_dtg: string };

  // The day's list already holds the booking under its number; today's queue of the patient does not.
  const listed = (await dayList(day)).find((e) => e.no_reg === no_reg);
  assert.ok(listed, `${no_reg} is in the list of ${day}`);
  assert.equal([listed!.no_mr, listed!.no_urut, listed!.status, listed!.sts_jam], [nomrOf(1), no_urut, 'menunggu', '1']);
  assert.equal(await queueOf(1), []);

  // On that day, before practice: the home card's queue item.
  t.clock = at(day, jam_dtg) - 30 * 60_000;
  const [item] = await queueOf(1);
  assert.equal([item.no_reg, item.no_urut, item.status, item.tgl_janji, item.checkin], [no_reg, no_urut, 'menunggu', day, null]);
  assert.is(item.sisa_antrian, 0);

  const checkedIn = await call('POST', API.checkin, await tokenOf(1), { no_reg });
  assert.is(checkedIn.code, 200, JSON.stringify(checkedIn.body));
  assert.match(checkedIn.body.data.checkin, new RegExp(`^${day}T`));

  t.clock = at(day, jam_dtg) + 5 * 60_000;
  const called = await internal('POST', '/api/internal/antrian/poli/panggil', { no_reg });
  assert.is(called.code, 200, JSON.stringify(called.body));
  const [calledItem] = await queueOf(1);
  assert.equal([calledItem.status, calledItem.no_dipanggil], ['dipanggil', no_urut]);

  const done = await internal('POST', '/api/internal/antrian/poli/selesai', { no_reg });
  assert.is(done.code, 200, JSON.stringify(done.body));
  assert.is((await queueOf(1))[0].status, 'selesai');
  // Done: the appointment can no longer be cancelled (it counts as checked in).
  const late = await call('POST', API.cancel, await tokenOf(1), { no_reg, alasan: 'Sudah sembuh' });
  assert.is(late.body.status, false);
});

test('a walk-in at the counter takes the next number and a seat of the same quota; a repeat takes none', async () => {
  const day = nextOnWeekday(addDays(today, 3), 3);
  await roomIn(day);
  const booked = await book(2, day);
  assert.is(booked.body.status, true, booked.body.message);
  t.clock = at(day, '07:00');
  const before = await seatsTaken(day);
  const walkin = { no_mr: nomrOf(3), kd_dep: '20001', kd_dr: 'D001', sts_jam: '1' };
  const first = await internal('POST', '/api/internal/antrian/poli/walkin', walkin);
  assert.is(first.code, 200, JSON.stringify(first.body));
  const entry = first.body.data;
  assert.equal([entry.no_mr, entry.no_urut, entry.status, entry.sts_jam], [nomrOf(3), booked.body.data.no_urut + 1, 'menunggu', '1']);
  assert.is(await seatsTaken(day), before + 1);
  const again = await internal('POST', '/api/internal/antrian/poli/walkin', walkin);
  assert.equal(again.body.data, entry);
  assert.is(await seatsTaken(day), before + 1);
  // The walk-in sees their entry, one waiting ahead (the booking).
  const [item] = await queueOf(3);
  assert.equal([item.no_reg, item.no_urut, item.sisa_antrian], [entry.no_reg, entry.no_urut, 1]);
  const [audited] = await t.db.query<{ subject: string; detail: string }>(`SELECT subject, detail FROM audit_log WHERE action = 'queue.walkin'`);
  assert.equal(audited, { subject: nomrOf(3), detail: entry.no_reg });
});

test('a full session refuses the walk-in and the app alike; unknown patients and sessions are 404, bad bodies 400', async () => {
  const day = nextOnWeekday(addDays(today, 3), 4);
  await roomIn(day);
  assert.is((await book(4, day)).body.status, true);
  await t.db.query(
    `UPDATE practice_sessions SET batas_quota = quota_terisi
      WHERE tgl = $1 AND schedule_id IN (SELECT id FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND sts_jam = '1' AND jenis = 'poli')`,
    [day],
  );
  t.clock = at(day, '07:00');
  const full = await internal('POST', '/api/internal/antrian/poli/walkin', { no_mr: nomrOf(5), kd_dep: '20001', kd_dr: 'D001' });
  assert.equal([full.code, full.body.status], [409, false]);
  assert.match(full.body.message, 'penuh');
  t.clock = at(today, '07:00');
  const refused = await book(6, day);
  assert.is(refused.body.status, false);
  assert.match(refused.body.message, 'penuh');

  const unknown = await internal('POST', '/api/internal/antrian/poli/walkin', { no_mr: '99999999', kd_dep: '20001', kd_dr: 'D001' });
  assert.is(unknown.code, 404);
  const noSession = await internal('POST', '/api/internal/antrian/poli/walkin', { no_mr: nomrOf(5), kd_dep: '20001', kd_dr: 'NOPE' });
  assert.is(noSession.code, 404);
  const bad = await internal('POST', '/api/internal/antrian/poli/walkin', { no_mr: nomrOf(5), kd_dep: '20001' });
  assert.is(bad.code, 400);
  assert.match(bad.body.message, 'kd_dr');
  const asPatient = await call('POST', '/api/internal/antrian/poli/walkin', await tokenOf(5), { no_mr: nomrOf(5), kd_dep: '20001', kd_dr: 'D001' });
  assert.is(asPatient.code, 401);
});

test("a cancelled booking leaves its day's queue; a rescheduled one moves to its new day under its new number", async () => {
  const day = nextOnWeekday(addDays(today, 10), 1);
  await roomIn(day);
  const later = nextOnWeekday(addDays(today, 17), 1);
  const gone = await book(7, day);
  const moving = await book(8, day);
  assert.ok(gone.body.status && moving.body.status);
  const cancel = await call('POST', API.cancel, await tokenOf(7), { no_reg: gone.body.data.no_reg, alasan: 'Tidak bisa datang' });
  assert.is(cancel.body.status, true, cancel.body.message);
  assert.is((await dayList(day)).find((e) => e.no_reg === gone.body.data.no_reg)?.status, 'batal');

  const moved = await call('POST', API.reschedule, await tokenOf(8), { no_reg: moving.body.data.no_reg, tgl_janji: later, kd_dr: 'D001', sts_jam: '1' });
  assert.is(moved.body.status, true, moved.body.message);
  assert.not.ok((await dayList(day)).some((e) => e.no_reg === moving.body.data.no_reg));
  const there = (await dayList(later)).find((e) => e.no_reg === moving.body.data.no_reg);
  assert.equal([there?.no_urut, there?.status], [moved.body.data.no_urut, 'menunggu']);
});

test.run();

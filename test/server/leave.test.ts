// A doctor's leave for a dated session (the hospital's internal call), the patient's one-tap move
// of a booking the hospital cancelled, and the waiting list of a full session with its held offers,
// on PGlite and PostgreSQL (docs/leave.md). The race frees one seat with ten waiting while direct
// bookings go for it: on PostgreSQL each request runs on its own connection of the pool.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, isoWeekday, nextOnWeekday, todayWib, toQuotaDate, weekdayName } from '../../common/dates.ts';
import { LEAVE_API } from '../../common/leave-paths.ts';
import { API } from '../../common/paths.ts';
import { INTERNAL } from '../../common/server-paths.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { sweepOffers } from '../../server/db/waitlist.ts';
import type { FastifyInstance } from 'fastify';
import { INTERNAL_TOKEN, testConfig, unreachableKhanza } from '../support/app.ts';
import { cohortCalls, d001Booking, d001SeatsFree, wibAt } from '../support/booking.ts';
import { bpjsStandIn, bridgeTo, type BpjsStandIn } from '../support/bpjs-stand-in.ts';
import { freshDb } from '../support/db.ts';

const today = todayWib();
let db: Db;
let app: FastifyInstance;
let standIn: BpjsStandIn;
const clock = wibAt(today, '07:00');

test.before(async () => {
  standIn = await bpjsStandIn();
  db = await freshDb();
  app = await buildApp({ config: testConfig({ bpjs: bridgeTo(standIn) }), db, logger: false, internal: 'here', clock: () => clock });
  await app.ready();
});
test.after(async () => (await app.close(), await db.close(), await standIn.close()));

// Patients of the load-test cohort far from the demo's queue of today.
const { nomrOf, tokenOf, call } = cohortCalls(() => app, 120);
const as = async (i: number, method: 'GET' | 'POST', path: string, body?: object) => call(method, path, await tokenOf(i), body);
const book = (i: number, date: string, over: Record<string, string> = {}) => as(i, 'POST', API.book, d001Booking(nomrOf(i), date, over));
const leave = (body: object) =>
  app.inject({ method: 'POST', url: INTERNAL.sessionLeave, payload: body, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
const ahead = (from: number, weekday: number) => nextOnWeekday(addDays(today, from), weekday);
const session = (tanggal: string) => ({ kd_dr: 'D001', kd_dep: '20001', sts_jam: '1', tanggal });

/** Leaves `free` seats in the session (the demo's bookings in it stay counted). */
async function limitSession(date: string, free: number): Promise<void> {
  await db.query(
    `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi)
     SELECT id, $1, $2, 0 FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND hari = $3 AND sts_jam = '1' AND jenis = 'poli'
     ON CONFLICT (schedule_id, tgl) DO UPDATE SET batas_quota = practice_sessions.quota_terisi + $2`,
    [date, free, isoWeekday(date)],
  );
}
const seatsFree = (date: string) => d001SeatsFree(db, date);

test("a leave: every booking of the session cancelled by the hospital, kept with the reason, BPJS told batal, each patient told with the doctor's next sessions", async () => {
  const date = ahead(10, 2);
  const booked: string[] = [];
  for (const i of [1, 2, 3]) booked.push((await book(i, date)).body.data.no_reg as string);
  const r = await leave({ ...session(date), aksi: 'tutup', alasan: 'dokter sedang cuti' });
  assert.is(r.statusCode, 200, r.body);
  assert.equal(r.json().data, { dibatalkan: 3, diberitahu: 3, daftar_tunggu: 0 });
  // Kept, never deleted: cancelled by the hospital with its reason.
  const rows = await db.query<{ batal_rs: boolean; cancel_reason: string }>('SELECT batal_rs, cancel_reason FROM appointments WHERE no_reg = ANY($1)', [
    booked,
  ]);
  assert.equal(
    rows,
    booked.map(() => ({ batal_rs: true, cancel_reason: 'dokter sedang cuti' })),
  );
  const batal = await db.query<{ kodebooking: string }>(`SELECT kodebooking FROM bpjs_antrean WHERE endpoint = 'batal' AND no_reg = ANY($1)`, [booked]);
  assert.is(batal.length, 3, 'each booking reported batal through the outbox');
  // The session takes no booking and is not listed.
  assert.is((await book(4, date)).body.status, false);
  const quota = await as(
    4,
    'GET',
    `${API.quota}?${new URLSearchParams({ kd_dep: '20001', kd_dr: 'D001', tgl_janji: toQuotaDate(date), hari: weekdayName(date) })}`,
  );
  assert.ok(
    quota.body.data.every((s: { kd_dr: string }) => s.kd_dr !== 'D001'),
    JSON.stringify(quota.body),
  );
  // The notice: the reason and the next sessions, opening the app's home.
  const [n] = await db.query<{ title: string; body: string; url: string }>(
    'SELECT title, body, url FROM notifications WHERE nomr = $1 ORDER BY id DESC LIMIT 1',
    [nomrOf(1)],
  );
  assert.is(n.title, 'Perjanjian Anda dibatalkan oleh rumah sakit');
  assert.match(n.body, /ditiadakan: dokter sedang cuti\./);
  assert.match(n.body, /Silakan pindahkan perjanjian Anda dengan satu sentuhan ke: \p{L}+, \d{1,2} \p{L}+, \d{2}\.\d{2}–\d{2}\.\d{2} \(/u);
  assert.is(n.url, '/home');
  // The patient's list: gone from the upcoming, on the hospital-cancelled list with its choices.
  const upcoming = (await as(1, 'GET', API.upcoming)).body.data.jadwal as Array<{ no_reg: string }>;
  assert.not.ok(upcoming.some((a) => a.no_reg === booked[0]));
  const [card] = (await as(1, 'GET', LEAVE_API.hospitalCancelled)).body.data;
  assert.is(card.no_reg, booked[0]);
  assert.is(card.alasan, 'dokter sedang cuti');
  assert.ok(card.pilihan.length >= 2, JSON.stringify(card.pilihan));
  assert.ok(
    card.pilihan.some((c: { kd_dr: string }) => c.kd_dr === 'D001'),
    "the doctor's own next sessions",
  );
  const audit = await db.query(`SELECT 1 FROM audit_log WHERE action = 'session.leave'`);
  assert.is(audit.length, 1);
});

test('the internal call refuses what it cannot do, naming the field', async () => {
  const date = ahead(10, 3);
  const hours = await leave({ ...session(date), aksi: 'ubah', alasan: 'rapat komite medik', jam_dtg: '13:00' });
  assert.is(hours.statusCode, 400);
  assert.match(hours.json().message, /jam_dtg dan jam_plg/);
  const noReason = await leave({ ...session(date), aksi: 'tutup' });
  assert.is(noReason.statusCode, 400);
  assert.match(noReason.json().message, /alasan/);
  const unknown = await leave({ ...session(date), kd_dr: 'NOPE', aksi: 'tutup', alasan: 'cuti' });
  assert.is(unknown.statusCode, 404);
});

test("under SIMRS=khanza the call answers 409 naming where Khanza keeps a doctor's absence (per booking, no dated session)", async () => {
  const khanza = await unreachableKhanza(db);
  try {
    const res = await khanza.inject({
      method: 'POST',
      url: INTERNAL.sessionLeave,
      payload: { ...session(ahead(10, 3)), aksi: 'tutup', alasan: 'dokter sedang cuti' },
      headers: { authorization: `Bearer ${INTERNAL_TOKEN}` },
    });
    assert.is(res.statusCode, 409);
    assert.match(res.json().message, /booking_registrasi berstatus 'Dokter Berhalangan'/);
  } finally {
    await khanza.close();
  }
});

test('changed hours: bookings cancelled, the same session at its new hours offered first; the move books it in one tap, BPJS told of the new booking, the limit not counting the cancelled one', async () => {
  const date = ahead(12, 4);
  const first = (await book(5, date)).body.data.no_reg as string;
  // Two more of the patient's own: with the cancelled one, three, the limit.
  assert.is((await book(5, ahead(20, 1))).body.status, true);
  assert.is((await book(5, ahead(30, 1))).body.status, true);
  const r = await leave({ ...session(date), aksi: 'ubah', alasan: 'dokter ada tindakan pagi', jam_dtg: '13:00', jam_plg: '16:00' });
  assert.equal(r.json().data, { dibatalkan: 1, diberitahu: 1, daftar_tunggu: 0 });
  const [card] = (await as(5, 'GET', LEAVE_API.hospitalCancelled)).body.data;
  const [choice] = card.pilihan;
  assert.equal({ tgl_janji: choice.tgl_janji, kd_dr: choice.kd_dr, jam_dtg: choice.jam_dtg }, { tgl_janji: date, kd_dr: 'D001', jam_dtg: '13:00' });
  const moved = await as(5, 'POST', LEAVE_API.moveCancelled, { no_reg: first, tgl_janji: choice.tgl_janji, kd_dr: choice.kd_dr, sts_jam: choice.sts_jam });
  assert.is(moved.body.status, true, JSON.stringify(moved.body));
  const no_reg = moved.body.data.no_reg as string;
  assert.is.not(no_reg, first);
  assert.match(moved.body.data.message, /pukul 13\.00–16\.00/);
  const again = await as(5, 'POST', LEAVE_API.moveCancelled, { no_reg: first, tgl_janji: choice.tgl_janji, kd_dr: choice.kd_dr, sts_jam: choice.sts_jam });
  assert.is(again.body.data.no_reg, no_reg, 'the same move again answers the same booking');
  const elsewhere = await as(5, 'POST', LEAVE_API.moveCancelled, { no_reg: first, tgl_janji: ahead(40, 2), kd_dr: 'D001', sts_jam: '1' });
  assert.is(elsewhere.body.status, false, 'moved once');
  const add = await db.query(`SELECT 1 FROM bpjs_antrean WHERE endpoint = 'add' AND no_reg = $1`, [no_reg]);
  assert.is(add.length, 1, 'the new booking reported through the outbox');
  assert.equal((await as(5, 'GET', LEAVE_API.hospitalCancelled)).body.data, []);
  // Now three active: the next booking is refused at the limit.
  const fourth = await book(5, ahead(50, 1));
  assert.is(fourth.body.status, false);
  assert.match(fourth.body.message, /paling banyak 3/);
  const other = await as(6, 'POST', LEAVE_API.moveCancelled, { no_reg: first, tgl_janji: date, kd_dr: 'D001', sts_jam: '1' });
  assert.is(other.code, 404, "another patient's number is not found");
});

test('the waiting list: joined only when full, a place in line, leaving it; a freed seat offered to the first with a hold, then to the next when it lapses', async () => {
  const date = ahead(15, 5);
  await limitSession(date, 1);
  assert.is((await book(10, date)).body.status, true);
  const join = (i: number) => as(i, 'POST', LEAVE_API.waitlistJoin, d001Booking(nomrOf(i), date));
  const notFull = await as(11, 'POST', LEAVE_API.waitlistJoin, d001Booking(nomrOf(11), ahead(15, 1)));
  assert.is(notFull.body.status, false);
  assert.match(notFull.body.message, /masih tersedia/);
  const ids: number[] = [];
  for (let i = 11; i <= 13; i++) ids.push((await join(i)).body.data.id);
  assert.is((await join(12)).body.data.id, ids[1], 'joining again keeps the place');
  assert.is((await as(13, 'GET', LEAVE_API.waitlist)).body.data[0].urutan, 3);
  assert.is((await as(12, 'POST', LEAVE_API.waitlistLeave, { id: ids[1] })).body.status, true);
  assert.is((await as(13, 'GET', LEAVE_API.waitlist)).body.data[0].urutan, 2);
  // Patient 10 cancels: the seat is held for 11, not free.
  const [{ no_reg }] = await db.query<{ no_reg: string }>('SELECT no_reg FROM appointments WHERE nomr = $1 AND tgl_janji = $2', [nomrOf(10), date]);
  assert.is((await as(10, 'POST', API.cancel, { no_reg, alasan: 'Tidak bisa datang' })).body.status, true);
  assert.is(await seatsFree(date), 0);
  assert.is((await book(14, date)).body.status, false, 'the held seat is no one else’s');
  const [offer] = (await as(11, 'GET', LEAVE_API.waitlist)).body.data;
  assert.equal({ status: offer.status, urutan: offer.urutan }, { status: 'ditawari', urutan: 0 });
  assert.match(offer.ditahan_sampai, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
  // 11 lets it lapse: 13 is offered it.
  assert.is(await sweepOffers(db, Date.now() + 31 * 60_000), 1);
  assert.equal((await as(11, 'GET', LEAVE_API.waitlist)).body.data, []);
  assert.is((await as(13, 'GET', LEAVE_API.waitlist)).body.data[0].status, 'ditawari');
  const taken = await as(13, 'POST', LEAVE_API.waitlistTake, { id: ids[2] });
  assert.is(taken.body.status, true, JSON.stringify(taken.body));
  assert.is(await seatsFree(date), 0);
  assert.equal((await as(13, 'GET', LEAVE_API.waitlist)).body.data, []);
});

test('the race: one seat freed with ten waiting while five direct bookings go for it; offered to the first in line alone, booked by nobody else', async () => {
  const date = ahead(16, 1);
  await limitSession(date, 1);
  const first = await book(20, date);
  assert.is(first.body.status, true, JSON.stringify(first.body));
  const waiting: number[] = [];
  for (let i = 21; i <= 30; i++) waiting.push((await as(i, 'POST', LEAVE_API.waitlistJoin, d001Booking(nomrOf(i), date))).body.data.id);
  const [{ no_reg }] = await db.query<{ no_reg: string }>('SELECT no_reg FROM appointments WHERE nomr = $1 AND tgl_janji = $2', [nomrOf(20), date]);
  for (const i of [31, 32, 33, 34, 35]) await tokenOf(i);
  const [cancelled, ...direct] = await Promise.all([
    as(20, 'POST', API.cancel, { no_reg, alasan: 'Tidak bisa datang' }),
    ...[31, 32, 33, 34, 35].map((i) => book(i, date)),
  ]);
  assert.is(cancelled.body.status, true);
  // A direct booking that came before the cancel found the session full; one after it, the seat held.
  assert.ok(
    direct.every((d) => d.body.status === false),
    JSON.stringify(direct.map((d) => d.body)),
  );
  const open = await db.query<{ waitlist_id: number }>(`SELECT waitlist_id::int AS waitlist_id FROM seat_offers WHERE status = 'terbuka' AND tgl = $1`, [date]);
  assert.equal(open, [{ waitlist_id: waiting[0] }]);
  assert.is(await seatsFree(date), 0);
  // The first in line takes it while the rest of the line leaves at once: exactly one booking in the session.
  const [take] = await Promise.all([
    as(21, 'POST', LEAVE_API.waitlistTake, { id: waiting[0] }),
    ...waiting.slice(1).map((id, k) => as(22 + k, 'POST', LEAVE_API.waitlistLeave, { id })),
  ]);
  assert.is(take.body.status, true, JSON.stringify(take.body));
  const ours = Array.from({ length: 16 }, (_, k) => nomrOf(20 + k));
  const active = await db.query<{ nomr: string }>(
    `SELECT a.nomr FROM appointments a JOIN practice_schedules s ON s.id = a.schedule_id
      WHERE s.kd_dr = 'D001' AND s.sts_jam = '1' AND a.tgl_janji = $1 AND a.cancelled_at IS NULL AND a.nomr = ANY($2)`,
    [date, ours],
  );
  assert.equal(active, [{ nomr: nomrOf(21) }]);
  assert.is(await seatsFree(date), 0);
});

test.run();

// A booked patient who did not come to today's session: the counter releases the seat (the
// hospital's internal call, docs/leave.md), on PGlite and PostgreSQL. With a waiting list the first
// in line is offered it with a hold; with none it is free for a direct booking. BPJS is told batal
// through the outbox; the patient's home shows the booking as cancelled by the hospital. Two
// releases and the patient's own cancel of one booking at once free its seat once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, isoWeekday, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { LEAVE_API } from '../../common/leave-paths.ts';
import { API } from '../../common/paths.ts';
import { INTERNAL } from '../../common/server-paths.ts';
import { INTERNAL_TOKEN, unreachableKhanza } from '../support/app.ts';
import { clockedApp, cohortCalls, d001Booking, d001SeatsFree, wibAt } from '../support/booking.ts';
import { bpjsStandIn, bridgeTo, type BpjsStandIn } from '../support/bpjs-stand-in.ts';

const today = todayWib();
let standIn: BpjsStandIn;
test.before(async () => {
  standIn = await bpjsStandIn();
});
// The app's clock at 07:00 WIB today before each test; BPJS reported to the stand-in.
const t = clockedApp(test, () => ({ bpjs: bridgeTo(standIn) }));
test.after(() => standIn.close());

// Patients of the load-test cohort far from the demo's queue of today and from leave.test.ts's.
const { nomrOf, tokenOf, call } = cohortCalls(() => t.app, 160);
const as = async (i: number, method: 'GET' | 'POST', path: string, body?: object) => call(method, path, await tokenOf(i), body);
const book = (i: number, date: string) => as(i, 'POST', API.book, d001Booking(nomrOf(i), date));
const internal = async (path: string, body: object) => {
  const res = await t.app.inject({ method: 'POST', url: path, payload: body, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
  return { code: res.statusCode, body: res.json() };
};
const release = (no_reg: string) => internal(INTERNAL.noShowRelease, { no_reg });

/** Today's session of D001 from 08:00 to 23:00 (the app's clock stands at 07:00), with `free` seats beside the demo's queue. */
async function todaysSession(free: number): Promise<void> {
  await t.db.query(
    `UPDATE practice_sessions ps SET jam_dtg = '08:00', jam_plg = '23:00', batas_quota = ps.quota_terisi + $2
       FROM practice_schedules s
      WHERE s.id = ps.schedule_id AND s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.sts_jam = '1' AND s.jenis = 'poli' AND s.hari = $3 AND ps.tgl = $1`,
    [today, free, isoWeekday(today)],
  );
}
const seatsFree = () => d001SeatsFree(t.db, today);
const bpjsRows = (no_reg: string) =>
  t.db.query<{ endpoint: string; taskid: number | null; keterangan: string | null }>(
    `SELECT endpoint, taskid, payload->>'keterangan' AS keterangan FROM bpjs_antrean WHERE no_reg = $1 AND endpoint <> 'add' ORDER BY seq`,
    [no_reg],
  );

test('nobody waiting: a no-show released at the cut-off frees its seat, a direct booking takes it; BPJS told batal, the patient sees it cancelled by the hospital', async () => {
  await todaysSession(1);
  const booked = await book(1, today);
  assert.is(booked.body.status, true, JSON.stringify(booked.body));
  const no_reg = booked.body.data.no_reg as string;
  assert.is(await seatsFree(), 0);
  assert.is((await book(2, today)).body.status, false, 'full');

  const r = await release(no_reg);
  assert.is(r.code, 200, JSON.stringify(r.body));
  assert.equal(r.body.data, { no_reg, ditawarkan: false });
  assert.is(await seatsFree(), 1);
  const direct = await book(2, today);
  assert.is(direct.body.status, true, JSON.stringify(direct.body));
  assert.is(await seatsFree(), 0);

  // BPJS: the batal alone (never called, so no task 99 of a skip), through the outbox.
  assert.equal(await bpjsRows(no_reg), [{ endpoint: 'batal', taskid: null, keterangan: 'Pasien tidak hadir: kuota dilepas oleh rumah sakit' }]);
  // The patient: today's queue entry cancelled, gone from the upcoming list, on home's card with the reason and where to move.
  const queue = (await as(1, 'GET', API.clinicQueue)).body.data as Array<{ no_reg: string; status: string }>;
  assert.is(queue.find((q) => q.no_reg === no_reg)?.status, 'batal');
  const upcoming = (await as(1, 'GET', API.upcoming)).body.data.jadwal as Array<{ no_reg: string }>;
  assert.not.ok(upcoming.some((a) => a.no_reg === no_reg));
  const [card] = (await as(1, 'GET', LEAVE_API.hospitalCancelled)).body.data;
  assert.is(card.no_reg, no_reg);
  assert.is(card.alasan, 'Anda tidak datang pada sesi ini, sehingga kuota Anda dilepas oleh rumah sakit.');
  assert.ok(
    card.pilihan.every((c: { tgl_janji: string }) => c.tgl_janji > today),
    'the choices start tomorrow',
  );
  const audit = await t.db.query<{ subject: string }>(`SELECT subject FROM audit_log WHERE action = 'appointment.noshow'`);
  assert.equal(audit, [{ subject: nomrOf(1) }]);
});

test("with a waiting list: a skipped patient's seat is held for the first in line, not booked by anyone else; taken, and never released twice", async () => {
  await todaysSession(1);
  const no_reg = (await book(10, today)).body.data.no_reg as string;
  const waiting: number[] = [];
  for (const i of [11, 12]) waiting.push((await as(i, 'POST', LEAVE_API.waitlistJoin, d001Booking(nomrOf(i), today))).body.data.id);
  assert.equal(waiting.length, 2);

  // Called and not come: the clinic skips it first (task 99), then the counter releases it.
  assert.is((await internal(INTERNAL.clinicCall, { no_reg })).code, 200);
  const whileCalled = await release(no_reg);
  assert.is(whileCalled.code, 409);
  assert.match(whileCalled.body.message, /sedang dipanggil/);
  assert.is((await internal(INTERNAL.clinicSkipped, { no_reg })).code, 200);
  const r = await release(no_reg);
  assert.is(r.code, 200, JSON.stringify(r.body));
  assert.equal(r.body.data, { no_reg, ditawarkan: true });

  // Held: still counted, the first in line offered it and told, a direct booking refused.
  assert.is(await seatsFree(), 0);
  const [offer] = (await as(11, 'GET', LEAVE_API.waitlist)).body.data;
  assert.equal({ status: offer.status, urutan: offer.urutan }, { status: 'ditawari', urutan: 0 });
  assert.is((await as(12, 'GET', LEAVE_API.waitlist)).body.data[0].urutan, 1);
  const [told] = await t.db.query<{ title: string }>('SELECT title FROM notifications WHERE nomr = $1 ORDER BY id DESC LIMIT 1', [nomrOf(11)]);
  assert.ok(told, 'the first in line is notified');
  assert.is((await book(13, today)).body.status, false, 'the held seat is no one else’s');
  assert.equal(
    (await bpjsRows(no_reg)).map((b) => [b.endpoint, b.taskid]),
    [
      ['updatewaktu', 3],
      ['updatewaktu', 4],
      ['updatewaktu', 99],
      ['batal', null],
    ],
  );

  const taken = await as(11, 'POST', LEAVE_API.waitlistTake, { id: waiting[0] });
  assert.is(taken.body.status, true, JSON.stringify(taken.body));
  assert.is(await seatsFree(), 0);
  const again = await release(no_reg);
  assert.is(again.code, 409);
  assert.match(again.body.message, /sudah dilepas/);
  const open = await t.db.query(`SELECT 1 FROM seat_offers WHERE tgl = $1 AND status = 'terbuka'`, [today]);
  assert.is(open.length, 0, 'no second offer came of the second release');
  assert.is((await as(12, 'POST', LEAVE_API.waitlistLeave, { id: waiting[1] })).body.status, true, 'the line left empty');
});

test("two releases of one booking at once, and the patient's own cancel beside them: the seat is freed once", async () => {
  await todaysSession(1);
  const no_reg = (await book(30, today)).body.data.no_reg as string;
  const [r1, r2, cancel] = await Promise.all([release(no_reg), release(no_reg), as(30, 'POST', API.cancel, { no_reg, alasan: 'Tidak bisa datang' })]);
  // Whichever came first freed it; a release after it is refused, a cancel after it answers the cancel there is (manage.ts).
  const said = JSON.stringify([r1.body, r2.body, cancel.body]);
  assert.ok([r1, r2].filter((r) => r.code === 200).length <= 1, said);
  assert.ok([r1, r2].every((r) => r.code === 200 || r.code === 409) && cancel.body.status === true, said);
  assert.is(await seatsFree(), 1);
  assert.is((await t.db.query(`SELECT 1 FROM bpjs_antrean WHERE no_reg = $1 AND endpoint = 'batal'`, [no_reg])).length, 1);
  assert.is((await book(31, today)).body.status, true);
});

test('the refusals: 400 naming the field, 404 for an unknown booking, 409 for one checked in, cancelled, of another day', async () => {
  const missing = await internal(INTERNAL.noShowRelease, {});
  assert.is(missing.code, 400);
  assert.match(missing.body.message, /no_reg/);
  const extra = await internal(INTERNAL.noShowRelease, { no_reg: 'RJ1', alasan: 'x' });
  assert.is(extra.code, 400);
  assert.is((await release('RJ000000000')).code, 404);

  await todaysSession(2);
  const checkedIn = (await book(20, today)).body.data.no_reg as string;
  assert.is((await internal(INTERNAL.clinicCheckin, { no_reg: checkedIn })).code, 200);
  const r1 = await release(checkedIn);
  assert.is(r1.code, 409);
  assert.match(r1.body.message, /sudah check-in/);

  const cancelled = (await book(21, today)).body.data.no_reg as string;
  assert.is((await as(21, 'POST', API.cancel, { no_reg: cancelled, alasan: 'Tidak bisa datang' })).body.status, true);
  const r2 = await release(cancelled);
  assert.is(r2.code, 409);
  assert.match(r2.body.message, /sudah dibatalkan/);

  const monday = nextOnWeekday(addDays(today, 8), 1);
  const booked = await book(22, monday);
  assert.is(booked.body.status, true, JSON.stringify(booked.body));
  const later = booked.body.data.no_reg as string;
  const r3 = await release(later);
  assert.is(r3.code, 409, 'a later day');
  assert.match(r3.body.message, /hari ini/);
  t.clock = wibAt(addDays(monday, 1), '07:00');
  const r4 = await release(later);
  assert.is(r4.code, 409, "a past day's session");
  assert.ok(r4.body.message.includes(monday), r4.body.message);
  const [a] = await t.db.query<{ cancelled: boolean }>('SELECT cancelled_at IS NOT NULL AS cancelled FROM appointments WHERE no_reg = $1', [later]);
  assert.is(a.cancelled, false, 'nothing changed');
});

test("under SIMRS=khanza the call answers 409 naming where Khanza releases a seat (its registration's 'Batal')", async () => {
  const khanza = await unreachableKhanza(t.db);
  try {
    const res = await khanza.inject({
      method: 'POST',
      url: INTERNAL.noShowRelease,
      payload: { no_reg: 'RJ1' },
      headers: { authorization: `Bearer ${INTERNAL_TOKEN}` },
    });
    assert.is(res.statusCode, 409);
    assert.match(res.json().message, /reg_periksa\.stts/);
  } finally {
    await khanza.close();
  }
});

test.run();

// The patient's booking rules read in one statement with SIMRS=local (issue #46,
// server/connector/local/rules-read.ts): a full session's refusal is the session's read and that
// one statement on the pool, no transaction; a booking's transaction reads the rules in one
// statement after the patient's lock. Each rule still answers in domain/booking.ts's order, with
// its own message, while the session is full and while it is not. A reschedule makes sure of and
// locks each session's counter once, and frees the old seat under that lock. Round trips are counted at the
// database client: each statement, and a transaction's BEGIN and COMMIT, is one (pg sends each
// statement with its Sync and waits for its ReadyForQuery).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import type { BookingRequest } from '../../common/schemas/booking.ts';
import { bookingStore, manageStore } from '../../server/connector/local/booking.ts';
import type { Db, Queryable } from '../../server/db/client.ts';
import { BOOKING_MSG, book, DEFAULT_POLICY, type BookingOutcome, type PracticeSession } from '../../server/domain/booking.ts';
import { reschedule } from '../../server/domain/manage.ts';
import { COHORT } from '../support/app.ts';
import { ENGINE, freshDb } from '../support/db.ts';

let db: Db;
test.before(async () => {
  db = await freshDb();
});
test.after(() => db.close());

/** A weekly session as a request names it, and its weekday (1 Monday … 7 Sunday). */
type Schedule = Pick<PracticeSession, 'id' | 'kd_dr' | 'kd_dep' | 'sts_jam'> & { hari: number };

/** Two sessions of clinic 20001 on one weekday, and a session of another clinic. */
async function sessions(): Promise<[Schedule, Schedule, Schedule]> {
  const rows = await db.query<Schedule>(
    `SELECT id, kd_dr, kd_dep, hari, sts_jam FROM practice_schedules
      WHERE kd_dep = '20001' AND jenis = 'poli'
        AND hari IN (SELECT hari FROM practice_schedules WHERE kd_dep = '20001' AND jenis = 'poli' GROUP BY hari HAVING count(*) >= 2)
      ORDER BY hari, id`,
  );
  const [a] = rows;
  const b = rows.find((r) => r.hari === a.hari && r.id !== a.id) as Schedule;
  const [elsewhere] = await db.query<Schedule>(
    `SELECT id, kd_dr, kd_dep, hari, sts_jam FROM practice_schedules
      WHERE kd_dep NOT IN ('20001', '20012') AND jenis = 'poli' ORDER BY id LIMIT 1`,
  );
  return [a, b, elsewhere];
}

/** A database client that counts its round trips and keeps each statement's text. */
function counted(inner: Db): { db: Db; trips: () => number; sql: string[]; transactions: () => number } {
  let trips = 0;
  let transactions = 0;
  const sql: string[] = [];
  const q =
    (via: Queryable): Queryable['query'] =>
    (text, params) => {
      trips++;
      sql.push(text);
      return via.query(text, params);
    };
  const db: Db = {
    ...inner,
    kind: inner.kind,
    query: q(inner),
    tx: (fn) => {
      transactions++;
      trips += 2; // BEGIN and COMMIT
      return inner.tx((t) => fn({ ...t, query: q(t) }));
    },
  };
  return { db, trips: () => trips, sql, transactions: () => transactions };
}

const nomrOf = (i: number) => String(COHORT.first + i);
const request = (nomr: string, s: Schedule, date: string, carabayar: 'B' | 'P' = 'P'): BookingRequest => ({
  nomr,
  tgl_janji: date,
  kd_dep: s.kd_dep,
  kd_dr: s.kd_dr,
  sts_jam: s.sts_jam,
  carabayar,
  hp: '081234567890',
});
const booking = (via: Db, nomr: string, s: Schedule, date: string, carabayar: 'B' | 'P' = 'P'): Promise<BookingOutcome> =>
  book(bookingStore(via), nomr, request(nomr, s, date, carabayar), Date.now());
const booked = async (nomr: string, s: Schedule, date: string, carabayar: 'B' | 'P' = 'P') => {
  const made = await booking(db, nomr, s, date, carabayar);
  if (!made.ok) throw new Error(made.message);
  return made.result;
};
const fill = (s: Schedule, date: string, quota: number, taken: number) =>
  db.query(
    `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi) VALUES ($1, $2, $3, $4)
     ON CONFLICT (schedule_id, tgl) DO UPDATE SET batas_quota = $3, quota_terisi = $4`,
    [s.id, date, quota, taken],
  );

test(`[${ENGINE}] a full session's refusal: the session's read and the rules' one statement, no transaction`, async () => {
  const [a] = await sessions();
  const date = nextOnWeekday(addDays(todayWib(), 30), a.hari);
  await fill(a, date, 2, 2);
  for (const carabayar of ['P', 'B'] as const) {
    const c = counted(db);
    const outcome = await booking(c.db, nomrOf(150), a, date, carabayar);
    assert.equal(outcome, { ok: false, message: BOOKING_MSG.full });
    assert.equal([c.trips(), c.transactions()], [2, 0], `${carabayar}: ${c.sql.join('\n')}`);
  }
});

test(`[${ENGINE}] a booking: the rules in one statement after the patient's lock, then the seat`, async () => {
  const [a] = await sessions();
  const date = nextOnWeekday(addDays(todayWib(), 37), a.hari);
  const c = counted(db);
  const outcome = await booking(c.db, nomrOf(151), a, date);
  assert.ok(outcome.ok);
  const lock = c.sql.findIndex((s) => /FROM patients WHERE nomr = \$1 FOR UPDATE/.test(s));
  assert.ok(lock > 0, 'the patient locked');
  assert.match(c.sql[lock + 1], 'last_bpjs', 'the rules read next');
  assert.not.match(c.sql[lock + 2], 'FROM appointments', 'and the seat after it');
  // The session; BEGIN, the lock, the rules, the seat's row, the seat and the appointment, COMMIT; on
  // PostgreSQL the WAL's flush after the commit (seat.ts flushed).
  assert.equal([c.trips(), c.transactions()], [ENGINE === 'postgres' ? 8 : 7, 1], c.sql.join('\n'));
});

test(`[${ENGINE}] a reschedule: each counter made sure of and locked once, the old seat freed under that lock, the reminders in one statement`, async () => {
  const [a, b] = await sessions();
  const date = nextOnWeekday(addDays(todayWib(), 51), a.hari);
  const nomr = nomrOf(152);
  const { no_reg } = await booked(nomr, a, date);
  if (!no_reg) throw new Error('booked without its number');
  const c = counted(db);
  const moved = await reschedule(manageStore(c.db), nomr, { no_reg, tgl_janji: date, kd_dr: b.kd_dr, sts_jam: b.sts_jam }, Date.now(), DEFAULT_POLICY);
  assert.ok(moved.ok, JSON.stringify(moved));
  const times = (re: RegExp) => c.sql.filter((s) => re.test(s)).length;
  assert.equal(
    [
      times(/INSERT INTO practice_sessions/),
      times(/FROM practice_sessions WHERE .* FOR UPDATE/s),
      times(/appointment_reminders/),
      times(/SELECT no_reg, jenis FROM appointments/),
    ],
    [1, 1, 1, 0],
    c.sql.join('\n'),
  );
  // BEGIN, the patient's lock, the appointment, the new session, the clinic that day, the new
  // counter's row, both counters' lock, the seat, the appointment and its queue place moved, BPJS's
  // word of the old one, the waiting list, the old seat, the reminders, COMMIT (19 before).
  assert.equal([c.trips(), c.transactions()], [15, 1], c.sql.join('\n'));
  const seats = await db.query<{ schedule_id: number; quota_terisi: number }>(
    'SELECT schedule_id, quota_terisi FROM practice_sessions WHERE tgl = $1 AND schedule_id = ANY($2::int[])',
    [date, [a.id, b.id]],
  );
  const taken = new Map(seats.map((r) => [r.schedule_id, r.quota_terisi]));
  assert.equal([taken.get(a.id), taken.get(b.id)], [0, 1], 'the old seat given back, the new one taken');
});

test(`[${ENGINE}] each rule answers in its order from the one read, with its own message, full or not`, async () => {
  const [a, b, elsewhere] = await sessions();
  const today = todayWib();
  const date = nextOnWeekday(addDays(today, 44), a.hari);
  // 160 booked that session; 161 the clinic's other session that day; 162 a BPJS visit elsewhere
  // three days before; 163 three appointments to come; 164 three, one of them served ('selesai')
  // and one cancelled; 165 both the clinic that day and a BPJS visit (the clinic day is named first).
  const [same, sameDay, gap, limit, served, both] = [160, 161, 162, 163, 164, 165].map(nomrOf);
  await fill(a, date, 10, 0);
  const mine = await booked(same, a, date);
  const first = await booked(sameDay, b, date);
  // On the other clinic's weekday, within the 8 days before the date.
  const gapDate = nextOnWeekday(addDays(date, -8), elsewhere.hari);
  await booked(gap, elsewhere, gapDate, 'B');
  const later = (n: number) => nextOnWeekday(addDays(today, 2 + 7 * n), elsewhere.hari);
  for (const n of [1, 2, 3]) await booked(limit, elsewhere, later(n));
  const servedOnes = [];
  for (const n of [1, 2, 3]) servedOnes.push(await booked(served, elsewhere, later(n)));
  await db.query(`UPDATE clinic_queue SET status = 'selesai' WHERE no_reg = $1`, [servedOnes[0].no_reg]);
  servedOnes.push(await booked(served, elsewhere, later(4)));
  await db.query(`UPDATE appointments SET cancelled_at = now() WHERE no_reg = $1`, [servedOnes[1].no_reg]);
  const bothFirst = await booked(both, b, date);
  await booked(both, elsewhere, gapDate, 'B');
  const [clinic] = await db.query<{ ds_dep: string; nama_dr: string }>(
    `SELECT c.ds_dep, d.nama_dr_lengkap AS nama_dr FROM clinics c, doctors d WHERE c.kd_dep = $1 AND d.kd_dr = $2`,
    [b.kd_dep, b.kd_dr],
  );
  const sameDayOf = (no_urut: number) => ({ ok: false, message: BOOKING_MSG.sameDay({ ...clinic, tgl_janji: date, no_urut }) });

  for (const full of [true, false]) {
    const [{ n: taken }] = await db.query<{ n: number }>('SELECT quota_terisi AS n FROM practice_sessions WHERE schedule_id = $1 AND tgl = $2', [a.id, date]);
    await fill(a, date, full ? taken : taken + 5, taken);
    const again = await booking(db, same, a, date);
    assert.ok(again.ok && again.result.no_urut === mine.no_urut && again.result.no_reg === mine.no_reg, `full ${full}: the same appointment`);
    assert.equal(await booking(db, sameDay, a, date), sameDayOf(first.no_urut), `full ${full}: one clinic a day`);
    assert.equal(await booking(db, gap, a, date, 'B'), { ok: false, message: BOOKING_MSG.bpjsGap(gapDate) }, `full ${full}: the BPJS gap`);
    assert.equal(await booking(db, limit, a, date), { ok: false, message: BOOKING_MSG.limit(3, 3), limit: { held: 3, max: 3 } }, `full ${full}: the limit`);
    assert.equal(await booking(db, both, a, date, 'B'), sameDayOf(bothFirst.no_urut), `full ${full}: the clinic day before the gap`);
    // Served and cancelled ones are not held: 164 holds two, and is refused only for the full session.
    const open = await booking(db, served, a, date);
    if (full) assert.equal(open, { ok: false, message: BOOKING_MSG.full });
    else assert.ok(open.ok, JSON.stringify(open));
  }
  // A caller's clock two days back (before the read's first day): the limit counted from its today all the same.
  const twoDaysAgo = Date.now() - 2 * 86_400_000;
  assert.equal(await book(bookingStore(db), limit, request(limit, a, date), twoDaysAgo), {
    ok: false,
    message: BOOKING_MSG.limit(3, 3),
    limit: { held: 3, max: 3 },
  });
});

test.run();

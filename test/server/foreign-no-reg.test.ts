// Registration numbers are RJ + YYMMDD + a sequence: anyone signed in can guess a day's. Cancel,
// reschedule and check-in answer another patient's number exactly as one nobody has: the same
// status, the same body, and the same statements sent to the database (so the same time, within
// noise), and nothing of the other patient's changes. On PGlite and on PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import type { Db, Queryable } from '../../server/db/client.ts';
import { COHORT, loginAs, testConfig } from '../support/app.ts';
import { freshDb } from '../support/db.ts';

let db: Db;
let app: FastifyInstance;
/** The statements the handlers send while recording, without the session and audit bookkeeping. */
let recording: string[] | null = null;
const record = (sql: string) => {
  if (recording && !/\b(sessions|audit_log|audit_refusals)\b/.test(sql)) recording.push(sql.replace(/\s+/g, ' ').trim());
};

test.before(async () => {
  db = await freshDb();
  const query = db.query.bind(db);
  const tx = db.tx.bind(db);
  db.query = ((sql: string, params?: unknown[]) => (record(sql), query(sql, params))) as Db['query'];
  db.tx = (<T>(fn: (q: Queryable) => Promise<T>) =>
    tx((q) => fn({ query: ((sql: string, params?: unknown[]) => (record(sql), q.query(sql, params))) as Queryable['query'] }))) as Db['tx'];
  app = await buildApp({ config: testConfig(), db, logger: false, internal: 'here' });
  await app.ready();
});
test.after(async () => (await app.close(), await db.close()));

const owner = { nomr: String(COHORT.first + 40), tgl_lahir: COHORT.tgl_lahir };
const stranger = { nomr: String(COHORT.first + 41), tgl_lahir: COHORT.tgl_lahir };

/** What a caller sees and what the server did: status, body, and the statements it sent. */
async function observe(token: string, url: string, payload: object) {
  recording = [];
  const res = await app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
  const statements = recording;
  recording = null;
  return { status: res.statusCode, body: res.json(), type: res.headers['content-type'], statements };
}

/** The same length and form as a real number of that day, one nobody has. */
const unknownLike = (no_reg: string) => `${no_reg.slice(0, -4)}9${no_reg.slice(-3)}`;

test("cancel and reschedule: another patient's appointment answers exactly as an unknown number, and stays", async () => {
  const ownerToken = await loginAs(app, owner);
  const token = await loginAs(app, stranger);
  const date = nextOnWeekday(addDays(todayWib(), 14), 2);
  const booked = await app.inject({
    method: 'POST',
    url: API.book,
    headers: { authorization: `Bearer ${ownerToken}` },
    payload: { nomr: owner.nomr, tgl_janji: date, kd_dep: '20001', kd_dr: 'D001', sts_jam: '1', carabayar: 'P', hp: '081234567890' },
  });
  assert.is(booked.json().status, true, booked.body);
  const no_reg: string = booked.json().data.no_reg;
  const before = await db.query('SELECT * FROM appointments WHERE no_reg = $1', [no_reg]);
  await app.inject({ url: API.bookingRules, headers: { authorization: `Bearer ${token}` } });

  for (const [url, body] of [
    [API.cancel, (n: string) => ({ no_reg: n, alasan: 'Sudah sembuh' })],
    [API.reschedule, (n: string) => ({ no_reg: n, tgl_janji: addDays(date, 7), kd_dr: 'D001', sts_jam: '1' })],
  ] as const) {
    const theirs = await observe(token, url, body(no_reg));
    const nobodys = await observe(token, url, body(unknownLike(no_reg)));
    assert.equal(theirs, nobodys, url);
    assert.equal([theirs.status, theirs.body], [404, { status: false, message: 'Perjanjian tidak ditemukan.' }], url);
    assert.ok(theirs.statements.length > 0, 'the statements were seen');
  }
  assert.equal(await db.query('SELECT * FROM appointments WHERE no_reg = $1', [no_reg]), before, 'nothing of it changed');
});

test("check-in: another patient's queue entry answers exactly as an unknown number, and stays", async () => {
  const token = await loginAs(app, stranger);
  const today = todayWib();
  const no_reg = `RJ${today.slice(2).replaceAll('-', '')}0417`;
  await db.query(`INSERT INTO clinic_queue (no_reg, no_mr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut) VALUES ($1, $2, $3, '20001', 'D001', '1', 17)`, [
    no_reg,
    owner.nomr,
    today,
  ]);
  const theirs = await observe(token, API.checkin, { no_reg });
  const nobodys = await observe(token, API.checkin, { no_reg: unknownLike(no_reg) });
  assert.equal(theirs, nobodys);
  assert.equal([theirs.status, theirs.body], [404, { status: false, message: 'Antrian dengan nomor registrasi ini tidak ditemukan.' }]);
  const [entry] = await db.query<{ checkin_at: unknown }>('SELECT checkin_at FROM clinic_queue WHERE no_reg = $1', [no_reg]);
  assert.is(entry.checkin_at, null);
});

test.run();

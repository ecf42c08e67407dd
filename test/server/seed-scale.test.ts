// The benchmarks' large dataset (npm run seed -- --patients N, seed-scale.ts) holds appointments as
// bookings leave them: a year behind today and the demo's two weeks ahead, clinic and online, BPJS
// and not, some cancelled; each session's counters and numbers as a booking keeps them, each
// clinic booking in its day's queue, the seats free ahead as the demo left them, and today as the
// demo seeds it. A generated patient sees theirs on home and in the online history. On PGlite and
// on PostgreSQL.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { seedScale } from '../../server/connector/local/demo/seed-scale.ts';
import type { Db } from '../../server/db/client.ts';
import { loginAs, testConfig } from '../support/app.ts';
import { freshDb } from '../support/db.ts';

const PATIENTS = 2000;
const today = todayWib();
let db: Db;
let made: Awaited<ReturnType<typeof seedScale>>;
/** Each dated session's seats taken from today on, before the large seed. */
let takenBefore: Map<string, number>;

const seatsTaken = async () =>
  new Map(
    (
      await db.query<{ k: string; n: number }>(
        `SELECT schedule_id || ' ' || to_char(tgl, 'YYYY-MM-DD') AS k, quota_terisi AS n FROM practice_sessions WHERE tgl >= $1`,
        [today],
      )
    ).map((r) => [r.k, r.n]),
  );

test.before(async () => {
  db = await freshDb();
  takenBefore = await seatsTaken();
  made = await seedScale(db, PATIENTS, today);
});
test.after(async () => db.close());

const GENERATED = `nomr >= '10000001'`;

test('a year of appointments behind today and two weeks ahead: clinic and online, BPJS and not, some cancelled', async () => {
  const [c] = await db.query<Record<string, number>>(
    `SELECT count(*)::int AS all, count(*) FILTER (WHERE tgl_janji < $1)::int AS past, count(*) FILTER (WHERE tgl_janji > $1)::int AS ahead,
            count(*) FILTER (WHERE tgl_janji = $1)::int AS today, count(*) FILTER (WHERE cancelled_at IS NOT NULL)::int AS cancelled,
            count(*) FILTER (WHERE jenis = 'online')::int AS online, count(*) FILTER (WHERE carabayar = 'B')::int AS bpjs,
            count(*) FILTER (WHERE carabayar = 'P')::int AS umum, (max(tgl_janji) - $1::date)::int AS last_day, ($1::date - min(tgl_janji))::int AS first_day,
            count(DISTINCT nomr)::int AS patients
       FROM appointments WHERE ${GENERATED}`,
    [today],
  );
  assert.is(c.all, made.appointments);
  assert.is(made.history, PATIENTS * 10);
  // The app's share (70 %) of the seats a hospital of 100,000 patients fills, in proportion: about 1,400 here.
  assert.ok(c.all > 1000 && c.all < 2000, `${c.all} appointments`);
  for (const k of ['past', 'ahead', 'cancelled', 'online', 'bpjs', 'umum']) assert.ok(c[k] > 0, `${k}: ${c[k]}`);
  assert.is(c.today, 0);
  assert.ok(c.first_day > 350 && c.first_day <= 365, `first ${c.first_day} days back`);
  assert.ok(c.last_day <= 13, `last ${c.last_day} days ahead`);
  assert.ok(c.patients < c.all, 'some patients come back');
  // The executive clinic takes Non BPJS only; patients registered as UMUM book Non BPJS.
  const [wrong] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM appointments a JOIN patients p ON p.nomr = a.nomr
      WHERE a.${GENERATED} AND a.carabayar = 'B' AND (a.kd_dep = '20012' OR p.pastipe <> 'BPJS')`,
  );
  assert.is(wrong.n, 0);
});

test("every session's counters as bookings keep them; the seats free from today on as the demo left them", async () => {
  const sessions = await db.query<{ k: string; batas_quota: number; quota_terisi: number; next: number; active: number; top: number }>(
    `SELECT ps.schedule_id || ' ' || to_char(ps.tgl, 'YYYY-MM-DD') AS k, ps.batas_quota, ps.quota_terisi,
            greatest(ps.no_urut_terakhir, ps.quota_terisi) AS next, x.active, x.top
       FROM practice_sessions ps
       JOIN (SELECT schedule_id, tgl_janji, count(*) FILTER (WHERE cancelled_at IS NULL)::int AS active, max(no_urut) AS top
               FROM appointments GROUP BY schedule_id, tgl_janji) x ON x.schedule_id = ps.schedule_id AND x.tgl_janji = ps.tgl`,
  );
  assert.ok(sessions.length > 500, `${sessions.length} sessions with appointments`);
  for (const s of sessions) {
    assert.ok(s.active <= s.quota_terisi && s.quota_terisi <= s.batas_quota, `session ${s.k}: ${s.active} active, ${s.quota_terisi} of ${s.batas_quota}`);
    // The next booking's number (seat.ts: greatest(no_urut_terakhir, quota_terisi) + 1) is a new one.
    assert.ok(s.top <= s.next, `session ${s.k}: number ${s.top} above ${s.next}`);
  }
  const after = await seatsTaken();
  for (const [k, n] of takenBefore) assert.is(after.get(k), n, `session ${k}`);
});

test("each clinic appointment is in its day's queue under its number: served behind today, waiting ahead, left when cancelled", async () => {
  const rows = await db.query<{ status: string | null; expected: string }>(
    `SELECT cq.status, CASE WHEN a.cancelled_at IS NOT NULL THEN 'batal' WHEN a.tgl_janji < $1 THEN 'selesai' ELSE 'menunggu' END AS expected
       FROM appointments a LEFT JOIN clinic_queue cq
         ON cq.no_reg = a.no_reg AND cq.no_mr = a.nomr AND cq.tgl_janji = a.tgl_janji AND cq.kd_dr = a.kd_dr AND cq.no_urut = a.no_urut
      WHERE a.${GENERATED} AND a.jenis = 'poli'`,
    [today],
  );
  assert.ok(rows.length > 0);
  for (const r of rows) assert.is(r.status, r.expected);
  const [online] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM appointments a JOIN clinic_queue cq ON cq.no_reg = a.no_reg WHERE a.jenis = 'online'`,
  );
  assert.is(online.n, 0);
});

test('a generated patient sees the appointment ahead on home, and a cancelled online one in the online history', async () => {
  const app = await buildApp({ config: testConfig(), db, logger: false });
  await app.ready();
  try {
    const who = async (where: string) =>
      (
        await db.query<{ nomr: string; tgl_lahir: string; no_reg: string; no_urut: number }>(
          `SELECT a.nomr, to_char(p.tgl_lahir, 'YYYY-MM-DD') AS tgl_lahir, a.no_reg, a.no_urut
             FROM appointments a JOIN patients p ON p.nomr = a.nomr WHERE a.${GENERATED} AND ${where} ORDER BY a.id LIMIT 1`,
          [today],
        )
      )[0];
    const ahead = await who(`a.tgl_janji > $1 AND a.cancelled_at IS NULL AND a.jenis = 'poli'`);
    const home = await app.inject({ url: API.upcoming, headers: { authorization: `Bearer ${await loginAs(app, ahead)}` } });
    assert.is(home.statusCode, 200);
    const card = (home.json().data.jadwal as Array<{ no_reg?: string; no_urut: number }>).find((x) => x.no_reg === ahead.no_reg);
    assert.is(card?.no_urut, ahead.no_urut);

    const cancelled = await who(`a.cancelled_at IS NOT NULL AND a.jenis = 'online' AND $1::date IS NOT NULL`);
    const history = await app.inject({ url: API.historyOnline, headers: { authorization: `Bearer ${await loginAs(app, cancelled)}` } });
    assert.is(history.statusCode, 200);
    const entry = (history.json().data as Array<{ no_reg: string; status_janji?: string }>).find((x) => x.no_reg === cancelled.no_reg);
    assert.is(entry?.status_janji, 'Dibatalkan');
  } finally {
    await app.close();
  }
});

test.run();

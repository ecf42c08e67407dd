// The large dataset's appointments (seed-scale.ts): a year of sessions behind today and the
// demo's two weeks ahead, each holding the app's share of its taken seats as appointments of the
// generated patients: clinic and online, BPJS and not, one in eight cancelled, each clinic booking
// with its queue entry as a booking makes it. Two statements, whatever the size. Today's sessions
// stay as the demo seeds them: the benchmarks make today's queues themselves (scripts/bench/fixtures.ts).
import type { Queryable } from '../../../db/client.ts';

/** How far back the sessions (and their appointments) go, and how far ahead: the demo's sessions end 13 days ahead (seed.ts). */
const DAYS_BACK = 365;
const DAYS_AHEAD = 13;
/** The share of a session's taken seats booked through the app (the counter's have no appointment row) at 100,000 patients. */
const APP_SHARE = 0.7;
const FULL_SIZE = 100000;

/** A step through `count` numbers that visits each once per round: coprime with the count. */
function strideOf(count: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let s = Math.floor(count * 0.618) + 1;
  while (gcd(s, count) !== 1) s++;
  return s;
}

/**
 * Who holds the appointments: a tenth of the patients (the ones under regular control) two of
 * every three, each again about every 50 days, the rest one now and then, once a year at most.
 * Rows r are numbered over the sessions in date order; each group is walked with a stride coprime
 * with its size, so a patient comes back only after the whole group, and the rows of one session
 * (consecutive r) are different patients. The index is then spread over all the patients' numbers.
 * The SQL reads r and the statement's $3 (the patients); `params` are its $7–$11, in this order.
 */
function patientOf(patients: number): { sql: string; params: number[] } {
  const regular = Math.max(1, Math.floor(patients / 10));
  const others = patients - regular;
  return {
    sql: `(CASE WHEN r % 3 <> 0 OR $8::bigint = 0 THEN (r * $9::bigint) % $7::bigint
                ELSE $7::bigint + (r * $10::bigint) % nullif($8::bigint, 0) END * $11::bigint) % $3::bigint`,
    params: [regular, others, strideOf(regular), strideOf(Math.max(1, others)), strideOf(patients)],
  };
}

/**
 * Sessions first: a past one not seeded yet is full or nearly (the counter's bookings count in
 * quota_terisi without a row), an online one ahead up to half full. Then the appointments, with
 * numbers after any already in the session, so no number is used twice; never more of them than
 * the session's seats taken, so quota_terisi still counts every active one and the seats free
 * stay as the demo left them; the session's last number handed out raised to the highest.
 * Answers how many appointments were made.
 */
export async function seedScaleBookings(q: Queryable, first: number, patients: number, today: string): Promise<number> {
  // A deterministic fraction in [0, 1) of a session, for the rounding of its share.
  const frac = (alias: string) => `((${alias}.schedule_id * 7919 + (${alias}.tgl - date '2000-01-01') * 104729) % 1000) / 1000.0`;
  await q.query(
    `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi)
     SELECT s.id, d.tgl, s.batas_quota,
            CASE WHEN d.tgl < $1::date THEN greatest(0, s.batas_quota - (s.id * 7 + (d.tgl - date '2000-01-01')) % 4)
                 ELSE s.batas_quota * ((s.id * 13 + (d.tgl - date '2000-01-01') * 7) % 10) / 20 END
       FROM practice_schedules s, generate_series($1::date - $2::int, $1::date + $3::int, interval '1 day') AS g(day)
            CROSS JOIN LATERAL (SELECT g.day::date AS tgl) d
      WHERE extract(isodow FROM d.tgl) = s.hari AND d.tgl <> $1::date
     ON CONFLICT DO NOTHING`,
    [today, DAYS_BACK, DAYS_AHEAD],
  );
  const density = APP_SHARE * Math.min(1, patients / FULL_SIZE);
  const who = patientOf(patients);
  const [made] = await q.query<{ n: number }>(
    `WITH sess AS (
       SELECT ps.schedule_id, ps.tgl, s.kd_dep, s.kd_dr, s.sts_jam, s.sts_ue, s.jenis, coalesce(x.top, 0) AS top,
              least(ps.quota_terisi - x.active, floor((ps.quota_terisi - x.active) * $4::float8 + ${frac('ps')}))::int AS booked
         FROM practice_sessions ps JOIN practice_schedules s ON s.id = ps.schedule_id
         CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE a.cancelled_at IS NULL)::int AS active, max(a.no_urut) AS top
                               FROM appointments a WHERE a.schedule_id = ps.schedule_id AND a.tgl_janji = ps.tgl) x
        WHERE ps.tgl BETWEEN $1::date - $5::int AND $1::date + $6::int AND ps.tgl <> $1::date),
     rows AS (
       SELECT sess.*, k, row_number() OVER (ORDER BY sess.tgl, sess.schedule_id, k) - 1 AS r
         FROM sess, generate_series(1, least(sess.booked, $7::int, greatest($8::int, 1))) AS k),
     who AS (
       SELECT rows.*, $2::bigint + ${who.sql} AS n,
              least(now(), ((rows.tgl - 1 - ((r * 37) % 21)::int)::timestamp + time '07:00' + ((r * 11) % 600)::int * interval '1 minute') AT TIME ZONE 'Asia/Jakarta') AS at
         FROM rows),
     a AS (
       INSERT INTO appointments (no_reg, nomr, schedule_id, tgl_janji, kd_dep, kd_dr, sts_jam, sts_ue, carabayar, hp, no_urut, jenis,
                                 created_at, cancelled_at, cancel_reason)
       SELECT (CASE jenis WHEN 'online' THEN 'RO' ELSE 'RJ' END) || to_char(at AT TIME ZONE 'Asia/Jakarta', 'YYMMDD') || nextval('appointments_no_reg_seq'),
              n::text, schedule_id, tgl, kd_dep, kd_dr, sts_jam, sts_ue,
              -- Patients on BPJS (seed-scale.ts: all but every third) book with it, at clinics that take it, but one time in ten.
              CASE WHEN n % 3 <> 0 AND jenis = 'poli' AND kd_dep <> '20012' AND r % 10 <> 0 THEN 'B' ELSE 'P' END,
              '0812' || lpad((n % 100000000)::text, 8, '0'), top + k, jenis, at,
              CASE WHEN r % 8 = 7 THEN least(now(), at + (((tgl::timestamp + time '06:00') AT TIME ZONE 'Asia/Jakarta') - at) / 2) END,
              CASE WHEN r % 8 = 7 THEN (ARRAY['Sudah sembuh', 'Tidak bisa datang', 'Ganti jadwal'])[1 + r % 3] END
         FROM who
       RETURNING schedule_id, no_reg, nomr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut, jenis, cancelled_at),
     numbered AS (
       UPDATE practice_sessions ps SET no_urut_terakhir = greatest(ps.no_urut_terakhir, x.top)
         FROM (SELECT schedule_id, tgl_janji, max(no_urut) AS top FROM a GROUP BY schedule_id, tgl_janji) x
        WHERE ps.schedule_id = x.schedule_id AND ps.tgl = x.tgl_janji),
     -- As a booking does, each clinic appointment joins its day's queue under its number: served on
     -- a past day, left when cancelled, waiting ahead.
     queued AS (
       INSERT INTO clinic_queue (no_reg, no_mr, tgl_janji, kd_dep, kd_dr, sts_jam, no_urut, status, checkin_at, called_at)
       SELECT a.no_reg, a.nomr, a.tgl_janji, a.kd_dep, a.kd_dr, a.sts_jam, a.no_urut,
              CASE WHEN cancelled_at IS NOT NULL THEN 'batal' WHEN tgl_janji < $1::date THEN 'selesai' ELSE 'menunggu' END,
              CASE WHEN cancelled_at IS NULL AND tgl_janji < $1::date
                   THEN (tgl_janji + s.jam_dtg::time - interval '30 minutes') AT TIME ZONE 'Asia/Jakarta' END,
              CASE WHEN cancelled_at IS NULL AND tgl_janji < $1::date
                   THEN (tgl_janji + s.jam_dtg::time + (no_urut - 1) * interval '8 minutes') AT TIME ZONE 'Asia/Jakarta' END
         FROM a JOIN practice_schedules s ON s.id = a.schedule_id WHERE a.jenis = 'poli')
     SELECT count(*)::int AS n FROM a`,
    [today, first, patients, density, DAYS_BACK, DAYS_AHEAD, ...who.params],
  );
  return made.n;
}

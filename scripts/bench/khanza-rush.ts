// The morning rush with SIMRS=khanza beside SIMRS=local, on this machine (issue #46, item 4): the
// same number of phones, each signed in, trying to book one session with the same number of seats,
// first with the seats in a SIMRS Khanza database on MariaDB (test/support/mariadb.ts: a practice's
// `jadwal.kuota`, its seats counted as Khanza counts them), then in this API's own tables. Both
// servers keep their own state (sessions, audit) on one PostgreSQL, seeded with the patients and
// copied into Khanza (test/support/khanza.ts copyDemo). Statements are counted where they are sent:
// PostgreSQL's through the wire proxy (wire.ts), MariaDB's by its `Questions` counter. Prints and
// writes nothing else:
//
//   npm run build:server && tsx scripts/bench/khanza-rush.ts [--attempts 2000] [--seats 100] [--seconds 10]
//     [--only khanza|local] [--digest]
//
// --digest: MariaDB's slow log with long_query_time 0 (every statement, to mysql.slow_log) through
// the Khanza run, printed by statement shape: how many, their time and rows examined. Logging
// every statement costs MariaDB time itself: the counts are the run's, its latencies are not.
import { parseArgs } from 'node:util';
import { addDays, todayWib } from '../../common/dates.ts';
import { loadConfig } from '../../server/config.ts';
import { openPostgres } from '../../server/db/client.ts';
import { copyDemo, type Khanza, startKhanza } from '../../test/support/khanza.ts';
import { MARIADB } from '../../test/support/mariadb.ts';
import { startServer } from '../../test/support/server.ts';
import { patientsWithSessions } from './fixtures.ts';
import { onLargeDatabase } from './large-db.ts';
import { MIX_FIRST } from './mix.ts';
import { BENCH_BOOKINGS } from './open-loop.ts';
import { type RushResult, type SeatPool, rush } from './rush.ts';
import { pgProxy } from './wire.ts';

const { values } = parseArgs({
  options: {
    attempts: { type: 'string', default: '2000' },
    seats: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string' },
    digest: { type: 'boolean', default: false },
  },
});
const attempts = Number(values.attempts);
const seats = Number(values.seats);
const seconds = Number(values.seconds);

// biome-ignore lint/suspicious/noExplicitAny: rows of the Khanza database
const sik = async (k: Khanza, sql: string, params: unknown[] = []): Promise<any[]> => (await k.admin.query(sql, params))[0] as any[];

/** MariaDB's count of statements received, all connections (SHOW GLOBAL STATUS). */
async function questions(k: Khanza): Promise<number> {
  const [row] = await sik(k, "SHOW GLOBAL STATUS LIKE 'Questions'");
  return Number(row.Value);
}

/**
 * D001's first practice day in Khanza at least five weeks ahead (no booking of the demo there),
 * its kuota set to `seats`; its seats read back as Khanza counts them (registrations not 'Batal').
 */
async function khanzaPool(k: Khanza): Promise<SeatPool> {
  const days = await sik(k, "SELECT hari_kerja, TIME_FORMAT(jam_mulai, '%H:%i') AS jam FROM jadwal WHERE kd_dokter = 'D001' AND kd_poli = '20001'");
  const names = ['AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU'];
  let date = addDays(todayWib(), 35);
  const practising = (d: string) => days.find((r) => r.hari_kerja === names[new Date(`${d}T12:00:00Z`).getUTCDay()]);
  while (!practising(date)) date = addDays(date, 1);
  const day = practising(date);
  await k.admin.query("UPDATE jadwal SET kuota = ? WHERE kd_dokter = 'D001' AND kd_poli = '20001' AND hari_kerja = ?", [seats, day.hari_kerja]);
  const slot = { tgl_janji: date, kd_dep: '20001', kd_dr: 'D001', sts_jam: day.jam < '12:00' ? '1' : '2', schedule_id: 0 };
  return {
    slot,
    held: async () => {
      const [row] = await sik(
        k,
        `SELECT COUNT(*) AS n, COUNT(DISTINCT no_reg) AS numbers FROM reg_periksa
          WHERE kd_dokter = 'D001' AND kd_poli = '20001' AND tgl_registrasi = ? AND stts <> 'Batal'`,
        [date],
      );
      return { quota: seats, counter: Number(row.n), appointments: Number(row.n), distinctNumbers: Number(row.numbers) };
    },
  };
}

/** Logs every statement of the connector's user (slow log, long_query_time 0) from now on: new connections take it. */
async function startDigest(k: Khanza): Promise<void> {
  await k.admin.query("SET GLOBAL log_output = 'TABLE', long_query_time = 0, slow_query_log = ON");
  await k.admin.query('TRUNCATE mysql.slow_log');
}

/** The statements logged, by shape (literals as ?): count, time and rows examined, the costliest first. */
async function printDigest(k: Khanza, attempts: number): Promise<void> {
  await k.admin.query('SET GLOBAL slow_query_log = OFF');
  const rows = await sik(
    k,
    "SELECT CONVERT(sql_text USING utf8mb4) AS q, TIME_TO_SEC(query_time) AS t, rows_examined AS r FROM mysql.slow_log WHERE user_host LIKE 'pasien_app%'",
  );
  const shapes = new Map<string, { n: number; t: number; r: number }>();
  for (const row of rows) {
    const shape = String(row.q)
      .replace(/'(?:[^'\\]|\\.)*'/g, '?')
      .replace(/\b\d+(\.\d+)?\b/g, '?')
      .replace(/\s+/g, ' ')
      .slice(0, 160);
    const s = shapes.get(shape) ?? { n: 0, t: 0, r: 0 };
    s.n++;
    s.t += Number(row.t);
    s.r += Number(row.r);
    shapes.set(shape, s);
  }
  const total = [...shapes.values()].reduce((a, s) => a + s.t, 0);
  console.log(`\nMariaDB statements of the connector, ${rows.length} in all (${(rows.length / attempts).toFixed(2)} an attempt), by time:\n`);
  console.log('| statement | count | an attempt | time (s) | share | rows examined an execution |\n|---|---:|---:|---:|---:|---:|');
  for (const [q, s] of [...shapes].sort((a, b) => b[1].t - a[1].t)) {
    const share = total ? ((100 * s.t) / total).toFixed(1) : '0';
    console.log(`| \`${q}\` | ${s.n} | ${(s.n / attempts).toFixed(2)} | ${s.t.toFixed(2)} | ${share} % | ${(s.r / s.n).toFixed(0)} |`);
  }
}

function line(name: string, r: RushResult, pg: number, maria: number | null): string {
  const ms = (l: { p50: number; p99: number }) => `${Math.round(l.p50)} / ${Math.round(l.p99)}`;
  const per = (n: number) => (n / r.attempts).toFixed(1);
  return `| ${name} | ${r.booked} of ${r.seats} (${r.held.appointments} held, ${r.held.distinctNumbers} numbers) | ${ms(r.latency)} | ${ms(r.bookedLatency)} | ${ms(r.refusedLatency)} | ${Object.values(r.failures).reduce((a, b) => a + b, 0)} | ${per(pg)} | ${maria === null ? '—' : per(maria)} |`;
}

if (!MARIADB) {
  console.log('Not measured: no MariaDB here (apt-get install mariadb-server).');
  process.exit(0);
}

await onLargeDatabase(undefined, String(2 * attempts + 1000), async (url) => {
  const config = loadConfig({});
  const db = await openPostgres(url, 10);
  const khanza = await startKhanza();
  const proxy = await pgProxy(url);
  const rows: string[] = [];
  try {
    await copyDemo(khanza.admin, db);
    const base = { ...BENCH_BOOKINGS, DATABASE_URL: proxy.url, DIST_DIR: '/nonexistent', PUSH_WORKER: 'false', LOG_LEVEL: 'warn' };
    for (const kind of (['khanza', 'local'] as const).filter((k) => !values.only || values.only === k)) {
      // Patients of their own on each side: the first side's would find their bookings made.
      const people = await patientsWithSessions(db, String(MIX_FIRST + (kind === 'khanza' ? 0 : attempts)), attempts, config);
      const env = kind === 'khanza' ? { ...base, SIMRS: 'khanza', KHANZA_DATABASE_URL: khanza.url } : base;
      if (kind === 'khanza' && values.digest) await startDigest(khanza);
      const server = await startServer(env, { compiled: true });
      try {
        const pool = kind === 'khanza' ? await khanzaPool(khanza) : undefined;
        const [pg0, q0] = [proxy.counts().statements, kind === 'khanza' ? await questions(khanza) : 0];
        const r = await rush({ url: server.url, db, people, seats, seconds, windowDays: config.booking.windowDays, pool });
        // Less the two statements of this script's own reading of the counter.
        const maria = kind === 'khanza' ? (await questions(khanza)) - q0 - 2 : null;
        if (kind === 'khanza' && values.digest) await printDigest(khanza, attempts);
        rows.push(line(kind === 'khanza' ? 'SIMRS=khanza (MariaDB)' : 'SIMRS=local (PostgreSQL)', r, proxy.counts().statements - pg0, maria));
        if (r.untold) rows.push(`|   ${r.untold} refusals without a reason in Indonesian | | | | | | | |`);
        for (const [why, n] of Object.entries(r.refusals)) console.log(`${kind}: ${n} × ${why}`);
        for (const [why, n] of Object.entries(r.failures)) console.log(`${kind}: failed ${n} × ${why}`);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await proxy.stop();
    await khanza.stop();
    await db.close();
  }
  console.log(`
${attempts.toLocaleString('en')} phones for ${seats} seats of one session, arriving evenly over ${seconds} s, Node ${process.version}:

| connector | booked | all p50 / p99 (ms) | booked p50 / p99 | refused p50 / p99 | failed | PostgreSQL statements an attempt | MariaDB statements an attempt |
|---|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}`);
});

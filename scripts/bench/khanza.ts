// SIMRS=khanza beside SIMRS=local (docs/integration.md): the home calls under load and a booking,
// each against a real server process, one reading this API's own tables, the other a SIMRS Khanza
// database on a MariaDB of its own (test/support/mariadb.ts) holding the same demo hospital.
// Skipped with a line where mariadbd is absent. Run alone: `tsx scripts/bench/khanza.ts [seconds]`
// prints its section.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { COHORT } from '../../server/connector/local/demo/seed.ts';
import { freshDb } from '../../test/support/db.ts';
import { copyDemo, copyDemoLab, copyDemoPharmacy, copyDemoProcedures, copyDemoStays, startKhanza } from '../../test/support/khanza.ts';
import { MARIADB } from '../../test/support/mariadb.ts';
import { apiToken, startServer, type RunningServer } from '../../test/support/server.ts';
import { BENCH_BOOKINGS } from './open-loop.ts';

/** Khanza's connection pool holds 10 connections (server/connector/khanza/client.ts): as many at once. */
const CONNECTIONS = 10;
const BOOKINGS = 40;
const HOME = [
  ['profile', '/api/patient/profil/pasien'],
  ['upcoming', '/api/patient/jadwal/perjanjian/terdekat'],
  ['clinicQueue', '/api/patient/antrian/poli'],
  ['pharmacyQueue', '/api/patient/antrian/farmasi'],
] as const;

interface Person {
  nomr: string;
  tgl_lahir: string;
  token: string;
}

export interface Side {
  /** `statements`: MariaDB's statements a call (its Questions counter), null on SIMRS=local. */
  home: Array<{ name: string; rps: number; p50: number; p99: number; non2xx: number; statements: number | null }>;
  /** One booking at a time, each a different patient: its latency in ms, sorted. */
  bookings: number[];
  booked: number;
  /** MariaDB's statements a booking (a non-BPJS app booking of a free seat), null on SIMRS=local. */
  bookingStatements: number | null;
}

export interface KhanzaBench {
  seconds: number;
  local: Side;
  khanza: Side;
}

const person = (i: number) => ({ nomr: String(COHORT.first + i), tgl_lahir: COHORT.tgl_lahir });

/** MariaDB's count of statements received, all connections (SHOW GLOBAL STATUS); the two of its own reading left out. */
type Counter = () => Promise<number>;

async function side(server: RunningServer, seconds: number, offset: number, questions?: Counter): Promise<Side> {
  const per = async (before: number, calls: number) => (questions && calls ? ((await questions()) - before) / calls : null);
  const people: Person[] = [];
  for (let i = 0; i < 50; i++) people.push({ ...person(i), token: await apiToken(server.url, person(i)) });
  const home: Side['home'] = [];
  for (const [name, path] of HOME) {
    let n = 0;
    const setupRequest = (req: autocannon.Request): autocannon.Request => {
      const p = people[n++ % people.length];
      return { ...req, path: `${path}?nomr=${p.nomr}&tgllahir=${p.tgl_lahir}`, headers: { authorization: `Bearer ${p.token}` } };
    };
    const q0 = questions ? await questions() : 0;
    const r = await autocannon({ url: server.url, connections: CONNECTIONS, duration: seconds, requests: [{ setupRequest }] });
    const statements = await per(q0, r.requests.total);
    home.push({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, statements });
  }
  const bookings: number[] = [];
  let booked = 0;
  let bookingQuestions = 0;
  for (let i = 0; i < BOOKINGS; i++) {
    const who = person(offset + i);
    const token = await apiToken(server.url, who);
    const q0 = questions ? await questions() : 0;
    // Mondays of the booking window, a few patients each.
    const date = nextOnWeekday(addDays(todayWib(), 7 * (1 + (i % 8))), 1);
    const body = {
      nomr: who.nomr,
      tgl_janji: date,
      sts_ue: 'U',
      tgl_lahir: who.tgl_lahir,
      kd_dep: '20001',
      kd_dr: 'D001',
      sts_jam: '1',
      carabayar: 'P',
      hp: '081234567890',
    };
    const started = performance.now();
    const res = await fetch(`${server.url}/api/patient/simpan/janji`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { status?: boolean };
    bookings.push(performance.now() - started);
    if (answer.status === true) booked++;
    if (questions) bookingQuestions += (await questions()) - q0;
  }
  return { home, bookings: bookings.sort((a, b) => a - b), booked, bookingStatements: questions ? bookingQuestions / BOOKINGS : null };
}

/** Both sides on this machine, or null where MariaDB is not installed. */
export async function benchKhanza(seconds: number): Promise<KhanzaBench | null> {
  if (!MARIADB) return null;
  const khanza = await startKhanza();
  try {
    const db = await freshDb();
    try {
      await copyDemo(khanza.admin, db);
      await copyDemoLab(khanza.admin, db);
      await copyDemoStays(khanza.admin, db);
      await copyDemoProcedures(khanza.admin, db);
      await copyDemoPharmacy(khanza.admin, db);
    } finally {
      await db.close();
    }
    const compiled = existsSync('dist-server/server/server.js');
    const results: Partial<Record<'local' | 'khanza', Side>> = {};
    for (const kind of ['local', 'khanza'] as const) {
      const env = kind === 'local' ? { ...BENCH_BOOKINGS } : { ...BENCH_BOOKINGS, SIMRS: 'khanza', KHANZA_DATABASE_URL: khanza.url };
      const server = await startServer(env, { compiled });
      const questions: Counter = async () => {
        const [[row]] = (await khanza.admin.query("SHOW GLOBAL STATUS LIKE 'Questions'")) as unknown as [[{ Value: string }]];
        // Less this statement itself: Questions counts it before it answers.
        return Number(row.Value) - 1;
      };
      try {
        // Different patients book on each side: the same 40 would find their bookings made.
        results[kind] = await side(server, seconds, kind === 'local' ? 100 : 150, kind === 'khanza' ? questions : undefined);
      } finally {
        await server.stop();
      }
    }
    return { seconds, local: results.local as Side, khanza: results.khanza as Side };
  } finally {
    await khanza.stop();
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const ms = (n: number) => `${Math.round(n)} ms`;

export function khanzaSection(b: KhanzaBench | null): string {
  if (!b)
    return `## SIMRS=khanza beside SIMRS=local

Not measured: no MariaDB here (\`apt-get install mariadb-server\`, then \`npm run bench\` again).
`;
  const rows = b.local.home.map((l, i) => {
    const k = b.khanza.home[i];
    return `| home: ${l.name} | ${Math.round(l.rps)} | ${l.p50} ms | ${l.p99} ms | ${Math.round(k.rps)} | ${k.p50} ms | ${k.p99} ms | ${l.non2xx} / ${k.non2xx} | ${k.statements?.toFixed(2) ?? '—'} |`;
  });
  const booking = (s: Side) => `${ms(pct(s.bookings, 50))} | ${ms(pct(s.bookings, 95))} | ${ms(s.bookings[s.bookings.length - 1] ?? 0)}`;
  return `## SIMRS=khanza beside SIMRS=local

The same demo hospital in this API's tables (PGlite) and in a SIMRS Khanza database on MariaDB
(\`scripts/bench/khanza.ts\`), each behind one server process: the home calls for ${b.seconds} s each
at ${CONNECTIONS} connections (Khanza's pool holds ${CONNECTIONS}), tokens of 50 patients; then ${BOOKINGS} bookings one
after another, each a different patient.

| call | local req/s | local p50 | local p99 | Khanza req/s | Khanza p50 | Khanza p99 | non-2xx local / Khanza | MariaDB statements a call |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

| booking, one at a time | p50 | p95 | slowest | booked | MariaDB statements a booking |
|---|---:|---:|---:|---:|---:|
| SIMRS=local | ${booking(b.local)} | ${b.local.booked} of ${BOOKINGS} | — |
| SIMRS=khanza | ${booking(b.khanza)} | ${b.khanza.booked} of ${BOOKINGS} | ${b.khanza.bookingStatements?.toFixed(1) ?? '—'} |
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(khanzaSection(await benchKhanza(Number(process.argv[2] ?? 10))));
}

// The morning rush alone (rush.ts), at the large size, on a PostgreSQL of its own: what
// `npm run bench` measures within load.ts, without the hour of the rest. Prints and writes nothing:
//
//   npm run build:server && tsx scripts/bench/rush-alone.ts [--database-url URL | --patients 100000]
//     [--attempts 5000] [--seats 300] [--seconds 10] [--runs 1]
//
// Each run books a session of its own (the next without bookings) with patients of its own.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config.ts';
import { type Db, openPostgres } from '../../server/db/client.ts';
import { startServer } from '../../test/support/server.ts';
import { patientsWithSessions } from './fixtures.ts';
import { onLargeDatabase } from './large-db.ts';
import { MIX_FIRST, MIX_PATIENTS } from './mix.ts';
import { BENCH_BOOKINGS } from './open-loop.ts';
import { rush } from './rush.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    patients: { type: 'string', default: '100000' },
    attempts: { type: 'string', default: '5000' },
    seats: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string', default: '1' },
  },
});
const attempts = Number(values.attempts);

/** The database's transactions and WAL writes so far (PostgreSQL's statistics, all databases. WAL fsyncs). */
async function work(db: Db): Promise<{ commits: number; rollbacks: number; syncs: number }> {
  const [row] = await db.query<{ commits: string; rollbacks: string; syncs: string }>(
    `SELECT xact_commit AS commits, xact_rollback AS rollbacks, (SELECT wal_sync FROM pg_stat_wal) AS syncs
       FROM pg_stat_database WHERE datname = current_database()`,
  );
  return { commits: Number(row.commits), rollbacks: Number(row.rollbacks), syncs: Number(row.syncs) };
}
await onLargeDatabase(values['database-url'], values.patients, async (url) => {
  const config = loadConfig({});
  const db = await openPostgres(url, 10);
  const server = await startServer(
    { ...BENCH_BOOKINGS, DATABASE_URL: url, DIST_DIR: '/nonexistent', PUSH_WORKER: 'false', LOG_LEVEL: 'warn' },
    { compiled: true },
  );
  try {
    for (let run = 0; run < Number(values.runs); run++) {
      const people = await patientsWithSessions(db, String(MIX_FIRST + MIX_PATIENTS + run * attempts), attempts, config);
      const before = await work(db);
      const r = await rush({
        url: server.url,
        db,
        people,
        seats: Number(values.seats),
        seconds: Number(values.seconds),
        windowDays: config.booking.windowDays,
      });
      const ms = (l: { p50: number; p99: number; max: number }) => `p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms`;
      console.log(
        `run ${run + 1}: ${r.booked} of ${r.seats} booked (counter ${r.held.counter}, ${r.held.appointments} appointments, ${r.duplicateNumbers} numbers twice), failures ${JSON.stringify(r.failures)}, untold ${r.untold}`,
      );
      // Each server connection reports its statistics when idle, at most once a second.
      await new Promise((done) => setTimeout(done, 2000));
      const after = await work(db);
      // What the machine's speed does not change: the database's transactions and WAL flushes.
      console.log(`  commits ${after.commits - before.commits}, rollbacks ${after.rollbacks - before.rollbacks}, WAL flushes ${after.syncs - before.syncs}`);
      console.log(`  all: ${ms(r.latency)}\n  booked: ${ms(r.bookedLatency)}\n  refused: ${ms(r.refusedLatency)}\n  refusals ${JSON.stringify(r.refusals)}`);
    }
  } finally {
    await server.stop();
    await db.close();
  }
});

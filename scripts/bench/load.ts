// A hospital's real load, measured at a constant arrival rate (open-loop.ts) against one server
// process on PostgreSQL at the large size: the realistic mix at steady rates; the highest rate
// held with p99 under 50 ms, beside the same for the floor of the stack (floor.ts); the morning
// rush (rush.ts); the waiting hall (hall.ts). `npm run bench` runs it on the large database of
// api.ts and writes it to docs/performance.md; alone, it prints the section and writes nothing:
//
//   tsx scripts/bench/load.ts [--database-url URL | --patients 100000] [--quick]
//
// Without --database-url it starts a PostgreSQL of its own and seeds it (`--patients`, at least
// 11,000: the mix, the rush and the hall each have patients of their own). --quick: short runs at
// low rates, to see the tools work on a busy machine (its figures say nothing).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/config.ts';
import { openPostgres } from '../../server/db/client.ts';
import { startServer } from '../../test/support/server.ts';
import { patientsWithSessions } from './fixtures.ts';
import { largeDatabase } from './large-db.ts';
import { startFloor } from './floor.ts';
import { hall } from './hall.ts';
import { MIX_FIRST, MIX_PATIENTS, mixSetup } from './mix.ts';
import { BENCH_BOOKINGS, capacity, openLoop } from './open-loop.ts';
import { realisticMix } from './realistic-mix.ts';
import { cpuMeter } from './cpu.ts';
import { profiledRun } from './profile.ts';
import { rush } from './rush.ts';
import { FULL_PLAN, type LoadPlan, type LoadResult, QUICK_PLAN } from './load-plan.ts';
import { loadSection } from './load-report.ts';

const INTERNAL_TOKEN = 'bench-internal-token-0123456789';

export async function benchLoad(databaseUrl: string, plan: LoadPlan = FULL_PLAN, log: (s: string) => void = console.log): Promise<LoadResult> {
  const config = loadConfig({});
  const db = await openPostgres(databaseUrl, 10);
  const server = await startServer(
    {
      ...BENCH_BOOKINGS,
      DATABASE_URL: databaseUrl,
      DIST_DIR: '/nonexistent',
      PUSH_WORKER: 'false',
      LOG_LEVEL: 'warn',
      INTERNAL_API_TOKEN: INTERNAL_TOKEN,
    },
    { compiled: true },
  );
  try {
    log("load: patients, today's queues and sessions with seats");
    const setup = await mixSetup(db, server.url, config);
    const people = setup.people;

    const mixRun = (rate: number, seconds: number) => openLoop({ url: server.url, rate, seconds, ...realisticMix(setup) });
    log('load: warming up (5 s)');
    await mixRun(Math.min(500, plan.steady[0].rate), 5);
    const steady: LoadResult['steady'] = [];
    for (const { rate, seconds } of plan.steady) {
      log(`load: the mix at ${rate} req/s for ${seconds} s`);
      const meter = cpuMeter(server.proc.pid as number);
      const run = await mixRun(rate, seconds);
      const r = { ...run, cpu: meter.stop(run.sent) };
      steady.push(r);
      log(
        `    p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, failed ${r.failed}; CPU ${Math.round(r.cpu.busy * 100)}% busy, µs a request: server ${Math.round(r.cpu.serverUs)}, PostgreSQL ${Math.round(r.cpu.postgresUs)}, generator ${Math.round(r.cpu.generatorUs)}`,
      );
    }
    log('load: the highest rate of the mix with p99 under 50 ms');
    const serverCap = await capacity((rate) => mixRun(rate, plan.capacitySeconds), plan.capacityRates, 50, log);

    log('load: the floor (a bare Fastify route, one primary-key SELECT through pg)');
    const floor = await startFloor(databaseUrl, config.databasePoolSize);
    let floorCap: LoadResult['floor'];
    try {
      const floorRun = (rate: number, seconds: number) =>
        openLoop({ url: floor.url, rate, seconds, next: (i) => ({ name: 'floor', method: 'GET', path: `/floor/${MIX_FIRST + (i % 100000)}` }) });
      await floorRun(500, 3);
      floorCap = await capacity((rate) => floorRun(rate, plan.capacitySeconds), plan.capacityRates, 50, log);
    } finally {
      await floor.stop();
    }

    log(`load: the morning rush, ${plan.rush.patients} patients for ${plan.rush.seats} seats in ${plan.rush.seconds} s`);
    const rushPeople = await patientsWithSessions(db, String(MIX_FIRST + MIX_PATIENTS), plan.rush.patients, config);
    const rushResult = await rush({
      url: server.url,
      db,
      people: rushPeople,
      seats: plan.rush.seats,
      seconds: plan.rush.seconds,
      windowDays: config.booking.windowDays,
    });
    log(`    ${rushResult.booked} booked, p99 ${rushResult.latency.p99} ms, failures ${JSON.stringify(rushResult.failures)}`);

    log(`load: the waiting hall, ${plan.hall.phones} phones`);
    const hallPeople = await patientsWithSessions(db, String(MIX_FIRST + MIX_PATIENTS + plan.rush.patients), plan.hall.phones, config);
    const hallResult = await hall({
      url: server.url,
      internalUrl: server.internalUrl,
      internalToken: INTERNAL_TOKEN,
      db,
      people: hallPeople,
      sessionSize: plan.hall.sessionSize,
      calls: plan.hall.calls,
      pid: server.proc.pid as number,
    });
    log(`    ${hallResult.connected} connected, RSS ${hallResult.memory.connected.rssMb} MB, call to phone p99 ${hallResult.latency.p99} ms`);

    log(`load: where the server's time goes, the mix at ${plan.profile.rate} req/s with the CPU profiler on`);
    const profile = await profiledRun({ databaseUrl, ...plan.profile, setup });
    return { plan, mixPatients: people.length, steady, server: serverCap, floor: floorCap, rush: rushResult, hall: hallResult, profile };
  } finally {
    await server.stop();
    await db.close();
  }
}

// ---- Alone: a database of its own or the one named --------------------------------------------

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, patients: { type: 'string', default: '100000' }, quick: { type: 'boolean', default: false } },
  });
  const plan = values.quick ? QUICK_PLAN : FULL_PLAN;
  const database = await largeDatabase(values['database-url'], values.patients);
  try {
    const result = await benchLoad(database.url, plan);
    console.log(`\n${loadSection(result)}`);
  } finally {
    database.stop();
  }
}

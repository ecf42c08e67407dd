// Two server processes on one PostgreSQL behind nginx (Debian's package), with the configuration
// the repo ships (deploy/nginx.conf), under the realistic mix at a steady rate; one process is
// killed with SIGKILL in the middle of the run. What must hold: every phone following the live
// queue through nginx sees every number called (its stream reconnects as the app's does when its
// process dies); no push is sent twice though both processes run the push worker; every booking
// answered 2xx is in the database afterwards; and nginx stops sending to the dead process. The
// pushes go to a local FCM stand-in (test/support/push.ts).
//
//   tsx scripts/bench/cluster.ts [--database-url URL | --patients 100000] [--quick] [--rate 800] [--seconds 30]
//
// Without --database-url it starts a PostgreSQL of its own and seeds it; with one, it takes its
// patients after those of scripts/bench/load.ts (Nomor MR 10020001 on). `npm run bench` runs it
// after load.ts on the large database and writes its section to docs/performance.md.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPgDatabase } from '../../test/support/db.ts';
import { startCluster } from '../../test/support/pg-cluster.ts';
import { FULL_CLUSTER, QUICK_CLUSTER, CLUSTER_FIRST } from './cluster/plan.ts';
import { clusterSection } from './cluster/report.ts';
import { benchCluster } from './cluster/run.ts';

// ---- Alone: a database of its own or the one named --------------------------------------------

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      patients: { type: 'string' },
      quick: { type: 'boolean', default: false },
      rate: { type: 'string' },
      seconds: { type: 'string' },
    },
  });
  const base = values.quick ? QUICK_CLUSTER : FULL_CLUSTER;
  const plan = { ...base, rate: Number(values.rate ?? base.rate), seconds: Number(values.seconds ?? base.seconds) };
  let url = values['database-url'];
  const cluster = url ? null : await startCluster({ durable: true });
  try {
    if (cluster) {
      url = await createPgDatabase(cluster.url);
      const patients = values.patients ?? (values.quick ? '5000' : '100000');
      console.log(`seeding ${patients} patients`);
      execFileSync(process.execPath, ['--import', 'tsx', 'server/connector/local/demo/seed-cli.ts', '--patients', patients], {
        env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: url },
        stdio: 'inherit',
      });
    }
    // A database of its own: its generated patients from the first (seed-scale.ts numbers them from 10000001).
    const result = await benchCluster({ databaseUrl: url as string, plan, first: cluster ? 10000001 : CLUSTER_FIRST });
    console.log(`\n${clusterSection(result)}`);
  } finally {
    cluster?.stop();
  }
}

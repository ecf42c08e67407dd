// A bench run alone (load.ts, cost.ts): on the PostgreSQL named, or on one of its own, durable as
// PostgreSQL is by default, seeded at the large size and removed afterwards.
import { execFileSync } from 'node:child_process';
import { createPgDatabase } from '../../test/support/db.ts';
import { startCluster } from '../../test/support/pg-cluster.ts';

export async function onLargeDatabase<T>(url: string | undefined, patients: string, run: (url: string) => Promise<T>): Promise<T> {
  if (url) return run(url);
  const cluster = await startCluster({ durable: true });
  try {
    const own = await createPgDatabase(cluster.url);
    console.log(`seeding ${patients} patients`);
    execFileSync(process.execPath, ['--import', 'tsx', 'server/connector/local/demo/seed-cli.ts', '--patients', patients], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: own },
      stdio: 'inherit',
    });
    return await run(own);
  } finally {
    cluster.stop();
  }
}

// The database a bench run alone measures: the one named, or a PostgreSQL of its own with its
// durable defaults, seeded at the given size (npm run seed's generator).
import { execFileSync } from 'node:child_process';
import { createPgDatabase } from '../../test/support/db.ts';
import { startCluster } from '../../test/support/pg-cluster.ts';

export async function largeDatabase(named: string | undefined, patients: string): Promise<{ url: string; stop: () => void }> {
  if (named) return { url: named, stop: () => undefined };
  const cluster = await startCluster({ durable: true });
  try {
    const url = await createPgDatabase(cluster.url);
    console.log(`seeding ${patients} patients`);
    execFileSync(process.execPath, ['--import', 'tsx', 'server/connector/local/demo/seed-cli.ts', '--patients', patients], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: url },
      stdio: 'inherit',
    });
    return { url, stop: () => cluster.stop() };
  } catch (err) {
    cluster.stop();
    throw err;
  }
}

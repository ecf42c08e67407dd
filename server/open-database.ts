// Opens the configured database, applies migrations and seeds the demo data into an empty one.
import type { Config } from './config.ts';
import { openPglite, openPostgres, type Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isEmpty, seedDemo } from './connector/local/demo/seed.ts';

/** `statementTimeoutMs`: 0 for a command whose statements may take minutes (the seed of a large database); the server's limit otherwise. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'seedDemo'> & Partial<Pick<Config, 'databasePoolSize'>>,
  statementTimeoutMs?: number,
): Promise<Db> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl, config.databasePoolSize, statementTimeoutMs) : await openPglite(config.dataDir);
  try {
    await migrate(db);
    if (config.seedDemo && (await isEmpty(db))) await seedDemo(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

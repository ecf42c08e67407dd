// Opens the configured database, applies migrations and seeds the demo data into an empty one.
import type { Config } from '../config.ts';
import { openPglite, openPostgres, type Db } from './client.ts';
import { migrate } from './migrate.ts';
import { isEmpty, seedDemo } from './seed.ts';

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'seedDemo'> & Partial<Pick<Config, 'databasePoolSize'>>): Promise<Db> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl, config.databasePoolSize) : await openPglite(config.dataDir);
  try {
    await migrate(db);
    if (config.seedDemo && (await isEmpty(db))) await seedDemo(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

// A fresh, migrated, seeded database for one test file: in-memory PGlite by default, or a new
// database on the PostgreSQL server named by TEST_PG_URL (the test runner starts one).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/db/seed.ts';

export const ENGINE = process.env.TEST_PG_URL ? 'postgres' : 'pglite';

/** A new empty database on the test server; answers its URL. */
export async function createPgDatabase(adminUrl: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function freshDb({ seed = true } = {}): Promise<Db & { url?: string }> {
  const adminUrl = process.env.TEST_PG_URL;
  let db: Db & { url?: string };
  if (adminUrl) {
    const url = await createPgDatabase(adminUrl);
    db = Object.assign(await openPostgres(url, 30), { url });
  } else {
    db = await openPglite(null);
  }
  await migrate(db);
  if (seed) await seedDemo(db);
  return db;
}

// A fresh, migrated, seeded database for one test: in-memory PGlite by default, or a new
// database on the PostgreSQL server named by TEST_PG_URL (the test runner starts one). Each is a
// copy of a template this process migrates and seeds once (PostgreSQL: CREATE DATABASE … TEMPLATE;
// PGlite: a tarball of its data dir, dumpDataDir, loaded into a new instance): migrating and
// seeding anew took 4.4–5.8 s a database on two busy cores, a copy well under one
// (docs/performance.md, The test run: before and after). The seed places its dates around the day it
// runs, so a template is made by each test process once per WIB day, and a seeded database is not
// handed out in the day's last minutes (./day.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { todayWib } from '../../common/dates.ts';
import { openPglite, openPostgres, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/connector/local/demo/seed.ts';
import { enoughOfTheDay } from './day.ts';

export const ENGINE = process.env.TEST_PG_URL ? 'postgres' : 'pglite';

const dbName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

async function admin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A new database on the test server, empty (or a copy of `template`); answers its URL. */
export async function createPgDatabase(adminUrl: string, template?: string): Promise<string> {
  const name = dbName('t');
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return urlOf(adminUrl, name);
}

/** An empty database, not migrated: in-memory PGlite, or a new database on TEST_PG_URL's server. */
export async function emptyDb(): Promise<Db> {
  const adminUrl = process.env.TEST_PG_URL;
  return adminUrl ? openPostgres(await createPgDatabase(adminUrl), 4) : openPglite(null);
}

/** Once per process, kind and WIB day: the migrated (and seeded) template, its name or its tarball. */
const pgTemplates = new Map<string, Promise<string>>();
const pgliteTemplates = new Map<string, Promise<Blob>>();
const kind = (seed: boolean) => (seed ? `seeded ${todayWib()}` : 'migrated');

function pgTemplate(adminUrl: string, seed: boolean): Promise<string> {
  let made = pgTemplates.get(kind(seed));
  if (!made) {
    made = (async () => {
      const name = dbName(seed ? 'tpl_seeded' : 'tpl_migrated');
      await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
      const db = await openPostgres(urlOf(adminUrl, name), 4);
      try {
        await migrate(db);
        if (seed) await seedDemo(db);
      } finally {
        await db.close(); // a template is copied only while no one is connected to it
      }
      return name;
    })();
    pgTemplates.set(kind(seed), made);
  }
  return made;
}

function pgliteTemplate(seed: boolean): Promise<Blob> {
  let made = pgliteTemplates.get(kind(seed));
  if (!made) {
    made = (async () => {
      const db = await openPglite(null);
      try {
        await migrate(db);
        if (seed) await seedDemo(db);
        return await db.dumpDataDir();
      } finally {
        await db.close();
      }
    })();
    pgliteTemplates.set(kind(seed), made);
  }
  return made;
}

/** A new database on `adminUrl`'s server, a copy of this process's seeded template of the day: its URL. */
export async function seededPgDatabase(adminUrl: string): Promise<string> {
  return createPgDatabase(adminUrl, await pgTemplate(adminUrl, true));
}

export async function freshDb({ seed = true } = {}): Promise<Db & { url?: string }> {
  if (seed) await enoughOfTheDay();
  const adminUrl = process.env.TEST_PG_URL;
  if (adminUrl) {
    const url = await createPgDatabase(adminUrl, await pgTemplate(adminUrl, seed));
    return Object.assign(await openPostgres(url, 30), { url });
  }
  return openPglite(null, { loadDataDir: await pgliteTemplate(seed) });
}

// Applies server/db/migrations/NNN-*.sql in order, each once, each in its own transaction. A file
// goes to the engine whole (Tx.exec), so it may hold anything PostgreSQL runs: several statements,
// plpgsql bodies, semicolons in strings. schema_migrations lists the files applied, by name.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Answers the files it applied now; `dir` is another folder of migrations (the runner's own tests). */
export async function migrate(db: Db, dir = MIGRATIONS): Promise<string[]> {
  // Under the lock too: two processes creating the table at once on an empty PostgreSQL collide
  // ('duplicate key … pg_type_typname_nsp_index'), IF NOT EXISTS notwithstanding.
  await db.tx(async (q) => {
    if (db.kind === 'postgres') await q.exec('SELECT pg_advisory_xact_lock(7411001)');
    await q.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}-.*\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const done = await db.tx(async (q) => {
      // Several server processes may start at once against one PostgreSQL: one migrates,
      // the others wait for it (exec: as long as its migration takes), then find the work done.
      if (db.kind === 'postgres') await q.exec('SELECT pg_advisory_xact_lock(7411001)');
      const seen = await q.query('SELECT 1 FROM schema_migrations WHERE id = $1', [file]);
      if (seen.length) return false;
      await q.exec(readFileSync(join(dir, file), 'utf8'));
      await q.query('INSERT INTO schema_migrations (id) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

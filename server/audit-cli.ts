// npm run audit:archive [-- --out DIR]
// Moves the audit rows older than AUDIT_RETENTION_DAYS out of the database into a gzip JSON-lines
// file (one row a line), then removes them through audit_log_remove() (migration 005), the one
// way out of the append-only table. The file is written and synced before anything is removed,
// and removal is in the reading transaction's snapshot: exactly the rows in the file go. Should
// the removal not commit, the rows stay and a later run archives them again (a row may be in two
// files, never in none). See docs/security.md for the roles and the retention period.
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { ConfigError, loadConfig } from './config.ts';
import { auditRowsBefore, canRemoveAudit, removeAuditRows } from './db/audit.ts';
import { DataDirLockedError, openPglite, openPostgres, type Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';

export interface ArchiveResult {
  /** The archive written, or null when no row was old enough. */
  file: string | null;
  rows: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Archives and removes the rows older than `cutoff` into a new file in `dir`. */
export async function archiveAudit(db: Db, { cutoff, dir, batch = 5000 }: { cutoff: Date; dir: string; batch?: number }): Promise<ArchiveResult> {
  return db.tx(async (q) => {
    // One snapshot for reading and removing (PGlite has one connection: nothing runs between).
    if (db.kind === 'postgres') await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const first = await auditRowsBefore(q, cutoff, 0, batch);
    if (!first.length) return { file: null, rows: 0 };
    mkdirSync(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z');
    const file = join(dir, `audit-before-${cutoff.toISOString().slice(0, 10)}-${stamp}.jsonl.gz`);
    const partial = `${file}.partial`;
    let rows = 0;
    let lastId = 0;
    async function* lines() {
      for (let page = first; page.length; page = await auditRowsBefore(q, cutoff, lastId, batch)) {
        for (const row of page) yield `${JSON.stringify(row)}\n`;
        rows += page.length;
        lastId = page[page.length - 1].id;
        if (page.length < batch) break;
      }
    }
    try {
      await pipeline(Readable.from(lines()), createGzip(), (await open(partial, 'wx')).createWriteStream());
      const written = await open(partial, 'r+');
      await written.sync();
      await written.close();
      const removed = await removeAuditRows(q, cutoff, lastId);
      if (removed !== rows) throw new Error(`audit archive: ${rows} rows written but ${removed} would be removed; nothing removed`);
      renameSync(partial, file);
      const folder = await open(dir, 'r');
      await folder.sync().finally(() => folder.close());
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
    return { file, rows };
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  // The archive may run as a role of its own: EXECUTE on audit_log_remove, no DELETE on the table.
  const url = process.env.AUDIT_ARCHIVE_DATABASE_URL || config.databaseUrl;
  if (url && !/^postgres(ql)?:\/\//.test(url)) throw new ConfigError('AUDIT_ARCHIVE_DATABASE_URL must start with postgres:// or postgresql://');
  const dir = resolve(values.out ?? join(config.dataDir, 'audit-archive'));
  const cutoff = new Date(Date.now() - config.security.auditRetentionDays * DAY_MS);
  // No statement limit: removing a year of rows from a large log may take minutes.
  const db = url ? await openPostgres(url, 1, 0) : await openPglite(config.dataDir);
  try {
    if (db.kind === 'pglite') await migrate(db);
    if (!(await canRemoveAudit(db))) throw new ConfigError('the database lacks audit_log_remove(): start the server once on it, so its migrations run');
    const { file, rows } = await archiveAudit(db, { cutoff, dir });
    console.log(
      file ? `${rows} audit rows from before ${cutoff.toISOString()} archived to ${file} and removed` : `no audit rows from before ${cutoff.toISOString()}`,
    );
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err) => {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  });
}

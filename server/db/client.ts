// One small query layer over both engines: embedded PGlite (default, no set-up) and a
// PostgreSQL server (DATABASE_URL). Plain parameterised SQL, so one migration folder and one
// set of repositories serve both.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** Answers when the database does (the health check); a database that does not answer within `ms` is down. */
export async function ping(q: Queryable, ms = 3000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([q.query('SELECT 1'), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * How long a call waits for one of the pool's connections, and for a statement's answer: a
 * database that is unreachable or stops answering (a network cut, a frozen host) ends the call
 * with an error (a 500, and health's 503 names the database) instead of a phone that waits
 * without end. The connection of a statement that got no answer is dropped, not reused. Scripts
 * (migrations, `exec`) have no limit: an index built on a large table may take minutes.
 */
const CONNECT_TIMEOUT_MS = 10_000;
const STATEMENT_TIMEOUT_MS = 30_000;

/** Inside a transaction: queries, and a script of several statements run whole (a migration file). */
interface Tx extends Queryable {
  /** The script goes to the engine as it is (PostgreSQL's simple query protocol; PGlite's exec): plpgsql bodies and all. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; rolls back if it throws. */
  tx<T>(fn: (q: Tx) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Calls onPayload with each NOTIFY on channel, from any process on the same database; answers
   * how to stop. After a lost connection is back, onPayload('') says anything may have changed;
   * onLost hears the moment it was lost (word sent meanwhile is not heard).
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Dates come back as the 'YYYY-MM-DD' text the contract speaks, not as JS Dates shifted by
// the machine's time zone.
pg.types.setTypeParser(1082, (v: string) => v);

/**
 * Each distinct statement is prepared once per connection under a name derived from its text,
 * so PostgreSQL parses and plans it once instead of on every request.
 */
const statementNames = new Map<string, string>();
/** pg reads `query_timeout` on a statement too (client.js), though its types name it on the connection only. */
type TimedQuery = pg.QueryConfig & { query_timeout: number };
function prepared(sql: string, params: unknown[] | undefined, timeoutMs: number): TimedQuery {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params as unknown[], query_timeout: timeoutMs };
}

/** `statementTimeoutMs`: how long a statement's answer is awaited (0: without end, for a command's long work). */
export async function openPostgres(url: string, max = 20, statementTimeoutMs = STATEMENT_TIMEOUT_MS): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query(sql, params) {
      return (await pool.query(prepared(sql, params, statementTimeoutMs))).rows;
    },
    async tx(fn) {
      const client = await pool.connect();
      let unanswered: Error | undefined;
      const timed = async <R>(run: Promise<R>): Promise<R> =>
        run.catch((err: Error) => {
          // pg's own words for a statement past its query_timeout: the connection is not reusable.
          if (/timeout/i.test(err.message)) unanswered = err;
          throw err;
        });
      const control = (text: string): TimedQuery => ({ text, query_timeout: statementTimeoutMs });
      try {
        await timed(client.query(control('BEGIN')));
        const result = await fn({
          query: async (sql, params) => (await timed(client.query(prepared(sql, params, statementTimeoutMs)))).rows,
          // No parameters and no name: the simple query protocol, which runs several statements.
          exec: async (sql) => void (await client.query(sql)),
        });
        await timed(client.query(control('COMMIT')));
        return result;
      } catch (err) {
        if (!unanswered) await timed(client.query(control('ROLLBACK'))).catch(() => undefined);
        throw err;
      } finally {
        client.release(unanswered);
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    listen: (channel, onPayload, onLost) => listenPostgres(url, channel, onPayload, onLost),
    close: () => pool.end(),
  };
}

/** A connection of its own, outside the pool: LISTEN holds it for as long as it listens. */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: () => void = () => undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const reopen = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      open().then(() => onPayload(''), reopen);
    }, 1000);
  };
  const open = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => n.channel === channel && onPayload(n.payload ?? ''));
    const lost = () => {
      if (client !== c) return;
      client = null;
      onLost();
      reopen();
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) await c.end().catch(() => undefined);
    else client = c;
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

export class DataDirLockedError extends Error {}

/**
 * PGlite holds no lock of its own, and two processes on one directory silently lose writes:
 * hold a lock file with our pid, and refuse to start while a live process holds it.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dir} is in use by another server process (pid ${pid}). Stop it first, or give this one its own DATA_DIR or a DATABASE_URL.`,
        );
      }
      rmSync(lockPath, { force: true }); // left by a process that died
    }
  }
  throw new DataDirLockedError(`could not lock DATA_DIR ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A PGlite database, which can also be written out whole (PGlite's dumpDataDir: a tarball). */
export interface PgliteDb extends Db {
  dumpDataDir(): Promise<Blob>;
}

/**
 * dataDir null: in memory (tests). `loadDataDir`: start from a tarball that dumpDataDir wrote
 * (the tests' copy of a migrated, seeded template) instead of an empty cluster.
 */
export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  const { PGlite } = await import('@electric-sql/pglite');
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let lite: InstanceType<typeof PGlite>;
  try {
    const options = opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {};
    lite = dataDir ? new PGlite(join(dataDir, 'pglite'), options) : new PGlite(options);
    await lite.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const db = lite;
  // Statements used more than once are prepared once (db/prepared.ts), as on PostgreSQL.
  const { preparedQueries } = await import('./prepared.ts');
  const run = preparedQueries(db, { 1082: (v: string) => v });
  return {
    kind: 'pglite',
    query: async (sql, params) => (await run(sql, params)) as never[],
    tx: (fn) =>
      db.transaction((t) =>
        fn({
          query: async (sql, params) => (await run(sql, params, t)) as never[],
          exec: async (sql) => void (await t.exec(sql)),
        }),
      ),
    async exec(sql) {
      await db.exec(sql);
    },
    async listen(channel, onPayload) {
      const stop = await db.listen(channel, onPayload);
      return () => stop();
    },
    dumpDataDir: () => db.dumpDataDir('none'),
    async close() {
      try {
        await db.close();
      } finally {
        unlock();
      }
    },
  };
}

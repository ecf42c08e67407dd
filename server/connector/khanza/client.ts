// The connection to a SIMRS Khanza database (MariaDB or MySQL), through mysql2: a pool, every call
// bounded by the timeout (KHANZA_TIMEOUT_SECONDS, 5 s), transactions at READ COMMITTED (locking
// reads then take no gap locks, so bookings of different doctors do not wait on each other).
import { createPool, type Pool, type PoolConnection } from 'mysql2/promise';

export type Params = Array<string | number | null>;

export interface KhanzaQuery {
  query<T = Record<string, unknown>>(sql: string, params?: Params): Promise<T[]>;
  /** An INSERT, UPDATE or DELETE: how many rows it changed. */
  run(sql: string, params?: Params): Promise<number>;
}

export interface KhanzaDb extends KhanzaQuery {
  /** Runs fn in one transaction; rolls back if it throws. */
  tx<T>(fn: (q: KhanzaQuery) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The hospital's system did not answer in time, or not at all. */
export class KhanzaUnavailable extends Error {
  constructor(cause: unknown) {
    super(`SIMRS Khanza did not answer: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'KhanzaUnavailable';
  }
}

/** MariaDB's and MySQL's error numbers the connector decides by. */
export const ER = { dupEntry: 1062, deadlock: 1213, lockWait: 1205, signal: 1644 } as const;
export const errno = (err: unknown): number | undefined => (err as { errno?: number }).errno;

const UNAVAILABLE = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'PROTOCOL_SEQUENCE_TIMEOUT', 'PROTOCOL_CONNECTION_LOST', 'ENOTFOUND', 'EHOSTUNREACH']);
const unavailable = (err: unknown) => UNAVAILABLE.has((err as { code?: string }).code ?? '');

function wrap(c: Pool | PoolConnection, timeout: number): KhanzaQuery {
  const exec = async (sql: string, params: Params) => {
    try {
      return (await c.query({ sql, values: params, timeout }))[0];
    } catch (err) {
      throw unavailable(err) ? new KhanzaUnavailable(err) : err;
    }
  };
  return {
    query: async <T>(sql: string, params: Params = []) => (await exec(sql, params)) as T[],
    run: async (sql, params = []) => ((await exec(sql, params)) as { affectedRows: number }).affectedRows,
  };
}

export function openKhanza(url: string, timeoutMs: number, connectionLimit = 10): KhanzaDb {
  const pool = createPool({
    uri: url.replace(/^mariadb:/, 'mysql:'),
    connectionLimit,
    connectTimeout: timeoutMs,
    // Dates as Khanza writes them ('YYYY-MM-DD'), times as 'HH:MM:SS': no shift by the machine's zone.
    dateStrings: true,
    timezone: '+07:00',
    charset: 'latin1_swedish_ci',
    supportBigNumbers: true,
  });
  const direct = wrap(pool, timeoutMs);
  return {
    ...direct,
    async tx(fn) {
      let conn: PoolConnection;
      try {
        conn = await pool.getConnection();
      } catch (err) {
        throw new KhanzaUnavailable(err);
      }
      const q = wrap(conn, timeoutMs);
      try {
        await q.run('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
        await q.run('START TRANSACTION');
        const result = await fn(q);
        await q.run('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        conn.release();
      }
    },
    async ping() {
      await direct.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

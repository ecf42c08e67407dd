// The connection to a SIMRS Khanza database (MariaDB or MySQL), through mysql2: a pool, every call
// bounded by the timeout (KHANZA_TIMEOUT_SECONDS, 5 s), transactions at READ COMMITTED (locking
// reads then take no gap locks, so bookings of different doctors do not wait on each other).
import { createPool, type Pool, type PoolConnection } from 'mysql2/promise';
import { WIB_OFFSET } from '../../../common/wib.ts';
import { HttpError } from '../../errors.ts';

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

/** Khanza's payer codes (penjab.kd_pj) the connector books with: the hospital's BPJS and general ones. */
export interface KhanzaPayers {
  bpjs: string;
  umum: string;
}

export const UNREACHABLE = 'Sistem informasi rumah sakit sedang tidak dapat dihubungi. Tidak ada yang disimpan; silakan coba lagi beberapa saat lagi.';

/** The hospital's system did not answer in time, or not at all: a 503 that says so (errors.ts). */
export class KhanzaUnavailable extends HttpError {
  constructor(readonly reason: unknown) {
    super(503, UNREACHABLE);
    this.name = 'KhanzaUnavailable';
  }
}

/** MariaDB's and MySQL's error numbers the connector decides by. */
export const ER = { dupEntry: 1062, deadlock: 1213, lockWait: 1205, signal: 1644 } as const;
export const errno = (err: unknown): number | undefined => (err as { errno?: number }).errno;

const UNAVAILABLE = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'PROTOCOL_SEQUENCE_TIMEOUT', 'PROTOCOL_CONNECTION_LOST', 'ENOTFOUND', 'EHOSTUNREACH']);
/** Not answering, or a lock Khanza held past the timeout (a slow Khanza to the patient). */
const unavailable = (err: unknown) => UNAVAILABLE.has((err as { code?: string }).code ?? '') || errno(err) === ER.lockWait;

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

/**
 * The sql_mode of the connector's sessions, whatever the server's global one: not strict, zero
 * dates allowed. Khanza's own code writes the rows so (its Mobile JKN service inserts validasi
 * '0000-00-00 00:00:00', webapps/api-bpjsfktl/index.php; its pharmacy '0000-00-00' until a
 * hand-over), and the connector writes the same columns the same way; MySQL 5.7 and 8's default
 * (STRICT_TRANS_TABLES, NO_ZERO_DATE, …) would refuse them.
 */
export const KHANZA_SQL_MODE = 'NO_ENGINE_SUBSTITUTION';

export function openKhanza(url: string, timeoutMs: number, connectionLimit = 10): KhanzaDb {
  const pool = createPool({
    uri: url.replace(/^mariadb:/, 'mysql:'),
    connectionLimit,
    connectTimeout: timeoutMs,
    // Dates as Khanza writes them ('YYYY-MM-DD'), times as 'HH:MM:SS': no shift by the machine's zone.
    dateStrings: true,
    timezone: WIB_OFFSET,
    charset: 'latin1_swedish_ci',
    supportBigNumbers: true,
  });
  // Each new connection's first statements, before any of the connector's: the session's sql_mode;
  // the mark of this API's connections for Khanza's quota guard (quota-guard.sql): its bookings
  // and moves are held to the quota, while another writer's (the counter's) is a clerk's decision;
  // a lock Khanza holds waited for no longer than a call may take; and its transactions' isolation.
  // Set once a connection, not once a transaction: two statements fewer in each.
  pool.on('connection', (conn) => {
    const c = conn as unknown as { query(sql: string, done: (err: unknown) => void): void };
    const wait = Math.max(1, Math.floor(timeoutMs / 1000));
    c.query(`SET SESSION sql_mode = '${KHANZA_SQL_MODE}', @pasien_app = 'api', innodb_lock_wait_timeout = ${wait}`, () => undefined);
    c.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED', () => undefined);
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
        // The lock wait and READ COMMITTED are the session's (set when the connection was made).
        await q.run('START TRANSACTION');
        const result = await fn(q);
        await q.run('COMMIT');
        conn.release();
        return result;
      } catch (err) {
        if (err instanceof KhanzaUnavailable) {
          // A statement may still be running there: end the connection, so Khanza rolls back at once
          // and frees the locks it took, instead of waiting for it here.
          const thread = conn.threadId;
          conn.destroy();
          await pool.query({ sql: 'KILL ?', values: [thread], timeout: timeoutMs }).catch(() => undefined);
        } else {
          await conn.query('ROLLBACK').catch(() => undefined);
          conn.release();
        }
        throw err;
      }
    },
    async ping() {
      await direct.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

// What the hospital's system last answered, for when it cannot answer (docs/integration.md, Slow
// or down). A history is the patient's past: served from the last answer, with its time, it says
// nothing untrue, only perhaps not the newest. So each history read from the hospital's system is
// kept in this API's database (simrs_last_read, per patient and call), and while that system
// cannot be reached the call answers the copy and its time in the X-Data-As-Of header (the app
// shows 'Terakhir diperbarui …'). What is not a history (the queues, the quota, appointments) and
// every write still fail with the 503 that says the hospital's system cannot be reached.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { wibText } from '../db/wib.ts';
import { HttpError } from '../errors.ts';

/** The answer's header that names when a copy was read from the hospital's system (ISO 8601, +07:00). */
export const AS_OF_HEADER = 'X-Data-As-Of';

/** The hospital's system could not answer (a connector's 503: down, or slower than its timeout). */
export const unreachable = (err: unknown): boolean => err instanceof HttpError && err.statusCode === 503;

export interface Served<T> {
  data: T;
  /** When the copy answered was read (ISO, +07:00); null for a fresh answer. */
  asOf: string | null;
}

export class LastRead {
  constructor(
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `read` of the hospital's system, kept; the copy when that system cannot be reached and one is kept. */
  async serve<T>(nomr: string, call: string, read: () => Promise<T>): Promise<Served<T>> {
    let data: T;
    try {
      data = await read();
    } catch (err) {
      if (!unreachable(err)) throw err;
      const [row] = await this.db.query<{ data: T; read_at: string }>(
        `SELECT data, ${wibText('read_at')} AS read_at
           FROM simrs_last_read WHERE nomr = $1 AND call = $2`,
        [nomr, call],
      );
      if (!row) throw err;
      return { data: row.data, asOf: row.read_at };
    }
    // Keeping the copy is a bonus: a failure to write it does not fail the answer.
    await this.db
      .query(
        `INSERT INTO simrs_last_read (nomr, call, data, read_at) VALUES ($1, $2, $3::jsonb, now())
         ON CONFLICT (nomr, call) DO UPDATE SET data = EXCLUDED.data, read_at = EXCLUDED.read_at`,
        [nomr, call, JSON.stringify(data)],
      )
      .catch((err) => this.log.warn({ err }, 'could not keep the last read of the hospital system'));
    return { data, asOf: null };
  }
}

/** The older of two copies' times (ISO strings of one zone compare as text); null when both are fresh. */
export const olderOf = (a: string | null, b: string | null): string | null => (a && b ? (a < b ? a : b) : (a ?? b));

// A transaction the database refused by rolling it back whole (two requests took the same unique
// number at once, a deadlock the database broke) left nothing behind: running it again is the
// answer. The PostgreSQL booking store (connector/local/booking.ts) and Khanza's on MariaDB
// (connector/khanza/appointments.ts, seats.ts) each say which refusals those are.

/**
 * Runs `attempt` (one whole transaction) at most `attempts` times: again only after an error
 * `retryable` accepts; any other error, or the last attempt's, is thrown as it came.
 */
export async function retried<T>(attempts: number, retryable: (err: unknown) => boolean, attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= attempts || !retryable(err)) throw err;
    }
  }
}

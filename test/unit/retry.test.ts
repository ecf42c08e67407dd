// The outboxes' backoff (server/retry/backoff.ts) with the schedules push and BPJS Antrean give
// it, and the retried transaction (server/retry/transaction.ts) against a real PGlite database
// whose unique key refuses the attempt, as PostgreSQL refuses two bookings of one seat.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bpjsRetry } from '../../server/bpjs/answer.ts';
import { openPglite, type PgliteDb } from '../../server/db/client.ts';
import { pushRetry } from '../../server/push/queue.ts';
import { backoffSeconds, nextAttemptIn } from '../../server/retry/backoff.ts';
import { retried } from '../../server/retry/transaction.ts';

test('the backoff doubles from its first delay and stops at its cap', () => {
  const schedule = { firstSeconds: 10, maxSeconds: 100 };
  assert.equal(
    [1, 2, 3, 4, 5, 30].map((n) => backoffSeconds(n, schedule)),
    [10, 20, 40, 80, 100, 100],
  );
  // A row not yet counted as tried waits the first delay, never less.
  assert.is(backoffSeconds(0, schedule), 10);
});

test('each outbox keeps its schedule: push 10 s up to an hour, BPJS 15 s up to BPJS_RETRY_MAX_SECONDS', () => {
  assert.equal(
    [1, 2, 3, 9, 10].map((n) => nextAttemptIn(n, pushRetry(50))),
    [10, 20, 40, 2560, 3600],
  );
  assert.equal(
    [1, 2, 3, 6, 7].map((n) => nextAttemptIn(n, bpjsRetry(40, 900))),
    [15, 30, 60, 480, 900],
  );
  assert.is(nextAttemptIn(5, bpjsRetry(40, 3600)), 240);
});

test('an outbox gives up after its last attempt, or at once on a permanent failure', () => {
  assert.is(nextAttemptIn(7, pushRetry(8)), 640);
  assert.is(nextAttemptIn(8, pushRetry(8)), null);
  assert.is(nextAttemptIn(9, pushRetry(8)), null);
  assert.is(nextAttemptIn(1, pushRetry(8), true), null);
  assert.is(nextAttemptIn(39, bpjsRetry(40, 900)), 900);
  assert.is(nextAttemptIn(40, bpjsRetry(40, 900)), null);
});

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

let db: PgliteDb;

test.before(async () => {
  db = await openPglite(null);
  await db.exec('CREATE TABLE seats (no int PRIMARY KEY, nomr text NOT NULL); CREATE TABLE notes (nomr text NOT NULL)');
});
test.after(() => db.close());
test.before.each(async () => {
  await db.exec("TRUNCATE seats, notes; INSERT INTO seats VALUES (1, 'taken')");
});

/**
 * One booking's transaction: a note, then the seat after the highest it read. `stale` times it
 * reads before another booking's seat 1 was there (as when two requests raced), so its insert
 * hits the key and PostgreSQL rolls the whole attempt back.
 */
function booking(nomr: string, stale: number) {
  const tries: number[] = [];
  const run = () =>
    db.tx(async (q) => {
      tries.push(tries.length + 1);
      await q.query('INSERT INTO notes VALUES ($1)', [nomr]);
      const [{ top }] = await q.query<{ top: number }>('SELECT coalesce(max(no), 0) AS top FROM seats');
      const no = tries.length <= stale ? top : top + 1;
      await q.query('INSERT INTO seats VALUES ($1, $2)', [no, nomr]);
      return no;
    });
  return { run, tries };
}

const rows = async () => ({
  seats: (await db.query<{ no: number; nomr: string }>('SELECT no, nomr FROM seats ORDER BY no')).map((r) => `${r.no}:${r.nomr}`),
  notes: (await db.query<{ nomr: string }>('SELECT nomr FROM notes')).map((r) => r.nomr),
});

test('a transaction the unique key refused runs again and its first attempt leaves nothing', async () => {
  const b = booking('00012345', 1);
  assert.is(await retried(3, isUniqueViolation, b.run), 2);
  assert.equal(b.tries, [1, 2]);
  assert.equal(await rows(), { seats: ['1:taken', '2:00012345'], notes: ['00012345'] });
});

test('after the last attempt the database’s own error comes out, and nothing is written', async () => {
  const b = booking('00012345', 9);
  const err = await retried(3, isUniqueViolation, b.run).then(
    () => null,
    (e: unknown) => e,
  );
  assert.is((err as { code?: string }).code, '23505');
  assert.match(String((err as Error).message), /duplicate key/);
  assert.equal(b.tries, [1, 2, 3]);
  assert.equal(await rows(), { seats: ['1:taken'], notes: [] });
});

test('an error the predicate does not accept is thrown at once, after one attempt', async () => {
  let tries = 0;
  const err = await retried(5, isUniqueViolation, () =>
    db.tx(async (q) => {
      tries++;
      await q.query('INSERT INTO notes VALUES ($1)', ['00012345']);
      await q.query('INSERT INTO seats VALUES ($1, NULL)', [7]); // not null: 23502
    }),
  ).then(
    () => null,
    (e: unknown) => e,
  );
  assert.is((err as { code?: string }).code, '23502');
  assert.is(tries, 1);
  assert.equal(await rows(), { seats: ['1:taken'], notes: [] });
});

test.run();

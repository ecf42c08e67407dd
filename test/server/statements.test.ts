// A statement answers the same the first time and once it is prepared (server/db/prepared.ts on
// PGlite, named statements on PostgreSQL): types, errors, transactions, a table that changed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Db } from '../../server/db/client.ts';
import { ENGINE, freshDb } from '../support/db.ts';

let db: Db;
test.before(async () => {
  db = await freshDb({ seed: false });
  await db.exec(`CREATE TABLE kinds (id int PRIMARY KEY, d date, at timestamptz, n numeric, f float8, b boolean, j jsonb, tags text[], t text)`);
});
test.after(async () => db.close());

const THRICE = [1, 2, 3];

test('values go in and come out alike on every use of a statement', async () => {
  for (const i of THRICE) {
    await db.query('INSERT INTO kinds (id, d, at, n, f, b, j, tags, t) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
      i,
      '2026-12-01',
      '2026-12-01T03:04:05.000Z',
      '12.50',
      1.5,
      true,
      { a: [1, 'x'] },
      ['satu', 'dua, tiga'],
      null,
    ]);
  }
  const answers = [];
  for (const i of THRICE) {
    const [row] = await db.query('SELECT id, d, at, n, f, b, j, tags, t FROM kinds WHERE id = $1', [i]);
    answers.push(row);
  }
  for (const row of answers) {
    const r = row as Record<string, unknown>;
    assert.is(r.d, '2026-12-01', 'a date is the text the contract speaks');
    assert.is((r.at as Date).toISOString(), '2026-12-01T03:04:05.000Z');
    assert.is(r.f, 1.5);
    assert.is(r.b, true);
    assert.equal(r.j, { a: [1, 'x'] });
    assert.equal(r.tags, ['satu', 'dua, tiga']);
    assert.is(r.t, null);
  }
  assert.equal(answers[1], { ...(answers[0] as object), id: 2 });
  assert.equal(answers[2], { ...(answers[0] as object), id: 3 });
});

test('a refused statement keeps its code, and the next ones run', async () => {
  for (const _ of THRICE) {
    try {
      await db.query('INSERT INTO kinds (id) VALUES ($1)', [1]);
      assert.unreachable('a duplicate key is refused');
    } catch (err) {
      assert.is((err as { code?: string }).code, '23505');
    }
  }
  assert.equal(await db.query('SELECT count(*)::int AS n FROM kinds WHERE id = $1', [1]), [{ n: 1 }]);
});

test('a transaction that throws leaves nothing; one that ends writes everything', async () => {
  for (const id of [10, 11, 12]) {
    await db
      .tx(async (q) => {
        await q.query('INSERT INTO kinds (id) VALUES ($1)', [id]);
        throw new Error('changed its mind');
      })
      .catch(() => undefined);
  }
  assert.equal(await db.query('SELECT id FROM kinds WHERE id >= $1', [10]), []);
  for (const id of [10, 11, 12]) await db.tx((q) => q.query('INSERT INTO kinds (id) VALUES ($1)', [id]));
  assert.equal(await db.query('SELECT id FROM kinds WHERE id >= $1 ORDER BY id', [10]), [{ id: 10 }, { id: 11 }, { id: 12 }]);
});

// PGlite's prepared statements only: pg's named statements on PostgreSQL answer 0A000 here
// until the connection is new.
test('PGlite: a table whose columns changed is read with its new columns', async () => {
  if (ENGINE !== 'pglite') return;
  const read = () => db.query<Record<string, unknown>>('SELECT * FROM kinds WHERE id = $1', [1]);
  await read();
  await read();
  await db.exec('ALTER TABLE kinds ADD COLUMN extra text');
  const [row] = await read();
  assert.ok('extra' in row, Object.keys(row).join(', '));
});

test.run();

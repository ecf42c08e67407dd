// The migration runner (server/db/migrate.ts): each file once, whole, in a transaction of its own,
// on an empty database and on one an earlier release migrated.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { emptyDb } from '../support/db.ts';

const MIGRATIONS = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

/** Runs `fn` with a folder of migrations of the test's own and an empty database, then removes both. */
async function withMigrations(files: Record<string, string>, fn: (db: Db, dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  const db = await emptyDb();
  try {
    await fn(db, dir);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The error `run` fails with; the test fails if it does not. */
async function failure(run: () => Promise<unknown>, what: string): Promise<string> {
  try {
    await run();
  } catch (err) {
    return (err as Error).message;
  }
  assert.unreachable(what);
  return '';
}

const tableExists = async (db: Db, name: string) =>
  ((await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [name]))[0]?.t ?? null) !== null;
const appliedIds = async (db: Db) => (await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id')).map((r) => r.id);

test("an empty database gets the project's migrations in order, plpgsql bodies whole; a second run applies nothing", async () => {
  const db = await emptyDb();
  try {
    const files = readdirSync(MIGRATIONS)
      .filter((f) => /^\d{3}-.*\.sql$/.test(f))
      .sort();
    assert.equal(await migrate(db), files);
    assert.equal(await appliedIds(db), files);
    // 011's trigger function spans several lines, each ending in ';'.
    const [fn] = await db.query<{ src: string }>("SELECT prosrc AS src FROM pg_proc WHERE proname = 'session_ended'");
    assert.ok(fn?.src.includes('OR NEW.token_hash <> OLD.token_hash'), fn?.src);
    assert.ok(fn?.src.trim().endsWith('RETURN NEW; END'), fn?.src);
    // 003's and 005's: the audit log refuses a change.
    await db.query("INSERT INTO audit_log (action, outcome) VALUES ('login', 'ok')");
    assert.match(await failure(() => db.query("UPDATE audit_log SET outcome = 'changed'"), 'the audit log is append-only'), 'audit_log is append-only');
    assert.equal(await migrate(db), []);
  } finally {
    await db.close();
  }
});

test('a file runs whole: a function over several lines, semicolons and dashes inside a string, comments', async () => {
  await withMigrations(
    {
      '001-notes.sql': `-- a comment; with a semicolon;
CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL);
INSERT INTO notes VALUES (1, 'satu;
-- not a comment: a line of the text;
dua');
CREATE FUNCTION note_count() RETURNS int LANGUAGE plpgsql AS $body$
DECLARE
  n int;
BEGIN
  SELECT count(*) INTO n FROM notes;
  RETURN n;
END
$body$;
`,
    },
    async (db, dir) => {
      assert.equal(await migrate(db, dir), ['001-notes.sql']);
      assert.equal(await db.query('SELECT body FROM notes'), [{ body: 'satu;\n-- not a comment: a line of the text;\ndua' }]);
      assert.equal(await db.query('SELECT note_count() AS n'), [{ n: 1 }]);
    },
  );
});

test('a file that fails leaves nothing behind, is not recorded, and is applied once it is fixed', async () => {
  await withMigrations(
    {
      '001-tags.sql': 'CREATE TABLE tags (id int PRIMARY KEY);\nINSERT INTO nowhere VALUES (1);\n',
    },
    async (db, dir) => {
      assert.match(await failure(() => migrate(db, dir), 'a statement of the file fails'), 'nowhere');
      assert.is(await tableExists(db, 'tags'), false, 'the statement before the failing one is rolled back');
      assert.equal(await appliedIds(db), []);
      writeFileSync(join(dir, '001-tags.sql'), 'CREATE TABLE tags (id int PRIMARY KEY);\nINSERT INTO tags VALUES (1);\n');
      assert.equal(await migrate(db, dir), ['001-tags.sql']);
      assert.equal(await db.query('SELECT id FROM tags'), [{ id: 1 }]);
    },
  );
});

test('a database an earlier release migrated keeps its record: an applied file never runs again, a new one runs', async () => {
  await withMigrations(
    {
      '001-once.sql': 'CREATE TABLE once (id int);\n',
      '002-next.sql': 'CREATE TABLE next (id int);\n',
    },
    async (db, dir) => {
      // The bookkeeping as the runner has always written it, with 001 applied.
      await db.exec(`CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
          CREATE TABLE once (id int);
          INSERT INTO schema_migrations (id) VALUES ('001-once.sql');`);
      assert.equal(await migrate(db, dir), ['002-next.sql']);
      assert.equal(await appliedIds(db), ['001-once.sql', '002-next.sql']);
      assert.is(await tableExists(db, 'next'), true);
    },
  );
});

test.run();

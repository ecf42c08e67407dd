// The audit log cannot be flooded or emptied: requests without a valid token are counted per
// minute and address, not written a row each; every patient read and write still is; old rows
// leave only through the archive command, into a file first; the application cannot DELETE.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { archiveAudit } from '../../server/audit-cli.ts';
import { AUDIT_RETENTION_DEFAULT_DAYS, loadConfig } from '../../server/config.ts';
import { openPglite, openPostgres, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { DEMO_A, loginAs, testApp, testConfig, type TestApp } from '../support/app.ts';
import { ENGINE } from '../support/db.ts';
import { openStream } from '../support/stream.ts';
import { serverScript } from '../support/server.ts';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const lastId = async (db: Db = t.db) => (await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM audit_log'))[0].id;
const rowsAfter = (id: number, db: Db = t.db) =>
  db.query<{ action: string; outcome: string; actor: string | null; ip: string; count: number }>(
    'SELECT action, outcome, actor, ip, count FROM audit_log WHERE id > $1 ORDER BY id',
    [id],
  );
const sum = (rows: Array<{ count: number }>) => rows.reduce((n, r) => n + r.count, 0);

/** n requests at once, in slices so the test does not hold thousands of sockets' worth of objects. */
async function many(n: number, send: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < n; i += 250) await Promise.all(Array.from({ length: Math.min(250, n - i) }, (_, j) => send(i + j)));
}

test('1,000 requests without a valid token add a handful of rows that count them all', async () => {
  const from = await lastId();
  await many(1000, (i) =>
    t.app.inject({
      url: i % 2 ? '/api/patient/kddep' : '/api/patient/profil/pasien',
      headers: i % 3 ? {} : { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAA' },
      remoteAddress: '10.9.9.9',
    }),
  );
  await many(100, () =>
    t.app.inject({
      method: 'POST',
      url: '/api/internal/notify',
      payload: { nomr: DEMO_A.nomr, title: 'x', body: 'y' },
      headers: { authorization: 'Bearer wrong-token-0123456789' },
      remoteAddress: '10.9.9.9',
    }),
  );
  await t.app.flushAudit();
  const rows = await rowsAfter(from);
  // One row per minute, address and kind: two kinds, and a minute may turn during the test.
  assert.ok(rows.length <= 4, `${rows.length} rows`);
  assert.ok(rows.every((r) => r.ip === '10.9.9.9' && r.outcome === 'unauthorized' && r.actor === null));
  assert.is(sum(rows.filter((r) => r.action === 'auth')), 1000);
  assert.is(sum(rows.filter((r) => r.action === 'internal')), 100);
});

test('a flood of locked-out logins is counted too, while each compared login is a row', async () => {
  const from = await lastId();
  const start = Date.now();
  await many(300, () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/proxy-login',
      payload: { medical_record_number: '77770001', birthdate: '1970-01-01' },
      remoteAddress: '10.9.9.10',
    }),
  );
  await t.app.flushAudit();
  const rows = await rowsAfter(from);
  const failed = rows.filter((r) => r.outcome === 'failed');
  const throttled = rows.filter((r) => r.outcome === 'throttled');
  assert.is(failed.length, 5, 'LOGIN_MAX_FAILURES comparisons, a row each');
  // One row per minute the flood lasted (on a loaded machine it may span more than one turn of the minute).
  const minutes = Math.floor(Date.now() / 60_000) - Math.floor(start / 60_000) + 1;
  assert.ok(throttled.length <= minutes, `${throttled.length} rows over ${minutes} minute(s)`);
  assert.is(sum(throttled), 295);
});

test('every patient read and write is still written, a row each', async () => {
  const token = await loginAs(t.app, DEMO_A);
  const from = await lastId();
  for (let i = 0; i < 7; i++) await t.app.inject({ url: '/api/patient/kddep', headers: { authorization: `Bearer ${token}` } });
  await t.app.inject({
    method: 'POST',
    url: '/api/patient/simpan/fcmtoken',
    headers: { authorization: `Bearer ${token}` },
    payload: { fcmtoken: 'fcm-token-0123456789:APA91b' },
  });
  await t.app.flushAudit();
  const rows = await rowsAfter(from);
  assert.is(rows.filter((r) => r.action === 'records.read' && r.actor === DEMO_A.nomr && r.count === 1).length, 7);
  assert.is(rows.filter((r) => r.action === 'records.write' && r.actor === DEMO_A.nomr).length, 1);
});

test('a live stream, which the route writes itself, is written too: a row once it ends', async () => {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token = await loginAs(t.app, DEMO_A);
  const from = await lastId();
  const stream = openStream(`${url}${API.clinicQueueLive}`, token);
  await stream.until((body) => body.includes('data: '));
  stream.close();
  const streamed = () =>
    t.db.query<{ outcome: string; actor: string }>(`SELECT outcome, actor FROM audit_log WHERE id > $1 AND action = 'records.read' AND detail = $2`, [
      from,
      `GET ${API.clinicQueueLive}`,
    ]);
  // Its row is queued when the server sees the stream end, a moment after the phone left.
  let rows = await streamed();
  for (let i = 0; i < 200 && !rows.length; i++) {
    await new Promise((r) => setTimeout(r, 25));
    await t.app.flushAudit();
    rows = await streamed();
  }
  assert.equal(rows, [{ outcome: '200', actor: DEMO_A.nomr }]);
});

if (ENGINE === 'postgres') {
  test('two server processes on one PostgreSQL each count their own, and together they count all', async () => {
    const url = (t.db as Db & { url: string }).url;
    const otherDb = await openPostgres(url, 5);
    const other = await buildApp({ config: testConfig(), db: otherDb, logger: false });
    try {
      const from = await lastId();
      await many(600, (i) => (i % 2 ? t.app : other).inject({ url: '/api/patient/kddep', remoteAddress: '10.9.9.11' }));
      await Promise.all([t.app.flushAudit(), other.flushAudit()]);
      const rows = await rowsAfter(from);
      assert.ok(rows.length <= 4, `${rows.length} rows`);
      assert.is(sum(rows), 600);
    } finally {
      await other.close();
      await otherDb.close();
    }
  });
}

/** Three rows from 30 years ago, one from yesterday; answers the old rows' actions. */
async function oldAndNewRows(db: Db, tag: string): Promise<string[]> {
  const old = [1, 2, 3].map((i) => `${tag}-old-${i}`);
  for (const action of old)
    await db.query(`INSERT INTO audit_log (at, action, outcome, subject) VALUES (now() - interval '30 years', $1, 'ok', '00012345')`, [action]);
  await db.query(`INSERT INTO audit_log (at, action, outcome) VALUES (now() - interval '1 day', $1, 'ok')`, [`${tag}-new`]);
  return old;
}

const archived = (file: string) =>
  gunzipSync(readFileSync(file))
    .toString()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function refusesChanges(db: Db): Promise<void> {
  for (const change of ['DELETE FROM audit_log', `UPDATE audit_log SET outcome = 'x'`, 'TRUNCATE audit_log']) {
    let refused = false;
    await db.query(change).catch(() => (refused = true));
    assert.ok(refused, change);
  }
}

test('the archive moves rows past the retention into a gzip JSON-lines file and removes them; newer rows stay', async () => {
  const old = await oldAndNewRows(t.db, 'a');
  const dir = mkdtempSync(join(tmpdir(), 'audit-archive-'));
  try {
    const cutoff = new Date(Date.now() - AUDIT_RETENTION_DEFAULT_DAYS * DAY_MS);
    const result = await archiveAudit(t.db, { cutoff, dir, batch: 2 });
    assert.is(result.rows, 3);
    const lines = archived(result.file!);
    assert.equal(
      lines.map((l) => l.action),
      old,
    );
    assert.equal(Object.keys(lines[0]).sort(), ['action', 'actor', 'at', 'count', 'detail', 'id', 'ip', 'outcome', 'req_id', 'subject']);
    assert.match(String(lines[0].at), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    const left = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'a-%'`);
    assert.equal(
      left.map((r) => r.action),
      ['a-new'],
    );
    assert.equal(readdirSync(dir), [result.file!.slice(dir.length + 1)], 'no partial file left');
    assert.equal(await archiveAudit(t.db, { cutoff, dir }), { file: null, rows: 0 }, 'nothing left to archive');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the application still cannot DELETE, UPDATE or TRUNCATE the audit log', async () => {
  await refusesChanges(t.db);
  const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
  assert.ok(n > 0);
});

test('AUDIT_RETENTION_DAYS is a validated setting, 25 years by default', () => {
  assert.is(loadConfig({}).security.auditRetentionDays, AUDIT_RETENTION_DEFAULT_DAYS);
  assert.is(AUDIT_RETENTION_DEFAULT_DAYS, Math.floor(25 * 365.25));
  assert.is(loadConfig({ AUDIT_RETENTION_DAYS: '3650' }).security.auditRetentionDays, 3650);
  assert.throws(() => loadConfig({ AUDIT_RETENTION_DAYS: 'forever' }), /AUDIT_RETENTION_DAYS/);
});

test('npm run audit:archive does it as a command, on the configured database', async () => {
  const out = mkdtempSync(join(tmpdir(), 'audit-out-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'audit-data-'));
  try {
    const env: Record<string, string> = { AUDIT_RETENTION_DAYS: '365', LOG_LEVEL: 'silent', DATABASE_URL: '', AUDIT_ARCHIVE_DATABASE_URL: '' };
    if (ENGINE === 'postgres') {
      env.DATABASE_URL = (t.db as Db & { url: string }).url;
      await oldAndNewRows(t.db, 'cli');
    } else {
      // PGlite is one process's: the command opens the data dir while no server holds it.
      env.DATA_DIR = dataDir;
      const db = await openPglite(dataDir);
      await migrate(db);
      await oldAndNewRows(db, 'cli');
      await db.close();
    }
    const said = execFileSync(process.execPath, [...serverScript('server/audit-cli.ts'), '--out', out], { env: { ...process.env, ...env } }).toString();
    assert.match(said, /^3 audit rows from before .* archived to .*\.jsonl\.gz and removed/);
    const [file] = readdirSync(out);
    assert.equal(
      archived(join(out, file)).map((l) => l.action),
      ['cli-old-1', 'cli-old-2', 'cli-old-3'],
    );
    const db = ENGINE === 'postgres' ? t.db : await openPglite(dataDir);
    try {
      const left = await db.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'cli-%'`);
      assert.equal(
        left.map((r) => r.action),
        ['cli-new'],
      );
      await refusesChanges(db);
    } finally {
      if (db !== t.db) await db.close();
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});

if (ENGINE === 'postgres') {
  test('with roles apart, the application role cannot remove a row, and the archive role only through the function', async () => {
    const url = new URL((t.db as Db & { url: string }).url);
    const suffix = Math.random().toString(36).slice(2, 8);
    const [appRole, archiveRole] = [`audit_app_${suffix}`, `audit_archive_${suffix}`];
    const password = `pw-${suffix}-0123456789`;
    const as = (role: string) => {
      const u = new URL(url);
      u.username = role;
      u.password = password;
      return openPostgres(u.toString(), 2);
    };
    await t.db.query(`CREATE ROLE ${appRole} LOGIN PASSWORD '${password}'`);
    await t.db.query(`CREATE ROLE ${archiveRole} LOGIN PASSWORD '${password}'`);
    const dir = mkdtempSync(join(tmpdir(), 'audit-roles-'));
    try {
      await t.db.query(`GRANT SELECT, INSERT ON audit_log TO ${appRole}`);
      await t.db.query(`GRANT USAGE ON SEQUENCE audit_log_id_seq TO ${appRole}`);
      await t.db.query(`GRANT SELECT ON audit_log TO ${archiveRole}`);
      await t.db.query(`GRANT EXECUTE ON FUNCTION audit_log_remove(timestamptz, bigint) TO ${archiveRole}`);
      await oldAndNewRows(t.db, 'roles');
      const appDb = await as(appRole);
      try {
        await appDb.query(`INSERT INTO audit_log (action, outcome) VALUES ('roles-app', 'ok')`);
        for (const attempt of ['DELETE FROM audit_log', `SELECT audit_log_remove(now(), 9223372036854775807)`]) {
          const err = await appDb.query(attempt).then(
            () => null,
            (e: { code?: string }) => e,
          );
          assert.is(err?.code, '42501', `${attempt}: permission denied`);
        }
      } finally {
        await appDb.close();
      }
      const archiveDb = await as(archiveRole);
      try {
        const err = await archiveDb.query('DELETE FROM audit_log').then(
          () => null,
          (e: { code?: string }) => e,
        );
        assert.is(err?.code, '42501', 'no DELETE of its own');
        const result = await archiveAudit(archiveDb, { cutoff: new Date(Date.now() - 20 * 365 * DAY_MS), dir });
        assert.is(result.rows, 3);
      } finally {
        await archiveDb.close();
      }
      const left = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'roles-%' ORDER BY id`);
      assert.equal(
        left.map((r) => r.action),
        ['roles-new', 'roles-app'],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
      for (const role of [appRole, archiveRole]) {
        await t.db.query(`DROP OWNED BY ${role}`);
        await t.db.query(`DROP ROLE ${role}`);
      }
    }
  });
}

test.run();

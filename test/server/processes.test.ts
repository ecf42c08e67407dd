// Whole server processes: the CLIs, and (on PostgreSQL) two servers sharing one database.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib } from '../../src/lib/dates.ts';
import { COHORT } from '../../server/db/seed.ts';
import { createPgDatabase, ENGINE } from '../support/db.ts';
import { startServer } from '../support/server.ts';

const cli = (script: string, args: string[], env: Record<string, string>) =>
  execFileSync(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } }).toString();

async function post(url: string, body: object, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { code: res.status, body: (await res.json()) as Record<string, any> };
}

if (ENGINE === 'pglite') {
  test('npm run seed -- --patients N and npm run notify work on a data dir', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pasien-cli-'));
    try {
      const seeded = cli('server/db/seed-cli.ts', ['--patients', '50'], { DATA_DIR: dir });
      assert.match(seeded, /generated 50 patients and 500 history rows/);
      const out = cli('server/notify-cli.ts', ['--nomr', '00012345', '--title', 'Obat Anda siap diambil', '--body', 'Silakan ke loket farmasi'], { DATA_DIR: dir });
      assert.match(out, /notification \d+ recorded for 00012345/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

if (ENGINE === 'postgres') {
  test('two server processes on one PostgreSQL: N+15 simultaneous bookings for N seats give exactly N', async () => {
    const url = await createPgDatabase(process.env.TEST_PG_URL!);
    const env = { DATABASE_URL: url, DIST_DIR: '/nonexistent' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    try {
      const seats = 6;
      const date = nextOnWeekday(addDays(todayWib(), 60), 1);
      // Dr D001 practises in clinic 20001 every weekday morning (sts_jam 1).
      const tokens = await Promise.all(
        Array.from({ length: seats + 15 }, async (_, i) => {
          const r = await post(`${(i % 2 ? a : b).url}/api/auth/proxy-login`, { medical_record_number: String(COHORT.first + i), birthdate: COHORT.tgl_lahir, fcmtoken: '' });
          return r.body.token.access_token as string;
        }),
      );
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(
        `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi)
         SELECT id, $1, $2, 0 FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND hari = 1 AND sts_jam = '1'`,
        [date, seats],
      );
      const results = await Promise.all(
        tokens.map((token, i) =>
          post(`${(i % 2 ? a : b).url}/api/patient/simpan/janji`, {
            nomr: String(COHORT.first + i), tgl_janji: date, sts_ue: 'U', tgl_lahir: COHORT.tgl_lahir,
            kd_dep: '20001', kd_dr: 'D001', sts_jam: '1', carabayar: 'P', hp: '081234567890',
          }, token),
        ),
      );
      assert.is(results.filter((r) => r.code >= 500).length, 0);
      assert.is(results.filter((r) => r.body.status === true).length, seats);
      const { rows } = await client.query('SELECT count(*)::int AS n FROM appointments WHERE tgl_janji = $1', [date]);
      await client.end();
      assert.is(rows[0].n, seats);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
}

test.run();

// Whole server processes: the CLIs, and (on PostgreSQL) two servers sharing one database.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { openPglite, openPostgres } from '../../server/db/client.ts';
import { COHORT } from '../../server/connector/local/demo/seed.ts';
import { DEMO_A, INTERNAL_TOKEN } from '../support/app.ts';
import { createPgDatabase, ENGINE } from '../support/db.ts';
import { startCluster } from '../support/pg-cluster.ts';
import { pushEndpoint, subscriber } from '../support/push.ts';
import { apiToken, serverScript, startServer } from '../support/server.ts';

const cli = (script: string, args: string[], env: Record<string, string>) =>
  execFileSync(process.execPath, [...serverScript(script), ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } }).toString();

async function post(url: string, body: object, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read several answer shapes
  return { code: res.status, body: (await res.json()) as Record<string, any> };
}

/** A Non BPJS booking of D001's Monday morning in clinic 20001, some weeks ahead, for a cohort patient. */
const booking = (i: number, weeks: number) => ({
  nomr: String(COHORT.first + i),
  tgl_janji: nextOnWeekday(addDays(todayWib(), 7 * weeks), 1),
  sts_ue: 'U',
  tgl_lahir: COHORT.tgl_lahir,
  kd_dep: '20001',
  kd_dr: 'D001',
  sts_jam: '1',
  carabayar: 'P',
  hp: '081234567890',
});
const cohortLogin = (url: string, i: number) => apiToken(url, { nomr: String(COHORT.first + i), tgl_lahir: COHORT.tgl_lahir });

/** A data dir of its own for a test that restarts servers on it, removed afterwards. */
async function withDataDir(prefix: string, fn: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await fn(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function upcoming(url: string, i: number): Promise<Array<{ tanggal_janji: string; no_urut: number }>> {
  const token = await cohortLogin(url, i);
  const res = await fetch(`${url}/api/patient/jadwal/perjanjian/terdekat?nomr=${COHORT.first + i}&tgllahir=${COHORT.tgl_lahir}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { jadwal: Array<{ tanggal_janji: string; no_urut: number }> } }).data.jadwal;
}

/** A server started again (on `opts`' data dir) lists patient i's booking of week 9 under the number `answer` gave. */
async function assertStillBooked(env: Record<string, string>, i: number, answer: Awaited<ReturnType<typeof post>>, opts: { dataDir?: string } = {}) {
  const server = await startServer(env, opts);
  try {
    const listed = await upcoming(server.url, i);
    assert.ok(
      listed.some((a) => a.tanggal_janji === booking(i, 9).tgl_janji && a.no_urut === answer.body.data.no_urut),
      JSON.stringify(listed),
    );
  } finally {
    await server.stop();
  }
}

const processEnv = async (): Promise<Record<string, string>> => ({
  DIST_DIR: '/nonexistent',
  PUSH_WORKER: 'false',
  ...(ENGINE === 'postgres' ? { DATABASE_URL: await createPgDatabase(process.env.TEST_PG_URL!) } : {}),
});

if (ENGINE === 'pglite') {
  test('npm run seed -- --patients N and npm run notify work on a data dir', () =>
    withDataDir('pasien-cli-', async (dir) => {
      const seeded = cli('server/connector/local/demo/seed-cli.ts', ['--patients', '50'], { DATA_DIR: dir });
      assert.match(seeded, /generated 50 patients and 500 history rows/);
      const out = cli('server/notify-cli.ts', ['--nomr', '00012345', '--title', 'Obat Anda siap diambil', '--body', 'Silakan ke loket farmasi'], {
        DATA_DIR: dir,
      });
      assert.match(out, /notification \d+ recorded for 00012345/);
    }));
}

if (ENGINE === 'postgres') {
  test('two server processes on one PostgreSQL: N+15 simultaneous bookings for N seats give exactly N', async () => {
    const url = await createPgDatabase(process.env.TEST_PG_URL!);
    const env = { DATABASE_URL: url, DIST_DIR: '/nonexistent' };
    // Both at once on the empty database: each migrates and seeds it, or waits for the other.
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
      throw failed.reason;
    }
    const [a, b] = started.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof startServer>>>).value);
    try {
      const seats = 6;
      const date = nextOnWeekday(addDays(todayWib(), 60), 1);
      // Dr D001 practises in clinic 20001 every weekday morning (sts_jam 1).
      const tokens = await Promise.all(
        Array.from({ length: seats + 15 }, async (_, i) => {
          const r = await post(`${(i % 2 ? a : b).url}/api/auth/proxy-login`, {
            medical_record_number: String(COHORT.first + i),
            birthdate: COHORT.tgl_lahir,
            fcmtoken: '',
          });
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
          post(
            `${(i % 2 ? a : b).url}/api/patient/simpan/janji`,
            {
              nomr: String(COHORT.first + i),
              tgl_janji: date,
              sts_ue: 'U',
              tgl_lahir: COHORT.tgl_lahir,
              kd_dep: '20001',
              kd_dr: 'D001',
              sts_jam: '1',
              carabayar: 'P',
              hp: '081234567890',
            },
            token,
          ),
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

test('a notification queued when the server is killed (-9) before sending goes out exactly once after a restart', async () => {
  const endpoint = await pushEndpoint();
  const env: Record<string, string> = { ...(await processEnv()), INTERNAL_API_TOKEN: INTERNAL_TOKEN, PUSH_ENDPOINT_HOSTS: '127.0.0.1', PUSH_POLL_MS: '100' };
  const phone = subscriber(`${endpoint.url}/push/kill`);
  try {
    await withDataDir('pasien-kill-', async (dataDir) => {
      // The first process queues but does not send (PUSH_WORKER off), then dies without a word.
      const first = await startServer(env, { dataDir });
      const login = await post(`${first.url}/api/auth/proxy-login`, { medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir, fcmtoken: phone.json });
      assert.is(login.code, 200);
      const queued = await post(
        `${first.internalUrl}/api/internal/notify`,
        { nomr: DEMO_A.nomr, title: 'Obat Anda siap diambil', body: 'Nomor antrian farmasi F-012.' },
        INTERNAL_TOKEN,
      );
      assert.is(queued.body.data.registrations, 1);
      await first.stop('SIGKILL');
      assert.is(endpoint.received.length, 0);

      const second = await startServer({ ...env, PUSH_WORKER: 'true' }, { dataDir });
      try {
        const deadline = Date.now() + 20_000;
        while (!endpoint.received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        // Once: stopped (a stop lets the send in flight end), it sent one; and the database it
        // leaves holds the delivery as sent, so no restart sends it again.
        await second.stop();
        assert.is(endpoint.received.length, 1);
        assert.is(phone.decrypt(endpoint.received[0].body).title, 'Obat Anda siap diambil');
        const db = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, 1) : await openPglite(dataDir);
        try {
          assert.equal(await db.query('SELECT status FROM push_deliveries'), [{ status: 'sent' }]);
        } finally {
          await db.close();
        }
      } finally {
        await second.stop();
      }
    });
  } finally {
    await endpoint.close();
  }
});

test('a booking acknowledged to the client survives kill -9 of the server right after', async () => {
  const env = await processEnv();
  await withDataDir('pasien-durable-', async (dataDir) => {
    const first = await startServer(env, { dataDir });
    const token = await cohortLogin(first.url, 40);
    const answer = await post(`${first.url}/api/patient/simpan/janji`, booking(40, 9), token);
    first.proc.kill('SIGKILL'); // the moment the answer is in
    assert.is(answer.body.status, true);
    await first.stop('SIGKILL');
    await assertStillBooked(env, 40, answer, { dataDir });
  });
});

if (ENGINE === 'postgres') {
  // A booking is answered only once its commit's WAL is flushed (docs/decisions.md, Booking
  // rules); a commit that did not wait for it lost bookings so. PostgreSQL itself crashing the
  // moment the answer is in must not lose the booking. A cluster of its own, stopped as a crash
  // stops it: what its WAL buffers held and had not written is gone.
  test('a booking acknowledged to the client survives PostgreSQL crashing right after', async () => {
    const cluster = await startCluster();
    try {
      const env = { DATABASE_URL: await createPgDatabase(cluster.url), DIST_DIR: '/nonexistent', PUSH_WORKER: 'false' };
      const first = await startServer(env);
      let answer: Awaited<ReturnType<typeof post>>;
      try {
        const token = await cohortLogin(first.url, 41);
        answer = await post(`${first.url}/api/patient/simpan/janji`, booking(41, 9), token);
        cluster.crash(); // the moment the answer is in
      } finally {
        await first.stop('SIGKILL');
      }
      assert.is(answer.body.status, true, JSON.stringify(answer.body));
      cluster.start();
      await assertStillBooked(env, 41, answer);
    } finally {
      cluster.stop();
    }
  });
}

test('SIGTERM: no new connections, the request in flight is finished, the database closed cleanly', async () => {
  const env = await processEnv();
  await withDataDir('pasien-term-', async (dataDir) => {
    const server = await startServer(env, { dataDir });
    const token = await cohortLogin(server.url, 41);
    const body = JSON.stringify(booking(41, 10));
    // A booking whose body is still arriving when the signal comes: the rest of it is sent once
    // a new connection has been refused.
    let sendRest: () => void = () => undefined;
    const answer = new Promise<{ code: number; body: string }>((resolve, reject) => {
      const req = request(
        `${server.url}/api/patient/simpan/janji`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ code: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      sendRest = () => req.end(body.slice(20));
      setTimeout(() => server.proc.kill('SIGTERM'), 300); // the request's head read by then
    });
    // Asked again until refused (or 10 s): the listener closes at the signal, the request stays.
    let refused = false;
    for (const end = Date.now() + 10_000; !refused && Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      refused = await fetch(`${server.url}/api/health`).then(
        () => false,
        () => true,
      );
    }
    assert.ok(refused, 'a new connection is refused while closing');
    sendRest();
    const res = await answer;
    assert.is(res.code, 200);
    assert.is(JSON.parse(res.body).status, true);
    assert.is(await server.stop(), 0, 'exit code 0');
    if (ENGINE === 'pglite') assert.not.ok(existsSync(join(dataDir, 'server.lock')), 'the data dir is released');
    const again = await startServer(env, { dataDir });
    try {
      assert.ok((await upcoming(again.url, 41)).some((a) => a.tanggal_janji === booking(41, 10).tgl_janji));
    } finally {
      await again.stop();
    }
  });
});

test.run();

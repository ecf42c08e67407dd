// The Mobile JKN web service's credential lockout (GET /api/jkn/token, docs/bpjs.md) holds as the
// patient login's does (test/server/login-throttle.test.ts): each attempt is counted, and a lock
// decided, before the password is compared, so a burst of any size gets exactly JKN_WS_MAX_FAILURES
// comparisons and the right password is then refused while the lock lasts; counted by the
// client's address as every per-address limit is (an IPv6 client by its /64, an IPv4-mapped
// address as its IPv4). On PGlite and on PostgreSQL; on PostgreSQL also across two server processes.
import type { FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { testConfig } from '../support/app.ts';
import { createPgDatabase, ENGINE, freshDb } from '../support/db.ts';
import { startServer } from '../support/server.ts';

const USER = 'mobilejkn-rs';
const PASSWORD = 'kata-sandi-ws-rs-kunci-0789';
const MAX = 5;
const LOCKED = /^Terlalu banyak percobaan yang gagal\. Silakan coba lagi setelah pukul \d{2}\.\d{2} WIB\.$/;

let db: Db;
let app: FastifyInstance;

test.before(async () => {
  db = await freshDb();
  app = await buildApp({ config: testConfig({ jkn: { username: USER, password: PASSWORD, tokenMinutes: 60, maxFailures: MAX } }), db, logger: false });
  await app.ready();
});
test.after(async () => {
  await app.close();
  await db.close();
});

const token = async (remoteAddress: string, password = PASSWORD) => {
  const res = await app.inject({ method: 'GET', url: '/api/jkn/token', headers: { 'x-username': USER, 'x-password': password }, remoteAddress });
  const body = res.json() as { response?: { token: string }; metadata: { code: number; message: string } };
  return { http: res.statusCode, code: body.metadata.code, message: body.metadata.message };
};
const denied = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'jkn.token' AND outcome = 'denied'`))[0].n;

test('300 wrong passwords at once from one address: exactly JKN_WS_MAX_FAILURES compared, the rest and then the right one refused (201)', async () => {
  const before = await denied();
  const answers = await Promise.all(Array.from({ length: 300 }, () => token('10.20.30.40', 'not-the-password-0000')));
  assert.ok(answers.every((a) => a.http === 200 && a.code === 201));
  assert.is(answers.filter((a) => a.message === 'Username atau password tidak sesuai.').length, MAX);
  assert.is(answers.filter((a) => LOCKED.test(a.message)).length, 300 - MAX);
  assert.is((await denied()) - before, MAX, 'one comparison audited per wrong password compared');
  const right = await token('10.20.30.40');
  assert.equal([right.http, right.code], [200, 201]);
  assert.match(right.message, LOCKED);
  assert.is((await token('10.20.30.41')).code, 200, 'another address is not locked');
});

test("counted by the client's /64 for IPv6 and by the IPv4 of an IPv4-mapped address", async () => {
  for (let i = 1; i <= MAX; i++) assert.is((await token(`2001:db8:7:7::${i}`, 'wrong-password-000')).message, 'Username atau password tidak sesuai.');
  // Another address of the same /64 (a new privacy address) is the same client.
  assert.match((await token('2001:db8:7:7:ffff:1:2:3')).message, LOCKED);
  assert.is((await token('2001:db8:7:8::1')).code, 200, 'the next /64 is another client');

  for (let i = 0; i < MAX; i++) await token('::ffff:10.9.9.9', 'wrong-password-000');
  assert.match((await token('10.9.9.9')).message, LOCKED, 'the IPv4 address written plain is the same client');
});

if (ENGINE === 'postgres') {
  test('two server processes on one PostgreSQL: 300 wrong passwords between them, exactly JKN_WS_MAX_FAILURES compared; the right one then refused by both', async () => {
    const url = await createPgDatabase(process.env.TEST_PG_URL!);
    const env = {
      DATABASE_URL: url,
      DIST_DIR: '/nonexistent',
      PUSH_WORKER: 'false',
      JKN_WS_USERNAME: USER,
      JKN_WS_PASSWORD: PASSWORD,
      JKN_WS_MAX_FAILURES: String(MAX),
    };
    // One after the other: the first migrates and seeds the empty database.
    const a = await startServer(env);
    const b = await startServer(env).catch(async (err) => {
      await a.stop();
      throw err;
    });
    try {
      const get = (base: string, password: string) =>
        fetch(`${base}/api/jkn/token`, { headers: { 'x-username': USER, 'x-password': password } }).then(async (r) => ({
          http: r.status,
          ...((await r.json()) as { metadata: { code: number; message: string } }),
        }));
      const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => get(i % 2 ? a.url : b.url, `wrong-password-${i}`)));
      assert.ok(answers.every((x) => x.http === 200 && x.metadata.code === 201));
      assert.is(answers.filter((x) => x.metadata.message === 'Username atau password tidak sesuai.').length, MAX);
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'jkn.token' AND outcome = 'denied'`);
        assert.is(rows[0].n, MAX, 'exactly the limit compared, across both processes');
      } finally {
        await client.end();
      }
      for (const server of [a, b]) {
        const right = await get(server.url, PASSWORD);
        assert.equal([right.http, right.metadata.code], [200, 201]);
        assert.match(right.metadata.message, LOCKED);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
}

test.run();

// Login throttling under concurrency, on PGlite and on PostgreSQL with a pool (real parallelism):
// the attempt is counted and the lock decided before the birth date is compared, so a burst of
// any size gets at most LOGIN_MAX_FAILURES comparisons, and a success never erases the burst.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatMoment } from '../../common/dates.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { lockSchedule } from '../../server/domain/throttle.ts';
import { COHORT, DEMO_A, DEMO_B, newPatient, testConfig } from '../support/app.ts';
import { ENGINE, freshDb } from '../support/db.ts';

const MAX = 5;
const IP_MAX = 12;
const CAP = 60;
const security = { ...loadConfig({}).security };
security.login = {
  nomr: { max: MAX, windowMinutes: 15, lockMinutes: 15, maxLockMinutes: CAP },
  ip: { max: IP_MAX, windowMinutes: 15, lockMinutes: 15, maxLockMinutes: CAP },
};

let db: Db;
let app: Awaited<ReturnType<typeof buildApp>>;
/** Statements sent to the database and not yet answered, at most, since the last reset. */
let inFlight = 0;
let maxInFlight = 0;

test.before(async () => {
  db = await freshDb();
  const query = db.query.bind(db);
  db.query = (async (sql: string, params?: unknown[]) => {
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    try {
      return await query(sql, params);
    } finally {
      inFlight--;
    }
  }) as Db['query'];
  app = await buildApp({ config: testConfig({ security }), db, logger: false });
  await app.ready();
});
test.after(async () => {
  await app.close();
  await db.close();
});
test.before.each(async () => {
  await db.query('DELETE FROM throttle');
  maxInFlight = 0;
});

let address = 0;
/** A client address of its own: the number's count is what is tested, not the address's. */
const newAddress = () => `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
const login = (nomr: string, birthdate: string, remoteAddress = newAddress()) =>
  app.inject({ method: 'POST', url: '/api/auth/proxy-login', payload: { medical_record_number: nomr, birthdate, fcmtoken: '' }, remoteAddress });
const codes = (answers: Array<{ statusCode: number }>) =>
  answers.reduce<Record<number, number>>((n, r) => {
    n[r.statusCode] = (n[r.statusCode] ?? 0) + 1;
    return n;
  }, {});
const lockOf = async (nomr: string) =>
  (
    await db.query<{ until: Date | null }>(`SELECT locked_until AS until FROM throttle WHERE scope = 'login-nomr' AND key = $1 AND locked_until > now()`, [
      nomr,
    ])
  )[0]?.until ?? null;

test('300 wrong birth dates for one number at once: exactly LOGIN_MAX_FAILURES are compared (401), the rest 429', async () => {
  const answers = await Promise.all(Array.from({ length: 300 }, () => login(DEMO_A.nomr, '1970-01-01')));
  assert.equal(codes(answers), { 401: MAX, 429: 300 - MAX });
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'login' AND outcome = 'failed' AND subject = $1`, [
    DEMO_A.nomr,
  ]);
  assert.is(n, MAX, 'one failed comparison audited per 401');
  // On PostgreSQL the pool sends them on many connections at once; PGlite has one and serialises.
  if (ENGINE === 'postgres') assert.ok(maxInFlight >= 10, `${maxInFlight} statements at once`);
});

test('40 wrong and the right one in one burst: the right one is refused once locked, and the lock holds', async () => {
  const burst = Array.from({ length: 40 }, () => login(DEMO_B.nomr, '1970-01-01'));
  // The right date goes while the burst is under way, as soon as the number is locked.
  while (!(await lockOf(DEMO_B.nomr))) await new Promise((r) => setImmediate(r));
  const right = await login(DEMO_B.nomr, DEMO_B.tgl_lahir);
  const answers = await Promise.all(burst);
  assert.is(right.statusCode, 429);
  assert.is(codes(answers)[401], MAX);
  const after = await login(DEMO_B.nomr, DEMO_B.tgl_lahir);
  assert.is(after.statusCode, 429, 'nothing in the burst cleared the count or the lock');
});

test('the right one anywhere in a burst: the burst still ends locked, and its wrong guesses are bounded', async () => {
  const nomr = String(COHORT.first + 7);
  const answers = await Promise.all(Array.from({ length: 41 }, (_, i) => login(nomr, i === 2 ? COHORT.tgl_lahir : '1970-01-01')));
  const c = codes(answers);
  assert.is((c[401] ?? 0) + (c[200] ?? 0) + (c[429] ?? 0), 41);
  // Fewer than LOGIN_MAX_FAILURES before the success (or it would have been refused), and
  // LOGIN_MAX_FAILURES after it at most: only guesses already answered when it came are forgiven.
  assert.ok((c[401] ?? 0) <= 2 * MAX - 1, JSON.stringify(c));
  // A success never erases the failures of the burst after it: they lock the number.
  assert.is((await login(nomr, COHORT.tgl_lahir)).statusCode, 429);
});

test('the lock message names the date and the time in WIB, and Retry-After agrees', async () => {
  for (let i = 0; i < MAX; i++) await login(DEMO_A.nomr, '1970-01-01');
  const until = await lockOf(DEMO_A.nomr);
  assert.ok(until);
  const locked = await login(DEMO_A.nomr, DEMO_A.tgl_lahir);
  assert.is(locked.statusCode, 429);
  assert.is(
    locked.json().message,
    `Terlalu banyak percobaan login yang gagal. Demi keamanan data Anda, silakan coba lagi setelah ${formatMoment(new Date(until).getTime())} WIB.`,
  );
  assert.match(locked.json().message, /setelah \d{2} [A-Z][a-z]+ \d{4} pukul \d{2}\.\d{2} WIB\.$/);
  const wait = Number(locked.headers['retry-after']);
  assert.ok(Math.abs(wait - (new Date(until).getTime() - Date.now()) / 1000) < 5, `Retry-After ${wait}`);
});

test('locks escalate 15, 30, 60 minutes and never past LOGIN_LOCK_MAX_MINUTES, however many follow', async () => {
  assert.equal(lockSchedule(security.login.nomr), [15, 30, 60, 60, 60, 60, 60]);
  const nomr = '90000777';
  const seen: number[] = [];
  for (let round = 0; round < 10; round++) {
    for (let i = 0; i < MAX; i++) assert.is((await login(nomr, '1970-01-01')).statusCode, 401);
    const locked = await login(nomr, '1970-01-01');
    assert.is(locked.statusCode, 429);
    seen.push(Number(locked.headers['retry-after']));
    await db.query(`UPDATE throttle SET locked_until = now() - interval '1 second' WHERE scope = 'login-nomr' AND key = $1`, [nomr]);
  }
  const minutes = seen.map((s) => Math.round(s / 60));
  assert.equal(minutes, [15, 30, 60, 60, 60, 60, 60, 60, 60, 60]);
  assert.ok(
    seen.every((s) => s <= CAP * 60),
    String(seen),
  );
});

test('LOGIN_LOCK_MAX_MINUTES is a validated setting, 60 by default', () => {
  assert.is(loadConfig({}).security.login.nomr.maxLockMinutes, 60);
  assert.is(loadConfig({ LOGIN_LOCK_MAX_MINUTES: '30' }).security.login.ip.maxLockMinutes, 30);
  assert.throws(() => loadConfig({ LOGIN_LOCK_MAX_MINUTES: '0' }), /LOGIN_LOCK_MAX_MINUTES/);
  assert.throws(() => loadConfig({ LOGIN_LOCK_MINUTES: '90' }), /LOGIN_LOCK_MAX_MINUTES must be at least/);
});

test('the address count holds under concurrency: 300 wrong logins over 300 numbers from one address, 12 compared', async () => {
  const ip = newAddress();
  const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => login(String(92000000 + i), '1970-01-01', ip)));
  assert.equal(codes(answers), { 401: IP_MAX, 429: 300 - IP_MAX });
  // The numbers refused by the address's lock were not counted against their patients.
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM throttle WHERE scope = 'login-nomr'`);
  assert.is(n, IP_MAX);
});

test("other patients' logins at once behind one address never lock it", async () => {
  const ip = newAddress();
  const answers = await Promise.all(Array.from({ length: IP_MAX - 1 }, (_, i) => login(String(COHORT.first + 180 + i), COHORT.tgl_lahir, ip)));
  assert.equal(codes(answers), { 200: IP_MAX - 1 });
  const again = await Promise.all(Array.from({ length: IP_MAX - 1 }, (_, i) => login(String(COHORT.first + 180 + i), COHORT.tgl_lahir, ip)));
  assert.equal(codes(again), { 200: IP_MAX - 1 }, 'the successes left nothing counted');
});

test('a patient who mistyped four times and then got it right is forgiven: the lock that last attempt set is lifted', async () => {
  const nomr = String(COHORT.first + 8);
  for (let i = 0; i < MAX - 1; i++) assert.is((await login(nomr, '1970-01-01')).statusCode, 401);
  assert.is((await login(nomr, COHORT.tgl_lahir)).statusCode, 200, 'the fifth attempt is compared, and right');
  assert.is(await lockOf(nomr), null);
  for (let i = 0; i < MAX; i++) assert.is((await login(nomr, '1970-01-01')).statusCode, 401, 'a fresh count');
  assert.is((await login(nomr, COHORT.tgl_lahir)).statusCode, 429);
});

test('an unknown number is throttled exactly like a known one', async () => {
  const answers = await Promise.all(Array.from({ length: 50 }, () => login('77777770', '1970-01-01')));
  assert.equal(codes(answers), { 401: MAX, 429: 50 - MAX });
});

test('registration: a burst from one address gets exactly REGISTER_MAX_PER_HOUR through, the rest 429', async () => {
  const max = security.register.max;
  const register = (i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/patient/simpan/pasien/baru',
      remoteAddress: '10.99.0.1',
      payload: newPatient(`3174${String(100000000000 + i)}`),
    });
  const answers = await Promise.all(Array.from({ length: max + 40 }, (_, i) => register(i)));
  assert.equal(codes(answers), { 200: max, 429: 40 });
});

test.run();

// Self-registration (docs/product.md §3, §5 and §7) and the registration counter's internal calls.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDatabase } from '../../server/open-database.ts';
import { saveRegistration } from '../../server/db/registrations.ts';
import { INTERNAL_TOKEN, newPatient, testApp, type TestApp } from '../support/app.ts';
import { createPgDatabase, ENGINE } from '../support/db.ts';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

const VALID = newPatient('3173041708680001');

// Each call from an address of its own: the per-address limit is not what these tests are about.
let address = 0;
const register = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/patient/simpan/pasien/baru',
    payload: body,
    remoteAddress: `10.25.${Math.floor(++address / 250)}.${address % 250}`,
  });
const service = (method: 'GET' | 'POST', url: string, token = INTERNAL_TOKEN) =>
  t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const stored = (nik: string) => t.db.query<Record<string, unknown>>('SELECT * FROM registrations WHERE no_ktp = $1', [nik]);
const audited = (id: unknown) =>
  t.db.query<{ action: string; outcome: string; actor: string | null }>(
    'SELECT action, outcome, actor FROM audit_log WHERE action = $1 AND detail = $2 ORDER BY id',
    ['registration', `registrasi ${id}`],
  );
/**
 * What the person sees of an answer: status, body and headers (not the date). Each submission has
 * a reference of its own (registration-ending.test.ts), of one length: compared as its shape.
 */
const answer = (r: Awaited<ReturnType<typeof register>>) => {
  const { date: _date, ...headers } = r.headers;
  return { status: r.statusCode, body: r.body.replace(/REG-[0-9A-Z]{6}/, 'REG-……'), headers };
};

test('a complete registration is stored as pending and answered with the saved message', async () => {
  const res = await register(VALID);
  assert.is(res.statusCode, 200);
  assert.is(res.json().status, true);
  assert.match(res.json().message, /Silahkan lanjutkan proses verifikasi di loket pendaftaran/);
  const rows = await t.db.query('SELECT nama FROM registrations WHERE no_ktp = $1', [VALID.no_ktp]);
  assert.is(rows.length, 1);
});

test('a pending NIK sent again is kept beside the first, audited, with the same answer; nothing is overwritten', async () => {
  const nik = '3173041708680002';
  const first = await register({ ...VALID, no_ktp: nik });
  const again = await register({ ...VALID, no_ktp: nik, nama: 'Rahmat Hidayatullah', telp_hp: '081298765432' });
  assert.equal(answer(again), answer(first));
  const rows = await stored(nik);
  assert.is(rows.length, 1, 'one registration per NIK');
  assert.is(rows[0].nama, VALID.nama, 'as first sent');
  assert.is(rows[0].telp_hp, VALID.telp_hp);
  assert.is(rows[0].status, 'pending');
  const sent = await t.db.query<{ nama: string; telp_hp: string }>(
    'SELECT nama, telp_hp FROM registration_submissions WHERE registration_id = $1 ORDER BY id',
    [rows[0].id],
  );
  assert.equal(sent, [
    { nama: VALID.nama, telp_hp: VALID.telp_hp },
    { nama: 'Rahmat Hidayatullah', telp_hp: '081298765432' },
  ]);
  assert.equal(
    (await audited(rows[0].id)).map((a) => a.outcome),
    ['created', 'resubmitted'],
  );
});

test('a new NIK, a pending one and a verified one get the same answer; a verified one is left unchanged', async () => {
  const [pending, verified] = ['3173041708680003', '3173041708680004'];
  await register({ ...VALID, no_ktp: pending });
  await register({ ...VALID, no_ktp: verified });
  const [row] = await stored(verified);
  assert.is((await service('POST', `/api/internal/registrasi/${row.id}/verifikasi`)).statusCode, 200);
  const answers = [
    await register({ ...VALID, no_ktp: '3173041708680005' }),
    await register({ ...VALID, no_ktp: pending, nama: 'Orang Lain' }),
    await register({ ...VALID, no_ktp: verified, nama: 'Orang Lain', telp_hp: '081311112222', email: 'lain@example.id' }),
  ].map(answer);
  assert.equal(answers[1], answers[0]);
  assert.equal(answers[2], answers[0]);
  const [kept] = await stored(verified);
  // The verification (not the later submissions) names the submission it was for: the only one then.
  const [only] = await t.db.query<{ id: string }>('SELECT min(id) AS id FROM registration_submissions WHERE registration_id = $1', [row.id]);
  assert.equal(
    kept,
    { ...row, status: 'verified', verified_at: kept.verified_at, verified_submission_id: only.id },
    'nothing of a verified registration changes',
  );
  assert.equal(
    (await audited(row.id)).map((a) => a.outcome),
    ['created', 'verified', 'resubmitted-verified'],
  );
});

test("the consent: absent (the spec's client) is kept as unknown, given is kept with its notice version, false is a 400", async () => {
  assert.is((await register({ ...VALID, no_ktp: '3173041708680006' })).json().status, true);
  assert.is((await stored('3173041708680006'))[0].persetujuan_privasi, null);
  const agreed = await register({ ...VALID, no_ktp: '3173041708680007', persetujuan_privasi: true, versi_privasi: 'privasi-v1' });
  assert.is(agreed.json().status, true);
  const [row] = await stored('3173041708680007');
  assert.is(row.persetujuan_privasi, true);
  assert.is(row.versi_privasi, 'privasi-v1');
  const refused = await register({ ...VALID, no_ktp: '3173041708680008', persetujuan_privasi: false, versi_privasi: 'privasi-v1' });
  assert.is(refused.statusCode, 400);
  assert.match(refused.json().message, /persetujuan_privasi/);
  assert.is((await stored('3173041708680008')).length, 0);
});

test('the counter lists the pending registrations, the latest submitted first, with the service token only', async () => {
  const niks = ['3173041708680011', '3173041708680012'];
  for (const nik of niks) await register({ ...VALID, no_ktp: nik, persetujuan_privasi: true, versi_privasi: 'privasi-v1' });
  const res = await service('GET', '/api/internal/registrasi?status=pending');
  assert.is(res.statusCode, 200);
  assert.is(res.headers['cache-control'], 'no-store');
  const list = res.json().data as Array<Record<string, unknown>>;
  assert.ok(list.every((r) => r.status === 'pending'));
  const mine = list.filter((r) => niks.includes(String(r.no_ktp)));
  assert.equal(
    mine.map((r) => r.no_ktp),
    [...niks].reverse(),
  );
  assert.equal(Object.keys(mine[0]).sort(), [
    'created_at',
    'email',
    'id',
    'kontak_berbeda',
    'nama',
    'no_ktp',
    'no_rm',
    'pekerjaan',
    'pengajuan',
    'persetujuan_privasi',
    'status',
    'telp_hp',
    'tempat_lahir',
    'tgl_lahir',
    'updated_at',
    'verified_at',
    'versi_privasi',
  ]);
  assert.is(mine[0].tgl_lahir, VALID.tgl_lahir);
  assert.match(String(mine[0].created_at), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
  assert.is(mine[0].verified_at, null);
  assert.is((await service('GET', '/api/internal/registrasi')).statusCode, 200, 'pending by default');
  assert.is((await service('GET', '/api/internal/registrasi?status=verified')).statusCode, 400);
  assert.is((await service('GET', '/api/internal/registrasi', '')).statusCode, 401);
  assert.is((await service('GET', '/api/internal/registrasi', 'a-wrong-token-0123456789')).statusCode, 401);
});

test('verifying marks a registration done, once, audited; an unknown id is a 404', async () => {
  await register({ ...VALID, no_ktp: '3173041708680021' });
  const [row] = await stored('3173041708680021');
  const url = `/api/internal/registrasi/${row.id}/verifikasi`;
  assert.is((await service('POST', url, '')).statusCode, 401);
  const done = await service('POST', url);
  assert.is(done.statusCode, 200);
  assert.is(done.json().data.status, 'verified');
  assert.match(done.json().data.verified_at, /\+07:00$/);
  const twice = await service('POST', url);
  assert.is(twice.statusCode, 200);
  assert.is(twice.json().data.verified_at, done.json().data.verified_at);
  assert.equal(await audited(row.id), [
    { action: 'registration', outcome: 'created', actor: null },
    { action: 'registration', outcome: 'verified', actor: 'hospital-system' },
  ]);
  const list = (await service('GET', '/api/internal/registrasi')).json().data as Array<{ id: number }>;
  assert.not.ok(
    list.some((r) => r.id === row.id),
    'no longer pending',
  );
  assert.is((await service('POST', '/api/internal/registrasi/999999999/verifikasi')).statusCode, 404);
  assert.is((await service('POST', '/api/internal/registrasi/abc/verifikasi')).statusCode, 400);
});

test('npm run registrations prints the pending ones as a table, and the reading is audited', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pasien-reg-'));
  const where = ENGINE === 'postgres' ? { databaseUrl: await createPgDatabase(process.env.TEST_PG_URL!), dataDir: dir } : { databaseUrl: null, dataDir: dir };
  const env = { ...process.env, LOG_LEVEL: 'silent', ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : { DATA_DIR: dir }) };
  try {
    const db = await openDatabase({ ...where, seedDemo: false });
    await saveRegistration(db, { ...VALID, no_ktp: '3173041708680031', persetujuan_privasi: true, versi_privasi: 'privasi-v1' }, '10.0.0.1');
    await saveRegistration(db, { ...VALID, no_ktp: '3173041708680032', nama: 'Siti Rahayu' }, '10.0.0.2');
    await saveRegistration(db, { ...VALID, no_ktp: '3173041708680032', nama: 'Siti Rahayu', email: 'lain@example.id' }, '10.0.0.3');
    await db.close();
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'server/registrations-cli.ts'], { env }).toString();
    const lines = out.trimEnd().split('\n');
    assert.match(lines[0], /^id +dikirim \(WIB\) +referensi +nama +NIK +tempat, tgl lahir +telpon +email +pekerjaan +persetujuan +kiriman +kontak$/);
    assert.match(lines[1], /^-+ +-+/);
    assert.is(lines.length, 4);
    assert.match(lines[2], /Siti Rahayu .* lain@example\.id +Pensiunan +- +2 +BERBEDA$/);
    assert.match(
      lines[3],
      /Rahmat Hidayat +3173041708680031 +Jakarta, 1968-08-17 +081234567890 +rahmat@example\.co\.id +Pensiunan +ya \(privasi-v1\) +1 +sama$/,
    );
    const check = await openDatabase({ ...where, seedDemo: false });
    const [entry] = await check.query<{ outcome: string; detail: string }>(
      `SELECT outcome, detail FROM audit_log WHERE action = 'registration' AND outcome = 'listed'`,
    );
    await check.close();
    assert.equal(entry, { outcome: 'listed', detail: 'npm run registrations: 2' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const CASES: Array<[string, object, RegExp]> = [
  ['an empty field', { ...VALID, tempat_lahir: '  ' }, /^Mohon isi semua data dengan benar!$/],
  ['an NIK that is not 16 digits', { ...VALID, no_ktp: '12345' }, /NIK.*16 angka/],
  ['a birth date in the future', { ...VALID, tgl_lahir: '2999-01-01' }, /Tanggal Lahir/],
  ['a birth date that does not exist', { ...VALID, tgl_lahir: '1990-02-30' }, /Tanggal Lahir/],
  ['an implausible phone', { ...VALID, telp_hp: '12' }, /Telpon/],
  ['an email without a domain', { ...VALID, email: 'rahmat@' }, /Email/],
  ['an unknown occupation code', { ...VALID, pekerjaan: '13' }, /Pekerjaan/],
];

for (const [what, body, message] of CASES) {
  test(`${what} is refused with a message that names it`, async () => {
    const res = await register({
      ...body,
      no_ktp: (body as { no_ktp: string }).no_ktp === VALID.no_ktp ? '3173041708689999' : (body as { no_ktp: string }).no_ktp,
    });
    assert.is(res.statusCode, 200);
    assert.is(res.json().status, false);
    assert.match(res.json().message, message);
    const rows = await t.db.query('SELECT 1 FROM registrations WHERE no_ktp = $1', ['3173041708689999']);
    assert.is(rows.length, 0);
  });
}

test('a missing field or an unknown one is a 400, never a 5xx', async () => {
  const { email: _, ...missing } = VALID;
  assert.is((await register(missing)).statusCode, 400);
  assert.is((await register({ ...VALID, admin: true })).statusCode, 400);
});

test.run();

// Self-registration never overwrites: a stranger who knows a person's NIK and sends the form again
// with their own phone and e-mail is kept beside the person's submission, not in its place; the
// registration counter sees every submission, newest first, grouped per NIK, marked where the
// contact details differ; and whoever sends gets the same answer. On PGlite and on PostgreSQL.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INTERNAL_TOKEN, newPatient, testApp, type TestApp } from '../support/app.ts';

let t: TestApp;
test.before(async () => {
  t = await testApp();
});
test.after(async () => t.close());

const register = (body: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/patient/simpan/pasien/baru', payload: body, remoteAddress });
const counterList = async () => {
  const res = await t.app.inject({ url: '/api/internal/registrasi', headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
  assert.is(res.statusCode, 200);
  return res.json().data as Array<Record<string, unknown> & { pengajuan: Array<Record<string, unknown>> }>;
};
// Each submission's reference is its own (registration-ending.test.ts), of one length: compared as its shape.
const answer = (r: Awaited<ReturnType<typeof register>>) => {
  const { date: _date, ...headers } = r.headers;
  return { status: r.statusCode, body: r.body.replace(/REG-[0-9A-Z]{6}/, 'REG-……'), headers };
};

test("another submission with a person's NIK is kept beside theirs; the counter sees both, newest first, marked", async () => {
  const nik = '3173041708680101';
  const person = newPatient(nik, { nama: 'Dewi Sartika', telp_hp: '081234500001', email: 'dewi@example.id' });
  const mine = await register(person, '10.33.0.1');
  const theirs = await register({ ...person, telp_hp: '081399900002', email: 'bukan.dewi@example.id' }, '2001:db8:33::7');
  assert.equal(answer(theirs), answer(mine), 'the sender learns nothing of an earlier submission');

  const [entry] = (await counterList()).filter((r) => r.no_ktp === nik);
  assert.is(entry.kontak_berbeda, true);
  assert.equal(
    entry.pengajuan.map((s) => [s.telp_hp, s.email, s.alamat_klien, s.kontak_baru]),
    [
      ['081399900002', 'bukan.dewi@example.id', '2001:db8:33::7', true],
      ['081234500001', 'dewi@example.id', '10.33.0.1', false],
    ],
  );
  for (const s of entry.pengajuan) assert.match(String(s.dikirim_at), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
  assert.ok(String(entry.pengajuan[0].dikirim_at) >= String(entry.pengajuan[1].dikirim_at));
  // The entry's own fields are the latest submission's: the mark says they may not be the person's.
  assert.equal([entry.telp_hp, entry.email], ['081399900002', 'bukan.dewi@example.id']);
  const kept = await t.db.query('SELECT 1 FROM registration_submissions s JOIN registrations r ON r.id = s.registration_id WHERE r.no_ktp = $1', [nik]);
  assert.is(kept.length, 2);
});

test('the same contact sent again, written otherwise, is not marked; groups come newest first', async () => {
  const [a, b] = ['3173041708680102', '3173041708680103'];
  await register(newPatient(a, { telp_hp: '081234500003', email: 'Siti@Example.id' }), '10.33.0.2');
  await register(newPatient(b), '10.33.0.3');
  await register(newPatient(a, { nama: "Siti Nur'aini", telp_hp: '+62 812-3450-0003', email: 'siti@example.id' }), '10.33.0.4');
  const list = (await counterList()).filter((r) => r.no_ktp === a || r.no_ktp === b);
  assert.equal(
    list.map((r) => r.no_ktp),
    [a, b],
    'the latest submission first',
  );
  assert.is(list[0].kontak_berbeda, false);
  assert.equal(
    list[0].pengajuan.map((s) => [s.nama, s.kontak_baru]),
    [
      ["Siti Nur'aini", false],
      ['Rahmat Hidayat', false],
    ],
  );
  assert.is(list[1].pengajuan.length, 1);
});

test('a submission after the counter verified the NIK is kept too, and changes nothing of the verified registration', async () => {
  const nik = '3173041708680104';
  const first = await register(newPatient(nik), '10.33.0.5');
  const [row] = await t.db.query<{ id: number }>('SELECT id::int AS id FROM registrations WHERE no_ktp = $1', [nik]);
  const verified = await t.app.inject({
    method: 'POST',
    url: `/api/internal/registrasi/${row.id}/verifikasi`,
    headers: { authorization: `Bearer ${INTERNAL_TOKEN}` },
  });
  const before = verified.json().data;
  const later = await register(newPatient(nik, { telp_hp: '081399900009' }), '10.33.0.6');
  assert.equal(answer(later), answer(first));
  assert.not.ok(
    (await counterList()).some((r) => r.no_ktp === nik),
    'not pending again',
  );
  const [status] = await t.db.query('SELECT status, to_char(updated_at, $2) AS u FROM registrations WHERE id = $1', [row.id, 'YYYY-MM-DD"T"HH24:MI:SS.US']);
  assert.is((status as { status: string }).status, 'verified');
  assert.is(before.pengajuan.length, 1);
  const sent = await t.db.query('SELECT client_address FROM registration_submissions WHERE registration_id = $1 ORDER BY id', [row.id]);
  assert.equal(sent, [{ client_address: '10.33.0.5' }, { client_address: '10.33.0.6' }]);
});

test.run();

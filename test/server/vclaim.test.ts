// The patient's BPJS letters as VClaim shows them (docs/bpjs.md, Referrals), against the VClaim
// stand-in (test/support/vclaim-stand-in.ts), on PGlite and on PostgreSQL: the list the app
// offers, each kind of letter accepted or refused with the words the patient reads, for the app's
// booking and reschedule and for Mobile JKN's ambilantrean (over HTTP, test/support/mobile-jkn.ts);
// what BPJS is told (the add carries the confirmed letter); the capability; VClaim down.
import type { FastifyInstance } from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BPJS_REFERRALS, PATIENT_FROM_TOKEN } from '../../common/capabilities.ts';
import { addDays, formatLong, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { bpjsClient } from '../../server/bpjs/client.ts';
import { REFERRAL_MSG } from '../../server/bpjs/referrals.ts';
import { vclaimClient } from '../../server/bpjs/vclaim.ts';
import { createBpjsWorker } from '../../server/bpjs/worker.ts';
import { queueDueReminders } from '../../server/push/reminders.ts';
import type { BpjsConfig, VclaimConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { COHORT, loginAs, testConfig } from '../support/app.ts';
import { type BpjsStandIn, bpjsStandIn, bridgeTo } from '../support/bpjs-stand-in.ts';
import { type Answer, d001Booking, wibAt, d001Jampraktek } from '../support/booking.ts';
import { freshDb } from '../support/db.ts';
import { type MobileJkn, mobileJkn } from '../support/mobile-jkn.ts';
import { type StandInReferral, type VclaimStandIn, vclaimStandIn } from '../support/vclaim-stand-in.ts';

const USER = 'mobilejkn-rs';
const PASSWORD = 'kata-sandi-ws-rs-uji-0123';
const today = todayWib();
/** The visit day: a Friday 8 to 14 days ahead, within every valid referral below. */
const V = nextOnWeekday(addDays(today, 8), 5);

let vclaim: VclaimStandIn;
let antrean: BpjsStandIn;
let db: Db;
let app: FastifyInstance;
let jkn: MobileJkn;
let clinic = '';

const nomrOf = (i: number) => String(COHORT.first + 100 + i);
const cardOf = (i: number) => `000${nomrOf(i).padStart(10, '0')}`;
const vclaimConfig = (): VclaimConfig => ({ url: vclaim.url, ...vclaim.credentials, timeoutMs: 5000 });
const bridge = (): BpjsConfig => bridgeTo(antrean);

const FKTP = { kode: '0301U001', nama: 'PUSKESMAS CEMPAKA PUTIH' };
const JAN = { kode: 'JAN', nama: 'JANTUNG DAN PEMBULUH DARAH' };
const referral = (i: number, no: string, over: Partial<StandInReferral> = {}): StandInReferral => ({
  source: 'fktp',
  noKunjungan: no,
  noKartu: cardOf(i),
  tglKunjungan: addDays(today, -10),
  poli: JAN,
  perujuk: FKTP,
  sep: 0,
  ...over,
});
const control = (i: number, no: string, tgl: string, terbitSEP: 'Belum' | 'Sudah' = 'Belum') => ({
  noSuratKontrol: no,
  noKartu: cardOf(i),
  jnsKontrol: '2' as const,
  tglRencanaKontrol: tgl,
  tglTerbit: addDays(today, -20),
  poliTujuan: 'JAN',
  namaPoliTujuan: JAN.nama,
  kodeDokter: '10001',
  namaDokter: 'dr. Budi Santoso, Sp.JP',
  terbitSEP,
});

test.before(async () => {
  vclaim = await vclaimStandIn();
  antrean = await bpjsStandIn();
  db = await freshDb();
  // The demo seed fills some sessions of the coming fortnight, which ones depending on today's
  // date: the visit days of these tests start with every seat of D001's sessions free.
  await db.query(
    `UPDATE practice_sessions SET quota_terisi = 0 WHERE tgl IN ($1, $2)
       AND schedule_id IN (SELECT id FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001')`,
    [V, addDays(V, 7)],
  );
  await db.query(`UPDATE patients SET no_jaminan = '000' || lpad(nomr, 10, '0'), no_ktp = '3173' || lpad(nomr, 12, '0') WHERE nomr ~ '^9[0-9]{7}$'`);
  app = await buildApp({
    config: testConfig({ bpjs: bridge(), vclaim: vclaimConfig(), jkn: { username: USER, password: PASSWORD, tokenMinutes: 60, maxFailures: 5 } }),
    db,
    logger: false,
    internal: 'here',
    clock: () => wibAt(today, '07:00'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  jkn = mobileJkn(`http://127.0.0.1:${port}/api/jkn`, USER, PASSWORD);
  await jkn.token();
  [{ ds_dep: clinic }] = await db.query<{ ds_dep: string }>(`SELECT ds_dep FROM clinics WHERE kd_dep = '20001'`);
});
test.after(async () => {
  await app.close();
  await db.close();
  await vclaim.close();
  await antrean.close();
});

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object): Promise<Answer> {
  const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  return { code: res.statusCode, body: res.json() };
}
const login = (i: number) => loginAs(app, { nomr: nomrOf(i), tgl_lahir: COHORT.tgl_lahir });
/** Patient i books D001 in clinic 20001 (BPJS poli JAN) as BPJS with the letter given. */
async function bookWith(i: number, letter: { jeniskunjungan?: number; nomorreferensi?: string }, date = V): Promise<Answer> {
  return call('POST', API.book, await login(i), { ...d001Booking(nomrOf(i), date), carabayar: 'B', ...letter });
}
const refused = (a: Answer, message: string) => assert.equal([a.code, a.body], [200, { status: false, message }]);

test('the app: a valid FKTP referral, an RS referral and a control letter for the day are taken, and BPJS is told the confirmed letter', async () => {
  vclaim.referrals.push(referral(1, '0301U0011126P000101'), referral(2, '0212R0011126B000102', { source: 'rs' }));
  vclaim.controls.push(control(3, '0301R0011126K000103', V));
  const fktp = await bookWith(1, { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000101' });
  assert.is(fktp.body.status, true, JSON.stringify(fktp.body));
  // The kind is VClaim's: a hospital referral sent as an FKTP one is found and kept as 4.
  const rs = await bookWith(2, { jeniskunjungan: 1, nomorreferensi: '0212R0011126B000102' });
  assert.is(rs.body.status, true, JSON.stringify(rs.body));
  const kontrol = await bookWith(3, { jeniskunjungan: 3, nomorreferensi: '0301R0011126K000103' });
  assert.is(kontrol.body.status, true, JSON.stringify(kontrol.body));
  await createBpjsWorker({ db, send: bpjsClient(bridge()), config: bridge() }).drain();
  const sent = (no_reg: string) => antrean.received.find((r) => r.endpoint === 'add' && r.body.kodebooking === no_reg)?.body;
  assert.equal(
    [fktp, rs, kontrol].map((a) => [sent(a.body.data.no_reg)?.jeniskunjungan, sent(a.body.data.no_reg)?.nomorreferensi]),
    [
      [1, '0301U0011126P000101'],
      [4, '0212R0011126B000102'],
      [3, '0301R0011126K000103'],
    ],
  );
});

test('a push 14 and 3 days before the referral a patient booked with runs out, each once; none for a control letter', async () => {
  const last = addDays(today, -10 + 89);
  const rows = await db.query<{ nomr: string; days_before: number }>(
    'SELECT nomr, days_before::int AS days_before FROM referral_reminders WHERE nomr = ANY($1) ORDER BY nomr, days_before DESC',
    [[1, 3].map(nomrOf)],
  );
  assert.equal(rows, [
    { nomr: nomrOf(1), days_before: 14 },
    { nomr: nomrOf(1), days_before: 3 },
  ]);
  const pushes = () => db.query<{ title: string; body: string }>('SELECT title, body FROM notifications WHERE nomr = $1 ORDER BY id', [nomrOf(1)]);
  const before = (await pushes()).length;
  const at14 = wibAt(addDays(last, -14), '09:00');
  await queueDueReminders(db, at14 - 60_000);
  assert.is((await pushes()).length, before, 'not before its time');
  await queueDueReminders(db, at14);
  await queueDueReminders(db, at14 + 60_000);
  const sent = (await pushes()).slice(before);
  assert.equal(sent, [
    {
      title: 'Rujukan BPJS Anda segera berakhir',
      body: `Rujukan dari ${FKTP.nama} untuk poli ${JAN.nama} berlaku sampai ${formatLong(last)}, 14 hari lagi. Bila Anda masih memerlukan kunjungan sesudah tanggal itu, silakan minta rujukan baru ke puskesmas atau klinik Anda (FKTP) sebelum rujukan ini berakhir.`,
    },
  ]);
  await queueDueReminders(db, wibAt(addDays(last, -3), '09:00'));
  assert.match((await pushes()).slice(before)[1]?.body ?? '', /, 3 hari lagi\./);
  assert.is((await pushes()).length, before + 2);
});

test('the app: an expired, used, other-poli, other-card, too-short, unknown or missing letter is refused with what to do', async () => {
  const expiredOn = addDays(today, -100);
  vclaim.referrals.push(
    referral(10, '0301U0011126P000110', { tglKunjungan: expiredOn }),
    referral(11, '0301U0011126P000111', { sep: 1 }),
    referral(12, '0301U0011126P000112', { poli: { kode: 'INT', nama: 'PENYAKIT DALAM' } }),
    referral(99, '0301U0011126P000113'),
    referral(14, '0301U0011126P000114', { tglKunjungan: addDays(today, -85) }),
  );
  vclaim.controls.push(control(15, '0301R0011126K000115', V, 'Sudah'), control(16, '0301R0011126K000116', addDays(V, 7)));
  refused(
    await bookWith(10, { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000110' }),
    `Rujukan ini sudah tidak berlaku sejak ${formatLong(addDays(expiredOn, 90))}. Silakan minta rujukan baru ke puskesmas atau klinik Anda (FKTP).`,
  );
  refused(await bookWith(11, { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000111' }), REFERRAL_MSG.usedReferral);
  refused(
    await bookWith(12, { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000112' }),
    `Rujukan ini untuk poli PENYAKIT DALAM, bukan ${clinic}. Silakan buat janji di poli PENYAKIT DALAM, atau minta rujukan untuk poli yang Anda tuju.`,
  );
  refused(await bookWith(13, { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000113' }), REFERRAL_MSG.otherCard);
  const last = addDays(today, -85 + 89);
  refused(
    await bookWith(14, { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000114' }),
    `Rujukan ini hanya berlaku sampai ${formatLong(last)}. Silakan pilih tanggal kunjungan paling lambat ${formatLong(last)}, atau minta rujukan baru ke puskesmas atau klinik Anda (FKTP).`,
  );
  refused(await bookWith(15, { jeniskunjungan: 3, nomorreferensi: '0301R0011126K000115' }), REFERRAL_MSG.usedControl);
  refused(
    await bookWith(16, { jeniskunjungan: 3, nomorreferensi: '0301R0011126K000116' }),
    `Surat kontrol ini untuk tanggal ${formatLong(addDays(V, 7))}. Silakan buat janji pada tanggal itu, atau minta petugas poli mengubah tanggal kontrolnya.`,
  );
  refused(await bookWith(17, { jeniskunjungan: 1, nomorreferensi: 'ABCDEF' }), REFERRAL_MSG.notFound('ABCDEF'));
  const none = await bookWith(17, {});
  refused(none, REFERRAL_MSG.missing);
  assert.match(none.body.message, /nomorreferensi/);
  // A non-BPJS booking asks for no letter.
  const umum = await call('POST', API.book, await login(17), d001Booking(nomrOf(17), V));
  assert.is(umum.body.status, true);
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM appointments WHERE nomr = ANY($1) AND carabayar = 'B'`, [
    [10, 11, 12, 13, 14, 15, 16, 17].map(nomrOf),
  ]);
  assert.is(n, 0, 'no refused booking holds a seat');
});

test('the app: ubah/janji keeps the letter valid on the new day', async () => {
  vclaim.referrals.push(referral(20, '0301U0011126P000120', { tglKunjungan: addDays(V, -89) }));
  const made = await bookWith(20, { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000120' });
  assert.is(made.body.status, true, JSON.stringify(made.body));
  const token = await login(20);
  const moved = await call('POST', API.reschedule, token, { no_reg: made.body.data.no_reg, tgl_janji: addDays(V, 7), kd_dr: 'D001', sts_jam: '1' });
  refused(
    moved,
    `Rujukan ini hanya berlaku sampai ${formatLong(V)}. Silakan pilih tanggal kunjungan paling lambat ${formatLong(V)}, atau minta rujukan baru ke puskesmas atau klinik Anda (FKTP).`,
  );
  const [row] = await db.query<{ tgl: string }>(`SELECT to_char(tgl_janji, 'YYYY-MM-DD') AS tgl FROM appointments WHERE no_reg = $1`, [made.body.data.no_reg]);
  assert.is(row.tgl, V, 'the refused move leaves it as it was');
});

const jampraktek = (date: string) => d001Jampraktek(db, date);
/** Mobile JKN's day: a week after V, whose session the app's bookings above have filled. */
const J = addDays(V, 7);
const ambil = async (i: number, jeniskunjungan: number, nomorreferensi: string) =>
  jkn.call('ambilantrean', {
    nomorkartu: cardOf(i),
    nik: `3173${nomrOf(i).padStart(12, '0')}`,
    nohp: '081234567890',
    kodepoli: 'JAN',
    norm: '',
    tanggalperiksa: J,
    kodedokter: 10001,
    jampraktek: await jampraktek(J),
    jeniskunjungan,
    nomorreferensi,
  });

test("Mobile JKN's ambilantrean: the same checks, a refusal as BPJS refuses (code 201 with the reason)", async () => {
  vclaim.referrals.push(referral(30, '0301U0011126P000130'), referral(31, '0301U0011126P000131', { tglKunjungan: addDays(today, -120) }));
  vclaim.controls.push(control(32, '0301R0011126K000132', J), control(33, '0301R0011126K000133', J, 'Sudah'));
  const ok = await ambil(30, 1, '0301U0011126P000130');
  assert.equal([ok.http, ok.metadata.code], [200, 200], ok.metadata.message);
  const expired = await ambil(31, 1, '0301U0011126P000131');
  assert.equal(
    [expired.http, expired.metadata.code, expired.metadata.message],
    [200, 201, `Rujukan ini sudah tidak berlaku sejak ${formatLong(addDays(today, -30))}. Silakan minta rujukan baru ke puskesmas atau klinik Anda (FKTP).`],
  );
  // Another member's control letter, and a used one.
  const foreign = await ambil(34, 3, '0301R0011126K000132');
  assert.equal([foreign.metadata.code, foreign.metadata.message], [201, REFERRAL_MSG.otherCard]);
  const used = await ambil(33, 3, '0301R0011126K000133');
  assert.equal([used.metadata.code, used.metadata.message], [201, REFERRAL_MSG.usedControl]);
  const kontrol = await ambil(32, 3, '0301R0011126K000132');
  assert.equal([kontrol.metadata.code], [200], kontrol.metadata.message);
});

test("the list: the card's usable letters, soonest to run out first, mapped to the hospital's clinic and doctor; none of the used, expired or another's", async () => {
  const i = 40;
  vclaim.referrals.push(
    referral(i, '0301U0011126P000140', { tglKunjungan: addDays(today, -30) }),
    referral(i, '0212R0011126B000141', { source: 'rs', poli: { kode: 'INT', nama: 'PENYAKIT DALAM' }, perujuk: { kode: '0212R001', nama: 'RSUD TARAKAN' } }),
    referral(i, '0301U0011126P000142', { tglKunjungan: addDays(today, -95) }),
    referral(i, '0301U0011126P000143', { sep: 2 }),
  );
  vclaim.controls.push(
    control(i, '0301R0011126K000144', V),
    control(i, '0301R0011126K000145', V, 'Sudah'),
    control(i, '0301R0011126K000146', addDays(today, -1)),
  );
  const list = await call('GET', `${API.referrals}?nomr=${nomrOf(i)}`, await login(i));
  assert.is(list.code, 200);
  assert.equal(list.body.data, {
    tanpa_kartu: false,
    rujukan: [
      {
        jeniskunjungan: 3,
        nomorreferensi: '0301R0011126K000144',
        perujuk: 'dr. Budi Santoso, Sp.JP',
        poli: JAN.nama,
        kd_dep: '20001',
        tgl_terbit: addDays(today, -20),
        berlaku_sampai: V,
        tgl_kontrol: V,
        kd_dr: 'D001',
        nama_dr: 'dr. Budi Santoso, Sp.JP',
      },
      {
        jeniskunjungan: 1,
        nomorreferensi: '0301U0011126P000140',
        perujuk: FKTP.nama,
        poli: JAN.nama,
        kd_dep: '20001',
        tgl_terbit: addDays(today, -30),
        berlaku_sampai: addDays(today, 59),
        tgl_kontrol: null,
        kd_dr: null,
        nama_dr: null,
      },
      {
        jeniskunjungan: 4,
        nomorreferensi: '0212R0011126B000141',
        perujuk: 'RSUD TARAKAN',
        poli: 'PENYAKIT DALAM',
        kd_dep: '20009',
        tgl_terbit: addDays(today, -10),
        berlaku_sampai: addDays(today, 79),
        tgl_kontrol: null,
        kd_dr: null,
        nama_dr: null,
      },
    ],
  });
  await db.query('UPDATE patients SET no_jaminan = NULL WHERE nomr = $1', [nomrOf(41)]);
  const noCard = await call('GET', API.referrals, await login(41));
  assert.equal(noCard.body, { status: true, data: { rujukan: [], tanpa_kartu: true } });
  refused(await bookWith(41, { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000140' }), REFERRAL_MSG.noCard);
});

test('VClaim down: the list answers 503 and a booking is refused with words to try again; nothing is booked', async () => {
  vclaim.referrals.push(referral(50, '0301U0011126P000150'));
  vclaim.outage('503');
  try {
    const list = await call('GET', API.referrals, await login(50));
    assert.equal([list.code, list.body], [503, { status: false, message: REFERRAL_MSG.unavailable }]);
    refused(await bookWith(50, { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000150' }), REFERRAL_MSG.unavailable);
  } finally {
    vclaim.outage(null);
  }
  assert.is((await bookWith(50, { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000150' })).body.status, true);
});

test('the capability: the login names bpjs-referrals where VClaim is on; without VClaim it is absent and the list answers 404', async () => {
  const on = await app.inject({
    method: 'POST',
    url: '/api/auth/proxy-login',
    payload: { medical_record_number: nomrOf(60), birthdate: COHORT.tgl_lahir, fcmtoken: '' },
  });
  assert.equal(on.json().capabilities, [PATIENT_FROM_TOKEN, BPJS_REFERRALS]);
  const off = await buildApp({ config: testConfig(), db, logger: false });
  try {
    const res = await off.inject({
      method: 'POST',
      url: '/api/auth/proxy-login',
      payload: { medical_record_number: nomrOf(60), birthdate: COHORT.tgl_lahir, fcmtoken: '' },
    });
    assert.equal(res.json().capabilities, [PATIENT_FROM_TOKEN]);
    const list = await off.inject({ method: 'GET', url: API.referrals, headers: { authorization: `Bearer ${res.json().token.access_token}` } });
    assert.is(list.statusCode, 404);
  } finally {
    await off.close();
  }
});

test('the stand-in refuses a wrong signature, as VClaim does, and the client reads it as no answer', async () => {
  vclaim.referrals.push(referral(70, '0301U0011126P000170'));
  const wrong = vclaimClient({ ...vclaimConfig(), secretKey: 'not-the-secret' });
  const got = await wrong.referral('0301U0011126P000170', 'fktp');
  assert.equal(got, { kind: 'down', message: 'code 401 Authentication failed' });
  const right = await vclaimClient(vclaimConfig()).referral('0301U0011126P000170', 'fktp');
  assert.is(right.kind === 'found' && right.data.noKunjungan, '0301U0011126P000170');
  const nothing = await vclaimClient(vclaimConfig()).referral('0301U0011126P999999', 'fktp');
  assert.equal(nothing, { kind: 'none', message: 'Data rujukan tidak ditemukan' });
});

test.run();

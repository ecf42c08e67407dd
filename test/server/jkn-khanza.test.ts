// Mobile JKN's calls with SIMRS=khanza against a real MariaDB holding the demo hospital (skipped
// with a count where mariadb-server is absent), made by the Mobile JKN stand-in over HTTP beside
// the patient app and Khanza's own counter: one seat pool, Khanza's. 40 Mobile JKN bookings, 40
// app bookings and the counter's registrations race for the last 20 seats of a Khanza session;
// a Mobile JKN booking is the patient's in the app, and a cancel from either side frees its seat
// once, in Khanza and in the app; a reported booking moved in the app is cancelled and booked anew
// for BPJS; Khanza's Antrean sender is left what to report (statuskirim), and this server's BPJS
// outbox stays empty (never twice).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib, toQuotaDate, weekdayName } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { bpjsClient } from '../../server/bpjs/client.ts';
import { createBpjsWorker } from '../../server/bpjs/worker.ts';
import type { Config } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { BOOKING_MSG } from '../../server/domain/booking.ts';
import { queueDueReminders } from '../../server/push/reminders.ts';
import type { Api } from '../../server/routes/route-schema.ts';
import { COHORT, INTERNAL_TOKEN, loginAs, testConfig } from '../support/app.ts';
import { type BpjsStandIn, bpjsStandIn, bridgeTo } from '../support/bpjs-stand-in.ts';
import { d001Booking } from '../support/booking.ts';
import { freshDb } from '../support/db.ts';
import { openStream } from '../support/stream.ts';
import { CATH_ROOM, copyDemo, guardMode, type Khanza, PENJAB, startKhanza, twoSessions } from '../support/khanza.ts';
import { MARIADB, needsMariadb } from '../support/mariadb.ts';
import { type MobileJkn, mobileJkn, NEW_MEMBER_ADDRESS } from '../support/mobile-jkn.ts';

const it = needsMariadb(test);
const USER = 'mobilejkn-rs';
const PASSWORD = 'kata-sandi-ws-rs-uji-0123';
const today = todayWib();
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+07:00`);
let now = at(today, '07:00');
let khanza: Khanza;
let standIn: BpjsStandIn;
let db: Db;
let app: Api;
let jkn: MobileJkn;

const nomrOf = (i: number) => String(COHORT.first + i);
const cardOf = (i: number) => `000${nomrOf(i).padStart(10, '0')}`;
const nikOf = (i: number) => `3173${nomrOf(i).padStart(12, '0')}`;
// biome-ignore lint/suspicious/noExplicitAny: rows of the Khanza database
const sik = async (sql: string, params: unknown[] = []): Promise<any[]> => (await khanza.admin.query(sql, params))[0] as any[];

// uvu drops an error thrown by a before hook (its runner returns from a finally): said, so a
// failed set-up shows why.
test.before(() =>
  setUp().catch((err) => {
    console.error(`jkn-khanza: the set-up failed: ${(err as Error).stack ?? err}`);
    throw err;
  }),
);
async function setUp(): Promise<void> {
  if (!MARIADB) return;
  [khanza, db, standIn] = await Promise.all([startKhanza(), freshDb(), bpjsStandIn()]);
  await copyDemo(khanza.admin, db);
  // The hospital's JKN members as Khanza knows them (card number, NIK), and its BPJS mapping of clinic 20001.
  await sik(
    `UPDATE pasien SET no_peserta = CONCAT('000', LPAD(no_rkm_medis, 10, '0')), no_ktp = CONCAT('3173', LPAD(no_rkm_medis, 12, '0')), kd_pj = ?
      WHERE no_rkm_medis BETWEEN ? AND ?`,
    [PENJAB.bpjs, nomrOf(0), nomrOf(COHORT.size - 1)],
  );
  await sik(`INSERT INTO maping_poli_bpjs (kd_poli_rs, kd_poli_bpjs, nm_poli_bpjs) VALUES ('20001', 'JAN', 'JANTUNG DAN PEMBULUH DARAH')`);
  await guardMode(khanza.admin, 'strict');
  const config: Partial<Config> = {
    // The quota guard in mode 'strict': the counter's registrations are held to the quota too (the race below counts them refused).
    simrs: {
      kind: 'khanza',
      url: khanza.url,
      timeoutMs: 5000,
      payers: { bpjs: PENJAB.bpjs, umum: PENJAB.umum },
      cathRooms: [CATH_ROOM],
      quotaGuard: 'strict',
    },
    // As the settings make it with SIMRS=khanza: Khanza's Antrean sender reports the visits.
    bpjs: bridgeTo(standIn, { reporter: 'simrs' }),
    jkn: { username: USER, password: PASSWORD, tokenMinutes: 60, maxFailures: 5 },
  };
  app = await buildApp({ config: testConfig(config), db, logger: false, internal: 'here', clock: () => now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  jkn = mobileJkn(`http://127.0.0.1:${port}/api/jkn`, USER, PASSWORD);
}
test.after(async () => {
  await app?.close();
  await khanza?.stop();
  await standIn?.close();
  await db?.close();
});
test.before.each(() => {
  now = at(today, '07:00');
});

/** A doctor of its own practising 08:00–12:00 in clinic 20001 on the date's weekday, with `kuota` seats, mapped to BPJS's `kodedokter`. */
async function practice(kd_dokter: string, kodedokter: number, tanggal: string, kuota: number): Promise<void> {
  await sik(`INSERT INTO dokter (kd_dokter, nm_dokter, kd_sps) VALUES (?, ?, 'S01')`, [kd_dokter, `dr. Uji ${kd_dokter}`]);
  await sik(`INSERT INTO jadwal (kd_dokter, hari_kerja, jam_mulai, jam_selesai, kd_poli, kuota) VALUES (?, ?, '08:00:00', '12:00:00', '20001', ?)`, [
    kd_dokter,
    ['AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU'][new Date(`${tanggal}T00:00:00Z`).getUTCDay()],
    kuota,
  ]);
  await sik('INSERT INTO maping_dokter_dpjpvclaim (kd_dokter, kd_dokter_bpjs, nm_dokter_bpjs) VALUES (?, ?, ?)', [kd_dokter, String(kodedokter), kd_dokter]);
}

/**
 * A registration as Khanza's counter screen writes one: its own count first (no lock), then the row;
 * the quota guard may refuse it. Its visit numbers are the test's own series (`series` and `seq`),
 * below those the app's bookings take next, so the two never pick the same number.
 */
async function counter(kd_dokter: string, tanggal: string, no_rkm_medis: string, seq: number, series = '9'): Promise<boolean> {
  try {
    const [{ n }] = await sik(`SELECT COUNT(*) AS n FROM reg_periksa WHERE kd_dokter = ? AND tgl_registrasi = ? AND stts <> 'Batal'`, [kd_dokter, tanggal]);
    const [{ kuota }] = await sik('SELECT kuota FROM jadwal WHERE kd_dokter = ?', [kd_dokter]);
    if (Number(n) >= kuota) return false;
    await sik(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut,
                                kd_pj, status_bayar, status_poli)
       VALUES (?, ?, ?, '07:30:00', ?, ?, '20001', 'Belum', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama')`,
      [`L${seq}`, `${tanggal.replaceAll('-', '/')}/${series}${String(seq).padStart(5, '0')}`, tanggal, kd_dokter, no_rkm_medis, PENJAB.umum],
    );
    return true;
  } catch (err) {
    if ((err as { errno?: number }).errno === 1644) return false;
    // A deadlock MariaDB broke by rolling this save back: the clerk saves again (DlgReg shows 'gagal menyimpan').
    if ((err as { errno?: number }).errno === 1213) return counter(kd_dokter, tanggal, no_rkm_medis, seq, series);
    throw err;
  }
}

const ambil = (i: number, tanggalperiksa: string, kodedokter: number) =>
  jkn.call<Record<string, unknown>>('ambilantrean', {
    nomorkartu: cardOf(i),
    nik: nikOf(i),
    nohp: '081234567890',
    kodepoli: 'JAN',
    norm: '',
    tanggalperiksa,
    kodedokter,
    jampraktek: '08:00-12:00',
    jeniskunjungan: 1,
    nomorreferensi: '0301U0011126P000123',
  });
const status = (tanggalperiksa: string, kodedokter: number) =>
  jkn.call<Record<string, number>>('statusantrean', { kodepoli: 'JAN', kodedokter, tanggalperiksa, jampraktek: '08:00-12:00' });
// biome-ignore lint/suspicious/noExplicitAny: the tests read several answer shapes
const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object): Promise<{ code: number; body: any }> => {
  const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  return { code: res.statusCode, body: res.json() };
};
/** The session's seats as the app's booking calendar shows them. */
const appSeats = async (token: string, kd_dr: string, date: string) => {
  const q = new URLSearchParams({ kd_dr, kd_dep: '20001', tgl_janji: toQuotaDate(date), hari: weekdayName(date), jenis: 'poli' });
  const [slot] = (await call('GET', `${API.quota}?${q}`, token)).body.data;
  return [slot.batas_quota, slot.quota_terisi];
};
const outboxRows = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bpjs_antrean'))[0].n;

it("one seat pool, Khanza's: 40 Mobile JKN and 40 app bookings and the counter race for the last 20 seats; exactly the quota, every refusal says why", async () => {
  await jkn.token();
  const date = nextOnWeekday(addDays(today, 20), 1);
  await practice('K101', 20101, date, 40);
  // 20 of 40 seats taken already: the counter's registrations, straight into Khanza.
  for (let i = 0; i < 20; i++) assert.ok(await counter('K101', date, nomrOf(160 + i), i));
  const before = await status(date, 20101);
  assert.equal(
    [before.metadata.code, before.response?.sisakuotajkn, before.response?.kuotajkn, before.response?.sisakuotanonjkn, before.response?.kuotanonjkn],
    [200, 20, 40, 20, 40],
  );

  const tokens = await Promise.all(Array.from({ length: 40 }, (_, i) => loginAs(app, { nomr: nomrOf(40 + i), tgl_lahir: COHORT.tgl_lahir })));
  const [viaJkn, viaApp, viaCounter] = await Promise.all([
    Promise.all(Array.from({ length: 40 }, (_, i) => ambil(i, date, 20101))),
    Promise.all(tokens.map((t, i) => call('POST', API.book, t, d001Booking(nomrOf(40 + i), date, { kd_dr: 'K101' })))),
    Promise.all(Array.from({ length: 10 }, (_, i) => counter('K101', date, nomrOf(180 + i), 100 + i, '1'))),
  ]);
  const jknTaken = viaJkn.filter((a) => a.metadata.code === 200);
  const appTaken = viaApp.filter((a) => a.body.status === true);
  const counterTaken = viaCounter.filter(Boolean).length;
  assert.is(jknTaken.length + appTaken.length + counterTaken, 20, `${jknTaken.length} Mobile JKN + ${appTaken.length} app + ${counterTaken} counter`);
  for (const refused of viaJkn.filter((a) => a.metadata.code !== 200)) {
    assert.equal([refused.http, refused.metadata.code, refused.metadata.message], [200, 201, BOOKING_MSG.full]);
  }
  for (const refused of viaApp.filter((a) => a.body.status !== true)) assert.equal([refused.code, refused.body.message], [200, BOOKING_MSG.full]);

  // In Khanza: exactly the quota, each under its own number; the refused left nothing behind.
  const [rows] = await sik(
    `SELECT COUNT(*) AS reg, COUNT(DISTINCT no_reg) AS numbers FROM reg_periksa WHERE kd_dokter = 'K101' AND tgl_registrasi = ? AND stts <> 'Batal'`,
    [date],
  );
  assert.equal([Number(rows.reg), Number(rows.numbers)], [40, 40]);
  const refs = await sik(
    `SELECT m.nobooking, m.statuskirim, m.jeniskunjungan, m.nomorreferensi, m.kodepoli, m.kodedokter, m.kuotajkn, r.kd_pj
       FROM referensi_mobilejkn_bpjs m JOIN reg_periksa r ON r.no_rawat = m.no_rawat WHERE r.kd_dokter = 'K101' AND m.tanggalperiksa = ?`,
    [date],
  );
  const sudah = refs.filter((r) => r.statuskirim === 'Sudah');
  assert.is(sudah.length, jknTaken.length, "Mobile JKN's bookings: BPJS holds them, Khanza's sender adds none");
  assert.is(refs.filter((r) => r.statuskirim === 'Belum').length, 0, 'none left to add as JKN');
  // The app's bookings here are paid by the patient: plain registrations, which Khanza's sender reports
  // as NON JKN under their no_rawat on the day (its registrations of the day without a reference).
  const plain = await sik(
    `SELECT r.no_rawat, r.kd_pj FROM reg_periksa r WHERE r.kd_dokter = 'K101' AND r.tgl_registrasi = ? AND r.stts <> 'Batal'
        AND r.no_rawat NOT IN (SELECT m.no_rawat FROM referensi_mobilejkn_bpjs m WHERE m.tanggalperiksa = ?)`,
    [date, date],
  );
  assert.is(plain.length, 20 + counterTaken + appTaken.length);
  const marked = await db.query<{ no_reg: string }>('SELECT no_reg FROM simrs_bookings WHERE tgl_janji = $1', [date]);
  assert.equal(marked.map((m) => m.no_reg).sort(), appTaken.map((a) => a.body.data.no_reg as string).sort(), "the app's, told from the counter's");
  for (const r of sudah) {
    assert.equal(
      [r.jeniskunjungan, r.nomorreferensi, r.kodepoli, r.kodedokter, r.kuotajkn, r.kd_pj],
      ['1 (Rujukan FKTP)', '0301U0011126P000123', 'JAN', '20101', 40, PENJAB.bpjs],
    );
  }
  for (const a of jknTaken) {
    const r = a.response as Record<string, unknown>;
    assert.ok(
      sudah.some((x) => x.nobooking === r.kodebooking),
      "the kodebooking is Khanza's nobooking",
    );
    assert.equal([r.kuotajkn, r.kuotanonjkn, r.namapoli, r.namadokter], [40, 40, 'JANTUNG DAN PEMBULUH DARAH', 'dr. Uji K101']);
    assert.match(String(r.nomorantrean), /^20001-\d{3}$/);
    assert.ok(typeof r.estimasidilayani === 'number' && Number(r.sisakuotajkn) >= 0 && Number(r.sisakuotajkn) < 20);
  }
  const after = await status(date, 20101);
  assert.equal([after.response?.sisakuotajkn, after.response?.totalantrean], [0, 40]);
  // Full, whoever asks.
  assert.equal((await ambil(90, date, 20101)).metadata, { code: 201, message: BOOKING_MSG.full });
  assert.is(await counter('K101', date, nomrOf(190), 190, '1'), false);

  // Never twice: with SIMRS=khanza this server's outbox stays empty; Khanza's sender reports.
  const worker = createBpjsWorker({ db, send: bpjsClient(bridgeTo(standIn)), config: bridgeTo(standIn) });
  await worker.drain();
  assert.equal([await outboxRows(), standIn.received.length], [0, 0]);
});

it("a Mobile JKN booking is the patient's in the app; a cancel from Mobile JKN frees its seat once, in Khanza and in the app; one from the app too", async () => {
  await jkn.token();
  const date = nextOnWeekday(addDays(today, 25), 2);
  await practice('K102', 20102, date, 5);
  const made = await ambil(120, date, 20102);
  assert.is(made.metadata.code, 200, made.metadata.message);
  const kodebooking = String(made.response?.kodebooking);
  assert.is(made.response?.norm, nomrOf(120));
  const token = await loginAs(app, { nomr: nomrOf(120), tgl_lahir: COHORT.tgl_lahir });
  const [ref] = await sik('SELECT no_rawat FROM referensi_mobilejkn_bpjs WHERE nobooking = ?', [kodebooking]);
  const upcoming = (await call('GET', API.upcoming, token)).body.data.jadwal as Array<Record<string, unknown>>;
  const mine = upcoming.find((a) => a.no_reg === ref.no_rawat);
  assert.ok(mine, 'on the home screen');
  assert.equal([mine?.tanggal_janji, mine?.carabayar, mine?.no_urut], [date, 'B', Number(made.response?.angkaantrean)]);
  assert.equal(await appSeats(token, 'K102', date), [5, 1]);

  const sisa = await jkn.call<Record<string, unknown>>('sisaantrean', { kodebooking });
  assert.equal(
    [sisa.metadata.code, sisa.response?.nomorantrean, sisa.response?.sisaantrean, sisa.response?.antreanpanggil],
    [200, made.response?.nomorantrean, 0, '-'],
  );

  const cancelled = await jkn.call('batalantrean', { kodebooking, keterangan: 'Pasien berhalangan' });
  assert.equal([cancelled.metadata.code, cancelled.metadata.message], [200, 'Ok']);
  const [row] = await sik(
    `SELECT r.stts, m.status, b.statuskirim, b.keterangan FROM reg_periksa r JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat
       LEFT JOIN referensi_mobilejkn_bpjs_batal b ON b.nobooking = m.nobooking WHERE m.nobooking = ?`,
    [kodebooking],
  );
  assert.equal(row, { stts: 'Batal', status: 'Batal', statuskirim: 'Sudah', keterangan: 'Lainnya: Pasien berhalangan' }, 'BPJS made the cancel: not sent back');
  assert.equal(await appSeats(token, 'K102', date), [5, 0], 'the seat is free in the app');
  const home = (await call('GET', API.upcoming, token)).body.data.jadwal as Array<Record<string, unknown>>;
  assert.not.ok(
    home.some((a) => a.no_reg === ref.no_rawat),
    'gone from home',
  );
  const again = await jkn.call('batalantrean', { kodebooking, keterangan: 'Pasien berhalangan' });
  assert.equal([again.metadata.code, again.metadata.message], [201, 'Antrean tidak ditemukan atau sudah dibatalkan.']);
  const fromApp = await call('POST', API.cancel, token, { no_reg: ref.no_rawat, alasan: 'Tidak bisa datang' });
  assert.equal([fromApp.body.status, fromApp.body.data?.status_janji], [true, 'Dibatalkan']);
  assert.equal(await appSeats(token, 'K102', date), [5, 0], 'freed once');
  const [{ n }] = await sik(`SELECT COUNT(*) AS n FROM reg_periksa WHERE kd_dokter = 'K102' AND tgl_registrasi = ? AND stts <> 'Batal'`, [date]);
  assert.is(Number(n), 0);

  // The other way round: booked in Mobile JKN, cancelled in the app: left to Khanza's sender to tell BPJS.
  const second = await ambil(120, date, 20102);
  assert.is(second.metadata.code, 200, second.metadata.message);
  const k2 = String(second.response?.kodebooking);
  const [ref2] = await sik('SELECT no_rawat FROM referensi_mobilejkn_bpjs WHERE nobooking = ?', [k2]);
  const cancel = await call('POST', API.cancel, token, { no_reg: ref2.no_rawat, alasan: 'Sudah sembuh' });
  assert.is(cancel.body.status, true, JSON.stringify(cancel.body));
  const [batal] = await sik('SELECT statuskirim, keterangan FROM referensi_mobilejkn_bpjs_batal WHERE nobooking = ?', [k2]);
  assert.equal(batal, { statuskirim: 'Belum', keterangan: 'Sudah sembuh' });
  assert.is((await jkn.call('batalantrean', { kodebooking: k2, keterangan: 'x' })).metadata.code, 201);
  assert.equal(await appSeats(token, 'K102', date), [5, 0]);
  assert.is(await outboxRows(), 0);
});

it("Mobile JKN's check-in is Khanza's; a new patient is the counter's; operations come from Khanza; unknown codes and another guarantee's booking are refused", async () => {
  await jkn.token();
  await practice('K103', 20103, today, 10);
  now = at(today, '07:45');
  const made = await ambil(130, today, 20103);
  assert.is(made.metadata.code, 200, made.metadata.message);
  const kodebooking = String(made.response?.kodebooking);
  const ok = await jkn.call('checkinantrean', { kodebooking, waktu: now });
  assert.equal([ok.metadata.code, ok.metadata.message], [200, 'Ok']);
  const [ref] = await sik(`SELECT status, DATE_FORMAT(validasi, '%H:%i') AS validasi FROM referensi_mobilejkn_bpjs WHERE nobooking = ?`, [kodebooking]);
  assert.equal(ref, { status: 'Checkin', validasi: '07:45' });
  assert.is((await jkn.call('checkinantrean', { kodebooking, waktu: now + 60_000 })).metadata.code, 200, 'a repeat keeps the first');

  const known = await jkn.call('pasienbaru', {
    nomorkartu: cardOf(131),
    nik: nikOf(131),
    ...NEW_MEMBER_ADDRESS,
    nama: 'Uji',
    jeniskelamin: 'L',
    tanggallahir: '2000-01-01',
  });
  assert.equal([known.metadata.code, known.metadata.message], [201, 'Data peserta sudah pernah dientrikan.']);
  const unknownCard = '0009999000002';
  const first = await jkn.call('ambilantrean', {
    nomorkartu: unknownCard,
    nik: '3173019999000002',
    nohp: '081234567890',
    kodepoli: 'JAN',
    norm: '',
    tanggalperiksa: today,
    kodedokter: 20103,
    jampraktek: '08:00-12:00',
    jeniskunjungan: 1,
    nomorreferensi: '0301U0011126P000123',
  });
  assert.is(first.metadata.code, 202);
  const fresh = await jkn.call('pasienbaru', {
    nomorkartu: unknownCard,
    nik: '3173019999000002',
    ...NEW_MEMBER_ADDRESS,
    nama: 'Siti Aminah',
    jeniskelamin: 'P',
    tanggallahir: '1975-04-12',
  });
  assert.equal(fresh.metadata, {
    code: 201,
    message: 'Pendaftaran pasien baru dilakukan di loket pendaftaran rumah sakit. Silakan datang dengan KTP dan kartu JKN.',
  });
  const [{ n }] = await sik('SELECT COUNT(*) AS n FROM pasien WHERE no_peserta = ?', [unknownCard]);
  assert.is(Number(n), 0, 'nothing written to Khanza');

  // An operation booked in Khanza's theatre for a JKN member.
  await sik(`INSERT INTO paket_operasi (kode_paket, nm_perawatan) VALUES ('PKT-JKN', 'PERCUTANEOUS CORONARY INTERVENTION')`);
  const rawat = `${today.replaceAll('-', '/')}/700001`;
  await sik(
    `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj,
                              status_bayar, status_poli)
     VALUES ('001', ?, ?, '07:00:00', 'D001', ?, '20001', 'Dirawat', 'Lama', 'Ranap', ?, 'Belum Bayar', 'Lama')`,
    [rawat, today, nomrOf(132), PENJAB.bpjs],
  );
  await sik(
    `INSERT INTO booking_operasi (no_rawat, kode_paket, tanggal, jam_mulai, status, kd_dokter, kd_ruang_ok) VALUES (?, 'PKT-JKN', ?, '10:00:00', 'Menunggu', 'D001', 'OK1')`,
    [rawat, addDays(today, 3)],
  );
  const rs = await jkn.call<{ list: Array<Record<string, unknown>> }>('jadwaloperasirs', { tanggalawal: today, tanggalakhir: addDays(today, 7) });
  const op = rs.response?.list.find((o) => o.kodebooking === rawat);
  assert.equal(
    [op?.tanggaloperasi, op?.jenistindakan, op?.kodepoli, op?.terlaksana, op?.nopeserta],
    [addDays(today, 3), 'PERCUTANEOUS CORONARY INTERVENTION', 'JAN', 0, cardOf(132)],
  );
  const mine = await jkn.call<{ list: Array<Record<string, unknown>> }>('jadwaloperasipasien', { nopeserta: cardOf(132) });
  assert.equal(
    mine.response?.list.map((o) => o.kodebooking),
    [rawat],
  );

  assert.equal((await status(today, 99999)).metadata, { code: 201, message: 'Dokter tidak ditemukan.' });
  // An app booking with another guarantee is none of Mobile JKN's.
  const token = await loginAs(app, { nomr: nomrOf(133), tgl_lahir: COHORT.tgl_lahir });
  const umum = await call('POST', API.book, token, d001Booking(nomrOf(133), today, { kd_dr: 'K103' }));
  assert.is(umum.body.status, true, JSON.stringify(umum.body));
  assert.equal(await sik('SELECT nobooking FROM referensi_mobilejkn_bpjs WHERE no_rawat = ?', [umum.body.data.no_reg]), []);
  assert.equal((await jkn.call('sisaantrean', { kodebooking: umum.body.data.no_reg.replaceAll('/', '') })).metadata, {
    code: 201,
    message: 'Antrean tidak ditemukan atau sudah dibatalkan.',
  });
});

it("a Mobile JKN booking moved in the app: BPJS's kodebooking is cancelled for Khanza's sender and the visit booked anew under the new date's; one not yet reported just moves", async () => {
  await jkn.token();
  const date = nextOnWeekday(addDays(today, 30), 4);
  const later = addDays(date, 7);
  await practice('K104', 20104, date, 5);
  const made = await ambil(140, date, 20104);
  assert.is(made.metadata.code, 200, made.metadata.message);
  const kodebooking = String(made.response?.kodebooking);
  const [ref] = await sik('SELECT no_rawat FROM referensi_mobilejkn_bpjs WHERE nobooking = ?', [kodebooking]);
  const token = await loginAs(app, { nomr: nomrOf(140), tgl_lahir: COHORT.tgl_lahir });
  const moved = await call('POST', API.reschedule, token, { no_reg: ref.no_rawat, tgl_janji: later, kd_dr: 'K104', sts_jam: '1' });
  assert.is(moved.body.status, true, JSON.stringify(moved.body));
  const no_rawat = moved.body.data.no_reg as string;
  assert.match(no_rawat, new RegExp(`^${later.replaceAll('-', '/')}/`));

  const [old] = await sik('SELECT status, no_rawat FROM referensi_mobilejkn_bpjs WHERE nobooking = ?', [kodebooking]);
  assert.equal(old, { status: 'Batal', no_rawat: null });
  const [batal] = await sik('SELECT statuskirim, keterangan, no_rawat_batal FROM referensi_mobilejkn_bpjs_batal WHERE nobooking = ?', [kodebooking]);
  assert.equal(batal, { statuskirim: 'Belum', keterangan: 'Jadwal diubah oleh pasien', no_rawat_batal: ref.no_rawat });
  const [fresh] = await sik(
    `SELECT nobooking, tanggalperiksa, kodedokter, statuskirim, status, jeniskunjungan, nomorreferensi, kuotajkn FROM referensi_mobilejkn_bpjs WHERE no_rawat = ?`,
    [no_rawat],
  );
  assert.ok(fresh.nobooking !== kodebooking && fresh.nobooking.startsWith(later.replaceAll('-', '')), 'a kodebooking of the new date');
  assert.equal(
    [fresh.tanggalperiksa, fresh.kodedokter, fresh.statuskirim, fresh.status, fresh.jeniskunjungan, fresh.nomorreferensi, fresh.kuotajkn],
    [later, '20104', 'Belum', 'Belum', '1 (Rujukan FKTP)', '0301U0011126P000123', 5],
  );
  // Mobile JKN's old kodebooking is gone; the app shows the visit on its new date, its old seat free.
  assert.equal((await jkn.call('sisaantrean', { kodebooking })).metadata, { code: 201, message: 'Antrean tidak ditemukan atau sudah dibatalkan.' });
  const home = (await call('GET', API.upcoming, token)).body.data.jadwal as Array<Record<string, unknown>>;
  assert.equal(
    home.filter((a) => a.kd_dr === 'K104').map((a) => [a.no_reg, a.tanggal_janji]),
    [[no_rawat, later]],
  );
  assert.equal(
    [await appSeats(token, 'K104', date), await appSeats(token, 'K104', later)],
    [
      [5, 0],
      [5, 1],
    ],
  );

  // Moved again before Khanza's sender added it: the same reference row follows, nothing more to cancel, under a code
  // of its new date (its old one would be the next booking's on the date it left), with that day's seats left.
  const again = await call('POST', API.reschedule, token, { no_reg: no_rawat, tgl_janji: date, kd_dr: 'K104', sts_jam: '1' });
  assert.is(again.body.status, true, JSON.stringify(again.body));
  const [followed] = await sik('SELECT nobooking, tanggalperiksa, statuskirim, sisakuotajkn, kuotajkn FROM referensi_mobilejkn_bpjs WHERE no_rawat = ?', [
    again.body.data.no_reg,
  ]);
  assert.ok(followed.nobooking !== fresh.nobooking && followed.nobooking.startsWith(date.replaceAll('-', '')), followed.nobooking);
  assert.equal([followed.tanggalperiksa, followed.statuskirim, followed.sisakuotajkn, followed.kuotajkn], [date, 'Belum', 4, 5]);
  const [{ n }] = await sik('SELECT COUNT(*) AS n FROM referensi_mobilejkn_bpjs_batal WHERE no_rkm_medis = ?', [nomrOf(140)]);
  assert.is(Number(n), 1);

  // The date it left takes its next bookings: from Mobile JKN and from the app, each under a code of its own.
  const next = await ambil(141, later, 20104);
  assert.is(next.metadata.code, 200, next.metadata.message);
  const viaApp = await call(
    'POST',
    API.book,
    await loginAs(app, { nomr: nomrOf(142), tgl_lahir: COHORT.tgl_lahir }),
    d001Booking(nomrOf(142), later, { kd_dr: 'K104', carabayar: 'B' }),
  );
  assert.is(viaApp.body.status, true, JSON.stringify(viaApp.body));
  // The app's BPJS booking carries no letter VClaim confirmed (VClaim is off here): it is written as the
  // counter writes a BPJS registration before its SEP, without a reference row (manage-tx.ts).
  const codes = await sik('SELECT nobooking FROM referensi_mobilejkn_bpjs WHERE tanggalperiksa = ? AND status <> ? ORDER BY nobooking', [later, 'Batal']);
  assert.equal(
    codes.map((c) => c.nobooking),
    [next.response?.kodebooking],
  );
  assert.ok(String(next.response?.kodebooking).startsWith(later.replaceAll('-', '')));
  const [{ m }] = await sik('SELECT COUNT(*) AS m FROM reg_periksa WHERE no_rawat = ? AND kd_pj = ?', [viaApp.body.data.no_reg, PENJAB.bpjs]);
  assert.is(Number(m), 1);
});

it("Mobile JKN's pharmacy calls answer from Khanza's prescriptions: the number, jenisresep, the day's queue and the display's call", async () => {
  await jkn.token();
  await practice('K106', 20106, today, 10);
  const made = await ambil(150, today, 20106);
  assert.is(made.metadata.code, 200, made.metadata.message);
  const kodebooking = String(made.response?.kodebooking);
  const [{ no_rawat }] = await sik('SELECT no_rawat FROM referensi_mobilejkn_bpjs WHERE nobooking = ?', [kodebooking]);
  assert.equal((await jkn.call('ambilantreanfarmasi', { kodebooking })).metadata, { code: 201, message: 'Belum ada resep untuk kode booking ini.' });

  // The day's other outpatient prescriptions, as Khanza's screens write them: two written before the
  // patient's (one still waiting, one handed over), one called to the counter, one of an inpatient.
  const day = today.replaceAll('-', '');
  const others = [
    { seq: 1, jam: '08:00:00', penyerahan: '00:00:00', status: 'ralan' },
    { seq: 2, jam: '08:05:00', penyerahan: '08:40:00', status: 'ralan' },
    { seq: 3, jam: '08:10:00', penyerahan: '00:00:00', status: 'ralan' },
    { seq: 4, jam: '08:12:00', penyerahan: '00:00:00', status: 'ranap' },
  ];
  for (const o of others) {
    const rawat = `${today.replaceAll('-', '/')}/80000${o.seq}`;
    await sik(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj,
                                status_bayar, status_poli)
       VALUES (?, ?, ?, '07:00:00', 'K106', ?, '20001', 'Sudah', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama')`,
      [`P${o.seq}`, rawat, today, nomrOf(150 + o.seq), PENJAB.umum],
    );
    await sik(
      `INSERT INTO resep_obat (no_resep, tgl_perawatan, jam, no_rawat, kd_dokter, tgl_peresepan, jam_peresepan, status, tgl_penyerahan, jam_penyerahan)
       VALUES (?, ?, '00:00:00', ?, 'K106', ?, ?, ?, ?, ?)`,
      [`${day}99000${o.seq}`, today, rawat, today, o.jam, o.status, today, o.penyerahan],
    );
  }
  await sik('DELETE FROM antriapotek3');
  await sik(`INSERT INTO antriapotek3 (no_resep, status, no_rawat) VALUES (?, '1', ?)`, [`${day}990003`, `${today.replaceAll('-', '/')}/800003`]);
  const no_resep = `${day}990009`;
  await sik(
    `INSERT INTO resep_obat (no_resep, tgl_perawatan, jam, no_rawat, kd_dokter, tgl_peresepan, jam_peresepan, status, tgl_penyerahan, jam_penyerahan)
     VALUES (?, ?, '00:00:00', ?, 'K106', ?, '09:00:00', 'ralan', '0000-00-00', '00:00:00')`,
    [no_resep, today, no_rawat, today],
  );
  const [{ total }] = await sik(`SELECT COUNT(*) AS total FROM resep_obat WHERE tgl_peresepan = ? AND status = 'ralan'`, [today]);

  const taken = await jkn.call<Record<string, unknown>>('ambilantreanfarmasi', { kodebooking });
  assert.equal(taken.metadata, { code: 200, message: 'Ok' });
  assert.equal(taken.response, { jenisresep: 'non racikan', nomorantrean: '0009', keterangan: 'Resep diproses di farmasi rawat jalan.' });
  const waiting = await jkn.call<Record<string, unknown>>('statusantreanfarmasi', { kodebooking });
  assert.equal(waiting.response, {
    jenisresep: 'non racikan',
    totalantrean: Number(total),
    sisaantrean: 1,
    antreanpanggil: '0003',
    keterangan: 'Menunggu',
  });

  // The doctor adds a compounded part; the pharmacy validates, then calls it to the counter.
  await sik(
    `INSERT INTO resep_dokter_racikan (no_resep, no_racik, nama_racik, kd_racik, jml_dr, aturan_pakai, keterangan) VALUES (?, '1', 'Puyer', 'R01', 10, '3 x 1', '-')`,
    [no_resep],
  );
  await sik(`UPDATE resep_obat SET jam = '09:20:00' WHERE no_resep = ?`, [no_resep]);
  const preparing = await jkn.call<Record<string, unknown>>('statusantreanfarmasi', { kodebooking });
  assert.equal([preparing.response?.jenisresep, preparing.response?.keterangan], ['racikan', 'Sedang disiapkan']);
  await sik('DELETE FROM antriapotek3');
  await sik(`INSERT INTO antriapotek3 (no_resep, status, no_rawat) VALUES (?, '1', ?)`, [no_resep, no_rawat]);
  const ready = await jkn.call<Record<string, unknown>>('statusantreanfarmasi', { kodebooking });
  assert.equal([ready.response?.antreanpanggil, ready.response?.keterangan, ready.response?.sisaantrean], ['0009', 'Siap diambil', 2]);
  assert.equal((await jkn.call<Record<string, unknown>>('ambilantreanfarmasi', { kodebooking })).response?.jenisresep, 'racikan');
  await sik('DELETE FROM antriapotek3');
});

it("the reminders of the app's and Mobile JKN's bookings in Khanza: planned, moved and dropped with the booking, sent only while Khanza holds the visit waiting", async () => {
  await jkn.token();
  const date = nextOnWeekday(addDays(today, 40), 1);
  const later = addDays(date, 7);
  await practice('K107', 20107, date, 5);
  const reminders = async (nomr: string) =>
    (
      await db.query<{ no_reg: string; kind: string; tgl: string; sent: boolean }>(
        `SELECT no_reg, kind, to_char(tgl_janji, 'YYYY-MM-DD') AS tgl, sent_at IS NOT NULL AS sent FROM simrs_reminders WHERE nomr = $1 ORDER BY due_at`,
        [nomr],
      )
    ).map((r) => [r.no_reg, r.kind, r.tgl, r.sent]);
  const notices = async (nomr: string) =>
    (await db.query<{ title: string }>('SELECT title FROM notifications WHERE nomr = $1 ORDER BY id', [nomr])).map((n) => n.title);

  const [moving, cancelledInKhanza, cancelledInApp] = await Promise.all(
    [170, 171, 173].map((i) => loginAs(app, { nomr: nomrOf(i), tgl_lahir: COHORT.tgl_lahir })),
  );
  const booked = await Promise.all(
    [moving, cancelledInKhanza, cancelledInApp].map((t, k) => call('POST', API.book, t, d001Booking(nomrOf([170, 171, 173][k]), date, { kd_dr: 'K107' }))),
  );
  for (const b of booked) assert.is(b.body.status, true, JSON.stringify(b.body));
  const [a, b, c] = booked.map((x) => x.body.data.no_reg as string);
  const viaJkn = await ambil(172, date, 20107);
  assert.is(viaJkn.metadata.code, 200, viaJkn.metadata.message);
  const [{ no_rawat: d }] = await sik('SELECT no_rawat FROM referensi_mobilejkn_bpjs WHERE nobooking = ?', [viaJkn.response?.kodebooking]);
  assert.equal(await reminders(nomrOf(170)), [
    [a, 'malam_sebelum', date, false],
    [a, 'sebelum_praktik', date, false],
  ]);
  assert.equal(await reminders(nomrOf(172)), [
    [d, 'malam_sebelum', date, false],
    [d, 'sebelum_praktik', date, false],
  ]);

  // Moved in the app: its reminders follow the visit's new number and date. Cancelled in the app: gone.
  const moved = await call('POST', API.reschedule, moving, { no_reg: a, tgl_janji: later, kd_dr: 'K107', sts_jam: '1' });
  assert.is(moved.body.status, true, JSON.stringify(moved.body));
  const a2 = moved.body.data.no_reg as string;
  assert.equal(await reminders(nomrOf(170)), [
    [a2, 'malam_sebelum', later, false],
    [a2, 'sebelum_praktik', later, false],
  ]);
  const pengingat = await app.inject({
    url: `/api/internal/pengingat?no_reg=${encodeURIComponent(a2)}`,
    headers: { authorization: `Bearer ${INTERNAL_TOKEN}` },
  });
  assert.equal(
    pengingat.json().data.map((r: { jenis: string; waktu: string }) => [r.jenis, r.waktu.slice(0, 10)]),
    [
      ['malam_sebelum', addDays(later, -1)],
      ['sebelum_praktik', later],
    ],
    "the hospital's systems read them as an appointment's",
  );
  assert.is((await call('POST', API.cancel, cancelledInApp, { no_reg: c, alasan: 'Tidak bisa datang' })).body.status, true);
  assert.equal(await reminders(nomrOf(173)), []);
  // Cancelled on Khanza's own screen: the reminders stay planned, and none is sent.
  await sik(`UPDATE reg_periksa SET stts = 'Batal' WHERE no_rawat = ?`, [b]);

  // The morning of the visit: both reminders of the day are due.
  const sent = await queueDueReminders(db, at(date, '07:30'), 50, (no_regs) => app.simrs.waitingVisits?.(no_regs) ?? Promise.resolve(new Map()));
  assert.is(sent, 2);
  assert.equal(await notices(nomrOf(172)), ['Pengingat: perjanjian poliklinik besok', 'Pengingat: perjanjian poliklinik hari ini']);
  assert.equal(await notices(nomrOf(171)), [], 'cancelled in Khanza: nothing sent');
  assert.equal(
    (await reminders(nomrOf(171))).map((r) => r[3]),
    [true, true],
    'claimed, not sent',
  );
  assert.equal(await notices(nomrOf(170)), [], 'moved: not due yet');
  // Sent once, whichever process claims next.
  assert.is(await queueDueReminders(db, at(date, '07:45'), 50, (no_regs) => app.simrs.waitingVisits?.(no_regs) ?? Promise.resolve(new Map())), 0);
});

it("a non-JKN booking's check-in from the phone reaches its open live stream at once: Khanza's rows do not change, so no poll would see it", async () => {
  await practice('K108', 20108, today, 5);
  now = at(today, '07:40');
  const token = await loginAs(app, { nomr: nomrOf(195), tgl_lahir: COHORT.tgl_lahir });
  const made = await call('POST', API.book, token, d001Booking(nomrOf(195), today, { kd_dr: 'K108' }));
  assert.is(made.body.status, true, JSON.stringify(made.body));
  const no_reg = made.body.data.no_reg as string;
  // The change poll holds Khanza's present marks of what the stream follows (the session, the
  // pharmacy queue) and is not due for an hour: only this API's own word can tell the stream.
  for (const key of [`${today}|K108|20001|1`, `farmasi|${today}|${nomrOf(195)}`]) {
    await db.query(`INSERT INTO simrs_watch (key, watched_until, due_at, mark) VALUES ($1, now() + interval '1 hour', now() + interval '1 hour', $2)`, [
      key,
      await app.simrs.changeMark?.(key),
    ]);
  }
  const { port } = app.server.address() as { port: number };
  const stream = openStream(`http://127.0.0.1:${port}${API.clinicQueueLive}`, token);
  const mine = () => stream.events().map((e) => e.data.find((x) => x.no_reg === no_reg));
  try {
    await stream.until(() => mine().length > 0);
    assert.is(mine()[0]?.checkin, null, 'not yet checked in: not read as a counter registration');
    const checked = await call('POST', API.checkin, token, { no_reg });
    assert.is(checked.code, 200, JSON.stringify(checked.body));
    await stream.until(() => mine().some((x) => x?.checkin === checked.body.data.checkin));
  } finally {
    stream.close();
  }
});

it('a doctor with a morning and an afternoon session: Mobile JKN books each by its jampraktek, each selling its own kuota', async () => {
  await jkn.token();
  const date = nextOnWeekday(addDays(today, 40), 3);
  await twoSessions(khanza.admin, 'K109', date, { pagi: 1, sore: 2 });
  await sik('INSERT INTO maping_dokter_dpjpvclaim (kd_dokter, kd_dokter_bpjs, nm_dokter_bpjs) VALUES (?, ?, ?)', ['K109', '20109', 'K109']);
  const take = (i: number, jampraktek: string) =>
    jkn.call<Record<string, unknown>>('ambilantrean', {
      nomorkartu: cardOf(i),
      nik: nikOf(i),
      nohp: '081234567890',
      kodepoli: 'JAN',
      norm: '',
      tanggalperiksa: date,
      kodedokter: 20109,
      jampraktek,
      jeniskunjungan: 1,
      nomorreferensi: '0301U0011126P000123',
    });
  const seats = async (jampraktek: string) =>
    (await jkn.call<Record<string, number>>('statusantrean', { kodepoli: 'JAN', kodedokter: 20109, tanggalperiksa: date, jampraktek })).response;
  assert.is((await take(150, '08:00-12:00')).metadata.code, 200);
  assert.equal((await take(151, '08:00-12:00')).metadata, { code: 201, message: BOOKING_MSG.full });
  // The morning is full; the afternoon still sells its own two.
  const sore = await take(151, '14:00-17:00');
  assert.is(sore.metadata.code, 200, sore.metadata.message);
  assert.equal([sore.response?.kuotajkn, sore.response?.sisakuotajkn], [2, 1]);
  assert.equal([(await seats('08:00-12:00'))?.sisakuotajkn, (await seats('14:00-17:00'))?.sisakuotajkn, (await seats('14:00-17:00'))?.totalantrean], [0, 1, 1]);
  const [ref] = await sik('SELECT jampraktek FROM referensi_mobilejkn_bpjs WHERE nobooking = ?', [sore.response?.kodebooking]);
  assert.is(ref.jampraktek, '14:00-17:00');
});

it("the HFIS check reads Khanza's own mapping tables and jadwal against BPJS's references", async () => {
  const date = nextOnWeekday(addDays(today, 35), 5);
  await practice('K105', 20105, date, 18);
  await sik(`INSERT INTO maping_dokter_dpjpvclaim (kd_dokter, kd_dokter_bpjs, nm_dokter_bpjs) VALUES ('D001', '10001', 'D001')`);
  standIn.hfis({
    poli: [{ kdpoli: 'JAN', nmpoli: 'JANTUNG DAN PEMBULUH DARAH' }],
    dokter: [{ kodedokter: 20105, namadokter: 'dr. Uji K105' }],
    jadwal: [
      { kodepoli: 'JAN', kodesubspesialis: 'JAN', kodedokter: 20105, namadokter: 'dr. Uji K105', jadwal: '08:00 - 12:00', kapasitaspasien: 20, libur: 0 },
    ],
  });
  const res = await app.inject({ url: `/api/internal/bpjs/hfis?tanggal=${date}`, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
  assert.is(res.statusCode, 200, res.body);
  const findings = res.json().data as Array<{ jenis: string; kode: string; status: string; keterangan: string }>;
  const of = (jenis: string, kode: string) => findings.find((f) => f.jenis === jenis && f.kode.startsWith(kode));
  assert.equal([of('poli', 'JAN')?.status, of('dokter', '20105')?.status, of('dokter', '10001')?.status], ['ok', 'ok', 'tidak dikenal']);
  const jadwal = of('jadwal', 'JAN 20105');
  assert.equal([jadwal?.status, jadwal?.keterangan], ['berbeda', 'kd_dep 20001, kd_dr K105: kapasitas di BPJS 20, kuota di RS 18']);
});

it("Mobile JKN's patient in Khanza: card, NIK and norm must name one pasien, as Khanza's own cekpasien finds one only where both are on one record", async () => {
  await jkn.token();
  await practice('K119', 20119, today, 10);
  now = at(today, '07:30');
  const notOne =
    'Nomor kartu, NIK dan nomor rekam medis tidak merujuk pada pasien yang sama di rumah sakit ini. Silakan menghubungi loket pendaftaran rumah sakit.';
  const body = (over: object) => ({
    nohp: '081234567890',
    nomorkartu: cardOf(182),
    nik: nikOf(182),
    kodepoli: 'JAN',
    norm: null,
    tanggalperiksa: today,
    kodedokter: '20119',
    jampraktek: '08:00-12:00',
    jeniskunjungan: '1',
    nomorreferensi: '0301U0011126P000182',
    ...over,
  });
  for (const over of [{ nik: nikOf(183) }, { norm: nomrOf(183) }]) {
    const a = await jkn.call('ambilantrean', body(over));
    assert.equal([a.http, a.metadata.code, a.metadata.message], [200, 201, notOne], JSON.stringify(over));
  }
  const registered = async () => Number((await sik(`SELECT COUNT(*) AS n FROM reg_periksa WHERE kd_dokter = 'K119' AND tgl_registrasi = ?`, [today]))[0].n);
  assert.is(await registered(), 0, 'nothing registered in Khanza');
  const right = await jkn.call('ambilantrean', body({ norm: nomrOf(182) }));
  assert.is(right.metadata.code, 200, right.metadata.message);
  assert.is(await registered(), 1);
});

test.run();

// SIMRS=khanza's rows against a real MariaDB: what a booking writes into reg_periksa and
// referensi_mobilejkn_bpjs, compared column by column with what Khanza's own code writes for the
// same patient, clinic and day (src/simrskhanza/DlgReg.java: isCekPasien, isRegistrasi; its Mobile
// JKN service webapps/api-bpjsfktl/index.php: ambilantrean, conf.php: cekpasien); the queue numbers
// as the hospital's URUTNOREG and BASENOREG count them (DlgReg.java, isNumber); MySQL 8's default
// sql_mode; the start check; the bookings nobody came to; what a served visit holds.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayWib } from '../../common/dates.ts';
import { openKhanza, type KhanzaDb } from '../../server/connector/khanza/client.ts';
import { type Numbering, nextNumbers, REFERENCE_MSG } from '../../server/connector/khanza/rows.ts';
import { manageTx } from '../../server/connector/khanza/manage-tx.ts';
import { takeSeat } from '../../server/connector/khanza/seats.ts';
import type { Db } from '../../server/db/client.ts';
import type { PracticeSession } from '../../server/domain/booking.ts';
import { buildApp } from '../../server/app.ts';
import type { Api } from '../../server/routes/route-schema.ts';
import { API } from '../../common/paths.ts';
import { COHORT, loginAs, testConfig } from '../support/app.ts';
import { freshDb } from '../support/db.ts';
import { copyDemo, type Khanza, PENJAB, startKhanza } from '../support/khanza.ts';
import { needsMariadb } from '../support/mariadb.ts';
import { type VclaimStandIn, vclaimStandIn } from '../support/vclaim-stand-in.ts';
import { REFERRAL_MSG } from '../../server/bpjs/referrals.ts';

const it = needsMariadb(test);
const today = todayWib();
const payers = { bpjs: PENJAB.bpjs, umum: PENJAB.umum };
let khanza: Khanza;
let sik: KhanzaDb;
let db: Db;
let app: Api;
/** VClaim, where the app's BPJS letters are confirmed (docs/bpjs.md, Referrals): only a confirmed one reaches Khanza's reference row. */
let vclaim: VclaimStandIn;
/** MariaDB's CURDATE(): the day Khanza counts an age to. */
let curdate: string;

// biome-ignore lint/suspicious/noExplicitAny: rows of the Khanza database
const rows = async (sql: string, params: unknown[] = []): Promise<any[]> => (await khanza.admin.query(sql, params))[0] as any[];
const nomr = (i: number) => String(COHORT.first + i);
const DAYS = ['AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU'];

test.before(async () => {
  if (!(await import('../support/mariadb.ts')).MARIADB) return;
  [khanza, db] = await Promise.all([startKhanza(), freshDb()]);
  await copyDemo(khanza.admin, db);
  [{ curdate }] = await rows(`SELECT DATE_FORMAT(CURDATE(), '%Y-%m-%d') AS curdate`);
  // A clinic of this file's own with its fees (poliklinik.registrasi, registrasilama), two doctors practising there every day
  // from 08:00, and the first also at 20001 from 13:00; a payer Khanza ships (sik.sql: akun_piutang 'PIUTANG GARDA MEDIKA' A06).
  await rows(`INSERT INTO poliklinik (kd_poli, nm_poli, registrasi, registrasilama) VALUES ('PRW', 'Poli Uji Baris', 50000, 30000)`);
  await rows(`INSERT INTO dokter (kd_dokter, nm_dokter, kd_sps) VALUES ('RW1', 'dr. Baris Satu', 'S01'), ('RW2', 'dr. Baris Dua', 'S01')`);
  for (const hari of DAYS) {
    await rows(
      `INSERT INTO jadwal (kd_dokter, hari_kerja, jam_mulai, jam_selesai, kd_poli, kuota) VALUES
         ('RW1', ?, '08:00:00', '12:00:00', 'PRW', 60), ('RW2', ?, '08:00:00', '12:00:00', 'PRW', 60), ('RW1', ?, '13:00:00', '15:00:00', '20001', 60)`,
      [hari, hari, hari],
    );
  }
  await rows(`INSERT INTO penjab (kd_pj, png_jawab) VALUES ('A06', 'GARDA MEDIKA')`);
  await rows(`INSERT INTO kelurahan VALUES (1, 'SUKAMAJU')`);
  await rows(`INSERT INTO kecamatan VALUES (1, 'CILANDAK')`);
  await rows(`INSERT INTO kabupaten VALUES (1, 'JAKARTA SELATAN')`);
  await rows(`INSERT INTO maping_poli_bpjs (kd_poli_rs, kd_poli_bpjs, nm_poli_bpjs) VALUES ('PRW', 'INT', 'PENYAKIT DALAM')`);
  await rows(`INSERT INTO maping_dokter_dpjpvclaim (kd_dokter, kd_dokter_bpjs, nm_dokter_bpjs) VALUES ('RW1', '30101', 'dr. Baris Satu')`);
  sik = openKhanza(khanza.url, 5000, 30);
  vclaim = await vclaimStandIn();
  const INT = { kode: 'INT', nama: 'PENYAKIT DALAM' };
  const fktp = { kode: '0301U001', nama: 'PUSKESMAS CEMPAKA PUTIH' };
  vclaim.referrals.push({
    source: 'fktp',
    noKunjungan: '0301U0011126P000301',
    noKartu: '0001234500101',
    tglKunjungan: addDays(today, -5),
    poli: INT,
    perujuk: fktp,
    sep: 0,
  });
  vclaim.controls.push({
    noSuratKontrol: '0301R0011126K000302',
    noKartu: '0001234500102',
    jnsKontrol: '2',
    tglRencanaKontrol: addDays(today, 6),
    tglTerbit: addDays(today, -20),
    poliTujuan: INT.kode,
    namaPoliTujuan: INT.nama,
    kodeDokter: '30102',
    namaDokter: 'dr. Baris Dua',
    terbitSEP: 'Belum',
  });
  const config = testConfig({
    simrs: { kind: 'khanza', url: khanza.url, timeoutMs: 5000, payers, cathRooms: [] },
    vclaim: { url: vclaim.url, ...vclaim.credentials, timeoutMs: 5000 },
  });
  app = await buildApp({ config, db, logger: false, clock: () => Date.parse(`${today}T07:00:00+07:00`) });
});
test.after(async () => {
  await app?.close();
  await sik?.close();
  await khanza?.stop();
  await vclaim?.close();
  await db?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: the answers' several shapes
async function book(i: number, birth: string, date: string, over: Record<string, unknown>): Promise<{ code: number; body: Record<string, any> }> {
  const token = await loginAs(app, { nomr: nomr(i), tgl_lahir: birth });
  const payload = { nomr: nomr(i), tgl_janji: date, kd_dep: 'PRW', kd_dr: 'RW1', sts_jam: '1', carabayar: 'P', hp: '081234567890', ...over };
  const res = await app.inject({ method: 'POST', url: API.book, payload, headers: { authorization: `Bearer ${token}` } });
  return { code: res.statusCode, body: res.json() };
}

const REG_COLUMNS = `no_reg, jam_reg, kd_dokter, kd_poli, p_jawab, almt_pj, hubunganpj, biaya_reg, stts, stts_daftar, status_lanjut, kd_pj,
                     umurdaftar, sttsumur, status_bayar, status_poli`;

/** Whole years from a birth date to a day, as MariaDB's TIMESTAMPDIFF(YEAR, …) counts them. */
const years = (birth: string, day: string) => Number(day.slice(0, 4)) - Number(birth.slice(0, 4)) - (day.slice(5) < birth.slice(5) ? 1 : 0);

it("a booking paid otherwise is the row Khanza's counter writes (DlgReg.java isCekPasien, isRegistrasi): the P.J., the address, the fee, the patient's own payer", async () => {
  // A patient with a P.J. (pasien.namakeluarga, keluarga), an address in a kelurahan, registered in 2020, insured by A06.
  await rows(
    `UPDATE pasien SET namakeluarga = 'SITI AMINAH', keluarga = 'ISTRI', alamat = 'JL. MAWAR 5', kd_kel = 1, kd_kec = 1, kd_kab = 1, kd_pj = 'A06',
                       tgl_daftar = '2020-01-02' WHERE no_rkm_medis = ?`,
    [nomr(100)],
  );
  const date = addDays(today, 3);
  const booked = await book(100, COHORT.tgl_lahir, date, {});
  assert.is(booked.body.status, true, booked.body.message);
  const [row] = await rows(`SELECT ${REG_COLUMNS} FROM reg_periksa WHERE no_rawat = ?`, [booked.body.data.no_reg]);
  // DlgReg.java, isCekPasien: TPngJwb namakeluarga, TAlmt concat(alamat, ', ', nm_kel, ', ', nm_kec, ', ', nm_kab), THbngn keluarga,
  // kdpnj pasien.kd_pj, TStatus if(tgl_daftar = the day, 'Baru', 'Lama'), TBiaya registrasi (Baru) or registrasilama (Lama), the age
  // in Th when a year or more; isRegistrasi: stts 'Belum', 'Ralan', 'Belum Bayar', status_poli 'Lama' once the patient has been to the clinic.
  assert.equal(row, {
    no_reg: '001',
    jam_reg: '08:00:00',
    kd_dokter: 'RW1',
    kd_poli: 'PRW',
    p_jawab: 'SITI AMINAH',
    almt_pj: 'JL. MAWAR 5, SUKAMAJU, CILANDAK, JAKARTA SELATAN',
    hubunganpj: 'ISTRI',
    biaya_reg: 30000,
    stts: 'Belum',
    stts_daftar: 'Lama',
    status_lanjut: 'Ralan',
    kd_pj: 'A06',
    umurdaftar: years(COHORT.tgl_lahir, curdate),
    sttsumur: 'Th',
    status_bayar: 'Belum Bayar',
    status_poli: 'Baru',
  });
  // A second visit to the clinic: status_poli 'Lama'.
  const again = await book(100, COHORT.tgl_lahir, addDays(today, 4), {});
  assert.is(again.body.status, true, again.body.message);
  assert.equal(await rows('SELECT status_poli FROM reg_periksa WHERE no_rawat = ?', [again.body.data.no_reg]), [{ status_poli: 'Lama' }]);
});

it("a JKN booking is the row Khanza's Mobile JKN service writes (api-bpjsfktl ambilantrean): a baby's age in months, the P.J.'s address, its reference", async () => {
  const date = addDays(today, 5);
  // A baby of two months and three days on MariaDB's day, registered at the counter for the visit's day (stts_daftar 'Baru').
  const [{ birth }] = await rows(`SELECT DATE_FORMAT(CURDATE() - INTERVAL 2 MONTH - INTERVAL 3 DAY, '%Y-%m-%d') AS birth`);
  await rows(
    `UPDATE pasien SET tgl_lahir = ?, tgl_daftar = ?, no_peserta = '0001234500101', kd_pj = ?, namakeluarga = 'BUDI SANTOSO', keluarga = 'AYAH',
                       alamatpj = 'JL. MELATI 1', kelurahanpj = 'KEBON BARU', kecamatanpj = 'TEBET', kabupatenpj = 'JAKARTA SELATAN', propinsipj = 'DKI JAKARTA'
      WHERE no_rkm_medis = ?`,
    [birth, date, PENJAB.bpjs, nomr(101)],
  );
  const booked = await book(101, birth, date, { carabayar: 'B', jeniskunjungan: 1, nomorreferensi: '0301U0011126P000301' });
  assert.is(booked.body.status, true, booked.body.message);
  const no_rawat = booked.body.data.no_reg;
  const [row] = await rows(`SELECT ${REG_COLUMNS} FROM reg_periksa WHERE no_rawat = ?`, [no_rawat]);
  // index.php, ambilantrean: p_jawab namakeluarga, almt_pj "alamatpj, kelurahanpj, kecamatanpj, kabupatenpj, propinsipj", hubunganpj keluarga,
  // biaya_reg poliklinik.registrasilama, stts_daftar Baru when tgl_daftar is tanggalperiksa, kd_pj CARABAYAR (BPJS), umur in Bl under a year.
  assert.equal(row, {
    no_reg: '001',
    jam_reg: '08:00:00',
    kd_dokter: 'RW1',
    kd_poli: 'PRW',
    p_jawab: 'BUDI SANTOSO',
    almt_pj: 'JL. MELATI 1, KEBON BARU, TEBET, JAKARTA SELATAN, DKI JAKARTA',
    hubunganpj: 'AYAH',
    biaya_reg: 30000,
    stts: 'Belum',
    stts_daftar: 'Baru',
    status_lanjut: 'Ralan',
    kd_pj: PENJAB.bpjs,
    umurdaftar: 2,
    sttsumur: 'Bl',
    status_bayar: 'Belum Bayar',
    status_poli: 'Baru',
  });
  const [ref] = await rows(
    `SELECT nomorkartu, kodepoli, kodedokter, pasienbaru, jeniskunjungan, nomorreferensi, nomorantrean, angkaantrean, validasi
       FROM referensi_mobilejkn_bpjs WHERE no_rawat = ?`,
    [no_rawat],
  );
  assert.equal(ref, {
    nomorkartu: '0001234500101',
    kodepoli: 'INT',
    kodedokter: '30101',
    pasienbaru: '1',
    jeniskunjungan: '1 (Rujukan FKTP)',
    nomorreferensi: '0301U0011126P000301',
    nomorantrean: 'PRW-001',
    angkaantrean: '1',
    validasi: '0000-00-00 00:00:00',
  });
});

it('a JKN booking that could not carry a complete reference is refused with the reason and writes nothing: no referral, an unmapped doctor', async () => {
  await rows(`UPDATE pasien SET no_peserta = '0001234500102' WHERE no_rkm_medis = ?`, [nomr(102)]);
  const date = addDays(today, 6);
  const before = await rows('SELECT COUNT(*) AS n FROM reg_periksa');
  // Without a letter VClaim confirmed, the app's BPJS booking is refused before Khanza is written (server/bpjs/referrals.ts).
  const noReferral = await book(102, COHORT.tgl_lahir, date, { carabayar: 'B' });
  assert.equal(noReferral.body, { status: false, message: REFERRAL_MSG.missing });
  const unmapped = await book(102, COHORT.tgl_lahir, date, { carabayar: 'B', kd_dr: 'RW2', jeniskunjungan: 3, nomorreferensi: '0301R0011126K000302' });
  assert.equal([unmapped.code, unmapped.body.message], [422, REFERENCE_MSG.dokter]);
  assert.equal(await rows('SELECT COUNT(*) AS n FROM reg_periksa'), before, 'nothing written');
  assert.equal(await rows(`SELECT COUNT(*) AS n FROM referensi_mobilejkn_bpjs WHERE nomorreferensi = ''`), [{ n: 0 }]);
});

it("no_reg counts as the hospital's URUTNOREG and BASENOREG say (DlgReg.java isNumber); no_rawat per day", async () => {
  const date = addDays(today, 8);
  const slash = date.replaceAll('-', '/');
  // The counter's rows of the day: RW1 at 20001 number 4, RW2 at PRW number 7; a counter booking of RW1 at PRW number 10.
  await rows(
    `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj, status_bayar, status_poli)
     VALUES ('004', ?, ?, '13:30:00', 'RW1', ?, '20001', 'Belum', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama'),
            ('007', ?, ?, '08:30:00', 'RW2', ?, 'PRW', 'Belum', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama')`,
    [`${slash}/000041`, date, nomr(110), PENJAB.umum, `${slash}/000042`, date, nomr(111), PENJAB.umum],
  );
  await rows(
    `INSERT INTO booking_registrasi (tanggal_booking, jam_booking, no_rkm_medis, tanggal_periksa, kd_dokter, kd_poli, no_reg, kd_pj, status)
     VALUES (CURDATE(), '07:00:00', ?, ?, 'RW1', 'PRW', '010', ?, 'Belum')`,
    [nomr(112), date, PENJAB.umum],
  );
  const next = (numbering: Numbering) => sik.tx((q) => nextNumbers(q, { kd_dokter: 'RW1', kd_poli: 'PRW', tanggal: date, jam_mulai: '08:00', numbering }));
  const cases: Array<[Numbering, string]> = [
    [{ urut: 'dokter', base: 'registrasi' }, '005'],
    [{ urut: 'poli', base: 'registrasi' }, '008'],
    [{ urut: 'dokter + poli', base: 'registrasi' }, '001'],
    [{ urut: 'dokter + poli', base: 'booking' }, '011'],
    [{ urut: 'poli', base: 'booking' }, '011'],
  ];
  for (const [numbering, no_reg] of cases) {
    const seat = await next(numbering);
    assert.equal([seat.no_reg, seat.no_rawat], [no_reg, `${slash}/000043`], JSON.stringify(numbering));
  }
  // Khanza's default: per doctor, the registrations alone.
  assert.is((await sik.tx((q) => nextNumbers(q, { kd_dokter: 'RW1', kd_poli: 'PRW', tanggal: date, jam_mulai: '08:00' }))).no_reg, '005');
});

it('a race of app bookings of two doctors and counter registrations under the guard, numbered per clinic: never one number twice', async () => {
  const date = addDays(today, 9);
  const hari = DAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  const numbering: Numbering = { urut: 'poli', base: 'registrasi' };
  const counter = openKhanza(khanza.url.replace(/\/\/[^@]+@/, '//root@'), 5000, 8);
  /** A registration as Khanza's counter makes one with the quota guard: its practice's row locked, the clinic's next number, the row. */
  const counterRow = async (i: number) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await counter.tx(async (q) => {
          await q.query(`SELECT kuota FROM jadwal WHERE kd_dokter = 'RW1' AND kd_poli = 'PRW' AND hari_kerja = ? FOR UPDATE`, [hari]);
          const [n] = await q.query<{ reg: number; rawat: number }>(
            `SELECT (SELECT IFNULL(MAX(CONVERT(no_reg, SIGNED)), 0) + 1 FROM reg_periksa WHERE kd_poli = 'PRW' AND tgl_registrasi = ?) AS reg,
                    (SELECT IFNULL(MAX(CONVERT(RIGHT(no_rawat, 6), SIGNED)), 0) + 1 FROM reg_periksa WHERE tgl_registrasi = ?) AS rawat`,
            [date, date],
          );
          await q.run(
            `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj,
                                      status_bayar, status_poli)
             VALUES (?, ?, ?, '08:10:00', 'RW1', ?, 'PRW', 'Belum', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama')`,
            [String(n.reg).padStart(3, '0'), `${date.replaceAll('-', '/')}/${String(n.rawat).padStart(6, '0')}`, date, nomr(120 + i), PENJAB.umum],
          );
        });
      } catch (err) {
        // A number taken meanwhile (DlgReg saves again under the next), or a deadlock MariaDB broke by
        // rolling this save back (the clerk saves again).
        if (![1062, 1213].includes((err as { errno?: number }).errno ?? 0) || attempt > 20) throw err;
      }
    }
  };
  try {
    // The app's bookings as its booking transaction takes them (manage-tx.ts): the numbering's lock, the seat, the row.
    const appBooking = (i: number) => {
      const kd_dr = i % 2 ? 'RW2' : 'RW1';
      const session: PracticeSession = {
        id: 0,
        kd_dep: 'PRW',
        kd_dr,
        sts_jam: '1',
        sts_ue: 'U',
        batas_quota: 60,
        jam_dtg: '08:00',
        jam_plg: '12:00',
        ds_dep: 'Poli Uji Baris',
        nama_dr: kd_dr,
      };
      const attempt = () =>
        sik.tx(async (q) => {
          const tx = manageTx(q, [], 'app', { db, payers, minutesPerPatient: 0, numbering });
          const no_urut = await tx.takeSeat(session, date);
          if (no_urut === null) return { ok: false };
          await tx.insert({ nomr: nomr(140 + i), session, tgl_janji: date, carabayar: 'P', hp: '081234567890', no_urut, jenis: 'poli', rujukan: null });
          return { ok: true };
        });
      // As appointments.ts runs it: once more when another registration took the day's no_rawat first, or a deadlock.
      const retry = async (left: number): Promise<{ ok: boolean }> => {
        try {
          return await attempt();
        } catch (err) {
          if (left > 0 && [1062, 1213].includes((err as { errno?: number }).errno ?? 0)) return retry(left - 1);
          throw err;
        }
      };
      return retry(20);
    };
    const outcomes = await Promise.all([
      ...Array.from({ length: 16 }, (_, i) => appBooking(i)),
      ...Array.from({ length: 10 }, (_, i) => counterRow(i).then(() => ({ ok: true }))),
    ]);
    assert.ok(outcomes.every((o) => o.ok));
  } finally {
    await counter.close();
  }
  const [{ n, numbers, top }] = await rows(
    `SELECT COUNT(*) AS n, COUNT(DISTINCT no_reg) AS numbers, MAX(CONVERT(no_reg, SIGNED)) AS top FROM reg_periksa WHERE kd_poli = 'PRW' AND tgl_registrasi = ?`,
    [date],
  );
  assert.equal([Number(n), Number(numbers), Number(top)], [26, 26, 26], 'each patient a number of their own, 1 to 26');
});

it("with MySQL 8's default sql_mode as the server's, the connector's session is Khanza's and a Mobile JKN booking succeeds", async () => {
  const [{ mode }] = await rows('SELECT @@GLOBAL.sql_mode AS mode');
  await rows(`SET GLOBAL sql_mode = 'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION'`);
  const strict = openKhanza(khanza.url, 5000, 2);
  try {
    await rows(`UPDATE pasien SET no_peserta = '0001234500103' WHERE no_rkm_medis = ?`, [nomr(103)]);
    const got = await takeSeat(strict, {
      kd_dokter: 'RW1',
      kd_poli: 'PRW',
      tanggal: addDays(today, 10),
      jam_mulai: '08:00',
      no_rkm_medis: nomr(103),
      kd_pj: PENJAB.bpjs,
      nohp: '081234567890',
      rujukan: { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000303' },
      statuskirim: 'Sudah',
    });
    assert.ok(got.ok);
    assert.equal(await rows('SELECT validasi FROM referensi_mobilejkn_bpjs WHERE nomorreferensi = ?', ['0301U0011126P000303']), [
      { validasi: '0000-00-00 00:00:00' },
    ]);
    // The same row in a session of the server's mode is refused: the connector's own mode is what lets it in.
    const [{ session }] = (await strict.query<{ session: string }>('SELECT @@SESSION.sql_mode AS session')) as [{ session: string }];
    assert.is(session, 'NO_ENGINE_SUBSTITUTION');
    const raw = openKhanza(khanza.url, 5000, 1);
    const err = await raw
      .tx((q) =>
        q.run(`SET SESSION sql_mode = @@GLOBAL.sql_mode`).then(() => q.run(`UPDATE referensi_mobilejkn_bpjs SET validasi = '0000-00-00 00:00:00' LIMIT 1`)),
      )
      .catch((e: unknown) => e);
    await raw.close();
    assert.is((err as { errno?: number }).errno, 1292, "Incorrect datetime value '0000-00-00 00:00:00'");
  } finally {
    await strict.close();
    await rows(`SET GLOBAL sql_mode = ?`, [mode]);
  }
});

test.run();

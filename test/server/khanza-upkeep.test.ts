// SIMRS=khanza against a real MariaDB, what keeps a hospital's Khanza working with the connector:
// the start check naming what the connector uses and Khanza lacks (a table, a column, a payer
// code), /api/health's Khanza down while it is missing; the bookings nobody came to closed as
// Khanza closes a registration, so its counter's check of the cashier's closing (DlgReg.java
// isPas, wajib_closing_kasir) lets the patient register again; and what a served visit holds in
// Khanza read into the histories (stts_daftar, resume_pasien, diagnosa_pasien).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayWib } from '../../common/dates.ts';
import { ConfigError } from '../../server/config/parse.ts';
import { openKhanza, type KhanzaDb } from '../../server/connector/khanza/client.ts';
import { khanzaConnector } from '../../server/connector/khanza/connector.ts';
import { khanzaHistories } from '../../server/connector/khanza/histories.ts';
import { closeNoShows } from '../../server/connector/khanza/noshow.ts';
import { requireSchema, schemaProblem } from '../../server/connector/khanza/schema.ts';
import { hariKerja, takeSeat } from '../../server/connector/khanza/seats.ts';
import type { Db } from '../../server/db/client.ts';
import { COHORT } from '../support/app.ts';
import { freshDb } from '../support/db.ts';
import { copyDemo, type Khanza, PENJAB, startKhanza } from '../support/khanza.ts';
import { needsMariadb } from '../support/mariadb.ts';

const it = needsMariadb(test);
const today = todayWib();
const payers = { bpjs: PENJAB.bpjs, umum: PENJAB.umum };
let khanza: Khanza;
let sik: KhanzaDb;
let db: Db;

// biome-ignore lint/suspicious/noExplicitAny: rows of the Khanza database
const rows = async (sql: string, params: unknown[] = []): Promise<any[]> => (await khanza.admin.query(sql, params))[0] as any[];
const nomr = (i: number) => String(COHORT.first + i);

test.before(async () => {
  if (!(await import('../support/mariadb.ts')).MARIADB) return;
  [khanza, db] = await Promise.all([startKhanza(), freshDb()]);
  await copyDemo(khanza.admin, db);
  sik = openKhanza(khanza.url, 5000, 10);
});
test.after(async () => {
  await sik?.close();
  await khanza?.stop();
  await db?.close();
});

it('the start check names what Khanza lacks: a table (resep_obat, without which /antrian/farmasi would fail), a column, a payer code; health says Khanza is down meanwhile', async () => {
  assert.is(await schemaProblem(sik, payers), null, 'the fixture holds everything the connector uses');
  // The default umum code before Khanza's own was taken: not in a Khanza as shipped.
  assert.match(String(await schemaProblem(sik, { ...payers, umum: 'UMU' })), "penjab has no kd_pj 'UMU' (KHANZA_KD_PJ_UMUM");

  const logged: string[] = [];
  const own = openKhanza(khanza.url, 5000, 2);
  const connector = khanzaConnector(own, db, { payers, cathRooms: [] }, { error: (m: unknown) => void logged.push(String(m)) } as never);
  try {
    await rows('RENAME TABLE resep_obat TO resep_obat_lama');
    await rows('ALTER TABLE pasien CHANGE namakeluarga nama_keluarga varchar(50) NOT NULL DEFAULT ""');
    const err = await requireSchema(sik, payers).catch((e: unknown) => e);
    assert.instance(err, ConfigError);
    assert.match((err as Error).message, "tables missing or not granted to the connector's user: resep_obat");
    assert.match((err as Error).message, 'columns missing: pasien.namakeluarga');
    assert.equal(await connector.health(), { name: 'khanza', ok: false });
    assert.match(logged.join('\n'), 'resep_obat');
  } finally {
    await rows('RENAME TABLE resep_obat_lama TO resep_obat');
    await rows('ALTER TABLE pasien CHANGE nama_keluarga namakeluarga varchar(50) NOT NULL DEFAULT ""');
  }
  assert.equal(await connector.health(), { name: 'khanza', ok: true });
  await connector.close();
});

it("a booking of a past day nobody came to is closed as Khanza closes one ('Batal'): the counter's closing check lets the patient in; the counter's own rows are left", async () => {
  // The doctor's first session of a date (seats are counted per session: placement.ts).
  const firstStart = async (tanggal: string) => {
    const [first] = await rows(
      "SELECT TIME_FORMAT(jam_mulai, '%H:%i') AS jam FROM jadwal WHERE kd_dokter = 'D001' AND kd_poli = '20001' AND hari_kerja = ? ORDER BY jam_mulai LIMIT 1",
      [hariKerja(tanggal)],
    );
    return first?.jam as string | undefined;
  };
  const session = async (tanggal: string) => ({ kd_dokter: 'D001', kd_poli: '20001', tanggal, jam_mulai: (await firstStart(tanggal)) ?? '08:00' });
  // The last day before today the doctor practised (the demo has no Sunday practice unless seeded on a Sunday).
  let yesterday = addDays(today, -1);
  for (let i = 0; i < 7 && !(await firstStart(yesterday)); i++) yesterday = addDays(yesterday, -1);
  const s = await session(yesterday);
  await rows('INSERT INTO set_validasi_registrasi VALUES (?)', ['Yes']);
  await rows(`UPDATE pasien SET no_peserta = '0001234500151' WHERE no_rkm_medis = ?`, [nomr(151)]);
  // The app's booking paid otherwise (its mark in this API's database) and a Mobile JKN booking, both of yesterday, never served.
  const plain = await takeSeat(sik, { ...s, no_rkm_medis: nomr(150), kd_pj: PENJAB.umum, nohp: '081234567890', reference: false });
  const jkn = await takeSeat(sik, {
    ...s,
    no_rkm_medis: nomr(151),
    kd_pj: PENJAB.bpjs,
    nohp: '081234567890',
    rujukan: { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000501' },
    statuskirim: 'Sudah',
  });
  assert.ok(plain.ok && jkn.ok);
  if (!plain.ok || !jkn.ok) return;
  await db.query('INSERT INTO simrs_bookings (no_reg, nomr, tgl_janji) VALUES ($1, $2, $3)', [plain.seat.no_rawat, nomr(150), yesterday]);
  // A registration the counter made yesterday and left open: the clerk's, not the app's.
  const counter = await takeSeat(sik, { ...s, no_rkm_medis: nomr(152), kd_pj: PENJAB.umum, nohp: '-', reference: false });
  assert.ok(counter.ok);

  // DlgReg.java isPas, with wajib_closing_kasir 'Yes': this count above 0 refuses the patient at the counter.
  const unclosed = async (who: string) =>
    Number(
      (await rows(`SELECT COUNT(no_rkm_medis) AS n FROM reg_periksa WHERE no_rkm_medis = ? AND status_bayar = 'Belum Bayar' AND stts <> 'Batal'`, [who]))[0].n,
    );
  assert.equal([await unclosed(nomr(150)), await unclosed(nomr(151))], [1, 1], 'blocked before');

  assert.is(await closeNoShows(sik, db, today), 2);
  assert.equal([await unclosed(nomr(150)), await unclosed(nomr(151)), await unclosed(nomr(152))], [0, 0, 1]);
  assert.equal(await rows('SELECT stts FROM reg_periksa WHERE no_rawat = ?', [jkn.seat.no_rawat]), [{ stts: 'Batal' }]);
  assert.equal(await rows('SELECT status FROM referensi_mobilejkn_bpjs WHERE no_rawat = ?', [jkn.seat.no_rawat]), [{ status: 'Batal' }]);
  assert.is(await closeNoShows(sik, db, today), 0, 'closed once');
  // Today's bookings are not closed: their day is not over.
  const todays = await takeSeat(sik, { ...(await session(today)), no_rkm_medis: nomr(153), kd_pj: PENJAB.umum, nohp: '081234567890', reference: false });
  assert.ok(todays.ok);
  if (todays.ok) await db.query('INSERT INTO simrs_bookings (no_reg, nomr, tgl_janji) VALUES ($1, $2, $3)', [todays.seat.no_rawat, nomr(153), today]);
  assert.is(await closeNoShows(sik, db, today), 0);
});

it("the histories read what Khanza holds of a served visit: a new patient's first visit (pas_baru), the doctor's summary (resume), the stay's secondary diagnoses", async () => {
  const who = nomr(160);
  const day = addDays(today, -20);
  const visit = `${day.replaceAll('-', '/')}/700001`;
  const stay = `${day.replaceAll('-', '/')}/700002`;
  await rows(
    `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj, status_bayar, status_poli)
     VALUES ('001', ?, ?, '08:00:00', 'D001', ?, '20001', 'Sudah', 'Baru', 'Ralan', ?, 'Sudah Bayar', 'Baru'),
            ('002', ?, ?, '09:00:00', 'D001', ?, '20001', 'Dirawat', 'Lama', 'Ranap', ?, 'Sudah Bayar', 'Lama')`,
    [visit, day, who, PENJAB.umum, stay, day, who, PENJAB.umum],
  );
  await rows(
    `INSERT INTO resume_pasien (no_rawat, kd_dokter, keluhan_utama, jalannya_penyakit, pemeriksaan_penunjang, hasil_laborat, diagnosa_utama, obat_pulang)
     VALUES (?, 'D001', 'Nyeri dada saat aktivitas', '-', '-', '-', 'Angina pektoris stabil', 'Aspirin 80 mg 1x1')`,
    [visit],
  );
  await rows(`INSERT INTO bangsal (kd_bangsal, nm_bangsal) VALUES ('BUP', 'Bangsal Uji')`);
  await rows(`INSERT INTO kamar (kd_kamar, kd_bangsal, status) VALUES ('BUP-1', 'BUP', 'KOSONG')`);
  await rows(
    `INSERT INTO kamar_inap (no_rawat, kd_kamar, diagnosa_awal, diagnosa_akhir, tgl_masuk, jam_masuk, tgl_keluar, stts_pulang)
     VALUES (?, 'BUP-1', 'Gagal jantung', 'Gagal jantung kongestif', ?, '09:30:00', ?, 'Membaik')`,
    [stay, day, addDays(day, 4)],
  );
  await rows(
    `INSERT INTO penyakit VALUES ('I50.0', 'Congestive heart failure'), ('I10', 'Essential (primary) hypertension'), ('E11.9', 'Type 2 diabetes mellitus')`,
  );
  await rows(
    `INSERT INTO diagnosa_pasien (no_rawat, kd_penyakit, status, prioritas) VALUES (?, 'I50.0', 'Ranap', 1), (?, 'E11.9', 'Ranap', 3), (?, 'I10', 'Ranap', 2)`,
    [stay, stay, stay],
  );
  const h = khanzaHistories(sik, db, payers, []);
  const visits = await h.outpatientVisits(who);
  assert.equal(
    visits.map((v) => [v.no_reg, v.pas_baru, v.resume]),
    [[visit, 'Y', 'Nyeri dada saat aktivitas. Angina pektoris stabil. Aspirin 80 mg 1x1']],
  );
  const stays = await h.pastInpatient(who);
  assert.equal(
    stays.map((s) => [s.no_reg, s.diagnosis_primer, s.diagnosis_sekunder]),
    [[stay, 'Gagal jantung kongestif', 'I10 Essential (primary) hypertension, E11.9 Type 2 diabetes mellitus']],
  );
});

test.run();

// A SIMRS Khanza database for the connector's tests: a MariaDB of its own (mariadb.ts) with the
// schema fixture (khanza/sik-schema.sql), the quota guard the hospital installs
// (server/connector/khanza/quota-guard.sql), the connector's own database user with the grants
// docs/integration.md names, and demo rows copied from this API's demo seed, so the same patients,
// clinics, doctors and weekly schedules are there.
import { readFileSync } from 'node:fs';
import { createConnection, type Connection } from 'mysql2/promise';
import type { Queryable } from '../../server/db/client.ts';
import { HARI_KERJA } from '../../server/connector/khanza/seats.ts';
import { type Mariadb, startMariadb } from './mariadb.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** The statements of an SQL file as the command-line client reads it: ';' ends one, or the DELIMITER set (a trigger's body). */
function statements(sql: string): string[] {
  const out: string[] = [];
  let delimiter = ';';
  let current = '';
  for (const line of sql.replace(/--.*$/gm, '').split('\n')) {
    const set = /^\s*DELIMITER\s+(\S+)\s*$/i.exec(line);
    if (set) {
      delimiter = set[1];
      continue;
    }
    current += `${line}\n`;
    if (current.trimEnd().endsWith(delimiter)) {
      out.push(current.trimEnd().slice(0, -delimiter.length).trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out.filter(Boolean);
}

const APP_USER = { user: 'pasien_app', password: 'pasien-app-test-pw' };

/** The grants of the connector's user: reads, the two tables a booking writes and the one a cancel writes (docs/integration.md). */
const GRANTS = [
  'GRANT SELECT ON sik.* TO ?@?',
  'GRANT INSERT, UPDATE ON sik.reg_periksa TO ?@?',
  'GRANT INSERT, UPDATE ON sik.referensi_mobilejkn_bpjs TO ?@?',
  'GRANT INSERT ON sik.referensi_mobilejkn_bpjs_batal TO ?@?',
];

/**
 * The tables the connector reads, each granted alone: what docs/integration.md lists for a hospital
 * that grants no more than it must (khanza-contract.test.ts reads and books as a user with only these).
 */
const READ_TABLES = [
  'pasien',
  'penjab',
  'poliklinik',
  'dokter',
  'spesialis',
  'jadwal',
  'reg_periksa',
  'booking_registrasi',
  'referensi_mobilejkn_bpjs',
  'maping_poli_bpjs',
  'maping_dokter_dpjpvclaim',
  'kamar_inap',
  'kamar',
  'bangsal',
  'booking_operasi',
  'paket_operasi',
  'operasi',
  'periksa_lab',
  'detail_periksa_lab',
  'template_laboratorium',
  'resep_obat',
  'resep_dokter_racikan',
  'antriapotek3',
  'antripoli',
  'pasien_app_kuota_guard', // quota-guard.sql's view of its triggers
  // What a registration copies and a served visit holds (server/connector/khanza/rows.ts, histories.ts).
  'kelurahan',
  'kecamatan',
  'kabupaten',
  'resume_pasien',
  'diagnosa_pasien',
  'penyakit',
] as const;

/** A user of its own with SELECT on READ_TABLES alone and the booking's INSERT, UPDATE: its URL. */
export async function narrowUser(k: Khanza, user: string, password: string): Promise<string> {
  await k.admin.query('CREATE USER ?@? IDENTIFIED BY ?', [user, '%', password]);
  for (const t of READ_TABLES) await k.admin.query(`GRANT SELECT ON sik.${t} TO ?@?`, [user, '%']);
  for (const g of GRANTS.slice(1)) await k.admin.query(g, [user, '%']);
  return `mysql://${user}:${password}@127.0.0.1:${k.server.port}/sik`;
}

export interface Khanza {
  server: Mariadb;
  /** mysql://pasien_app:…@127.0.0.1:port/sik — what KHANZA_DATABASE_URL is in a hospital. */
  url: string;
  /** The administrator on the sik database: the tests write as Khanza's own screens would. */
  admin: Connection;
  stop(): Promise<void>;
}

/** Installs (or installs again) the quota guard, as the hospital's administrator does. */
export async function installGuard(admin: Connection): Promise<void> {
  for (const s of statements(read('../../server/connector/khanza/quota-guard.sql'))) await admin.query(s);
}

export async function startKhanza(): Promise<Khanza> {
  const server = await startMariadb();
  const admin = await createConnection({ host: '127.0.0.1', port: server.port, user: 'root', dateStrings: true, timezone: '+07:00' });
  try {
    await admin.query('CREATE DATABASE sik CHARACTER SET latin1');
    await admin.query('USE sik');
    for (const s of statements(read('./khanza/sik-schema.sql'))) await admin.query(s);
    await installGuard(admin);
    await admin.query('CREATE USER ?@? IDENTIFIED BY ?', [APP_USER.user, '%', APP_USER.password]);
    for (const g of GRANTS) await admin.query(g, [APP_USER.user, '%']);
  } catch (err) {
    await admin.end();
    await server.stop();
    throw err;
  }
  return {
    server,
    url: `mysql://${APP_USER.user}:${APP_USER.password}@127.0.0.1:${server.port}/sik`,
    admin,
    async stop() {
      await admin.end();
      await server.stop();
    },
  };
}

/** Khanza's payer codes of the demo: the general one and BPJS. */
// Khanza's shipped codes (its sik.sql: akun_piutang's 'PIUTANG PASIEN UMUM' is A09, 'PIUTANG BPJS' BPJ).
export const PENJAB = { umum: 'A09', bpjs: 'BPJ' } as const;

/**
 * Copies the demo seed's patients, clinics, doctors (with their specialties) and weekly clinic
 * schedules from this API's database into Khanza's tables, so both hold the same hospital.
 */
export async function copyDemo(admin: Connection, db: Queryable): Promise<void> {
  await admin.query(`INSERT INTO penjab (kd_pj, png_jawab) VALUES (?, 'UMUM'), (?, 'BPJS KESEHATAN')`, [PENJAB.umum, PENJAB.bpjs]);
  const patients = await db.query<{
    nomr: string;
    nama: string;
    jenis_kelamin: string;
    tgl_lahir: string;
    pastipe: string;
    alamat: string;
    no_jaminan: string | null;
    telp_hp: string | null;
  }>(`SELECT nomr, nama, jenis_kelamin, to_char(tgl_lahir, 'YYYY-MM-DD') AS tgl_lahir, pastipe, alamat, no_jaminan, telp_hp FROM patients ORDER BY nomr`);
  for (let i = 0; i < patients.length; i += 200) {
    const rows = patients
      .slice(i, i + 200)
      .map((p) => [
        p.nomr,
        p.nama.slice(0, 40),
        p.jenis_kelamin,
        p.tgl_lahir,
        p.alamat.slice(0, 200),
        p.telp_hp,
        p.pastipe === 'BPJS' ? PENJAB.bpjs : PENJAB.umum,
        p.no_jaminan,
        p.tgl_lahir,
      ]);
    await admin.query('INSERT INTO pasien (no_rkm_medis, nm_pasien, jk, tgl_lahir, alamat, no_tlp, kd_pj, no_peserta, tgl_daftar) VALUES ?', [rows]);
  }
  const clinics = await db.query<{ kd_dep: string; ds_dep: string }>('SELECT kd_dep, ds_dep FROM clinics');
  await admin.query('INSERT INTO poliklinik (kd_poli, nm_poli) VALUES ?', [clinics.map((c) => [c.kd_dep, c.ds_dep])]);
  const doctors = await db.query<{ kd_dr: string; nama_dr_lengkap: string; spesialis: string }>('SELECT kd_dr, nama_dr_lengkap, spesialis FROM doctors');
  const specialties = [...new Set(doctors.map((d) => d.spesialis))];
  const kdSps = (name: string) => `S${String(specialties.indexOf(name) + 1).padStart(2, '0')}`;
  await admin.query('INSERT INTO spesialis (kd_sps, nm_sps) VALUES ?', [specialties.map((s) => [kdSps(s), s.slice(0, 50)])]);
  await admin.query('INSERT INTO dokter (kd_dokter, nm_dokter, kd_sps) VALUES ?', [
    doctors.map((d) => [d.kd_dr, d.nama_dr_lengkap.slice(0, 50), kdSps(d.spesialis)]),
  ]);
  const schedules = await db.query<{ kd_dr: string; kd_dep: string; hari: number; jam_dtg: string; jam_plg: string; batas_quota: number }>(
    `SELECT kd_dr, kd_dep, hari, jam_dtg, jam_plg, batas_quota FROM practice_schedules WHERE jenis = 'poli' ORDER BY kd_dep <> '20001', id`,
  );
  // Khanza keeps one practice per doctor, weekday and start: where the demo has a doctor in two
  // clinics at once, the demo patients' clinic (20001) is kept.
  // ISO weekday (1 Monday … 7 Sunday) to Khanza's day name.
  const rows = schedules.map((s) => [s.kd_dr, HARI_KERJA[s.hari % 7], `${s.jam_dtg}:00`, `${s.jam_plg}:00`, s.kd_dep, s.batas_quota]);
  await admin.query('INSERT IGNORE INTO jadwal (kd_dokter, hari_kerja, jam_mulai, jam_selesai, kd_poli, kuota) VALUES ?', [rows]);
}

/**
 * Copies the demo seed's lab orders into Khanza's lab tables: each order an examination of a visit
 * on its date (a reg_periksa row of the patient's), each result a template item with its value.
 */
export async function copyDemoLab(admin: Connection, db: Queryable): Promise<void> {
  const orders = await db.query<{ no_lab: string; no_mr: string; tgl: string; jam: string }>(
    `SELECT no_lab, no_mr, to_char(tgl_prksa, 'YYYY-MM-DD') AS tgl, to_char(tgl_prksa, 'HH24:MI:SS') AS jam FROM lab_orders ORDER BY tgl_prksa`,
  );
  let n = 0;
  for (const o of orders) {
    n++;
    const no_rawat = `${o.tgl.replaceAll('-', '/')}/8${String(n).padStart(5, '0')}`;
    await admin.query(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj,
                                status_bayar, status_poli)
       VALUES ('001', ?, ?, ?, 'D001', ?, '20001', 'Sudah', 'Lama', 'Ralan', ?, 'Sudah Bayar', 'Lama')`,
      [no_rawat, o.tgl, o.jam, o.no_mr, PENJAB.umum],
    );
    await admin.query(`INSERT INTO periksa_lab (no_rawat, kd_jenis_prw, tgl_periksa, jam, kd_dokter, status) VALUES (?, 'LAB-DEMO', ?, ?, 'D001', 'Ralan')`, [
      no_rawat,
      o.tgl,
      o.jam,
    ]);
    const results = await db.query<{ seq: number; test_nm: string; hasil: string; unit: string | null; flag: string | null; ref_range: string | null }>(
      'SELECT seq, test_nm, hasil, unit, flag, ref_range FROM lab_results WHERE no_lab = $1 ORDER BY seq',
      [o.no_lab],
    );
    for (const r of results) {
      const [made] = (await admin.query(`INSERT INTO template_laboratorium (kd_jenis_prw, Pemeriksaan, satuan, urut) VALUES ('LAB-DEMO', ?, ?, ?)`, [
        r.test_nm,
        r.unit,
        r.seq,
      ])) as unknown as [{ insertId: number }];
      await admin.query(
        `INSERT INTO detail_periksa_lab (no_rawat, kd_jenis_prw, tgl_periksa, jam, id_template, nilai, nilai_rujukan, keterangan) VALUES (?, 'LAB-DEMO', ?, ?, ?, ?, ?, ?)`,
        [no_rawat, o.tgl, o.jam, made.insertId, r.hasil, r.ref_range ?? '', r.flag ?? ''],
      );
    }
  }
}

/**
 * Copies the demo seed's inpatient stays: each a visit continued as inpatient (reg_periksa 'Ranap'
 * from the clinic the patient came from), its room in a ward, its dates and diagnosis.
 */
export async function copyDemoStays(admin: Connection, db: Queryable): Promise<void> {
  const stays = await db.query<{
    no_mr: string;
    tgl_reg: string;
    tgl_masuk: string;
    tgl_pulang: string | null;
    ds_kmr: string;
    kd_bed_from: string;
    ds_bed_from: string;
    status: string;
    diagnosis_primer: string;
  }>(
    `SELECT no_mr, to_char(tgl_reg, 'YYYY-MM-DD') AS tgl_reg, to_char(tgl_masuk, 'YYYY-MM-DD') AS tgl_masuk,
            to_char(tgl_pulang, 'YYYY-MM-DD') AS tgl_pulang, ds_kmr, kd_bed_from, ds_bed_from, status, diagnosis_primer
       FROM inpatient_stays ORDER BY tgl_masuk`,
  );
  const code = (prefix: string, names: string[], name: string) => `${prefix}${String(names.indexOf(name) + 1).padStart(3, '0')}`;
  const wards = [...new Set(stays.map((s) => s.ds_kmr))];
  const origins = [...new Set(stays.map((s) => s.ds_bed_from))];
  if (wards.length) await admin.query('INSERT INTO bangsal (kd_bangsal, nm_bangsal) VALUES ?', [wards.map((w) => [code('B', wards, w), w])]);
  // Where the patients came from (the emergency unit): units of Khanza, not clinics to book (status '0').
  if (origins.length) await admin.query(`INSERT INTO poliklinik (kd_poli, nm_poli, status) VALUES ?`, [origins.map((o) => [code('R', origins, o), o, '0'])]);
  let n = 0;
  for (const s of stays) {
    n++;
    const no_rawat = `${s.tgl_reg.replaceAll('-', '/')}/6${String(n).padStart(5, '0')}`;
    await admin.query(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj,
                                status_bayar, status_poli)
       VALUES ('001', ?, ?, '08:00:00', 'D001', ?, ?, 'Dirawat', 'Lama', 'Ranap', ?, 'Belum Bayar', 'Lama')`,
      [no_rawat, s.tgl_reg, s.no_mr, code('R', origins, s.ds_bed_from), PENJAB.umum],
    );
    await admin.query('INSERT IGNORE INTO kamar (kd_kamar, kd_bangsal, status) VALUES (?, ?, ?)', [
      s.kd_bed_from,
      code('B', wards, s.ds_kmr),
      s.tgl_pulang ? 'KOSONG' : 'ISI',
    ]);
    await admin.query(
      `INSERT INTO kamar_inap (no_rawat, kd_kamar, diagnosa_awal, diagnosa_akhir, tgl_masuk, jam_masuk, tgl_keluar, stts_pulang)
       VALUES (?, ?, ?, ?, ?, '08:00:00', ?, ?)`,
      [no_rawat, s.kd_bed_from, s.diagnosis_primer, s.tgl_pulang ? s.diagnosis_primer : null, s.tgl_masuk, s.tgl_pulang, s.tgl_pulang ? 'Membaik' : '-'],
    );
  }
}

/** The operating room of the demo's catheterization lab; the other procedures are the surgery theatre's. */
export const CATH_ROOM = 'KAT';

/**
 * Copies the demo seed's procedures: each a booking of an operating room (the catheterization lab
 * for 'kath'), 'Selesai' when done, with its package's name, and for a surgery done its team.
 */
export async function copyDemoProcedures(admin: Connection, db: Queryable): Promise<void> {
  const rows = await db.query<{
    no_mr: string;
    jenis: string;
    tanggal: string;
    tindakan: string;
    kd_dr: string;
    kd_dr_anestesi: string | null;
    selesai: boolean;
  }>(`SELECT no_mr, jenis, to_char(tanggal, 'YYYY-MM-DD') AS tanggal, tindakan, kd_dr, kd_dr_anestesi, selesai FROM procedures ORDER BY tanggal`);
  const packages = [...new Set(rows.map((r) => r.tindakan))];
  const kode = (t: string) => `PKT${String(packages.indexOf(t) + 1).padStart(3, '0')}`;
  if (packages.length) await admin.query('INSERT INTO paket_operasi (kode_paket, nm_perawatan) VALUES ?', [packages.map((t) => [kode(t), t.slice(0, 80)])]);
  let n = 0;
  for (const r of rows) {
    n++;
    const no_rawat = `${r.tanggal.replaceAll('-', '/')}/5${String(n).padStart(5, '0')}`;
    await admin.query(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj,
                                status_bayar, status_poli)
       VALUES ('001', ?, ?, '07:00:00', ?, ?, '20001', ?, 'Lama', 'Ranap', ?, 'Belum Bayar', 'Lama')`,
      [no_rawat, r.tanggal, r.kd_dr, r.no_mr, r.selesai ? 'Sudah' : 'Belum', PENJAB.umum],
    );
    await admin.query(
      `INSERT INTO booking_operasi (no_rawat, kode_paket, tanggal, jam_mulai, status, kd_dokter, kd_ruang_ok) VALUES (?, ?, ?, '09:00:00', ?, ?, ?)`,
      [no_rawat, kode(r.tindakan), r.tanggal, r.selesai ? 'Selesai' : 'Menunggu', r.kd_dr, r.jenis === 'kath' ? CATH_ROOM : 'OK1'],
    );
    if (r.kd_dr_anestesi) {
      await admin.query(`INSERT INTO operasi (no_rawat, tgl_operasi, operator1, dokter_anestesi, kode_paket, status) VALUES (?, ?, ?, ?, ?, 'Ranap')`, [
        no_rawat,
        `${r.tanggal} 09:00:00`,
        r.kd_dr,
        r.kd_dr_anestesi,
        kode(r.tindakan),
      ]);
    }
  }
}

/**
 * Copies the demo seed's pharmacy queue of today: each entry an outpatient prescription of a visit
 * of today, validated by the pharmacy (its medicine being prepared), and the one 'Siap diambil'
 * called to the pharmacy's counter (antriapotek3). Answers the prescription numbers by patient.
 */
export async function copyDemoPharmacy(admin: Connection, db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ no_mr: string; tgl: string; status_obat: string }>(
    `SELECT no_mr, to_char(tgl_layanan, 'YYYY-MM-DD') AS tgl, status_obat FROM pharmacy_queue ORDER BY no_antrian`,
  );
  const made = new Map<string, string>();
  let n = 0;
  for (const r of rows) {
    n++;
    const no_rawat = `${r.tgl.replaceAll('-', '/')}/4${String(n).padStart(5, '0')}`;
    const no_resep = `${r.tgl.replaceAll('-', '')}${String(n).padStart(6, '0')}`;
    await admin.query(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj,
                                status_bayar, status_poli)
       VALUES (?, ?, ?, '07:30:00', 'D001', ?, '20001', 'Sudah', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama')`,
      [String(900 + n), no_rawat, r.tgl, r.no_mr, PENJAB.umum],
    );
    await admin.query(
      `INSERT INTO resep_obat (no_resep, tgl_perawatan, jam, no_rawat, kd_dokter, tgl_peresepan, jam_peresepan, status, tgl_penyerahan, jam_penyerahan)
       VALUES (?, ?, '08:15:00', ?, 'D001', ?, '08:00:00', 'ralan', '0000-00-00', '00:00:00')`,
      [no_resep, r.tgl, no_rawat, r.tgl],
    );
    if (r.status_obat === 'Siap diambil') await admin.query(`INSERT INTO antriapotek3 (no_resep, status, no_rawat) VALUES (?, '1', ?)`, [no_resep, no_rawat]);
    made.set(r.no_mr, no_resep);
  }
  return made;
}

// ---- Practice sessions and the quota guard's mode (test/server/khanza-seats.test.ts) ---------------

/** The two sessions of twoSessions(): a morning and an afternoon one. */
export const SESSIONS = { pagi: { jam_mulai: '08:00', jam_selesai: '12:00' }, sore: { jam_mulai: '14:00', jam_selesai: '17:00' } } as const;

/**
 * A doctor of their own with a morning and an afternoon session at clinic 20001 on the date's
 * weekday (jadwal's key is doctor, weekday and start, so Khanza allows both), each with its kuota.
 */
export async function twoSessions(admin: Connection, kd_dokter: string, tanggal: string, kuota: { pagi: number; sore: number }): Promise<void> {
  const hari = HARI_KERJA[new Date(`${tanggal}T00:00:00Z`).getUTCDay()];
  await admin.query(`INSERT INTO dokter (kd_dokter, nm_dokter, kd_sps) VALUES (?, ?, 'S01')`, [kd_dokter, `dr. Uji ${kd_dokter}`]);
  for (const key of ['pagi', 'sore'] as const) {
    const s = SESSIONS[key];
    await admin.query(`INSERT INTO jadwal (kd_dokter, hari_kerja, jam_mulai, jam_selesai, kd_poli, kuota) VALUES (?, ?, ?, ?, '20001', ?)`, [
      kd_dokter,
      hari,
      `${s.jam_mulai}:00`,
      `${s.jam_selesai}:00`,
      kuota[key],
    ]);
  }
}

/** The quota guard's mode, as Khanza's administrator sets it (quota-guard.sql). */
export async function guardMode(admin: Connection, mode: 'app' | 'strict'): Promise<void> {
  await admin.query('UPDATE pasien_app_kuota_mode SET mode = ?', [mode]);
}
// ---- end: practice sessions and the quota guard's mode -----------------------------------------------

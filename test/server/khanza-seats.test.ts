// SIMRS=khanza's seat pool against a real MariaDB (Debian's mariadb-server; skipped with a count
// where it is absent): a booking is a reg_periksa row and its referensi_mobilejkn_bpjs row, taken
// under the practice's lock that the quota guard makes Khanza's own registrations take too. 50
// parallel app bookings for the last 10 seats while the counter registers patients straight into
// Khanza: exactly the quota, never one more; a refused booking leaves nothing behind; cancel and
// reschedule change that row.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayWib } from '../../common/dates.ts';
import { openKhanza, type KhanzaDb } from '../../server/connector/khanza/client.ts';
import { cancelSeat, moveSeat, seatsTaken, takeSeat, type SeatSession } from '../../server/connector/khanza/seats.ts';
import type { Db } from '../../server/db/client.ts';
import { freshDb } from '../support/db.ts';
import { copyDemo, guardMode, type Khanza, PENJAB, startKhanza } from '../support/khanza.ts';
import { needsMariadb } from '../support/mariadb.ts';

const it = needsMariadb(test);
let khanza: Khanza;
let sik: KhanzaDb;
let db: Db;

test.before(async () => {
  if (!(await import('../support/mariadb.ts')).MARIADB) return;
  [khanza, db] = await Promise.all([startKhanza(), freshDb()]);
  await copyDemo(khanza.admin, db);
  sik = openKhanza(khanza.url, 5000, 60);
});
test.after(async () => {
  await sik?.close();
  await khanza?.stop();
  await db?.close();
});

/** A test session of its own: a new doctor practising in clinic 20001 on the date's weekday, with `kuota` seats. */
async function practice(kd_dokter: string, tanggal: string, kuota: number): Promise<SeatSession> {
  const [[{ hari }]] = (await khanza.admin.query(`SELECT ELT(DAYOFWEEK(?), 'AKHAD', 'SENIN', 'SELASA', 'RABU', 'KAMIS', 'JUMAT', 'SABTU') AS hari`, [
    tanggal,
  ])) as unknown as [[{ hari: string }]];
  await khanza.admin.query(`INSERT INTO dokter (kd_dokter, nm_dokter, kd_sps) VALUES (?, ?, 'S01')`, [kd_dokter, `dr. Uji ${kd_dokter}`]);
  await khanza.admin.query(
    `INSERT INTO jadwal (kd_dokter, hari_kerja, jam_mulai, jam_selesai, kd_poli, kuota) VALUES (?, ?, '08:00:00', '12:00:00', '20001', ?)`,
    [kd_dokter, hari, kuota],
  );
  return { kd_dokter, kd_poli: '20001', tanggal, jam_mulai: '08:00' };
}

const patient = (i: number) => String(90000001 + i);

/**
 * A registration as Khanza's counter screen writes one: its own count first (no lock), then the row
 * under the day's next no_rawat (the largest number + 1), numbered again when another took it first.
 */
async function counterRegistration(s: SeatSession, no_rkm_medis: string, seq: number): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await counterRow(s, no_rkm_medis, seq);
    } catch (err) {
      // ER_DUP_ENTRY: the app (or another counter) took that no_rawat between the count and the write.
      if ((err as { errno?: number }).errno !== 1062 || attempt >= 5) throw err;
    }
  }
}

async function counterRow(s: SeatSession, no_rkm_medis: string, seq: number): Promise<boolean> {
  try {
    const [[{ n }]] = (await khanza.admin.query(
      `SELECT COUNT(*) AS n FROM reg_periksa WHERE kd_dokter = ? AND kd_poli = ? AND tgl_registrasi = ? AND stts <> 'Batal'`,
      [s.kd_dokter, s.kd_poli, s.tanggal],
    )) as unknown as [[{ n: number }]];
    const [[{ kuota }]] = (await khanza.admin.query('SELECT kuota FROM jadwal WHERE kd_dokter = ?', [s.kd_dokter])) as unknown as [[{ kuota: number }]];
    if (n >= kuota) return false;
    const [[{ next }]] = (await khanza.admin.query(
      'SELECT IFNULL(MAX(CONVERT(RIGHT(no_rawat, 6), SIGNED)), 0) + 1 AS next FROM reg_periksa WHERE tgl_registrasi = ?',
      [s.tanggal],
    )) as unknown as [[{ next: number }]];
    await khanza.admin.query(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut,
                                kd_pj, status_bayar, status_poli)
       VALUES (?, ?, ?, '07:30:00', ?, ?, ?, 'Belum', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama')`,
      [`L${seq}`, `${s.tanggal.replaceAll('-', '/')}/${String(next).padStart(6, '0')}`, s.tanggal, s.kd_dokter, no_rkm_medis, s.kd_poli, PENJAB.umum],
    );
    return true;
  } catch (err) {
    // The quota guard refuses it, as Khanza's screen would show.
    if ((err as { errno?: number }).errno === 1644) return false;
    throw err;
  }
}

const book = (s: SeatSession, i: number) => takeSeat(sik, { ...s, no_rkm_medis: patient(i), kd_pj: PENJAB.umum, nohp: '081234567890' });

it("50 parallel app bookings for the last 10 seats while the counter registers (the guard in mode 'strict'): exactly the quota, nothing left of a refusal", async () => {
  // In mode 'app' (the default) the counter's registrations beyond kuota go in (khanza-sessions.test.ts).
  await guardMode(khanza.admin, 'strict');
  const s = await practice('K001', addDays(todayWib(), 7), 30);
  // 20 of 30 seats taken already: the counter's morning.
  for (let i = 0; i < 20; i++) assert.ok(await counterRegistration(s, patient(100 + i), i));
  const [app, counter] = await Promise.all([
    Promise.all(Array.from({ length: 50 }, (_, i) => book(s, i))),
    Promise.all(Array.from({ length: 10 }, (_, i) => counterRegistration(s, patient(150 + i), 100 + i))),
  ]);
  const booked = app.filter((o) => o.ok);
  const registered = counter.filter(Boolean).length;
  assert.is(booked.length + registered, 10, `${booked.length} app + ${registered} counter`);
  assert.ok(app.filter((o) => !o.ok).every((o) => !o.ok && o.reason === 'full'));
  assert.is(await sik.tx((q) => seatsTaken(q, s)), 30);
  const [[rows]] = (await khanza.admin.query(
    `SELECT COUNT(*) AS reg, COUNT(DISTINCT no_reg) AS numbers, SUM(m.nobooking IS NOT NULL) AS refs
       FROM reg_periksa r LEFT JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat
      WHERE r.kd_dokter = ? AND r.tgl_registrasi = ?`,
    [s.kd_dokter, s.tanggal],
  )) as unknown as [[{ reg: number; numbers: number; refs: number }]];
  assert.equal([Number(rows.reg), Number(rows.numbers), Number(rows.refs)], [30, 30, booked.length]);
  // Every app booking is in Khanza under its own numbers; the refused left no reference row.
  const [[refs]] = (await khanza.admin.query('SELECT COUNT(*) AS n FROM referensi_mobilejkn_bpjs WHERE tanggalperiksa = ?', [s.tanggal])) as unknown as [
    [{ n: number }],
  ];
  assert.is(Number(refs.n), booked.length);
  for (const o of booked) {
    if (!o.ok) continue;
    assert.match(o.seat.no_rawat, new RegExp(`^${s.tanggal.replaceAll('-', '/')}/\\d{6}$`));
    assert.match(o.seat.no_reg, /^\d{3}$/);
  }
  // Full: one more from the app or the counter is refused.
  assert.equal(await book(s, 60), { ok: false, reason: 'full' });
  assert.is(await counterRegistration(s, patient(161), 161), false);
  await guardMode(khanza.admin, 'app');
});

it("a cancel frees its seat at once (Khanza's status Batal on both rows); a reschedule moves that same row, refused when the new session is full", async () => {
  const day = addDays(todayWib(), 8);
  const s = await practice('K002', day, 2);
  const other = await practice('K003', addDays(day, 7), 1);
  const a = await book(s, 70);
  const b = await book(s, 71);
  assert.ok(a.ok && b.ok);
  assert.equal(await book(s, 72), { ok: false, reason: 'full' });
  if (!a.ok || !b.ok) return;

  assert.is(await cancelSeat(sik, a.seat.no_rawat), true);
  assert.is(await cancelSeat(sik, a.seat.no_rawat), false, 'a repeat changes nothing');
  const [[cancelled]] = (await khanza.admin.query(
    'SELECT r.stts, m.status FROM reg_periksa r JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat WHERE r.no_rawat = ?',
    [a.seat.no_rawat],
  )) as unknown as [[{ stts: string; status: string }]];
  assert.equal(cancelled, { stts: 'Batal', status: 'Batal' });
  const c = await book(s, 72);
  assert.ok(c.ok, 'the freed seat is bookable');

  const moved = await moveSeat(sik, b.seat.no_rawat, other);
  assert.ok(moved.ok);
  if (!moved.ok) return;
  assert.match(moved.seat.no_rawat, new RegExp(`^${other.tanggal.replaceAll('-', '/')}/`));
  // The same booking, moved, under a code of its new date: its old one would be the next booking's on the old date.
  assert.ok(moved.seat.nobooking !== b.seat.nobooking && moved.seat.nobooking.startsWith(other.tanggal.replaceAll('-', '')), moved.seat.nobooking);
  const [[row]] = (await khanza.admin.query(
    'SELECT r.kd_dokter, r.tgl_registrasi, m.tanggalperiksa, m.kodedokter FROM reg_periksa r JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat WHERE r.no_rawat = ?',
    [moved.seat.no_rawat],
  )) as unknown as [[Record<string, string>]];
  assert.equal(row, { kd_dokter: 'K003', tgl_registrasi: other.tanggal, tanggalperiksa: other.tanggal, kodedokter: 'K003' });
  const [[gone]] = (await khanza.admin.query('SELECT COUNT(*) AS n FROM reg_periksa WHERE no_rawat = ?', [b.seat.no_rawat])) as unknown as [[{ n: number }]];
  assert.is(Number(gone.n), 0);
  // The new session (one seat) is full now: moving another there is refused and leaves it as it was.
  assert.ok(c.ok);
  if (!c.ok) return;
  assert.equal(await moveSeat(sik, c.seat.no_rawat, other), { ok: false, reason: 'full' });
  const [[kept]] = (await khanza.admin.query('SELECT kd_dokter, stts FROM reg_periksa WHERE no_rawat = ?', [c.seat.no_rawat])) as unknown as [
    [Record<string, string>],
  ];
  assert.equal(kept, { kd_dokter: 'K002', stts: 'Belum' });
});

it('a doctor on leave (kuota 0) or without practice that weekday takes no booking', async () => {
  const day = addDays(todayWib(), 9);
  const s = await practice('K004', day, 0);
  assert.equal(await book(s, 80), { ok: false, reason: 'full' });
  assert.equal(await book({ ...s, tanggal: addDays(day, 1) }, 80), { ok: false, reason: 'no-practice' });
});

test.run();

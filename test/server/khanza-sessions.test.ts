// SIMRS=khanza's practice sessions and the quota guard's two modes against a real MariaDB (skipped
// with a count where it is absent). A doctor with a morning and an afternoon session at one clinic
// on one weekday (jadwal allows it): each sells exactly its own kuota, to the connector and to the
// guard; a counter registration counts in the session its time falls in. Mode 'app' (the default):
// the app and Mobile JKN never sell past kuota counting every row, the counter always goes in;
// mode 'strict': the counter stops at kuota too, with the guard's message, unless the clerk wrote
// #LEWATKUOTA in the patient's note; an UPDATE into a full session is counted the same way. Then
// the app's and Mobile JKN's bookings race counter inserts in both sessions of one day, per mode.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, todayWib } from '../../common/dates.ts';
import { ConfigError } from '../../server/config/parse.ts';
import { simrsConfig } from '../../server/config/simrs.ts';
import { openKhanza, type KhanzaDb } from '../../server/connector/khanza/client.ts';
import { guardProblem, requireGuard } from '../../server/connector/khanza/guard.ts';
import { khanzaSchedules } from '../../server/connector/khanza/schedules.ts';
import { moveSeat, type SeatOutcome, type SeatSession, seatsTaken, takeSeat } from '../../server/connector/khanza/seats.ts';
import type { Db } from '../../server/db/client.ts';
import { freshDb } from '../support/db.ts';
import { copyDemo, guardMode, type Khanza, PENJAB, SESSIONS, startKhanza, twoSessions } from '../support/khanza.ts';
import { needsMariadb } from '../support/mariadb.ts';

const it = needsMariadb(test);
let khanza: Khanza;
let sik: KhanzaDb;
let db: Db;

test.before(async () => {
  if (!(await import('../support/mariadb.ts')).MARIADB) return;
  [khanza, db] = await Promise.all([startKhanza(), freshDb()]);
  await copyDemo(khanza.admin, db);
  sik = openKhanza(khanza.url, 5000, 40);
});
test.after(async () => {
  await sik?.close();
  await khanza?.stop();
  await db?.close();
});
test.after.each(async () => {
  if (khanza) await guardMode(khanza.admin, 'app');
});

const patient = (i: number) => String(90000001 + i);
// biome-ignore lint/suspicious/noExplicitAny: rows of the Khanza database
const rows = async (sql: string, params: unknown[] = []): Promise<any[]> => (await khanza.admin.query(sql, params))[0] as any[];
const session = (kd_dokter: string, tanggal: string, key: 'pagi' | 'sore'): SeatSession => ({
  kd_dokter,
  kd_poli: '20001',
  tanggal,
  jam_mulai: SESSIONS[key].jam_mulai,
});
/** A booking from the app (a plain registration) or from Mobile JKN (BPJS holds it: its reference 'Sudah'). */
const book = (s: SeatSession, i: number, via: 'app' | 'jkn' = 'app'): Promise<SeatOutcome> =>
  takeSeat(sik, {
    ...s,
    no_rkm_medis: patient(i),
    kd_pj: via === 'jkn' ? PENJAB.bpjs : PENJAB.umum,
    nohp: '081234567890',
    reference: via === 'jkn',
    statuskirim: 'Sudah',
  });

let visit = 0;
/**
 * A registration as Khanza's counter screen (DlgReg.isRegistrasi) writes one, at the clerk's time
 * `jam`: true when in, else the guard's message. Its visit numbers are a series of the test's own.
 */
async function counter(kd_dokter: string, tanggal: string, no_rkm_medis: string, jam: string): Promise<true | string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await counterRow(kd_dokter, tanggal, no_rkm_medis, jam);
    } catch (err) {
      // ER_DUP_ENTRY (the app took that no_rawat first) or a deadlock over it: DlgReg.isRegistrasi saves again under the next number.
      if (![1062, 1213].includes((err as { errno?: number }).errno ?? 0) || attempt >= 10) throw err;
    }
  }
}

async function counterRow(kd_dokter: string, tanggal: string, no_rkm_medis: string, jam: string): Promise<true | string> {
  visit++;
  try {
    await khanza.admin.query(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut,
                                kd_pj, status_bayar, status_poli)
       VALUES (?, ?, ?, ?, ?, ?, '20001', 'Belum', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama')`,
      [`L${visit}`, `${tanggal.replaceAll('-', '/')}/7${String(visit).padStart(5, '0')}`, tanggal, `${jam}:00`, kd_dokter, no_rkm_medis, PENJAB.umum],
    );
    return true;
  } catch (err) {
    if ((err as { errno?: number }).errno !== 1644) throw err;
    return (err as { sqlMessage: string }).sqlMessage;
  }
}
const taken = (s: SeatSession) => sik.tx((q) => seatsTaken(q, s));

it('two sessions of one doctor on one weekday each sell exactly their own kuota; a counter registration counts in the session its time falls in', async () => {
  const day = addDays(todayWib(), 10);
  await twoSessions(khanza.admin, 'S001', day, { pagi: 3, sore: 2 });
  const pagi = session('S001', day, 'pagi');
  const sore = session('S001', day, 'sore');
  // The counter's clock places each: before or in the morning, the morning; after its end, the afternoon; after every session, the last.
  for (const [i, jam] of [
    [0, '06:45'],
    [1, '11:59'],
    [2, '12:00'],
  ] as const) {
    assert.is(await counter('S001', day, patient(i), jam), true);
  }
  assert.equal([await taken(pagi), await taken(sore)], [2, 1]);
  // The morning's last seat and the afternoon's last seat, to the app: then each is full, whatever the other holds.
  assert.ok((await book(pagi, 10)).ok);
  assert.equal(await book(pagi, 11), { ok: false, reason: 'full' });
  assert.ok((await book(sore, 12, 'jkn')).ok);
  assert.equal(await book(sore, 13), { ok: false, reason: 'full' });
  // As the booking calendar shows them: each session its own kuota and seats taken.
  const slots = await khanzaSchedules(sik).quotaSlots('20001', 'S001', day, 'poli');
  assert.equal(
    slots.map((s) => [s.jam_dtg, s.jam_plg, s.sts_jam, s.batas_quota, s.quota_terisi]),
    [
      ['08:00', '12:00', '1', 3, 3],
      ['14:00', '17:00', '2', 2, 2],
    ],
  );
  // The app's rows carry their session: the afternoon booking's reference and hours.
  const [ref] = await rows(
    `SELECT m.jampraktek, m.kuotajkn, m.sisakuotajkn, TIME_FORMAT(r.jam_reg, '%H:%i') AS jam FROM referensi_mobilejkn_bpjs m
       JOIN reg_periksa r ON r.no_rawat = m.no_rawat WHERE r.kd_dokter = 'S001' AND r.no_rkm_medis = ?`,
    [patient(12)],
  );
  assert.equal(ref, { jampraktek: '14:00-17:00', kuotajkn: 2, sisakuotajkn: 0, jam: '14:00' });
});

it("mode 'app': the counter always goes in and the app counts its rows; Khanza's own Mobile JKN service is held to the kuota", async () => {
  const day = addDays(todayWib(), 11);
  await twoSessions(khanza.admin, 'S002', day, { pagi: 2, sore: 2 });
  const pagi = session('S002', day, 'pagi');
  assert.ok((await book(pagi, 20)).ok);
  assert.is(await counter('S002', day, patient(21), '07:30'), true);
  // Full: the app is refused, the counter (a clerk's decision: a walk-in, an urgent patient) is not.
  assert.equal(await book(pagi, 22), { ok: false, reason: 'full' });
  assert.is(await counter('S002', day, patient(23), '08:10'), true);
  assert.is(await taken(pagi), 3);
  // The guard tells this API's connection from the counter's: the same insert through it is refused.
  const viaApi = await sik
    .run(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj,
                                status_bayar, status_poli)
       VALUES ('008', ?, ?, '08:20:00', 'S002', ?, '20001', 'Belum', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama')`,
      [`${day.replaceAll('-', '/')}/790002`, day, patient(25), PENJAB.umum],
    )
    .then(
      () => 'in',
      (err) => (err as { sqlMessage: string }).sqlMessage,
    );
  assert.is(viaApi, `Kuota dokter S002 sesi 08:00 tgl ${day} penuh (2)`);
  // Khanza's own Mobile JKN service writes its reference first, then the registration (api-bpjsfktl ambilantrean): held like this API's.
  await khanza.admin.query(
    `INSERT INTO referensi_mobilejkn_bpjs (nobooking, no_rawat, nomorkartu, nik, nohp, kodepoli, pasienbaru, norm, tanggalperiksa, kodedokter, jampraktek,
                                           jeniskunjungan, nomorreferensi, nomorantrean, angkaantrean, estimasidilayani, sisakuotajkn, kuotajkn,
                                           sisakuotanonjkn, kuotanonjkn, status, validasi, statuskirim)
     VALUES (?, ?, '', '', '', 'JAN', '0', ?, ?, 'S002', '08:00-12:00', '1 (Rujukan FKTP)', 'X', '20001-9', '9', '0', 0, 2, 0, 2, 'Belum', NOW(), 'Belum')`,
    [`${day.replaceAll('-', '')}900001`, `${day.replaceAll('-', '/')}/790001`, patient(24), day],
  );
  const viaKhanzaJkn = await khanza.admin
    .query(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj,
                                status_bayar, status_poli)
       VALUES ('009', ?, ?, '21:14:00', 'S002', ?, '20001', 'Belum', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama')`,
      [`${day.replaceAll('-', '/')}/790001`, day, patient(24), PENJAB.bpjs],
    )
    .then(
      () => 'in',
      (err) => (err as { sqlMessage: string }).sqlMessage,
    );
  assert.is(viaKhanzaJkn, `Kuota dokter S002 sesi 08:00 tgl ${day} penuh (2)`);
});

it("mode 'strict': the counter stops at kuota with the guard's message; #LEWATKUOTA in the patient's note lets one urgent patient past; an UPDATE into a full session is counted", async () => {
  const day = addDays(todayWib(), 12);
  await twoSessions(khanza.admin, 'S003', day, { pagi: 2, sore: 1 });
  await guardMode(khanza.admin, 'strict');
  assert.is(await counter('S003', day, patient(30), '07:00'), true);
  assert.is(await counter('S003', day, patient(31), '09:30'), true);
  const refused = await counter('S003', day, patient(32), '10:00');
  assert.is(refused, `Kuota dokter S003 sesi 08:00 tgl ${day} penuh (2). Pasien mendesak: tulis #LEWATKUOTA di Catatan Pasien`);
  // The afternoon still has its seat: the clerk's time places the patient there.
  assert.is(await counter('S003', day, patient(32), '13:00'), true);

  // An urgent patient: the clerk writes #LEWATKUOTA in Khanza's Catatan Pasien; it serves once, the rest of the note stays.
  await khanza.admin.query('INSERT INTO catatan_pasien (no_rkm_medis, catatan) VALUES (?, ?)', [patient(33), 'Alergi penisilin. #LEWATKUOTA']);
  assert.is(await counter('S003', day, patient(33), '10:15'), true);
  assert.equal(await rows('SELECT catatan FROM catatan_pasien WHERE no_rkm_medis = ?', [patient(33)]), [{ catatan: 'Alergi penisilin.' }]);
  assert.match(String(await counter('S003', day, patient(34), '10:20')), /^Kuota dokter S003 sesi 08:00 .* penuh \(2\)/);
  // The marker is the counter's, not the app's.
  await khanza.admin.query('INSERT INTO catatan_pasien (no_rkm_medis, catatan) VALUES (?, ?)', [patient(35), '#LEWATKUOTA']);
  assert.equal(await book(session('S003', day, 'pagi'), 35), { ok: false, reason: 'full' });

  // A clerk's edit that moves a morning patient to the full afternoon (DlgReg.BtnEdit writes jam_reg) is refused; one that does not move it passes.
  const move = (no_rkm_medis: string, jam: string) =>
    khanza.admin.query(`UPDATE reg_periksa SET jam_reg = ? WHERE no_rkm_medis = ? AND tgl_registrasi = ?`, [`${jam}:00`, no_rkm_medis, day]).then(
      () => 'in',
      (err) => (err as { sqlMessage: string }).sqlMessage,
    );
  assert.match(await move(patient(30), '15:00'), /^Kuota dokter S003 sesi 14:00 .* penuh \(1\)/);
  assert.is(await move(patient(30), '07:45'), 'in');
  await khanza.admin.query(`UPDATE reg_periksa SET stts = 'Sudah' WHERE no_rkm_medis = ? AND tgl_registrasi = ?`, [patient(31), day]);
  // A cancelled registration taken back is counted as an insert is.
  await khanza.admin.query(`UPDATE reg_periksa SET stts = 'Batal' WHERE no_rkm_medis = ? AND tgl_registrasi = ?`, [patient(32), day]);
  assert.is(await counter('S003', day, patient(36), '14:30'), true);
  const back = await khanza.admin.query(`UPDATE reg_periksa SET stts = 'Belum' WHERE no_rkm_medis = ? AND tgl_registrasi = ?`, [patient(32), day]).then(
    () => 'in',
    (err) => (err as { sqlMessage: string }).sqlMessage,
  );
  assert.match(back, /^Kuota dokter S003 sesi 14:00 .* penuh \(1\)/);
  // In mode 'app' the same edit goes in (a clerk's decision).
  await guardMode(khanza.admin, 'app');
  assert.is(await move(patient(30), '15:00'), 'in');
  assert.equal([await taken(session('S003', day, 'pagi')), await taken(session('S003', day, 'sore'))], [2, 2]);
});

it('the start names a guard in another mode than KHANZA_QUOTA_GUARD, which is app or strict', async () => {
  assert.is(simrsConfig({ SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://u:p@h:3306/sik' }).kind, 'khanza');
  const strict = simrsConfig({ SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://u:p@h:3306/sik', KHANZA_QUOTA_GUARD: 'strict' });
  assert.is(strict.kind === 'khanza' && strict.quotaGuard, 'strict');
  assert.throws(
    () => simrsConfig({ SIMRS: 'khanza', KHANZA_DATABASE_URL: 'mysql://u:p@h:3306/sik', KHANZA_QUOTA_GUARD: 'loket' }),
    (err: Error) => err instanceof ConfigError && /KHANZA_QUOTA_GUARD must be one of app, strict/.test(err.message),
  );
  assert.is(await guardProblem(sik, 'app'), null);
  assert.match(String(await guardProblem(sik, 'strict')), "Khanza's quota guard is in mode 'app' but KHANZA_QUOTA_GUARD is 'strict'");
  await guardMode(khanza.admin, 'strict');
  await requireGuard(sik, 'strict');
  try {
    await requireGuard(sik, 'app');
    assert.unreachable('started in another mode');
  } catch (err) {
    assert.instance(err, ConfigError);
    assert.match((err as Error).message, "UPDATE pasien_app_kuota_mode SET mode = 'app'");
  }
});

/** The race of one day: per session, 25 app and 25 Mobile JKN bookings and 6 counter inserts, 2 counter rows in each session before it. */
async function race(kd_dokter: string, day: string) {
  await twoSessions(khanza.admin, kd_dokter, day, { pagi: 12, sore: 8 });
  const at = { pagi: ['07:10', '09:00', '10:30'], sore: ['12:30', '14:20', '16:00'] };
  for (const key of ['pagi', 'sore'] as const) {
    for (let i = 0; i < 2; i++) assert.is(await counter(kd_dokter, day, patient((key === 'pagi' ? 0 : 10) + i), at[key][i]), true);
  }
  const run = (key: 'pagi' | 'sore', base: number) =>
    Promise.all([
      Promise.all(Array.from({ length: 50 }, (_, i) => book(session(kd_dokter, day, key), base + i, i % 2 ? 'jkn' : 'app'))),
      Promise.all(Array.from({ length: 6 }, (_, i) => counter(kd_dokter, day, patient(base + 50 + i), at[key][i % 3]))),
    ]);
  const [pagi, sore] = await Promise.all([run('pagi', 20), run('sore', 100)]);
  return { pagi, sore };
}

it("the app's and Mobile JKN's bookings race counter inserts in both sessions of one day: each session sells exactly its kuota to them; mode 'app' lets every counter insert in", async () => {
  const day = addDays(todayWib(), 13);
  const { pagi, sore } = await race('S004', day);
  for (const [key, [booked, counted], kuota] of [
    ['pagi', pagi, 12],
    ['sore', sore, 8],
  ] as const) {
    const sold = booked.filter((o) => o.ok).length;
    assert.ok(
      counted.every((c) => c === true),
      `${key}: every counter insert in`,
    );
    assert.ok(booked.filter((o) => !o.ok).every((o) => !o.ok && o.reason === 'full'));
    const total = await taken(session('S004', day, key));
    assert.is(total, sold + 2 + 6, key);
    // Counting every row: the app and Mobile JKN sold at most what the counter left, and stopped only when the session was full.
    assert.ok(sold <= kuota - 2 && total >= kuota, `${key}: ${sold} sold, ${total} taken of ${kuota}`);
  }
});

it("the same race in mode 'strict': each session holds exactly its kuota, the counter's inserts stopping there too", async () => {
  const day = addDays(todayWib(), 14);
  await guardMode(khanza.admin, 'strict');
  const { pagi, sore } = await race('S005', day);
  for (const [key, [booked, counted], kuota] of [
    ['pagi', pagi, 12],
    ['sore', sore, 8],
  ] as const) {
    const sold = booked.filter((o) => o.ok).length;
    const inserted = counted.filter((c) => c === true).length;
    assert.is(sold + inserted + 2, kuota, `${key}: ${sold} sold + ${inserted} counter + 2 before`);
    assert.is(await taken(session('S005', day, key)), kuota);
    for (const c of counted.filter((c) => c !== true))
      assert.match(String(c), new RegExp(`^Kuota dokter S005 sesi ${SESSIONS[key].jam_mulai} tgl ${day} penuh`));
  }
});

it("a move keeps the new session's count: the app's move into a full session is refused, and the moved booking's reference gets the new date's nobooking", async () => {
  const day = addDays(todayWib(), 15);
  await twoSessions(khanza.admin, 'S006', day, { pagi: 1, sore: 1 });
  const a = await book(session('S006', day, 'pagi'), 60, 'jkn');
  const b = await book(session('S006', day, 'sore'), 61, 'jkn');
  assert.ok(a.ok && b.ok);
  if (!a.ok || !b.ok) return;
  assert.equal(await moveSeat(sik, a.seat.no_rawat, session('S006', day, 'sore')), { ok: false, reason: 'full' });
  const later = addDays(day, 7);
  await twoSessions(khanza.admin, 'S007', later, { pagi: 4, sore: 1 });
  const moved = await moveSeat(sik, a.seat.no_rawat, session('S007', later, 'pagi'));
  assert.ok(moved.ok);
  if (!moved.ok) return;
  assert.ok(moved.seat.nobooking.startsWith(later.replaceAll('-', '')) && moved.seat.nobooking !== a.seat.nobooking);
  const [ref] = await rows('SELECT tanggalperiksa, sisakuotajkn, kuotajkn, jampraktek FROM referensi_mobilejkn_bpjs WHERE nobooking = ?', [
    moved.seat.nobooking,
  ]);
  assert.equal(ref, { tanggalperiksa: later, sisakuotajkn: 3, kuotajkn: 4, jampraktek: '08:00-12:00' });
  // The old date's next booking takes the freed seat under a number of its own.
  const c = await book(session('S006', day, 'pagi'), 62, 'jkn');
  assert.ok(c.ok && c.seat.nobooking !== b.seat.nobooking, JSON.stringify(c));
});

test.run();

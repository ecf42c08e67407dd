// A full practice with SIMRS=khanza (the morning rush's refusals, issue #46): read as full, a booking
// is answered from the patient's rules read without a lock (server/connector/khanza/rules-read.ts),
// in the order the transaction answers them (domain/booking.ts): the same booking again, one clinic
// a day, the BPJS gap, the active limit, and only then "penuh". It is answered while Khanza holds
// the practice's lock (a clerk's registration not yet saved), where the locked path would wait for
// it; and nothing is written. Against a real MariaDB (skipped with a count where it is absent).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { BOOKING_MSG } from '../../server/domain/booking.ts';
import type { Api } from '../../server/routes/route-schema.ts';
import { COHORT, loginAs, testConfig } from '../support/app.ts';
import { d001Booking } from '../support/booking.ts';
import { freshDb } from '../support/db.ts';
import { CATH_ROOM, copyDemo, type Khanza, startKhanza } from '../support/khanza.ts';
import { MARIADB, needsMariadb } from '../support/mariadb.ts';

const it = needsMariadb(test);
let khanza: Khanza;
let db: Db;
let app: Api;

const khanzaConfig = (url: string): Partial<Config> => ({
  simrs: { kind: 'khanza', url, timeoutMs: 5000, payers: { bpjs: 'BPJ', umum: 'A09' }, cathRooms: [CATH_ROOM] },
});

test.before(async () => {
  if (!MARIADB) return;
  [khanza, db] = await Promise.all([startKhanza(), freshDb()]);
  await copyDemo(khanza.admin, db);
  app = await buildApp({ config: testConfig(khanzaConfig(khanza.url)), db, logger: false, internal: 'here' });
});
test.after(async () => {
  await app?.close();
  await khanza?.stop();
  await db?.close();
});

const who = (i: number) => ({ nomr: String(COHORT.first + i), tgl_lahir: COHORT.tgl_lahir });
// biome-ignore lint/suspicious/noExplicitAny: rows of the Khanza database
const sik = async (sql: string, params: unknown[] = []): Promise<any[]> => (await khanza.admin.query(sql, params))[0] as any[];
// biome-ignore lint/suspicious/noExplicitAny: the booking's answer
const book = async (i: number, date: string, over: Record<string, string> = {}): Promise<{ code: number; body: any }> => {
  const token = await loginAs(app, who(i));
  const res = await app.inject({ method: 'POST', url: API.book, payload: d001Booking(who(i).nomr, date, over), headers: { authorization: `Bearer ${token}` } });
  return { code: res.statusCode, body: res.json() };
};

/** A registration as Khanza's counter writes one (DlgReg): clinic, doctor, payer, status 'Belum'. */
async function counter(i: number, date: string, kd_poli: string, kd_dokter: string, kd_pj: string, no: number): Promise<void> {
  await sik(
    `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj, status_bayar, status_poli)
     VALUES (?, ?, ?, '07:30:00', ?, ?, ?, 'Belum', 'Lama', 'Ralan', ?, 'Belum Bayar', 'Lama')`,
    [String(no).padStart(3, '0'), `${date.replaceAll('-', '/')}/9${String(no).padStart(5, '0')}`, date, kd_dokter, who(i).nomr, kd_poli, kd_pj],
  );
}

it("a full practice answers each patient's own rule first, from reads that wait on no lock, and writes nothing", async () => {
  const today = todayWib();
  // Dr D001's Tuesday morning in clinic 20001, four weeks ahead: two seats.
  const date = nextOnWeekday(addDays(today, 28), 2);
  await sik(`UPDATE jadwal SET kuota = 2 WHERE kd_dokter = 'D001' AND kd_poli = '20001' AND hari_kerja = 'SELASA'`);
  const first = await book(1, date);
  const second = await book(2, date);
  assert.equal([first.body.status, second.body.status], [true, true]);

  // Patient 3 is registered at the same clinic that day with another doctor; patient 4's BPJS visit
  // is three days before; patient 5 holds three visits to come (MAX_ACTIVE_APPOINTMENTS 3).
  const [other] = await sik(`SELECT d.kd_dokter, d.nm_dokter FROM dokter d WHERE d.kd_dokter <> 'D001' ORDER BY d.kd_dokter LIMIT 1`);
  const [clinic] = await sik(`SELECT nm_poli FROM poliklinik WHERE kd_poli = '20001'`);
  await counter(3, date, '20001', other.kd_dokter, 'A09', 1);
  const [elsewhere] = await sik(`SELECT kd_poli FROM poliklinik WHERE kd_poli <> '20001' ORDER BY kd_poli LIMIT 1`);
  await counter(4, addDays(date, -3), elsewhere.kd_poli, other.kd_dokter, 'BPJ', 2);
  for (const [n, d] of [3, 4, 5].entries()) await counter(5, addDays(date, -d), elsewhere.kd_poli, other.kd_dokter, 'A09', 3 + n);
  const rows = async () => (await sik('SELECT COUNT(*) AS n FROM reg_periksa'))[0].n;
  const before = await rows();

  // A clerk's registration in progress holds the doctor's day (the lock every booking takes first).
  await sik('START TRANSACTION');
  await sik(`SELECT kd_dokter FROM jadwal WHERE kd_dokter = 'D001' AND hari_kerja = 'SELASA' FOR UPDATE`);
  try {
    const again = await book(2, date);
    assert.equal(
      [again.code, again.body.status, again.body.data.no_urut, again.body.data.no_reg],
      [200, true, second.body.data.no_urut, second.body.data.no_reg],
      'the last seat',
    );
    const sameDay = await book(3, date);
    assert.is(sameDay.body.message, BOOKING_MSG.sameDay({ ds_dep: clinic.nm_poli, nama_dr: other.nm_dokter, tgl_janji: date, no_urut: 1 }));
    const gap = await book(4, date, { carabayar: 'B' });
    assert.is(gap.body.message, BOOKING_MSG.bpjsGap(addDays(date, -3)));
    const limit = await book(5, date);
    assert.is(limit.body.message, BOOKING_MSG.limit(3, 3));
    const full = await book(6, date);
    assert.equal([full.code, full.body], [200, { status: false, message: BOOKING_MSG.full }]);
  } finally {
    await sik('ROLLBACK');
  }
  assert.is(await rows(), before, 'nothing written');
});

test.run();

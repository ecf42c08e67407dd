// docs/product.md §7's calls with SIMRS=khanza against a real MariaDB holding the demo hospital (skipped
// with a count where mariadb-server is absent): the reads answer as SIMRS=local answers them on
// the same demo data; a booking, its reschedule and cancel are Khanza registrations; check-in and
// the clinic queue follow Khanza's rows; a Khanza that is down or slow is named by /api/health,
// and a booking then says the hospital's system cannot be reached and takes nothing.
import { createServer } from 'node:net';
import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib, toQuotaDate, weekdayName } from '../../common/dates.ts';
import { API, fhirEverythingOf } from '../../common/paths.ts';
import { DoctorSchedule, QuotaSlot } from '../../common/schemas/booking.ts';
import { Success } from '../../common/schemas/envelope.ts';
import { buildApp } from '../../server/app.ts';
import { ConfigError, type Config } from '../../server/config.ts';
import { UNREACHABLE } from '../../server/connector/khanza/client.ts';
import type { Db } from '../../server/db/client.ts';
import type { Api } from '../../server/routes/route-schema.ts';
import { COHORT, DEMO_A, loginAs, testConfig } from '../support/app.ts';
import { DEMO_C } from '../../server/connector/local/demo/seed.ts';
import { ENGINE, freshDb } from '../support/db.ts';
import {
  CATH_ROOM,
  copyDemo,
  copyDemoLab,
  copyDemoPharmacy,
  copyDemoProcedures,
  copyDemoStays,
  installGuard,
  type Khanza,
  narrowUser,
  startKhanza,
} from '../support/khanza.ts';
import { MARIADB, needsMariadb } from '../support/mariadb.ts';
import { d001Booking } from '../support/booking.ts';
import { patientReads } from '../support/reads.ts';
import { openStream } from '../support/stream.ts';
import { claimDue } from '../../server/connector/poll.ts';
import { MANAGE_MSG } from '../../server/domain/manage.ts';
import { wibIso } from '../../common/wib.ts';

const it = needsMariadb(test);
const today = todayWib();
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+07:00`);
let now = at(today, '07:00');
let khanza: Khanza;
let db: Db;
let local: Api;
let app: Api;
let prescriptions: Map<string, string>;

const khanzaConfig = (url: string, timeoutMs = 5000, pollMs?: number): Partial<Config> => ({
  simrs: { kind: 'khanza', url, timeoutMs, payers: { bpjs: 'BPJ', umum: 'A09' }, cathRooms: [CATH_ROOM], pollMs },
});
const build = (over: Partial<Config> = {}) => buildApp({ config: testConfig(over), db, logger: false, internal: 'here', clock: () => now });

test.before(async () => {
  if (!MARIADB) return;
  [khanza, db] = await Promise.all([startKhanza(), freshDb()]);
  await copyDemo(khanza.admin, db);
  await copyDemoLab(khanza.admin, db);
  await copyDemoStays(khanza.admin, db);
  await copyDemoProcedures(khanza.admin, db);
  prescriptions = await copyDemoPharmacy(khanza.admin, db);
  [local, app] = await Promise.all([build(), build(khanzaConfig(khanza.url))]);
});
test.after(async () => {
  await app?.close();
  await local?.close();
  await khanza?.stop();
  await db?.close();
});
test.before.each(() => {
  now = at(today, '07:00');
});

const who = (i: number) => ({ nomr: String(COHORT.first + i), tgl_lahir: COHORT.tgl_lahir });
// biome-ignore lint/suspicious/noExplicitAny: the tests read several answer shapes
const get = async (target: Api, url: string, token: string): Promise<any> =>
  (await target.inject({ url, headers: { authorization: `Bearer ${token}` } })).json();
// biome-ignore lint/suspicious/noExplicitAny: the tests read several answer shapes
const post = async (target: Api, url: string, token: string, payload: object): Promise<{ code: number; body: any }> => {
  const res = await target.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
  return { code: res.statusCode, body: res.json() };
};
const quotaUrl = (date: string, kd_dr = '') =>
  `${API.quota}?${new URLSearchParams({ kd_dr, kd_dep: '20001', tgl_janji: toQuotaDate(date), hari: weekdayName(date), jenis: 'poli' })}`;
const d001 = (i: number, date: string, over: Record<string, string> = {}) => d001Booking(who(i).nomr, date, over);
// biome-ignore lint/suspicious/noExplicitAny: rows of the Khanza database
const sik = async (sql: string, params: unknown[] = []): Promise<any[]> => (await khanza.admin.query(sql, params))[0] as any[];

it("/api/health names Khanza; login, the profile, the clinics, the doctors' schedules and the quota answer as SIMRS=local does", async () => {
  const health = await app.inject({ url: '/api/health' });
  assert.equal([health.statusCode, health.json()], [200, { status: 'ok', database: ENGINE, simrs: 'khanza' }]);
  const [tk, tl] = [await loginAs(app, DEMO_A), await loginAs(local, DEMO_A)];
  const wrong = await app.inject({ method: 'POST', url: API.login, payload: { medical_record_number: DEMO_A.nomr, birthdate: '1968-08-18', fcmtoken: '' } });
  assert.is(wrong.statusCode, 401);

  const profile = await get(app, API.profile, tk);
  const localProfile = await get(local, API.profile, tl);
  assert.equal(
    [profile.data.nomr, profile.data.nama, profile.data.jenis_kelamin, profile.data.tgl_lahir, profile.data.pastipe],
    [localProfile.data.nomr, localProfile.data.nama, localProfile.data.jenis_kelamin, localProfile.data.tgl_lahir, localProfile.data.pastipe],
  );
  const byCode = (a: { kd_dep: string }, b: { kd_dep: string }) => a.kd_dep.localeCompare(b.kd_dep);
  // The same clinics; their practice days are those of Khanza's own jadwal (where a doctor holds
  // two clinics at one hour, Khanza keeps one row), and no online days: Khanza holds none.
  const clinics: Array<{ kd_dep: string; ds_dep: string; hari_praktik?: number[]; hari_online?: number[] }> = (await get(app, API.clinics, tk)).data.sort(
    byCode,
  );
  const named = (list: typeof clinics) => list.map(({ kd_dep, ds_dep }) => ({ kd_dep, ds_dep })).sort(byCode);
  assert.equal(named(clinics), named((await get(local, API.clinics, tl)).data));
  const ISO: Record<string, number> = { SENIN: 1, SELASA: 2, RABU: 3, KAMIS: 4, JUMAT: 5, SABTU: 6, AKHAD: 7 };
  const days = await sik('SELECT DISTINCT kd_poli, hari_kerja FROM jadwal');
  for (const c of clinics) {
    const expected = [...new Set(days.filter((d) => d.kd_poli === c.kd_dep).map((d) => ISO[d.hari_kerja]))].sort((a, b) => a - b);
    assert.equal([c.hari_praktik, c.hari_online], [expected, undefined], c.kd_dep);
  }

  const doctors = (await get(app, `${API.doctorSchedule}?spesialis=Kardiologi`, tk)).data;
  const localDoctors = (await get(local, `${API.doctorSchedule}?spesialis=Kardiologi`, tl)).data;
  assert.equal(
    doctors.map((d: { kd_dr: string; nama_dr_lengkap: string; foto: string }) => [d.kd_dr, d.nama_dr_lengkap, d.foto]),
    localDoctors.map((d: { kd_dr: string; nama_dr_lengkap: string; foto: string }) => [d.kd_dr, d.nama_dr_lengkap, d.foto]),
  );
  // Every weekly practice Khanza lists is one this API lists (Khanza keeps one per doctor, weekday and start).
  for (const d of doctors) {
    const mine = localDoctors.find((l: { kd_dr: string }) => l.kd_dr === d.kd_dr);
    for (const j of d.jadwal)
      assert.ok(
        mine.jadwal.some((l: object) => JSON.stringify(l) === JSON.stringify(j)),
        `${d.kd_dr} ${JSON.stringify(j)}`,
      );
  }

  const date = nextOnWeekday(addDays(today, 3), 2);
  const strip = (slots: Array<Record<string, unknown>>) => slots.map(({ quota_terisi: _, ...s }) => s);
  const slots = (await get(app, quotaUrl(date), tk)).data;
  assert.ok(slots.length > 0);
  assert.equal(strip(slots), strip((await get(local, quotaUrl(date), tl)).data));
  assert.ok(
    slots.every((s: { quota_terisi: number }) => s.quota_terisi === 0),
    'no registrations in Khanza yet',
  );
});

it('a booking is a Khanza registration; the upcoming list, the quota, reschedule and cancel follow its rows', async () => {
  const token = await loginAs(app, who(120));
  const date = nextOnWeekday(addDays(today, 3), 3);
  const made = await post(app, API.book, token, d001(120, date));
  assert.is(made.code, 200);
  assert.is(made.body.status, true, made.body.message);
  const { no_reg, no_urut } = made.body.data;
  assert.match(no_reg, new RegExp(`^${date.replaceAll('-', '/')}/\\d{6}$`), "our no_reg is Khanza's no_rawat");
  // Paid by the patient: a plain registration, as Khanza's counter writes one, with no Mobile JKN
  // reference (Khanza's Antrean sender reports it as NON JKN under its no_rawat, never as JKN).
  const [reg] = await sik(
    'SELECT r.no_reg, r.stts, r.kd_dokter, r.kd_pj, m.status FROM reg_periksa r LEFT JOIN referensi_mobilejkn_bpjs m ON m.no_rawat = r.no_rawat WHERE r.no_rawat = ?',
    [no_reg],
  );
  assert.equal(reg, { no_reg: String(no_urut).padStart(3, '0'), stts: 'Belum', kd_dokter: 'D001', kd_pj: 'A09', status: null });
  const mark = async () =>
    await db.query<{ no_reg: string; tgl: string }>(`SELECT no_reg, to_char(tgl_janji, 'YYYY-MM-DD') AS tgl FROM simrs_bookings WHERE nomr = $1`, [
      who(120).nomr,
    ]);
  assert.equal(await mark(), [{ no_reg, tgl: date }], "the app's booking, told from a counter registration");
  const again = await post(app, API.book, token, d001(120, date));
  assert.equal([again.body.data.no_reg, again.body.data.no_urut], [no_reg, no_urut], 'a repeat answers the same booking');

  const slot = (await get(app, quotaUrl(date, 'D001'), token)).data[0];
  assert.is(slot.quota_terisi, 1);
  const upcoming = (await get(app, API.upcoming, token)).data.jadwal;
  assert.equal(
    upcoming.map((j: Record<string, unknown>) => [j.no_reg, j.tanggal_janji, j.no_urut, j.dapat_diubah]),
    [[no_reg, date, no_urut, true]],
  );

  const later = nextOnWeekday(addDays(date, 1), 3);
  const moved = await post(app, API.reschedule, token, { no_reg, tgl_janji: later, kd_dr: 'D001', sts_jam: '1' });
  assert.is(moved.body.status, true, moved.body.message);
  const newReg = moved.body.data.no_reg;
  assert.match(newReg, new RegExp(`^${later.replaceAll('-', '/')}/`));
  assert.equal(await sik('SELECT no_rawat FROM reg_periksa WHERE no_rawat = ?', [no_reg]), []);
  assert.equal(await sik('SELECT stts, tgl_registrasi FROM reg_periksa WHERE no_rawat = ?', [newReg]), [{ stts: 'Belum', tgl_registrasi: later }]);
  assert.equal(await sik('SELECT nobooking FROM referensi_mobilejkn_bpjs WHERE no_rawat IN (?, ?)', [no_reg, newReg]), [], 'still no JKN reference');
  assert.equal(await mark(), [{ no_reg: newReg, tgl: later }], 'the mark moves with it');

  const cancelled = await post(app, API.cancel, token, { no_reg: newReg, alasan: 'Tidak bisa datang' });
  assert.is(cancelled.body.status, true, cancelled.body.message);
  assert.equal(await sik('SELECT stts FROM reg_periksa WHERE no_rawat = ?', [newReg]), [{ stts: 'Batal' }]);
  assert.equal((await get(app, API.upcoming, token)).data.jadwal, []);
  const [entry] = await db.query<{ detail: string }>(`SELECT detail FROM audit_log WHERE action = 'appointment.cancel' AND actor = $1`, [who(120).nomr]);
  assert.match(entry.detail, newReg);

  const other = await loginAs(app, DEMO_A);
  // Another patient's registration answers as an unknown one (docs/security.md).
  const foreign = await post(app, API.cancel, other, { no_reg: newReg, alasan: 'Sudah sembuh' });
  assert.is(foreign.code, 404);
});

it("on the day the booked patient is in the clinic queue from Khanza's rows, and checks in as Khanza's Mobile JKN check-in", async () => {
  const token = await loginAs(app, who(121));
  const date = nextOnWeekday(addDays(today, 3), 4);
  const made = await post(app, API.book, token, d001(121, date));
  assert.is(made.body.status, true, made.body.message);
  const { no_reg, no_urut, jam_dtg } = made.body.data;
  // The counter registers another patient for the same session, straight into Khanza, before.
  now = at(date, jam_dtg) - 30 * 60_000;
  const [item] = (await get(app, API.clinicQueue, token)).data;
  assert.equal([item.no_reg, item.no_urut, item.status, item.checkin, item.tgl_janji], [no_reg, no_urut, 'menunggu', null, date]);
  // Khanza keeps no time of a call: the number called is shown, no estimate (docs/integration.md, What is read when).
  assert.is(item.estimasi_dilayani, null);
  const checked = await post(app, API.checkin, token, { no_reg });
  assert.is(checked.code, 200, JSON.stringify(checked.body));
  assert.is(checked.body.data.checkin, wibIso(now));
  // A booking paid by the patient has no Mobile JKN reference in Khanza: the phone's check-in is kept in this API's database.
  assert.equal(await sik('SELECT status FROM referensi_mobilejkn_bpjs WHERE no_rawat = ?', [no_reg]), []);
  const [kept] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM simrs_bookings WHERE no_reg = $1 AND checkin_at IS NOT NULL', [no_reg]);
  assert.is(kept.n, 1);
  assert.is((await get(app, API.clinicQueue, token)).data[0].checkin, checked.body.data.checkin, 'the queue shows it');
  const again = await post(app, API.checkin, token, { no_reg });
  assert.is(again.body.data.checkin, checked.body.data.checkin, 'the first one is kept');
  // Checked in, it can no longer be cancelled from the phone, as with SIMRS=local.
  const late = await post(app, API.cancel, token, { no_reg, alasan: 'Tidak bisa datang' });
  assert.equal([late.body.status, late.body.message], [false, MANAGE_MSG.checkedIn('dibatalkan')]);
  assert.equal(await sik('SELECT stts FROM reg_periksa WHERE no_rawat = ?', [no_reg]), [{ stts: 'Belum' }]);
  // The doctor calls the patient on Khanza's clinic screen (its waiting-room display's row): the number called.
  await sik(`INSERT INTO antripoli (kd_dokter, kd_poli, status, no_rawat) VALUES ('D001', '20001', '1', ?)`, [no_reg]);
  assert.is((await get(app, API.clinicQueue, token)).data[0].no_dipanggil, no_urut);
  await sik('DELETE FROM antripoli');
  // Khanza's screen marks the visit done: the queue follows.
  await sik(`UPDATE reg_periksa SET stts = 'Sudah' WHERE no_rawat = ?`, [no_reg]);
  assert.is((await get(app, API.clinicQueue, token)).data[0].status, 'selesai');
});

it('every read of spec section 7 answers its schema and the documented one, from Khanza; the record export too', async () => {
  const token = await loginAs(app, DEMO_A);
  const doc = (await app.inject({ url: '/api/docs' })).json();
  const list = (item: TSchema) => Success(Type.Array(item));
  const date = nextOnWeekday(addDays(today, 3), 1);
  // A JKN booking carries its referral and the clinic's and doctor's BPJS codes (rows.ts: never an empty or guessed one).
  await sik(`INSERT IGNORE INTO maping_poli_bpjs (kd_poli_rs, kd_poli_bpjs, nm_poli_bpjs) VALUES ('20001', 'JAN', 'JANTUNG')`);
  await sik(`INSERT IGNORE INTO maping_dokter_dpjpvclaim (kd_dokter, kd_dokter_bpjs, nm_dokter_bpjs) VALUES ('D001', '20102', 'D001')`);
  const referral = { jeniskunjungan: 1, nomorreferensi: '0301U0011126P000777' };
  const booked = await post(app, API.book, token, { ...d001(0, date), nomr: DEMO_A.nomr, carabayar: 'B', ...referral });
  assert.is(booked.body.status, true, booked.body.message);
  const calls: Array<[string, TSchema]> = [
    ...patientReads(),
    [`${API.doctorSchedule}?spesialis=Kardiologi`, list(DoctorSchedule)],
    [quotaUrl(date), list(QuotaSlot)],
  ];
  for (const [url, schema] of calls) {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    assert.is(res.statusCode, 200, `${url} ${res.body.slice(0, 200)}`);
    const body = res.json();
    assert.ok(Value.Check(schema, body), `${url}: ${JSON.stringify([...Value.Errors(schema, body)].slice(0, 3))}`);
    const declared = doc.paths[url.split('?')[0]].get.responses['200'].content['application/json'].schema;
    assert.ok(Value.Check(declared, body), `${url}: does not match the document`);
  }
  assert.is((await get(app, API.lastAppointment, token)).data.tgl_janji, date, "the BPJS booking's date, from Khanza");
  assert.is((await get(app, API.upcoming, token)).data.jadwal.length, 1);
  const fhir = await app.inject({ url: fhirEverythingOf(DEMO_A.nomr), headers: { authorization: `Bearer ${token}` } });
  assert.is(fhir.statusCode, 200);
  assert.is(fhir.json().resourceType, 'Bundle');
});

it("lab results come from Khanza's periksa_lab, detail_periksa_lab and template_laboratorium as the demo's; a change made in Khanza is in the next answer", async () => {
  const [tk, tl] = [await loginAs(app, DEMO_A), await loginAs(local, DEMO_A)];
  const labs = (await get(app, API.supporting, tk)).hasillab;
  const localLabs = (await get(local, API.supporting, tl)).hasillab;
  assert.ok(localLabs.length > 0);
  const shape = (orders: Array<{ tgl_prksa: string; hasil_lab: Array<Record<string, unknown>> }>) =>
    orders.map((o) => [o.tgl_prksa, o.hasil_lab.map((r) => [r.test_nm, r.hasil, r.unit, r.flag, r.ref_range])]);
  assert.equal(shape(labs), shape(localLabs));
  assert.ok(labs.every((o: { no_lab: string }) => /^LAB\d{14}\d{6}$/.test(o.no_lab)));

  // Fresh: what Khanza's own screens change is in the next read, nothing held in between.
  const date = nextOnWeekday(addDays(today, 10), 2);
  const before = (await get(app, quotaUrl(date, 'D001'), tk)).data[0];
  await sik(
    `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj, status_bayar, status_poli)
     VALUES ('001', ?, ?, '07:00:00', 'D001', ?, '20001', 'Belum', 'Lama', 'Ralan', 'A09', 'Belum Bayar', 'Lama')`,
    [`${date.replaceAll('-', '/')}/700001`, date, who(130).nomr],
  );
  assert.is((await get(app, quotaUrl(date, 'D001'), tk)).data[0].quota_terisi, before.quota_terisi + 1, 'a counter registration');
  await sik(`UPDATE jadwal SET kuota = 0 WHERE kd_dokter = 'D001' AND kd_poli = '20001' AND hari_kerja = 'SELASA'`);
  assert.is((await get(app, quotaUrl(date, 'D001'), tk)).data[0].batas_quota, 0, "a doctor's leave");
  const refused = await post(app, API.book, await loginAs(app, who(131)), d001(131, date));
  assert.equal(refused.body, { status: false, message: 'Kuota dokter pada sesi tersebut sudah penuh. Silakan pilih tanggal atau dokter lain.' });
  await sik(`UPDATE jadwal SET kuota = ? WHERE kd_dokter = 'D001' AND kd_poli = '20001' AND hari_kerja = 'SELASA'`, [before.batas_quota]);
  const [last] = await sik(`SELECT no_rawat, DATE_FORMAT(tgl_periksa, '%Y-%m-%d') AS tgl FROM periksa_lab ORDER BY tgl_periksa DESC LIMIT 1`);
  await sik(`INSERT INTO template_laboratorium (kd_jenis_prw, Pemeriksaan, satuan, urut) VALUES ('LAB-DEMO', 'Troponin I', 'ng/L', 99)`);
  await sik(
    `INSERT INTO detail_periksa_lab (no_rawat, kd_jenis_prw, tgl_periksa, jam, id_template, nilai, nilai_rujukan, keterangan)
     SELECT no_rawat, kd_jenis_prw, tgl_periksa, jam, LAST_INSERT_ID(), '12', '< 26', '' FROM periksa_lab WHERE no_rawat = ?`,
    [last.no_rawat],
  );
  const newest = (await get(app, API.supporting, tk)).hasillab.find((o: { tgl_prksa: string }) => o.tgl_prksa.startsWith(last.tgl));
  assert.ok(
    newest.hasil_lab.some((r: { test_nm: string; hasil: string }) => r.test_nm === 'Troponin I' && r.hasil === '12'),
    'a new lab result',
  );
});

it('inpatient stays, current and past, come from reg_periksa, kamar_inap, kamar and bangsal as the demo has them', async () => {
  for (const person of [DEMO_A, DEMO_C]) {
    const [tk, tl] = [await loginAs(app, person), await loginAs(local, person)];
    const current = (await get(app, API.inpatientCurrent, tk)).data;
    const localCurrent = (await get(local, API.inpatientCurrent, tl)).data;
    const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ no_reg: _, ...r }) => r);
    assert.equal(strip(current), strip(localCurrent), person.nomr);
    const past = (await get(app, API.inpatientPast, tk)).data;
    const localPast = (await get(local, API.inpatientPast, tl)).data;
    const facts = (rows: Array<Record<string, unknown>>) => rows.map((r) => [r.nama_pas, r.no_mr, r.tgl_masuk, r.tgl_pulang, r.diagnosis_primer]);
    assert.equal(facts(past), facts(localPast), person.nomr);
    assert.ok(current.every((r: { no_reg: string }) => /^\d{4}\/\d{2}\/\d{2}\/\d{6}$/.test(r.no_reg)));
  }
  assert.is((await get(app, API.inpatientCurrent, await loginAs(app, DEMO_C))).data.length, 1, 'C is in the ICVCU now');
});

it('catheterization and surgery, planned and done, come from booking_operasi, paket_operasi and operasi as the demo has them', async () => {
  const [tk, tl] = [await loginAs(app, DEMO_A), await loginAs(local, DEMO_A)];
  const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ no_reg: _, ...r }) => r);
  for (const path of [API.cathSchedule, API.historyCath, API.surgerySchedule, API.historySurgery]) {
    const mine = (await get(app, path, tk)).data;
    assert.equal(strip(mine), strip((await get(local, path, tl)).data), path);
  }
  const all = [API.cathSchedule, API.historyCath, API.surgerySchedule, API.historySurgery];
  const counts = await Promise.all(all.map(async (path) => (await get(app, path, tk)).data.length));
  assert.ok(
    counts.every((n) => n > 0),
    `every list has entries: ${counts}`,
  );
});

it("today's pharmacy queue comes from Khanza's resep_obat and its pharmacy display's call as the demo's; a hand-over made in Khanza is in the next answer", async () => {
  const [tk, tl] = [await loginAs(app, DEMO_A), await loginAs(local, DEMO_A)];
  const facts = (rows: Array<Record<string, unknown>>) => rows.map((r) => [r.tgl_layanan, r.no_mr, r.nama_pasien, r.status_obat]);
  const mine = (await get(app, API.pharmacyQueue, tk)).data;
  assert.equal(facts(mine), facts((await get(local, API.pharmacyQueue, tl)).data));
  assert.equal(
    facts(mine).map((f) => f[3]),
    ['Sedang disiapkan'],
  );
  const no_resep = prescriptions.get(DEMO_A.nomr) as string;
  assert.is(mine[0].no_antrian, no_resep.slice(-4), "the prescription's number as Khanza's display shows it");
  // The pharmacy calls it to the counter, then hands it over; a new prescription waits for validation.
  await sik('DELETE FROM antriapotek3');
  await sik(`INSERT INTO antriapotek3 (no_resep, status, no_rawat) SELECT no_resep, '1', no_rawat FROM resep_obat WHERE no_resep = ?`, [no_resep]);
  assert.is((await get(app, API.pharmacyQueue, tk)).data[0].status_obat, 'Siap diambil');
  await sik(`UPDATE resep_obat SET tgl_penyerahan = tgl_peresepan, jam_penyerahan = '09:00:00' WHERE no_resep = ?`, [no_resep]);
  await sik(
    `INSERT INTO resep_obat (no_resep, tgl_perawatan, jam, no_rawat, kd_dokter, tgl_peresepan, jam_peresepan, status, tgl_penyerahan, jam_penyerahan)
     SELECT '99999999990001', '0000-00-00', '00:00:00', no_rawat, kd_dokter, tgl_peresepan, '09:30:00', 'ralan', '0000-00-00', '00:00:00' FROM resep_obat WHERE no_resep = ?`,
    [no_resep],
  );
  const after = (await get(app, API.pharmacyQueue, tk)).data;
  assert.equal(
    after.map((r: { no_antrian: string; status_obat: string }) => [r.no_antrian, r.status_obat]),
    [
      [no_resep.slice(-4), 'Sudah diserahkan'],
      ['0001', 'Menunggu'],
    ],
  );
  await sik(`DELETE FROM resep_obat WHERE no_resep = '99999999990001'`);
});

const closedPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

it('Khanza down: /api/health names it, a booking says the hospital cannot be reached; Khanza slow: the call ends at its timeout and nothing is written', async () => {
  const down = await build(khanzaConfig(`mysql://pasien_app:x@127.0.0.1:${await closedPort()}/sik`, 1000));
  try {
    const health = await down.inject({ url: '/api/health' });
    assert.equal([health.statusCode, health.json()], [503, { status: 'unavailable', database: ENGINE, simrs: 'khanza', down: ['simrs'] }]);
    const login = await down.inject({
      method: 'POST',
      url: API.login,
      payload: { medical_record_number: DEMO_A.nomr, birthdate: DEMO_A.tgl_lahir, fcmtoken: '' },
    });
    assert.equal([login.statusCode, login.json()], [503, { status: false, message: UNREACHABLE }]);
  } finally {
    await down.close();
  }

  const slow = await build(khanzaConfig(khanza.url, 1000));
  try {
    const token = await loginAs(slow, who(122));
    const date = nextOnWeekday(addDays(today, 3), 5);
    // Khanza's own screen holds the practice's row: the booking waits for it, and gives up after its timeout.
    const hold = await (await import('mysql2/promise')).createConnection({ host: '127.0.0.1', port: khanza.server.port, user: 'root', database: 'sik' });
    await hold.query('START TRANSACTION');
    await hold.query(`SELECT kuota FROM jadwal WHERE kd_dokter = 'D001' AND kd_poli = '20001' FOR UPDATE`);
    const started = Date.now();
    const res = await post(slow, API.book, token, d001(122, date));
    const waited = Date.now() - started;
    await hold.query('ROLLBACK');
    await hold.end();
    assert.equal([res.code, res.body], [503, { status: false, message: UNREACHABLE }]);
    assert.ok(waited < 4000, `gave up after ${waited} ms`);
    assert.equal(await sik('SELECT no_rawat FROM reg_periksa WHERE no_rkm_medis = ? AND tgl_registrasi = ?', [who(122).nomr, date]), []);
    // Khanza free again: the same booking goes through.
    const made = await post(slow, API.book, token, d001(122, date));
    assert.is(made.body.status, true, made.body.message);
  } finally {
    await slow.close();
  }
});

it('Khanza down: the histories answer what was last read from it, with its time in X-Data-As-Of; the queues and a booking say it cannot be reached and take nothing', async () => {
  const token = await loginAs(app, DEMO_A);
  const histories = [API.historyPoli, API.inpatientCurrent, API.inpatientPast, API.historyCath, API.historySurgery, API.supporting];
  const read = async (target: Api, url: string, bearer = token) => target.inject({ url, headers: { authorization: `Bearer ${bearer}` } });
  const fresh = new Map<string, string>();
  for (const url of histories) {
    const res = await read(app, url);
    assert.is(res.statusCode, 200, url);
    assert.is(res.headers['x-data-as-of'], undefined, `${url}: a fresh answer names no time`);
    fresh.set(url, res.body);
  }
  const [kept] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM simrs_last_read WHERE nomr = $1', [DEMO_A.nomr]);
  assert.is(kept.n, 7, 'one copy per call: the penunjang call keeps its two lists apart');
  const other = await loginAs(app, who(123));

  // The same database, Khanza out of reach (as another process sees it when Khanza's server is down).
  const down = await build(khanzaConfig(`mysql://pasien_app:x@127.0.0.1:${await closedPort()}/sik`, 1000));
  try {
    for (const url of histories) {
      const res = await read(down, url);
      assert.is(res.statusCode, 200, url);
      assert.is(res.body, fresh.get(url), `${url}: the last answer, as it was`);
      assert.match(String(res.headers['x-data-as-of']), new RegExp(`^${today}T\\d{2}:\\d{2}:\\d{2}\\+07:00$`), url);
    }
    // Nothing read yet for this patient: nothing to fall back on.
    const none = await read(down, API.historyPoli, other);
    assert.equal([none.statusCode, none.json()], [503, { status: false, message: UNREACHABLE }]);
    // What is not a history is not answered from a copy.
    for (const url of [API.clinicQueue, API.pharmacyQueue, API.upcoming]) {
      const res = await read(down, url);
      assert.equal([res.statusCode, res.json()], [503, { status: false, message: UNREACHABLE }], url);
    }
    const date = nextOnWeekday(addDays(today, 3), 5);
    const before = await sik('SELECT COUNT(*) AS n FROM reg_periksa');
    const booking = await post(down, API.book, token, { ...d001(0, date), nomr: DEMO_A.nomr });
    assert.equal([booking.code, booking.body], [503, { status: false, message: UNREACHABLE }]);
    assert.equal(await sik('SELECT COUNT(*) AS n FROM reg_periksa'), before, 'nothing written');
    const health = await down.inject({ url: '/api/health' });
    assert.equal([health.statusCode, health.json().down], [503, ['simrs']]);
  } finally {
    await down.close();
  }
});

it("a change made in Khanza reaches an open live stream through the poll: the doctor's call, a counter registration ahead, a prescription; every process polls a key once", async () => {
  const nomr = who(124).nomr;
  const no_rawat = `${today.replaceAll('-', '/')}/300003`;
  const register = (no_reg: string, rawat: string, patient: string) =>
    sik(
      `INSERT INTO reg_periksa (no_reg, no_rawat, tgl_registrasi, jam_reg, kd_dokter, no_rkm_medis, kd_poli, stts, stts_daftar, status_lanjut, kd_pj, status_bayar, status_poli)
       VALUES (?, ?, ?, '07:00:00', 'D001', ?, '20001', 'Belum', 'Lama', 'Ralan', 'A09', 'Belum Bayar', 'Lama')`,
      [no_reg, rawat, today, patient],
    );
  // Registered at Khanza's counter this morning: number 3 of Dr D001's day.
  await register('003', no_rawat, nomr);
  const live = await buildApp({ config: testConfig(khanzaConfig(khanza.url, 5000, 1000)), db, logger: false, clock: () => Date.now() });
  const url = await live.listen({ port: 0, host: '127.0.0.1' });
  const stream = openStream(`${url}${API.clinicQueueLive}`, await loginAs(live, who(124)));
  const lags: string[] = [];
  /** Makes the change in Khanza, and waits for the stream to show it: the time between, for docs/performance.md. */
  const measured = async (what: string, change: () => Promise<unknown>, arrived: () => boolean) => {
    const started = Date.now();
    await change();
    await stream.until(arrived);
    lags.push(`${what} ${Date.now() - started} ms`);
  };
  try {
    await stream.until(() => stream.events().length === 1 && stream.pharmacy().length === 1);
    const first = stream.events()[0].data[0];
    assert.equal([first.no_reg, first.no_urut, first.no_dipanggil, first.sisa_antrian], [no_rawat, 3, null, 0]);
    assert.equal(stream.pharmacy()[0].data, []);

    await measured(
      'call',
      () => sik(`INSERT INTO antripoli (kd_dokter, kd_poli, status, no_rawat) VALUES ('D001', '20001', '1', ?)`, [no_rawat]),
      () => stream.events().some((e) => e.data[0]?.no_dipanggil === 3),
    );
    await sik('DELETE FROM antripoli');
    await measured(
      'counter registration',
      () => register('001', `${today.replaceAll('-', '/')}/300001`, who(125).nomr),
      () => stream.events().some((e) => e.data[0]?.sisa_antrian === 1),
    );
    await measured(
      'prescription',
      () =>
        sik(
          `INSERT INTO resep_obat (no_resep, tgl_perawatan, jam, no_rawat, kd_dokter, tgl_peresepan, jam_peresepan, status, tgl_penyerahan, jam_penyerahan)
           VALUES ('99999999990124', '0000-00-00', '00:00:00', ?, 'D001', ?, '09:00:00', 'ralan', '0000-00-00', '00:00:00')`,
          [no_rawat, today],
        ),
      () => stream.pharmacy().some((e) => e.data[0]?.status_obat === 'Menunggu'),
    );
    console.log(`Khanza change to the live stream, KHANZA_POLL_SECONDS=1: ${lags.join(', ')}`);
  } finally {
    stream.close();
    await live.close();
  }
  // Two processes claiming at once share the due keys out, each key to one of them.
  await db.query("UPDATE simrs_watch SET due_at = now(), watched_until = now() + interval '1 minute'");
  const followed = (await db.query<{ key: string }>('SELECT key FROM simrs_watch')).map((r) => r.key);
  assert.ok(followed.includes(`${today}|D001|20001|1`) && followed.includes(`farmasi|${today}|${nomr}`), followed.join(' '));
  const [a, b] = await Promise.all([claimDue(db, 100, 60_000), claimDue(db, 100, 60_000)]);
  const claimed = [...a, ...b].map((r) => r.key).sort();
  assert.equal(claimed, [...followed].sort());
});

it('a database user granted SELECT on the tables docs/integration.md lists, and INSERT, UPDATE on the two a booking writes, answers every read and books', async () => {
  const narrow = await build(khanzaConfig(await narrowUser(khanza, 'pasien_app_narrow', 'narrow-test-pw')));
  try {
    const token = await loginAs(narrow, who(126));
    for (const [url] of patientReads()) {
      const res = await narrow.inject({ url, headers: { authorization: `Bearer ${token}` } });
      assert.is(res.statusCode, 200, `${url} ${res.body.slice(0, 200)}`);
    }
    assert.is((await narrow.inject({ url: quotaUrl(nextOnWeekday(addDays(today, 3), 2)), headers: { authorization: `Bearer ${token}` } })).statusCode, 200);
    const made = await post(narrow, API.book, token, d001(126, nextOnWeekday(addDays(today, 3), 2)));
    assert.is(made.body.status, true, made.body.message);
    const cancelled = await post(narrow, API.cancel, token, { no_reg: made.body.data.no_reg, alasan: 'Tidak bisa datang' });
    assert.is(cancelled.body.status, true, cancelled.body.message);
  } finally {
    await narrow.close();
  }
});

it("Khanza's server frozen: a history answers its last copy once the call's timeout passes, a booking takes nothing, /api/health names the SIMRS; thawed, the answers are fresh again", async () => {
  const slow = await build(khanzaConfig(khanza.url, 1000));
  const token = await loginAs(slow, DEMO_A);
  const read = (url: string) => slow.inject({ url, headers: { authorization: `Bearer ${token}` } });
  try {
    const fresh = await read(API.historySurgery);
    assert.equal([fresh.statusCode, fresh.headers['x-data-as-of']], [200, undefined]);
    const date = nextOnWeekday(addDays(today, 3), 4);
    const before = await sik('SELECT COUNT(*) AS n FROM reg_periksa');
    try {
      await khanza.server.pause();
      const kept = await read(API.historySurgery);
      assert.is(kept.statusCode, 200);
      assert.is(kept.body, fresh.body);
      const asOf = String(kept.headers['x-data-as-of']);
      assert.match(asOf, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/, `X-Data-As-Of: ${asOf}`);
      // When the fresh answer was read: a moment ago.
      assert.ok(Math.abs(Date.now() - Date.parse(asOf)) < 5 * 60_000, `X-Data-As-Of: ${asOf}, now ${new Date().toISOString()}`);
      const booking = await post(slow, API.book, token, { ...d001(0, date), nomr: DEMO_A.nomr });
      assert.equal([booking.code, booking.body], [503, { status: false, message: UNREACHABLE }]);
      const health = await slow.inject({ url: '/api/health' });
      assert.equal([health.statusCode, health.json().down], [503, ['simrs']]);
    } finally {
      khanza.server.resume();
    }
    assert.equal(await sik('SELECT COUNT(*) AS n FROM reg_periksa'), before, 'nothing written');
    const again = await read(API.historySurgery);
    assert.equal([again.statusCode, again.headers['x-data-as-of'], again.body], [200, undefined, fresh.body]);
  } finally {
    await slow.close();
  }
});

it('without its quota guard Khanza refuses the start, naming the file; a trigger dropped later makes /api/health name the SIMRS; installed again, healthy', async () => {
  try {
    await khanza.admin.query('DROP VIEW pasien_app_kuota_guard');
    try {
      await build(khanzaConfig(khanza.url));
      assert.unreachable('started without the quota guard');
    } catch (err) {
      assert.instance(err, ConfigError);
      assert.match((err as Error).message, "Khanza's quota guard is not installed: run server/connector/khanza/quota-guard.sql");
    }
    await installGuard(khanza.admin);
    const running = await build(khanzaConfig(khanza.url));
    try {
      assert.is((await running.inject({ url: '/api/health' })).statusCode, 200);
      await khanza.admin.query('DROP TRIGGER pasien_app_kuota_booking');
      const health = await running.inject({ url: '/api/health' });
      assert.equal([health.statusCode, health.json().down], [503, ['simrs']]);
      await installGuard(khanza.admin);
      assert.is((await running.inject({ url: '/api/health' })).statusCode, 200);
    } finally {
      await running.close();
    }
  } finally {
    await installGuard(khanza.admin);
  }
});

test.run();

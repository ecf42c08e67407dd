// HFIS's doctor schedule kept current (docs/bpjs.md, HFIS): the hospital's system changes a
// doctor's weekly clinic session through the internal call (its hours, its quota, closed for a
// leave), and the bridge sends BPJS jadwaldokter/updatejadwaldokter with the doctor's weekly
// schedule at that poli, through the outbox, to the project's BPJS stand-in; on PGlite and on
// PostgreSQL. An unmapped clinic waits for its code; the bridge off sends nothing; with
// SIMRS=khanza the schedule is Khanza's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, nextOnWeekday, todayWib, toQuotaDate, weekdayName } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import { buildApp } from '../../server/app.ts';
import { bpjsClient } from '../../server/bpjs/client.ts';
import { createBpjsWorker } from '../../server/bpjs/worker.ts';
import type { Db } from '../../server/db/client.ts';
import type { Api } from '../../server/routes/route-schema.ts';
import { COHORT, INTERNAL_TOKEN, loginAs, testConfig, unreachableKhanza } from '../support/app.ts';
import { type BpjsStandIn, bpjsStandIn, bridgeTo } from '../support/bpjs-stand-in.ts';
import { freshDb } from '../support/db.ts';

let standIn: BpjsStandIn;
let db: Db;
let app: Api;
const today = todayWib();

test.before(async () => {
  standIn = await bpjsStandIn();
  db = await freshDb();
  app = await buildApp({ config: testConfig({ bpjs: bridgeTo(standIn) }), db, logger: false, internal: 'here' });
  await app.ready();
});
test.after(async () => {
  await app.close();
  await db.close();
  await standIn.close();
});

// biome-ignore lint/suspicious/noExplicitAny: the tests read several answer shapes
const post = async (url: string, payload: object, target = app): Promise<{ code: number; body: any }> => {
  const res = await target.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${INTERNAL_TOKEN}` } });
  return { code: res.statusCode, body: res.json() };
};
const change = (payload: object, target = app) => post('/api/internal/jadwal/dokter', payload, target);
const drain = () => createBpjsWorker({ db, send: bpjsClient(bridgeTo(standIn)), config: bridgeTo(standIn) }).drain();
const updates = () => standIn.received.filter((r) => r.endpoint === 'jadwaldokter/updatejadwaldokter');

/** A doctor's weekly clinic sessions in a clinic, as the demo has them. */
const weekly = (kd_dr: string, kd_dep: string) =>
  db.query<{ hari: number; sts_jam: string; jam_dtg: string; jam_plg: string; batas_quota: number }>(
    `SELECT hari::int AS hari, sts_jam, jam_dtg, jam_plg, batas_quota FROM practice_schedules WHERE kd_dr = $1 AND kd_dep = $2 AND jenis = 'poli' ORDER BY hari, jam_dtg`,
    [kd_dr, kd_dep],
  );
const hhmm = (t: string) => t.slice(0, 5).padStart(5, '0');

test("a session's new hours and quota: the patients' calendar shows them, and BPJS's HFIS gets the doctor's weekly schedule (updatejadwaldokter)", async () => {
  const before = await weekly('D001', '20001');
  const s = before.find((x) => x.hari === 1 && x.sts_jam === '1');
  assert.ok(s, "Dr D001's Monday morning in clinic 20001");
  if (!s) return;
  const date = nextOnWeekday(addDays(today, 14), 1);
  const res = await change({ kd_dr: 'D001', kd_dep: '20001', hari: 1, sts_jam: '1', jam_dtg: '07:30', jam_plg: '11:30', batas_quota: 25 });
  assert.equal(res.body, {
    status: true,
    data: { kd_dr: 'D001', kd_dep: '20001', hari: 1, sts_jam: '1', jam_dtg: '07:30', jam_plg: '11:30', batas_quota: 25, bpjs: 'waiting' },
  });
  const token = await loginAs(app, { nomr: String(COHORT.first), tgl_lahir: COHORT.tgl_lahir });
  const q = new URLSearchParams({ kd_dr: 'D001', kd_dep: '20001', tgl_janji: toQuotaDate(date), hari: weekdayName(date), jenis: 'poli' });
  const slots = (await app.inject({ url: `${API.quota}?${q}`, headers: { authorization: `Bearer ${token}` } })).json().data as Array<Record<string, unknown>>;
  const morning = slots.find((x) => x.sts_jam === '1');
  assert.equal([morning?.jam_dtg, morning?.jam_plg, morning?.batas_quota], ['07:30', '11:30', 25]);

  await drain();
  const [sent] = updates();
  assert.ok(sent, 'sent to BPJS');
  assert.equal([sent.answered, sent.body.kodepoli, sent.body.kodesubspesialis, sent.body.kodedokter], [200, 'JAN', 'JAN', 10001]);
  const expected = (await weekly('D001', '20001'))
    .filter((x) => x.batas_quota > 0)
    .map((x) => ({ hari: String(x.hari), buka: hhmm(x.jam_dtg), tutup: hhmm(x.jam_plg) }));
  assert.equal(sent.body.jadwal, expected, "the doctor's whole week at the poli");
  assert.ok((sent.body.jadwal as Array<Record<string, string>>).some((j) => j.hari === '1' && j.buka === '07:30' && j.tutup === '11:30'));
  const [row] = await db.query<{ status: string; kodebooking: string }>(
    `SELECT status, kodebooking FROM bpjs_antrean WHERE endpoint = 'jadwaldokter/updatejadwaldokter' ORDER BY id`,
  );
  assert.equal(row, { status: 'sent', kodebooking: 'jadwal/20001/D001' });
});

test('a leave (quota 0) closes the session: BPJS gets the week without it; two changes of a doctor reach BPJS in order', async () => {
  const sessions = await weekly('D002', '20001');
  const s = sessions.find((x) => x.batas_quota > 0);
  assert.ok(s, "one of Dr D002's sessions in clinic 20001");
  if (!s) return;
  const sent = updates().length;
  const body = { kd_dr: 'D002', kd_dep: '20001', hari: s.hari, sts_jam: s.sts_jam, jam_dtg: hhmm(s.jam_dtg), jam_plg: hhmm(s.jam_plg) };
  const first = await change({ ...body, batas_quota: 0 });
  assert.is(first.body.data?.bpjs, 'waiting', JSON.stringify(first.body));
  assert.is((await change({ ...body, batas_quota: 12 })).body.data.bpjs, 'waiting');
  await drain();
  const [closed, reopened] = updates().slice(sent);
  assert.equal([closed?.answered, reopened?.answered], [200, 200]);
  const has = (r: typeof closed) => (r.body.jadwal as Array<Record<string, string>>).some((j) => j.hari === String(s.hari) && j.buka === hhmm(s.jam_dtg));
  assert.equal([has(closed), has(reopened)], [false, true], 'closed, then open again: in that order');
  assert.is(closed.body.kodedokter, reopened.body.kodedokter);
});

test('an unmapped clinic waits for its code, never sent under a guessed one; mapped and retried, it goes', async () => {
  const [s] = await db.query<{ kd_dr: string; hari: number; sts_jam: string; jam_dtg: string; jam_plg: string }>(
    `SELECT kd_dr, hari::int AS hari, sts_jam, jam_dtg, jam_plg FROM practice_schedules WHERE kd_dep = '20012' AND jenis = 'poli' ORDER BY id LIMIT 1`,
  );
  const body = { kd_dr: s.kd_dr, kd_dep: '20012', hari: s.hari, sts_jam: s.sts_jam, jam_dtg: hhmm(s.jam_dtg), jam_plg: hhmm(s.jam_plg), batas_quota: 8 };
  const res = await change(body);
  assert.is(res.body.data.bpjs, 'unmapped');
  const sent = updates().length;
  await drain();
  assert.is(updates().length, sent, 'nothing sent');
  const [row] = await db.query<{ id: number; reason: string }>(
    `SELECT id::int AS id, reason FROM bpjs_antrean WHERE kodebooking = $1 AND status = 'unmapped'`,
    [`jadwal/20012/${s.kd_dr}`],
  );
  assert.is(row.reason, 'Belum dipetakan ke kode BPJS: kd_dep 20012');
  await db.query(`INSERT INTO bpjs_poli (kd_dep, kodepoli, namapoli) VALUES ('20012', 'JAE', 'JANTUNG EKSEKUTIF')`);
  const retried = await post(`/api/internal/bpjs/antrean/${row.id}/ulang`, {});
  assert.is(retried.body.data.status, 'waiting');
  await drain();
  const [went] = updates().slice(sent);
  assert.equal([went?.answered, went?.body.kodepoli], [200, 'JAE']);
});

test("a poli several clinics share: BPJS gets the doctor's week from every one of them, under one key; a sub-specialty mapped apart is its own week", async () => {
  // Dr D001 also holds a Saturday afternoon in clinic 20014, which BPJS knows as JAN too (seed-bpjs.ts).
  await db.query(
    `INSERT INTO practice_schedules (kd_dr, kd_dep, hari, jam_dtg, jam_plg, sts_jam, sts_ue, batas_quota) VALUES ('D001', '20014', 6, '13:00', '15:00', '9', '1', 10)`,
  );
  const [s] = await weekly('D001', '20001');
  const sent = updates().length;
  const body = { kd_dr: 'D001', kd_dep: '20001', hari: s.hari, sts_jam: s.sts_jam, jam_dtg: hhmm(s.jam_dtg), jam_plg: hhmm(s.jam_plg), batas_quota: 20 };
  assert.is((await change(body)).body.data.bpjs, 'waiting');
  // A change in 20014 goes under the same key, so the two reach BPJS in order.
  assert.is(
    (await change({ kd_dr: 'D001', kd_dep: '20014', hari: 6, sts_jam: '9', jam_dtg: '13:00', jam_plg: '15:30', batas_quota: 10 })).body.data.bpjs,
    'waiting',
  );
  await drain();
  const [first, second] = updates().slice(sent);
  const week = [...(await weekly('D001', '20001')), ...(await weekly('D001', '20014'))]
    .filter((x) => x.batas_quota > 0)
    .map((x) => ({ hari: String(x.hari), buka: hhmm(x.jam_dtg), tutup: hhmm(x.jam_plg) }))
    // The same hours in two clinics are one session of the doctor's week.
    .filter((x, i, all) => all.findIndex((y) => y.hari === x.hari && y.buka === x.buka && y.tutup === x.tutup) === i)
    .sort((a, b) => Number(a.hari) - Number(b.hari) || a.buka.localeCompare(b.buka));
  assert.equal([first?.answered, second?.answered], [200, 200]);
  assert.equal(second.body, { kodepoli: 'JAN', kodesubspesialis: 'JAN', kodedokter: 10001, jadwal: week }, "the week at JAN: 20001's sessions and 20014's");
  assert.ok((first.body.jadwal as Array<Record<string, string>>).some((j) => j.hari === '6' && j.buka === '13:00' && j.tutup === '15:00'));
  const keys = await db.query<{ kodebooking: string }>(
    `SELECT kodebooking FROM bpjs_antrean WHERE endpoint = 'jadwaldokter/updatejadwaldokter' AND kd_dr = 'D001' ORDER BY id DESC LIMIT 2`,
  );
  assert.equal(
    keys.map((k) => k.kodebooking),
    ['jadwal/20001/D001', 'jadwal/20001/D001'],
  );

  // 20014 mapped to its own sub-specialty: its sessions are a week of their own, the poli code kept apart.
  await db.query(`UPDATE bpjs_poli SET kodesubspesialis = 'VSK' WHERE kd_dep = '20014'`);
  try {
    assert.is(
      (await change({ kd_dr: 'D001', kd_dep: '20014', hari: 6, sts_jam: '9', jam_dtg: '13:00', jam_plg: '15:00', batas_quota: 10 })).body.data.bpjs,
      'waiting',
    );
    assert.is((await change(body)).body.data.bpjs, 'waiting');
    await drain();
    const [own, jan] = updates().slice(sent + 2);
    const ofVsk = (await weekly('D001', '20014'))
      .filter((x) => x.batas_quota > 0)
      .map((x) => ({ hari: String(x.hari), buka: hhmm(x.jam_dtg), tutup: hhmm(x.jam_plg) }));
    assert.equal([own.body.kodepoli, own.body.kodesubspesialis, own.body.jadwal], ['JAN', 'VSK', ofVsk], "20014's sessions alone");
    assert.equal([jan.body.kodepoli, jan.body.kodesubspesialis], ['JAN', 'JAN']);
    const isVsk = (j: Record<string, string>) => j.hari === '6' && j.buka === '13:00' && j.tutup === '15:00';
    assert.not.ok((jan.body.jadwal as Array<Record<string, string>>).some(isVsk), "20014's session is not in JAN's week");
  } finally {
    await db.query(`UPDATE bpjs_poli SET kodesubspesialis = NULL WHERE kd_dep = '20014'`);
  }
});

test("bad input is a 400 naming the field; an unknown session a 404; the bridge off queues nothing; with SIMRS=khanza the schedule is Khanza's", async () => {
  const ok = { kd_dr: 'D001', kd_dep: '20001', hari: 1, sts_jam: '1', jam_dtg: '08:00', jam_plg: '12:00', batas_quota: 20 };
  const reversed = await change({ ...ok, jam_plg: '07:00' });
  assert.equal([reversed.code, reversed.body.message], [400, 'Kolom jam_plg: jam selesai harus sesudah jam mulai (jam_dtg).']);
  const badHour = await change({ ...ok, jam_dtg: '8:00' });
  assert.is(badHour.code, 400);
  assert.match(badHour.body.message, /jam_dtg/);
  const unknown = await change({ ...ok, kd_dr: 'D999' });
  assert.equal([unknown.code, unknown.body.status], [404, false]);

  const rows = async () =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bpjs_antrean WHERE endpoint = 'jadwaldokter/updatejadwaldokter'`))[0].n;
  const before = await rows();
  const off = await buildApp({ config: testConfig(), db, logger: false, internal: 'here' });
  try {
    const res = await change(ok, off);
    assert.equal([res.code, res.body.data?.bpjs], [200, null]);
    assert.is(await rows(), before);
  } finally {
    await off.close();
  }
  const khanza = await unreachableKhanza(db);
  try {
    const res = await change(ok, khanza);
    assert.equal([res.code, res.body.message], [409, 'Jadwal dokter dikelola di SIMRS Khanza (tabel jadwal); ubah di sana.']);
  } finally {
    await khanza.close();
  }
  const [audit] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'schedule.change'`);
  assert.ok(audit.n >= 4, 'each change is in the audit log');
});

test.run();

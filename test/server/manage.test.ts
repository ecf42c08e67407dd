// Managing appointments on the server: cancel, reschedule, the booking window and online
// consultations that book for real, on PGlite and PostgreSQL. The clock is the app's own
// (AppOptions.clock), set by each test: nothing depends on the hour the tests run at.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, isoWeekday, nextOnWeekday, todayWib, toQuotaDate, weekdayName } from '../../common/dates.ts';
import { dateRefusal } from '../../common/booking.ts';
import { API } from '../../common/paths.ts';
import { INTERNAL_TOKEN } from '../support/app.ts';
import { clockedApp, cohortCalls, d001Booking, wibAt } from '../support/booking.ts';

const t = clockedApp(test);
const today = todayWib();
const at = wibAt;

const { nomrOf, tokenOf, call } = cohortCalls(() => t.app);

/** Dr D001's morning session in clinic 20001 (every weekday) or his online evening (Monday to Friday). */
const d001 = (i: number, date: string, over: Record<string, string> = {}) => d001Booking(nomrOf(i), date, over);
const online = (i: number, date: string, over: Record<string, string> = {}) => d001(i, date, { sts_jam: '2', ...over });
/** A weekday (1 Monday … 6 Saturday) at least `from` days ahead. */
const ahead = (from: number, weekday = 1) => nextOnWeekday(addDays(today, from), weekday);

const book = async (i: number, body: object, path: string = API.book) => call('POST', path, await tokenOf(i), body);
const cancel = async (i: number, no_reg: string, alasan = 'Tidak bisa datang', keterangan?: string) =>
  call('POST', API.cancel, await tokenOf(i), { no_reg, alasan, ...(keterangan === undefined ? {} : { keterangan }) });
const move = async (i: number, body: object) => call('POST', API.reschedule, await tokenOf(i), body);
const upcoming = async (i: number) => (await call('GET', API.upcoming, await tokenOf(i))).body.data.jadwal as Array<Record<string, unknown>>;

async function seats(date: string, stsJam = '1', jenis = 'poli'): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(
    `SELECT coalesce(max(ps.quota_terisi), 0)::int AS n FROM practice_sessions ps JOIN practice_schedules s ON s.id = ps.schedule_id
      WHERE s.kd_dr = 'D001' AND s.kd_dep = '20001' AND s.sts_jam = $2 AND s.jenis = $3 AND ps.tgl = $1`,
    [date, stsJam, jenis],
  );
  return row.n;
}
const row = async (no_reg: string) => (await t.db.query('SELECT * FROM appointments WHERE no_reg = $1', [no_reg]))[0];

async function limitSession(date: string, batas: number, stsJam = '1', jenis = 'poli'): Promise<void> {
  await t.db.query(
    `INSERT INTO practice_sessions (schedule_id, tgl, batas_quota, quota_terisi)
     SELECT id, $1, $2, 0 FROM practice_schedules WHERE kd_dr = 'D001' AND kd_dep = '20001' AND hari = $3 AND sts_jam = $4 AND jenis = $5
     ON CONFLICT (schedule_id, tgl) DO UPDATE SET batas_quota = EXCLUDED.batas_quota`,
    [date, batas, isoWeekday(date), stsJam, jenis],
  );
}

test('a booking answers its no_reg and facts, and the upcoming card carries them with what it may offer', async () => {
  const date = ahead(14);
  const r = await book(1, d001(1, date, { carabayar: 'B' }));
  assert.is(r.body.status, true, JSON.stringify(r.body));
  const d = r.body.data;
  assert.match(d.no_reg, /^RJ[0-9]{12,}$/);
  assert.equal(
    { kd_dep: d.kd_dep, kd_dr: d.kd_dr, jam_dtg: d.jam_dtg, sts_jam: d.sts_jam, carabayar: d.carabayar, jenis: d.jenis, tgl_janji: d.tgl_janji },
    { kd_dep: '20001', kd_dr: 'D001', jam_dtg: '08:00', sts_jam: '1', carabayar: 'B', jenis: 'poli', tgl_janji: date },
  );
  const [item] = (await upcoming(1)).filter((j) => j.no_reg === d.no_reg);
  assert.equal(
    { ...item },
    {
      tanggal_janji: date,
      nama_dokter: item.nama_dokter,
      departemen: 'POLI KARDIOLOGI DEWASA',
      no_urut: d.no_urut,
      no_reg: d.no_reg,
      kd_dep: '20001',
      kd_dr: 'D001',
      jam_dtg: '08:00',
      jam_plg: '12:00',
      sts_jam: '1',
      carabayar: 'B',
      jenis: 'poli',
      dapat_diubah: true,
      link_konsultasi: null,
      konsultasi_buka: null,
      konsultasi_tutup: null,
    },
  );
});

test('cancel frees the seat at once: the next patient books it, and the card leaves the list', async () => {
  const date = ahead(21, 2);
  await limitSession(date, 1);
  const first = await book(2, d001(2, date));
  assert.is(first.body.status, true);
  assert.match((await book(3, d001(3, date))).body.message, /penuh/, 'the one seat is taken');
  const cancelled = await cancel(2, first.body.data.no_reg, 'Sudah sembuh');
  assert.is(cancelled.code, 200);
  assert.is(cancelled.body.status, true);
  assert.is(cancelled.body.data.status_janji, 'Dibatalkan');
  assert.match(cancelled.body.data.message, /sudah dibatalkan/);
  assert.is(await seats(date), 0);
  assert.not.ok((await upcoming(2)).some((j) => j.no_reg === first.body.data.no_reg));
  const second = await book(3, d001(3, date));
  assert.is(second.body.status, true, 'the freed seat is bookable at once');
  assert.is(second.body.data.no_urut, first.body.data.no_urut + 1, 'a new number, never the cancelled one');
  assert.is(await seats(date), 1);
});

test('cancel again answers the same and frees nothing twice; the audit keeps the reason', async () => {
  const date = ahead(21, 3);
  const a = await book(4, d001(4, date));
  await book(5, d001(5, date));
  assert.is(await seats(date), 2);
  const once = await cancel(4, a.body.data.no_reg, 'Lainnya', 'Dirawat di rumah sakit lain');
  const twice = await cancel(4, a.body.data.no_reg, 'Lainnya', 'Dirawat di rumah sakit lain');
  assert.equal(twice, once);
  assert.is(await seats(date), 1);
  const audit = await t.db.query<{ detail: string; actor: string }>(
    `SELECT detail, actor FROM audit_log WHERE action = 'appointment.cancel' AND subject = $1`,
    [nomrOf(4)],
  );
  assert.equal(audit, [{ detail: `${a.body.data.no_reg} Lainnya: Dirawat di rumah sakit lain`, actor: nomrOf(4) }]);
});

test('the reason: one of the four, Lainnya with words, no control characters', async () => {
  const a = await book(6, d001(6, ahead(21, 4)));
  const no_reg = a.body.data.no_reg;
  assert.is((await cancel(6, no_reg, 'Bosan')).code, 400);
  assert.equal((await cancel(6, no_reg, 'Lainnya', '  ')).body, { status: false, message: 'Tuliskan alasan pembatalan Anda.' });
  const hostile = await cancel(6, no_reg, 'Lainnya', 'a\u202eb');
  assert.is(hostile.code, 400);
  assert.match(hostile.body.message, /keterangan/);
  assert.ok((await row(no_reg)).cancelled_at === null, 'still booked');
});

test("B can neither cancel nor move A's appointment (404, as for a number nobody has), and nothing changes", async () => {
  const date = ahead(21, 5);
  const a = await book(7, d001(7, date));
  const no_reg = a.body.data.no_reg;
  const before = await row(no_reg);
  const c = await cancel(8, no_reg);
  assert.equal(c, { code: 404, body: { status: false, message: 'Perjanjian tidak ditemukan.' } });
  const m = await move(8, { no_reg, tgl_janji: addDays(date, 1), kd_dr: 'D001', sts_jam: '1' });
  assert.equal(m, c);
  assert.equal(await row(no_reg), before);
  assert.is(await seats(date), 1);
  assert.equal(await cancel(8, 'RJ000000000000'), c);
});

test('no cancel once practice has started, nor after check-in', async () => {
  const date = ahead(28, 1);
  const a = await book(9, d001(9, date));
  t.clock = at(date, '08:00');
  const late = await cancel(9, a.body.data.no_reg);
  assert.equal(late.body, {
    status: false,
    message: 'Perjanjian tidak dapat dibatalkan karena jam praktik sudah dimulai. Silakan hubungi petugas pendaftaran.',
  });
  assert.is((await upcoming(9)).find((j) => j.no_reg === a.body.data.no_reg)?.dapat_diubah, false);
  t.clock = at(date, '07:59');
  const b = await book(10, d001(10, date));
  // Checked in at the hospital's machine: the booking's own entry in its day's queue.
  await t.db.query(`UPDATE clinic_queue SET checkin_at = now() WHERE no_reg = $1`, [b.body.data.no_reg]);
  assert.match((await cancel(10, b.body.data.no_reg)).body.message, /sudah check-in/);
  assert.match((await move(10, { no_reg: b.body.data.no_reg, tgl_janji: addDays(date, 1), kd_dr: 'D001', sts_jam: '1' })).body.message, /sudah check-in/);
  assert.is((await row(a.body.data.no_reg)).cancelled_at, null);
});

test('a cancelled BPJS appointment no longer counts for the 8-day rule', async () => {
  const date = ahead(14, 2);
  const a = await book(11, d001(11, date, { carabayar: 'B' }));
  const near = addDays(date, 3);
  assert.match((await book(11, d001(11, near, { carabayar: 'B' }))).body.message, /8 hari/);
  await cancel(11, a.body.data.no_reg, 'Ganti jadwal');
  assert.equal((await call('GET', API.lastAppointment, await tokenOf(11))).body.data, { tgl_janji: null });
  assert.is((await book(11, d001(11, near, { carabayar: 'B' }))).body.status, true);
});

test('reschedule takes the new seat and gives the old one back, keeping the number that names it', async () => {
  const from = ahead(35, 1);
  const to = addDays(from, 1);
  const a = await book(12, d001(12, from, { carabayar: 'B' }));
  const seatsTo = await seats(to);
  // The BPJS gap is checked without the appointment being moved: a day later is no second visit.
  const moved = await move(12, { no_reg: a.body.data.no_reg, tgl_janji: to, kd_dr: 'D001', sts_jam: '1' });
  assert.is(moved.body.status, true, JSON.stringify(moved.body));
  assert.is(moved.body.data.no_reg, a.body.data.no_reg);
  assert.is(moved.body.data.tgl_janji, to);
  assert.is(moved.body.data.carabayar, 'B', 'the guarantee stays');
  assert.match(moved.body.data.message, /^Perjanjian berhasil dipindahkan\./);
  assert.is(await seats(from), 0);
  assert.is(await seats(to), seatsTo + 1);
  assert.equal(
    (await upcoming(12)).filter((j) => j.no_reg === a.body.data.no_reg).map((j) => j.tanggal_janji),
    [to],
  );
  const again = await move(12, { no_reg: a.body.data.no_reg, tgl_janji: to, kd_dr: 'D001', sts_jam: '1' });
  assert.equal(again.body, moved.body, 'repeated, the same answer');
  assert.is(await seats(to), seatsTo + 1);
});

test("the reschedule calendar's 8-day rule is the move's: perjanjian/terakhir with kecuali leaves out that appointment, as ubah/janji does", async () => {
  const first = ahead(49, 1);
  const second = addDays(first, 14);
  const a = await book(20, d001(20, first, { carabayar: 'B' }));
  const b = await book(20, d001(20, second, { carabayar: 'B' }));
  const last = async (kecuali?: string) =>
    (await call('GET', `${API.lastAppointment}${kecuali === undefined ? '' : `?kecuali=${encodeURIComponent(kecuali)}`}`, await tokenOf(20))).body.data
      .tgl_janji;
  assert.is(await last(), second);
  assert.is(await last(b.body.data.no_reg), first, 'moving the later one: the earlier one counts');
  assert.is(await last(a.body.data.no_reg), second, 'moving the earlier one: the later one counts');
  // Another patient's number leaves nothing out of this patient's.
  const other = await book(21, d001(21, first, { carabayar: 'B' }));
  assert.is(await last(other.body.data.no_reg), second);
  // The calendar's rule, with that date, and the server agree on the edges: day 8 after the first
  // is refused by both, day 9 is allowed by both.
  const rule = { today, guarantee: 'BPJS' as const, lastAppointment: await last(b.body.data.no_reg) };
  const day8 = addDays(first, 8);
  const day9 = addDays(first, 9);
  assert.is(dateRefusal(day8, rule), 'bpjs-gap');
  assert.is(dateRefusal(day9, rule), null);
  const refused = await move(20, { no_reg: b.body.data.no_reg, tgl_janji: day8, kd_dr: 'D001', sts_jam: '1' });
  assert.is(refused.body.status, false);
  assert.match(refused.body.message, /8 hari/);
  const moved = await move(20, { no_reg: b.body.data.no_reg, tgl_janji: day9, kd_dr: 'D001', sts_jam: '1' });
  assert.is(moved.body.status, true, JSON.stringify(moved.body));
  // Moving the only BPJS appointment: nothing counts, the day after it is open.
  await cancel(20, a.body.data.no_reg, 'Ganti jadwal');
  assert.is(await last(b.body.data.no_reg), null);
});

test('the clinic list names the weekdays each clinic holds clinic and online sessions', async () => {
  const list = (await call('GET', API.clinics, await tokenOf(1))).body.data as Array<{ kd_dep: string; hari_praktik: number[]; hari_online: number[] }>;
  for (const c of list) {
    const rows = await t.db.query<{ hari: number; jenis: string }>('SELECT DISTINCT hari::int AS hari, jenis FROM practice_schedules WHERE kd_dep = $1', [
      c.kd_dep,
    ]);
    const days = (jenis: string) =>
      rows
        .filter((r) => r.jenis === jenis)
        .map((r) => r.hari)
        .sort((x, y) => x - y);
    assert.equal(
      [...c.hari_praktik].sort((x, y) => x - y),
      days('poli'),
      `${c.kd_dep} poli`,
    );
    assert.equal(
      [...c.hari_online].sort((x, y) => x - y),
      days('online'),
      `${c.kd_dep} online`,
    );
  }
  // A clinic that practises some days, not all: on another day the quota call has nothing and a booking is refused.
  const some = list.find((c) => c.hari_praktik.length > 0 && c.hari_praktik.length < 7);
  assert.ok(some, 'a clinic with days off');
  const closed = [1, 2, 3, 4, 5, 6, 7].find((d) => !some.hari_praktik.includes(d)) as number;
  const date = nextOnWeekday(addDays(today, 7), closed);
  const slots = await call(
    'GET',
    `${API.quota}?${new URLSearchParams({ kd_dep: some.kd_dep, tgl_janji: toQuotaDate(date), hari: weekdayName(date) })}`,
    await tokenOf(1),
  );
  assert.equal(
    slots.body.data.map((x: { kode: number }) => x.kode),
    [301],
  );
  const [doctor] = await t.db.query<{ kd_dr: string; sts_jam: string }>(
    `SELECT kd_dr, sts_jam FROM practice_schedules WHERE kd_dep = $1 AND jenis = 'poli' LIMIT 1`,
    [some.kd_dep],
  );
  assert.match((await book(1, d001(1, date, { kd_dep: some.kd_dep, ...doctor }))).body.message, /tidak praktik/);
});

test('a refused reschedule leaves the old appointment and every seat as they were, and says why', async () => {
  const from = ahead(42, 1);
  const full = addDays(from, 2);
  const other = addDays(from, 3);
  await limitSession(full, 1);
  await book(14, d001(14, full));
  const a = await book(13, d001(13, from));
  // Patient 19 holds two BPJS appointments a fortnight apart: the first cannot move close to the second.
  const b = await book(19, d001(19, from, { carabayar: 'B' }));
  await book(19, d001(19, addDays(from, 14), { carabayar: 'B' }));
  const before = [await row(a.body.data.no_reg), await row(b.body.data.no_reg)];
  const seatsBefore = [await seats(from), await seats(full), await seats(other)];
  const refusals: Array<[number, string, object, RegExp]> = [
    [13, a.body.data.no_reg, { tgl_janji: full, kd_dr: 'D001', sts_jam: '1' }, /penuh/],
    [13, a.body.data.no_reg, { tgl_janji: other, kd_dr: 'D999', sts_jam: '1' }, /tidak praktik/],
    [13, a.body.data.no_reg, { tgl_janji: addDays(today, -1), kd_dr: 'D001', sts_jam: '1' }, /sudah lewat/],
    [19, b.body.data.no_reg, { tgl_janji: addDays(from, 7), kd_dr: 'D001', sts_jam: '1' }, /8 hari/],
  ];
  for (const [i, no_reg, to, why] of refusals) {
    const r = await move(i, { no_reg, ...to });
    assert.is(r.code, 200);
    assert.is(r.body.status, false);
    assert.match(r.body.message, why);
  }
  assert.equal([await row(a.body.data.no_reg), await row(b.body.data.no_reg)], before);
  assert.equal([await seats(from), await seats(full), await seats(other)], seatsBefore);
});

test('the booking window: 90 days ahead is bookable, 91 and 2126-11-26 are refused with a 400 naming tgl_janji', async () => {
  let last = addDays(today, 90);
  while (isoWeekday(last) === 7) last = addDays(last, -1);
  assert.is((await book(15, d001(15, last))).body.status, true);
  for (const date of [addDays(today, 91), '2126-11-26']) {
    const r = await book(16, d001(16, date));
    assert.is(r.code, 400, date);
    assert.match(r.body.message, /^Kolom tgl_janji: perjanjian hanya dapat dibuat paling lambat 90 hari ke depan/);
    assert.is((await book(16, online(16, date), API.bookOnline)).code, 400);
  }
  const a = await book(16, d001(16, ahead(14, 3)));
  assert.is((await move(16, { no_reg: a.body.data.no_reg, tgl_janji: '2126-11-26', kd_dr: 'D001', sts_jam: '1' })).code, 400);
  const rules = await call('GET', API.bookingRules, await tokenOf(16));
  assert.equal(rules.body.data, {
    batas_hari: 90,
    tanggal_terakhir: addDays(today, 90),
    alasan_batal: ['Sudah sembuh', 'Tidak bisa datang', 'Ganti jadwal', 'Lainnya'],
    ruang_dibuka_menit: 10,
  });
});

test('online consultation: its own sessions and quota, a real booking, on the card and in Poli Online', async () => {
  const date = ahead(14, 1);
  const token = await tokenOf(17);
  const slots = async (jenis?: string) =>
    (
      await t.app.inject({
        url: `${API.quota}?${new URLSearchParams({ kd_dr: 'D001', kd_dep: '20001', tgl_janji: toQuotaDate(date), hari: weekdayName(date), ...(jenis ? { jenis } : {}) })}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data as Array<{ jam_dtg: string; sts_jam: string; batas_quota: number; quota_terisi: number }>;
  assert.equal(
    (await slots('online')).map((s) => [s.jam_dtg, s.sts_jam, s.batas_quota]),
    [['19:00', '2', 8]],
  );
  assert.ok(
    (await slots()).every((s) => s.jam_dtg !== '19:00'),
    'the clinic list has no online session',
  );
  const clinicSeats = await seats(date, '1');
  const r = await book(17, online(17, date), API.bookOnline);
  assert.is(r.body.status, true, JSON.stringify(r.body));
  assert.match(r.body.data.no_reg, /^RO/);
  assert.is(r.body.data.jenis, 'online');
  assert.match(r.body.data.message, /konsultasi online berhasil dibuat/);
  assert.equal(
    (await slots('online')).map((s) => s.quota_terisi),
    [1],
  );
  assert.is(await seats(date, '1'), clinicSeats, 'the clinic session keeps its seats');
  assert.match((await book(17, online(17, date))).body.message, /tidak praktik/, 'simpan/janji books no online session');
  const item = (await upcoming(17)).find((j) => j.no_reg === r.body.data.no_reg)!;
  assert.equal(
    [item.jenis, item.konsultasi_buka, item.konsultasi_tutup, item.link_konsultasi],
    ['online', `${date}T18:50:00+07:00`, `${date}T21:00:00+07:00`, null],
  );
  const history = (await call('GET', API.historyOnline, token)).body.data as Array<Record<string, unknown>>;
  assert.equal(
    history.filter((h) => h.no_reg === r.body.data.no_reg).map((h) => [h.tgl_reg, h.status_janji, h.no_urut]),
    [[date, 'Terjadwal', r.body.data.no_urut]],
  );
  await cancel(17, r.body.data.no_reg);
  const after = (await call('GET', API.historyOnline, token)).body.data as Array<Record<string, unknown>>;
  assert.equal(after.find((h) => h.no_reg === r.body.data.no_reg)?.status_janji, 'Dibatalkan');
});

test('the meeting link: https only, set by the hospital, on the card from 10 minutes before until the end', async () => {
  const date = ahead(14, 2);
  const r = await book(18, online(18, date), API.bookOnline);
  const no_reg = r.body.data.no_reg;
  const setLink = (url: string, reg = no_reg) => call('POST', '/api/internal/konsultasi/link', INTERNAL_TOKEN, { no_reg: reg, url });
  assert.is((await setLink('http://meet.example.id/ruang-1')).code, 400);
  assert.is((await setLink('javascript:alert(1)')).code, 400);
  assert.is((await call('POST', '/api/internal/konsultasi/link', await tokenOf(18), { no_reg, url: 'https://meet.example.id/x' })).code, 401);
  const poli = await book(18, d001(18, addDays(date, 1)));
  assert.is((await setLink('https://meet.example.id/x', poli.body.data.no_reg)).code, 404, 'a clinic appointment has no room');
  const set = await setLink('https://meet.example.id/ruang-18?pwd=abc');
  assert.equal(set.body, { status: true, data: { no_reg, link_konsultasi: 'https://meet.example.id/ruang-18?pwd=abc' } });
  const linkAt = async (hhmm: string) => {
    t.clock = at(date, hhmm);
    return (await upcoming(18)).find((j) => j.no_reg === no_reg)?.link_konsultasi;
  };
  assert.is(await linkAt('18:49'), null);
  assert.is(await linkAt('18:50'), 'https://meet.example.id/ruang-18?pwd=abc');
  assert.is(await linkAt('20:59'), 'https://meet.example.id/ruang-18?pwd=abc');
  assert.is(await linkAt('21:00'), null);
});

test('50 bookings and cancels at once on a nearly full session: never over the quota, never a seat lost', async () => {
  const date = ahead(49, 4);
  const batas = 25;
  await limitSession(date, batas);
  const holders = Array.from({ length: 20 }, (_, i) => 100 + i);
  const newcomers = Array.from({ length: 30 }, (_, i) => 130 + i);
  const held = new Map<number, string>();
  for (const i of holders) held.set(i, (await book(i, d001(i, date))).body.data.no_reg);
  await Promise.all([...holders, ...newcomers].map((i) => tokenOf(i)));
  const answers = await Promise.all([...holders.map((i) => cancel(i, held.get(i)!)), ...newcomers.map((i) => book(i, d001(i, date)))]);
  assert.equal(
    answers.filter((a) => a.code !== 200),
    [],
  );
  assert.ok(
    answers.slice(0, 20).every((a) => a.body.status === true),
    'every cancel went through',
  );
  const booked = answers.slice(20).filter((a) => a.body.status === true).length;
  assert.ok(booked >= batas - holders.length, `${booked} newcomers booked`);
  const active = async () =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM appointments a JOIN practice_schedules s ON s.id = a.schedule_id
          WHERE a.tgl_janji = $1 AND s.kd_dr = 'D001' AND s.sts_jam = '1' AND s.jenis = 'poli' AND a.cancelled_at IS NULL`,
        [date],
      )
    )[0].n;
  assert.is(await active(), booked);
  assert.is(await seats(date), booked, 'the counter is the appointments held: no seat lost, none counted twice');
  assert.ok(booked <= batas);
  // Every seat still free can be booked, and not one more.
  const rest = Array.from({ length: batas - booked + 1 }, (_, i) => 160 + i);
  const last = [];
  for (const i of rest) last.push((await book(i, d001(i, date))).body.status);
  assert.equal(last, [...Array(batas - booked).fill(true), false]);
  assert.is(await seats(date), batas);
  const numbers = await t.db.query<{ no_urut: number }>(
    `SELECT a.no_urut FROM appointments a JOIN practice_schedules s ON s.id = a.schedule_id
      WHERE a.tgl_janji = $1 AND s.kd_dr = 'D001' AND s.sts_jam = '1' AND s.jenis = 'poli'`,
    [date],
  );
  assert.is(new Set(numbers.map((r) => r.no_urut)).size, numbers.length, 'no queue number handed out twice');
});

test.run();

// The server's booking rules without a database: the request's own checks, the BPJS gap, the
// 301 entry, sessions that have ended, one clinic a day, and the order in which book() applies
// them over a store kept in memory. The clock is passed in: nothing depends on the hour the tests
// run at, or on the machine's time zone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BookingRequest } from '../../common/schemas/booking.ts';
import {
  BOOKING_MSG,
  book,
  booked,
  gapRefusal,
  orNoPractice,
  requestRefusal,
  sessionEnded,
  type BookingStore,
  type ClinicDayAppointment,
  type NewAppointment,
  type PracticeSession,
} from '../../server/domain/booking.ts';
import { wibMinutes } from '../../common/wib.ts';
import { d001Booking } from '../support/booking.ts';

const today = '2026-11-23'; // a Monday
/** An instant of that Monday at a WIB wall-clock time (WIB is UTC+7). */
const wibAt = (hh: number, mm = 0, date = today) => Date.parse(`${date}T00:00:00Z`) + (hh - 7) * 3_600_000 + mm * 60_000;
const NOW = wibAt(7, 30);

const SESSION: PracticeSession = {
  id: 7,
  kd_dep: '20001',
  kd_dr: 'D001',
  sts_jam: '1',
  sts_ue: 'U',
  batas_quota: 2,
  jam_dtg: '08:00',
  jam_plg: '12:00',
  ds_dep: 'POLI KARDIOLOGI DEWASA',
  nama_dr: 'dr. Ahmad Fauzi, Sp.JP(K)',
};

const request = (over: Partial<BookingRequest> = {}): BookingRequest => d001Booking('00012345', '2026-11-30', over);

/** A store in memory: one session, its seats, the appointments, and a record of the calls. */
function memoryStore(opts: { session?: PracticeSession | null; lastBpjs?: string | null; taken?: number; inserted?: NewAppointment[] } = {}) {
  const calls: string[] = [];
  const inserted: NewAppointment[] = opts.inserted ?? [];
  let taken = opts.taken ?? 0;
  const store: BookingStore = {
    async session() {
      calls.push('session');
      return opts.session === undefined ? SESSION : opts.session;
    },
    transaction: (fn) =>
      fn({
        async lockPatient() {
          calls.push('lock');
        },
        async existing(nomr, id, date) {
          calls.push('existing');
          const a = inserted.find((x) => x.nomr === nomr && x.session.id === id && x.tgl_janji === date);
          return a ? { no_urut: a.no_urut, no_reg: `RJ${inserted.indexOf(a) + 1}`, carabayar: a.carabayar, jenis: a.jenis } : null;
        },
        async sameClinicDay(nomr, kdDep, date): Promise<ClinicDayAppointment | null> {
          calls.push('clinic-day');
          const a = inserted.find((x) => x.nomr === nomr && x.session.kd_dep === kdDep && x.tgl_janji === date);
          return a ? { ds_dep: a.session.ds_dep, nama_dr: a.session.nama_dr, tgl_janji: a.tgl_janji, no_urut: a.no_urut } : null;
        },
        async activeAppointments(nomr, today) {
          return inserted.filter((x) => x.nomr === nomr && x.tgl_janji >= today).length;
        },
        async lastBpjsAppointment() {
          calls.push('last');
          return opts.lastBpjs ?? null;
        },
        async takeSeat(s) {
          calls.push('seat');
          return taken < s.batas_quota ? ++taken : null;
        },
        async insert(a) {
          calls.push('insert');
          inserted.push(a);
          return { id: inserted.length, no_reg: `RJ${inserted.length}` };
        },
        async setReminders() {},
      }),
  };
  return { store, calls, inserted };
}

test('an empty mobile number is refused with the spec text, a malformed one in plain words', () => {
  assert.is(requestRefusal(request({ hp: '  ' }), today), 'Nomor HP Harus diisi !');
  assert.is(requestRefusal(request({ hp: '12345' }), today), BOOKING_MSG.hpInvalid);
  assert.is(requestRefusal(request({ hp: '0812-3456-7890' }), today), null);
  assert.is(requestRefusal(request({ hp: '+62 812 3456 7890' }), today), null);
});

test('a date before today is refused; today is not', () => {
  assert.is(requestRefusal(request({ tgl_janji: '2026-11-22' }), today), BOOKING_MSG.past);
  assert.is(requestRefusal(request({ tgl_janji: today }), today), null);
});

test('clinic 20012 refuses BPJS and takes Non BPJS', () => {
  assert.is(requestRefusal(request({ kd_dep: '20012', carabayar: 'B' }), today), BOOKING_MSG.executive);
  assert.is(requestRefusal(request({ kd_dep: '20012', carabayar: 'P' }), today), null);
});

test('BPJS gap: day 8 after the last BPJS appointment is closed, day 9 open, none without one', () => {
  assert.match(gapRefusal('2026-11-24', '2026-12-02') ?? '', /8 hari/);
  assert.is(gapRefusal('2026-11-24', '2026-12-03'), null);
  assert.ok(gapRefusal('2026-11-24', '2026-11-20'), 'before the last appointment too');
  assert.is(gapRefusal(null, '2026-11-25'), null);
});

test('a day without sessions answers one kode 301 entry; a day with sessions answers them', () => {
  const [none] = orNoPractice([]);
  assert.is(none.kode, 301);
  assert.is(none.batas_quota, 0);
  const slot = { ...none, kode: 200, batas_quota: 5 };
  assert.equal(orNoPractice([slot]), [slot]);
});

test('the success message names the number, the date, the hours, the clinic and the doctor', () => {
  const r = booked(SESSION, 3, '2026-11-30');
  assert.equal({ no_urut: r.no_urut, tgl_janji: r.tgl_janji }, { no_urut: 3, tgl_janji: '2026-11-30' });
  assert.match(r.message, /Nomor antrian Anda 3, 30 November 2026 pukul 08.00–12.00 di POLI KARDIOLOGI DEWASA dengan dr\. Ahmad Fauzi/);
});

test('book(): a refused request looks nothing up', async () => {
  const m = memoryStore();
  const outcome = await book(m.store, '00012345', request({ hp: '' }), NOW);
  assert.equal(outcome, { ok: false, message: 'Nomor HP Harus diisi !' });
  assert.equal(m.calls, []);
});

test('book(): no session on that weekday is refused before any transaction', async () => {
  const m = memoryStore({ session: null });
  const outcome = await book(m.store, '00012345', request(), NOW);
  assert.equal(outcome, { ok: false, message: BOOKING_MSG.noPractice });
  assert.equal(m.calls, ['session']);
});

test('book(): the patient is locked first, then a seat is taken and the appointment written', async () => {
  const m = memoryStore();
  const outcome = await book(m.store, '00012345', request(), NOW);
  assert.ok(outcome.ok);
  assert.equal(m.calls, ['session', 'lock', 'existing', 'clinic-day', 'seat', 'insert']);
  assert.equal(m.inserted[0], {
    nomr: '00012345',
    session: SESSION,
    tgl_janji: '2026-11-30',
    carabayar: 'P',
    hp: '081234567890',
    no_urut: 1,
    jenis: 'poli',
    rujukan: null,
  });
});

test('book(): the same booking again answers the same appointment and takes no second seat', async () => {
  const m = memoryStore();
  const first = await book(m.store, '00012345', request(), NOW);
  const again = await book(m.store, '00012345', request(), NOW);
  assert.equal(again, first);
  assert.is(m.inserted.length, 1);
  assert.is(m.calls.filter((c) => c === 'seat').length, 1);
});

test('book(): the BPJS gap is checked only for BPJS, inside the transaction', async () => {
  const bpjs = memoryStore({ lastBpjs: '2026-11-25' });
  const refused = await book(bpjs.store, '00012345', request({ carabayar: 'B' }), NOW);
  assert.not.ok(refused.ok);
  assert.equal(bpjs.calls, ['session', 'lock', 'existing', 'clinic-day', 'last']);
  const other = memoryStore({ lastBpjs: '2026-11-25' });
  assert.ok((await book(other.store, '00012345', request({ carabayar: 'P' }), NOW)).ok);
  assert.not.ok(other.calls.includes('last'));
});

test('book(): a full session is refused and nothing is written', async () => {
  const m = memoryStore({ taken: 2 });
  assert.equal(await book(m.store, '00012345', request(), NOW), { ok: false, message: BOOKING_MSG.full });
  assert.equal(m.inserted, []);
});

test('book(): a BPJS booking keeps its referral; a number without its kind, or a kind without its number, is refused', async () => {
  const m = memoryStore();
  const made = await book(m.store, '00012345', request({ carabayar: 'B', jeniskunjungan: 3, nomorreferensi: '0301R0011126K000123' }), wibAt(9, 0));
  assert.ok(made.ok);
  assert.equal(m.inserted[0].rujukan, { jeniskunjungan: 3, nomorreferensi: '0301R0011126K000123' });
  const noKind = await book(memoryStore().store, '00012345', request({ carabayar: 'B', nomorreferensi: '0301R0011126K000123' }), wibAt(9, 0));
  assert.equal(noKind, { ok: false, message: BOOKING_MSG.referralKind });
  const noNumber = await book(memoryStore().store, '00012345', request({ carabayar: 'B', jeniskunjungan: 1 }), wibAt(9, 0));
  assert.equal(noNumber, { ok: false, message: BOOKING_MSG.referralNumber });
});

test('the WIB wall clock is read from the instant, whatever the machine zone', () => {
  assert.is(wibMinutes(Date.UTC(2026, 10, 23, 5, 0)), 12 * 60);
  assert.is(wibMinutes(Date.UTC(2026, 10, 23, 16, 59)), 23 * 60 + 59);
  assert.is(wibMinutes(Date.UTC(2026, 10, 23, 17, 0)), 0, 'midnight WIB is 17.00 UTC');
});

test('a session of today has ended at its closing time; another day never has', () => {
  assert.not.ok(sessionEnded(SESSION, today, wibAt(11, 59)));
  assert.ok(sessionEnded(SESSION, today, wibAt(12, 0)));
  assert.ok(sessionEnded(SESSION, today, wibAt(23, 59)));
  assert.not.ok(sessionEnded(SESSION, '2026-11-30', wibAt(23, 59)), 'next week’s session is open');
  assert.not.ok(sessionEnded({ jam_plg: 'selesai' }, today, wibAt(23, 0)), 'hours that are no time do not refuse');
});

test('book(): a session of today that has ended is refused with Jam praktik sudah berakhir, nothing written', async () => {
  const m = memoryStore();
  const late = await book(m.store, '00012345', request({ tgl_janji: today }), wibAt(12, 5));
  assert.equal(late, { ok: false, message: BOOKING_MSG.ended });
  assert.match(BOOKING_MSG.ended, /^Jam praktik sudah berakhir/);
  assert.equal(m.inserted, []);
  const early = await book(memoryStore().store, '00012345', request({ tgl_janji: today }), wibAt(11, 0));
  assert.ok(early.ok, 'before the end it is bookable');
});

test('book(): the same booking retried after the session ended still answers the appointment made before', async () => {
  const m = memoryStore();
  const first = await book(m.store, '00012345', request({ tgl_janji: today }), wibAt(11, 59));
  const retry = await book(m.store, '00012345', request({ tgl_janji: today }), wibAt(12, 1));
  assert.equal(retry, first);
});

test('book(): a second appointment in the same clinic on the same day is refused, naming the first', async () => {
  const m = memoryStore();
  assert.ok((await book(m.store, '00012345', request(), NOW)).ok);
  const other: PracticeSession = { ...SESSION, id: 8, kd_dr: 'D002', sts_jam: '2', nama_dr: 'dr. Bambang Sutrisno, Sp.JP' };
  const second = memoryStore({ session: other, inserted: m.inserted });
  const refused = await book(second.store, '00012345', request({ kd_dr: 'D002', sts_jam: '2' }), NOW);
  assert.equal(refused, {
    ok: false,
    message:
      'Anda sudah memiliki janji di POLI KARDIOLOGI DEWASA pada 30 November 2026 dengan dr. Ahmad Fauzi, Sp.JP(K) (nomor antrian 1). Satu poli hanya dapat dipesan sekali dalam sehari.',
  });
  assert.is(m.inserted.length, 1, 'no second appointment');
  assert.not.ok(second.calls.includes('seat'), 'no seat taken');
});

test('book(): another clinic on the same day, or the same clinic on another day, is bookable', async () => {
  const m = memoryStore();
  assert.ok((await book(m.store, '00012345', request(), NOW)).ok);
  const elsewhere = memoryStore({ session: { ...SESSION, id: 9, kd_dep: '20009', ds_dep: 'POLI PENYAKIT DALAM' }, inserted: m.inserted });
  assert.ok((await book(elsewhere.store, '00012345', request({ kd_dep: '20009' }), NOW)).ok);
  assert.ok((await book(m.store, '00012345', request({ tgl_janji: '2026-12-07' }), NOW)).ok);
  assert.ok((await book(memoryStore({ inserted: m.inserted }).store, '00099999', request(), NOW)).ok, 'another patient');
});

test('book(): the mobile number is checked with the one phone rule and kept without its spaces and dashes', async () => {
  const m = memoryStore();
  assert.equal(await book(m.store, '00012345', request({ hp: '021-555-1234' }), NOW), { ok: false, message: BOOKING_MSG.hpInvalid });
  assert.ok((await book(m.store, '00012345', request({ hp: ' 0812-3456 7890 ' }), NOW)).ok);
  assert.is(m.inserted[0].hp, '081234567890');
});

test.run();

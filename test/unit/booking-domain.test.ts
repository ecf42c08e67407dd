// The server's booking rules without a database: the request's own checks, the BPJS gap, the
// 301 entry, and the order in which book() applies them over a store kept in memory.
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
  type BookingStore,
  type NewAppointment,
  type Session,
} from '../../server/domain/booking.ts';

const today = '2026-11-23'; // a Monday

const SESSION: Session = {
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

const request = (over: Partial<BookingRequest> = {}): BookingRequest => ({
  nomr: '00012345',
  tgl_janji: '2026-11-30',
  kd_dep: '20001',
  kd_dr: 'D001',
  sts_jam: '1',
  carabayar: 'P',
  hp: '081234567890',
  ...over,
});

/** A store in memory: one session, its seats, the appointments, and a record of the calls. */
function memoryStore(opts: { session?: Session | null; lastBpjs?: string | null; taken?: number } = {}) {
  const calls: string[] = [];
  const inserted: NewAppointment[] = [];
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
          return inserted.find((a) => a.nomr === nomr && a.session.id === id && a.tgl_janji === date)?.no_urut ?? null;
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
        },
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
  assert.match(r.message, /Nomor antrian Anda 3, 30 November 2026 pukul 08:00-12:00 di POLI KARDIOLOGI DEWASA dengan dr\. Ahmad Fauzi/);
});

test('book(): a refused request looks nothing up', async () => {
  const m = memoryStore();
  const outcome = await book(m.store, '00012345', request({ hp: '' }), today);
  assert.equal(outcome, { ok: false, message: 'Nomor HP Harus diisi !' });
  assert.equal(m.calls, []);
});

test('book(): no session on that weekday is refused before any transaction', async () => {
  const m = memoryStore({ session: null });
  const outcome = await book(m.store, '00012345', request(), today);
  assert.equal(outcome, { ok: false, message: BOOKING_MSG.noPractice });
  assert.equal(m.calls, ['session']);
});

test('book(): the patient is locked first, then a seat is taken and the appointment written', async () => {
  const m = memoryStore();
  const outcome = await book(m.store, '00012345', request(), today);
  assert.ok(outcome.ok);
  assert.equal(m.calls, ['session', 'lock', 'existing', 'seat', 'insert']);
  assert.equal(m.inserted[0], { nomr: '00012345', session: SESSION, tgl_janji: '2026-11-30', carabayar: 'P', hp: '081234567890', no_urut: 1 });
});

test('book(): the same booking again answers the same appointment and takes no second seat', async () => {
  const m = memoryStore();
  const first = await book(m.store, '00012345', request(), today);
  const again = await book(m.store, '00012345', request(), today);
  assert.equal(again, first);
  assert.is(m.inserted.length, 1);
  assert.is(m.calls.filter((c) => c === 'seat').length, 1);
});

test('book(): the BPJS gap is checked only for BPJS, inside the transaction', async () => {
  const bpjs = memoryStore({ lastBpjs: '2026-11-25' });
  const refused = await book(bpjs.store, '00012345', request({ carabayar: 'B' }), today);
  assert.not.ok(refused.ok);
  assert.equal(bpjs.calls, ['session', 'lock', 'existing', 'last']);
  const other = memoryStore({ lastBpjs: '2026-11-25' });
  assert.ok((await book(other.store, '00012345', request({ carabayar: 'P' }), today)).ok);
  assert.not.ok(other.calls.includes('last'));
});

test('book(): a full session is refused and nothing is written', async () => {
  const m = memoryStore({ taken: 2 });
  assert.equal(await book(m.store, '00012345', request(), today), { ok: false, message: BOOKING_MSG.full });
  assert.equal(m.inserted, []);
});

test.run();

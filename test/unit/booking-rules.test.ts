import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as b from '../../common/booking.ts';

const today = '2026-11-23'; // a Monday

test('today can be booked, yesterday cannot', () => {
  assert.is(b.dateRefusal(today, { today, guarantee: 'Non BPJS' }), null);
  assert.is(b.dateRefusal('2026-11-22', { today, guarantee: 'Non BPJS' }), 'past');
});

test('on Cek Kuota only the schedule weekday can be chosen', () => {
  assert.is(b.dateRefusal('2026-11-30', { today, guarantee: 'Non BPJS', weekday: 'Senin' }), null);
  assert.is(b.dateRefusal('2026-12-01', { today, guarantee: 'Non BPJS', weekday: 'Senin' }), 'weekday');
  assert.is(b.dateRefusal('2026-11-30', { today, guarantee: 'Non BPJS', weekday: 'senin' }), null);
});

test('BPJS gap: day 8 after the last appointment is closed, day 9 is open', () => {
  const rule = { today, guarantee: 'BPJS' as const, lastAppointment: '2026-11-24' };
  assert.is(b.dateRefusal('2026-12-02', rule), 'bpjs-gap'); // 8 days
  assert.is(b.dateRefusal('2026-12-03', rule), null); // 9 days
  assert.is(b.dateRefusal('2026-11-24', rule), 'bpjs-gap'); // the same day
  assert.is(b.dateRefusal('2026-11-23', rule), 'bpjs-gap'); // before it
});

test('no gap for Non BPJS or without a last appointment', () => {
  assert.is(b.dateRefusal('2026-11-25', { today, guarantee: 'Non BPJS', lastAppointment: '2026-11-24' }), null);
  assert.is(b.dateRefusal('2026-11-25', { today, guarantee: 'BPJS', lastAppointment: null }), null);
});

test('clinic 20012 is Non BPJS only', () => {
  assert.ok(b.isExecutiveClinic('20012'));
  assert.not.ok(b.guaranteeAllowed('20012', 'BPJS'));
  assert.ok(b.guaranteeAllowed('20012', 'Non BPJS'));
  assert.ok(b.guaranteeAllowed('20001', 'BPJS'));
});

test('carabayar is B for BPJS, P otherwise', () => {
  assert.is(b.carabayar('BPJS'), 'B');
  assert.is(b.carabayar('Non BPJS'), 'P');
});

test('remaining quota 1 can be chosen, 0 cannot, nor a zero limit', () => {
  assert.is(b.remainingQuota({ batas_quota: 20, quota_terisi: 19 }), 1);
  assert.ok(b.isSlotAvailable({ batas_quota: 20, quota_terisi: 19 }));
  assert.not.ok(b.isSlotAvailable({ batas_quota: 20, quota_terisi: 20 }));
  assert.not.ok(b.isSlotAvailable({ batas_quota: 20, quota_terisi: 25 }));
  assert.not.ok(b.isSlotAvailable({ batas_quota: 0, quota_terisi: -1 }));
});

test('kode 301 entries are dropped', () => {
  assert.equal(b.practisingSlots([{ kode: 301 }]), []);
  assert.equal(b.practisingSlots([{ kode: 200 }, { kode: 301 }]), [{ kode: 200 }]);
  assert.equal(b.practisingSlots([{ kode: '301' as unknown as number }]), []);
});

test('the quota query: kd_dr empty for a clinic, MM/DD/YY and the Indonesian weekday', () => {
  assert.equal(b.quotaQuery('20001', '2026-12-01'), { kd_dr: '', kd_dep: '20001', tgl_janji: '12/01/26', hari: 'Selasa' });
  assert.equal(b.quotaQuery('20001', '2026-11-29', 'D001'), { kd_dr: 'D001', kd_dep: '20001', tgl_janji: '11/29/26', hari: 'Minggu' });
});

test('the hours a booking link carries: arrival and departure joined by a dash', () => {
  assert.is(b.sessionHours({ jam_dtg: '08:00', jam_plg: '12:00' }), '08:00-12:00');
});

test('only BPJS and Non BPJS are guarantees', () => {
  assert.ok(b.isGuarantee('BPJS'));
  assert.ok(b.isGuarantee('Non BPJS'));
  assert.not.ok(b.isGuarantee('bpjs'));
  assert.not.ok(b.isGuarantee('P'));
});

test('the last BPJS date the gap closes is 8 days after the last appointment', () => {
  assert.is(b.bpjsGapEnd('2026-11-24'), '2026-12-02');
  assert.is(b.dateRefusal(b.bpjsGapEnd('2026-11-24'), { today, guarantee: 'BPJS', lastAppointment: '2026-11-24' }), 'bpjs-gap');
});

test('the booking window: its last date can be chosen, the day after cannot', () => {
  const rule = { today, guarantee: 'Non BPJS' as const, last: '2027-02-21' };
  assert.is(b.dateRefusal('2027-02-21', rule), null);
  assert.is(b.dateRefusal('2027-02-22', rule), 'window');
});

test('days without practice: only the weekdays the clinic practises can be chosen; unknown days leave every day open', () => {
  const rule = { today, guarantee: 'Non BPJS' as const, practiceDays: [1, 3] }; // Senin, Rabu
  assert.is(b.dateRefusal('2026-11-23', rule), null);
  assert.is(b.dateRefusal('2026-11-24', rule), 'no-practice');
  assert.is(b.dateRefusal('2026-11-25', rule), null);
  assert.is(b.dateRefusal('2026-11-29', { ...rule, practiceDays: [7] }), null, 'Minggu is 7');
  assert.is(b.dateRefusal('2026-11-24', { ...rule, practiceDays: null }), null);
  assert.is(b.dateRefusal('2026-11-24', { ...rule, practiceDays: [] }), 'no-practice', 'a clinic with no session has no day');
});

test('rescheduling: the gap counts from the last BPJS appointment besides the one moved, as the server counts it', () => {
  // Two BPJS appointments, on 1 and 15 December; moving the later one: the earlier one closes to 9 December.
  const besides = { today, guarantee: 'BPJS' as const, lastAppointment: '2026-12-01' };
  assert.is(b.dateRefusal('2026-12-09', besides), 'bpjs-gap');
  assert.is(b.dateRefusal('2026-12-10', besides), null);
  // Moving the only one: nothing closes.
  assert.is(b.dateRefusal('2026-11-24', { ...besides, lastAppointment: null }), null);
});

test('a calendar opens on the first day that can be chosen: after the BPJS gap, on a Wednesday-only schedule', () => {
  const allowed = (rule: b.DateRule) => (d: string) => b.dateRefusal(d, rule) === null;
  // The last BPJS appointment on 2 December: the first open day is the 11th, next month.
  assert.is(b.firstBookable(today, '2027-02-21', allowed({ today, guarantee: 'BPJS', lastAppointment: '2026-12-02' })), '2026-12-11');
  // From Monday the 23rd a Wednesday-only doctor is first on the 25th.
  assert.is(b.firstBookable(today, '2027-02-21', allowed({ today, guarantee: 'Non BPJS', weekday: 'Rabu' })), '2026-11-25');
  // From Thursday 26 November to the 30th (the month's end) a Wednesday-only doctor has no day: December opens.
  assert.is(b.firstBookable('2026-11-26', '2027-02-21', allowed({ today: '2026-11-26', guarantee: 'Non BPJS', practiceDays: [3] })), '2026-12-02');
  assert.is(b.firstBookable(today, '2026-11-24', allowed({ today, guarantee: 'Non BPJS', weekday: 'Rabu' })), null, 'none within the window');
});

test("the Poli field finds the clinic whatever the case and the spaces, with or without 'poli'", () => {
  const list = [
    { kd_dep: '20001', ds_dep: 'POLI KARDIOLOGI DEWASA' },
    { kd_dep: '20002', ds_dep: 'POLI KARDIOLOGI ANAK' },
    { kd_dep: '20012', ds_dep: 'POLI EKSEKUTIF / UMUM' },
  ];
  for (const typed of ['poli kardiologi dewasa', 'POLI KARDIOLOGI DEWASA', ' Poli  Kardiologi Dewasa ', 'polikardiologidewasa', 'kardiologi dewasa', '20001']) {
    assert.is(b.findClinic(list, typed)?.kd_dep, '20001', typed);
  }
  assert.is(b.findClinic(list, 'poli eksekutif/umum')?.kd_dep, '20012');
  for (const typed of ['', '  ', 'poli', 'kardiologi', 'poli kardiologi dewasa x']) assert.is(b.findClinic(list, typed), null, typed);
});

test.run();

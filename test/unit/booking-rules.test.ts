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

test.run();

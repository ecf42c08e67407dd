import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as d from '../../common/dates.ts';

test('today is the calendar day in Jakarta, whatever the machine zone', () => {
  // 2026-11-21 17:30 UTC is 2026-11-22 00:30 WIB.
  assert.is(d.todayWib(Date.UTC(2026, 10, 21, 17, 30)), '2026-11-22');
  assert.is(d.todayWib(Date.UTC(2026, 10, 21, 16, 59)), '2026-11-21');
});

test('Indonesian weekday names', () => {
  assert.is(d.weekdayName('2026-11-23'), 'Senin');
  assert.is(d.weekdayName('2026-11-27'), 'Jumat');
  assert.is(d.weekdayName('2026-11-29'), 'Minggu');
  assert.is(d.isoWeekday('2026-11-29'), 7);
  assert.is(d.isoWeekdayName(1), 'Senin');
  assert.is(d.weekdayNumber('jumat'), 5);
  assert.is(d.weekdayNumber('Minggu'), 7);
  assert.is(d.weekdayNumber('Friday'), null);
});

test('weekday names compare case-insensitively', () => {
  assert.ok(d.sameWeekday('SENIN', 'senin'));
  assert.not.ok(d.sameWeekday('Senin', 'Selasa'));
});

test('quota dates are MM/DD/YY and read back', () => {
  assert.is(d.toQuotaDate('2026-12-01'), '12/01/26');
  assert.is(d.fromQuotaDate('12/01/26'), '2026-12-01');
  assert.is(d.fromQuotaDate('02/30/26'), null);
  assert.is(d.fromQuotaDate('2026-12-01'), null);
});

test('display formats: DD/MM/YYYY and D MMMM YYYY with Indonesian months', () => {
  assert.is(d.formatDate('1968-08-17', 'dmy'), '17/08/1968');
  assert.is(d.formatLong('1968-08-17'), '17 Agustus 1968');
  assert.is(d.formatLong('2026-12-01 07:45:00'), '1 Desember 2026');
  assert.is(d.formatLong(null), '');
});

test('one date, one voice: the long form, with its weekday, or DD/MM/YYYY', () => {
  assert.is(d.formatDate('2026-12-07'), '7 Desember 2026');
  assert.is(d.formatDate('2026-12-07', 'day'), 'Senin, 7 Desember 2026');
  assert.is(d.formatDate('2026-12-07', 'dmy'), '07/12/2026');
  assert.is(d.dayLabel('2026-12-07'), d.formatDate('2026-12-07', 'day'), 'the date picker says it the same way');
  assert.is(d.formatDate('2026-12-07 07:45:00', 'day'), 'Senin, 7 Desember 2026', 'a time after the date is not shown');
  assert.is(d.formatMoment(Date.UTC(2026, 11, 7, 0, 45)), '7 Desember 2026 pukul 07.45');
});

test('the formatter never shows the wire format or a broken date', () => {
  for (const style of ['long', 'day', 'dmy'] as const) {
    assert.is(d.formatDate('2026-02-30', style), '', style);
    assert.is(d.formatDate('07/12/2026', style), '', style);
    assert.is(d.formatDate(undefined, style), '', style);
    assert.not.match(d.formatDate('2026-12-07', style), /\d{4}-\d{2}-\d{2}/, style);
  }
});

test('real dates only', () => {
  assert.ok(d.isIsoDate('2024-02-29'));
  assert.not.ok(d.isIsoDate('2023-02-29'));
  assert.not.ok(d.isIsoDate('17-08-1968'));
  assert.not.ok(d.isIsoDate(19680817));
});

test('day arithmetic across months and years', () => {
  assert.is(d.addDays('2026-12-28', 5), '2027-01-02');
  assert.is(d.daysBetween('2026-12-28', '2027-01-02'), 5);
  assert.is(d.nextOnWeekday('2026-11-22', 1), '2026-11-23');
  assert.is(d.nextOnWeekday('2026-11-23', 1), '2026-11-23');
});

test.run();

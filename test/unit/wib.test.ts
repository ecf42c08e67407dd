// The hospital's clock (common/wib.ts): one offset, one reading of a date and a time, whatever the
// machine's zone; atWib and wibInstant agree wherever atWib reads an instant.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { atWib, minutesOf, wibInstant, wibIso, wibMinutes } from '../../common/wib.ts';

test('a WIB wall-clock time is the instant seven hours earlier in UTC, and prints with +07:00', () => {
  assert.is(atWib('2026-11-30', '08:00'), Date.UTC(2026, 10, 30, 1, 0));
  assert.is(atWib('2026-11-30', '00:30'), Date.UTC(2026, 10, 29, 17, 30));
  assert.is(wibIso(Date.UTC(2026, 10, 29, 17, 30)), '2026-11-30T00:30:00+07:00');
  assert.is(wibMinutes(Date.UTC(2026, 10, 29, 17, 30)), 30);
});

test('the hours as the hospital writes them all read alike: 08:00, 8:00, 08.00, 08:00:00', () => {
  for (const t of ['08:00', '8:00', '08.00', '08:00:00']) assert.is(atWib('2026-11-30', t), Date.UTC(2026, 10, 30, 1, 0), t);
});

test('atWib and wibInstant agree on every instant atWib reads', () => {
  for (const [d, t] of [
    ['2026-11-30', '08:00'],
    ['2024-02-29', '23:59'],
    ['2026-01-01', '7.05'],
  ]) {
    assert.is(wibInstant(d, t), atWib(d, t), `${d} ${t}`);
  }
});

test('bad input: atWib says null; wibInstant reads a time that is no time as the day start, and a date that is no date as no instant', () => {
  for (const t of ['', 'pagi', '25:00', '08:60', null, undefined]) {
    assert.is(atWib('2026-11-30', t), null, String(t));
    assert.is(wibInstant('2026-11-30', t), atWib('2026-11-30', '00:00'), String(t));
  }
  for (const d of ['2026-02-30', '30-11-2026', '2026-11-3', '']) {
    assert.is(atWib(d, '08:00'), null, d);
    assert.ok(Number.isNaN(wibInstant(d, '08:00')), d);
    assert.not.ok(Date.now() >= wibInstant(d, '08:00'), `${d}: never started`);
  }
  assert.is(minutesOf('24:00'), null);
});

test.run();

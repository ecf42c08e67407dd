// Numbers as Indonesians write them, on every screen and in the server's own texts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatNumber, numbersIn } from '../../common/numbers.ts';

test('a number with a decimal comma and a dot between thousands', () => {
  assert.is(formatNumber(6.1), '6,1');
  assert.is(formatNumber(1.8), '1,8');
  assert.is(formatNumber(1200), '1.200');
  assert.is(formatNumber(0.0345, 3), '0,035');
  assert.is(formatNumber(12), '12');
});

test('the numbers in a lab-written text get the decimal comma; the words stay', () => {
  assert.is(numbersIn('6.1 %'), '6,1 %');
  assert.is(numbersIn('4 - 5.6'), '4 - 5,6');
  assert.is(numbersIn('< 0.04'), '< 0,04');
  assert.is(numbersIn('0.012'), '0,012');
  assert.is(numbersIn('Refluks 1.8 detik.'), 'Refluks 1,8 detik.');
  assert.is(numbersIn('Refluks 1,8 detik'), 'Refluks 1,8 detik', 'already the Indonesian way');
  assert.is(numbersIn('Negatif'), 'Negatif');
  assert.is(numbersIn('128'), '128');
});

test('what is not a decimal point is left alone: dates, thousands dots', () => {
  assert.is(numbersIn('17.08.2026'), '17.08.2026');
  assert.is(numbersIn('250.000'), '250.000');
  assert.is(numbersIn('1.250.000'), '1.250.000');
});

test.run();

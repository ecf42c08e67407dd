import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkBirthDate, isBirthDate, NO_DATE, readPastedDate } from '../../common/birthdate.ts';

const TODAY = '2026-11-23';
const check = (day: string, month: string, year: string) => checkBirthDate({ day, month, year }, TODAY);

test('a real past date is fine and comes back as YYYY-MM-DD', () => {
  assert.equal(check('17', '08', '1968'), { iso: '1968-08-17', problem: null, parts: [] });
  assert.equal(check('7', '1', ' 1950 '), { iso: '1950-01-07', problem: null, parts: [] });
  assert.equal(check('29', '02', '1968'), { iso: '1968-02-29', problem: null, parts: [] }, '1968 is a leap year');
});

test('31 Februari 1968 is no day at all: the day is marked', () => {
  assert.equal(check('31', '02', '1968'), { iso: '', problem: 'invalid', parts: ['day'] });
  assert.equal(check('29', '02', '1969'), { iso: '', problem: 'invalid', parts: ['day'] });
  assert.equal(check('31', '04', '1975'), { iso: '', problem: 'invalid', parts: ['day'] });
});

test('a year of two (or three) digits is asked for again, not guessed', () => {
  assert.equal(check('17', '08', '68'), { iso: '', problem: 'year', parts: ['year'] });
  assert.equal(check('17', '08', '968'), { iso: '', problem: 'year', parts: ['year'] });
  assert.equal(check('17', '08', '19a8'), { iso: '', problem: 'year', parts: ['year'] });
});

test('empty parts are named, in the order they appear', () => {
  assert.equal(check('', '', ''), NO_DATE);
  assert.equal(check('17', '', ''), { iso: '', problem: 'empty', parts: ['month', 'year'] });
  assert.equal(check('', '08', '68'), { iso: '', problem: 'empty', parts: ['day'] }, 'an empty part first');
  assert.equal(check('17', '08', '  '), { iso: '', problem: 'empty', parts: ['year'] });
});

test('a day to come, or more than 130 years ago, is no birth date: the year is marked', () => {
  assert.equal(check('24', '11', '2026'), { iso: '', problem: 'invalid', parts: ['year'] });
  assert.equal(check('01', '01', '1800'), { iso: '', problem: 'invalid', parts: ['year'] });
  assert.is(check('23', '11', '2026').iso, '2026-11-23', 'born today');
});

test('isBirthDate is the rule the server applies to a registration', () => {
  assert.ok(isBirthDate('1968-08-17', TODAY));
  assert.not.ok(isBirthDate('1968-02-31', TODAY));
  assert.not.ok(isBirthDate('2027-01-01', TODAY));
  assert.not.ok(isBirthDate('1890-01-01', TODAY));
  assert.not.ok(isBirthDate('17-08-1968', TODAY));
});

test('a whole date pasted is read in the ways people write it', () => {
  const aug17 = { day: '17', month: '08', year: '1968' };
  assert.equal(readPastedDate('17/08/1968'), aug17);
  assert.equal(readPastedDate('17-8-1968'), aug17);
  assert.equal(readPastedDate('17.08.1968'), aug17);
  assert.equal(readPastedDate(' 1968-08-17 '), aug17);
  assert.equal(readPastedDate('17 Agustus 1968'), aug17);
  assert.equal(readPastedDate('7 maret 1950'), { day: '07', month: '03', year: '1950' });
});

test('anything else pasted is left to paste as typed', () => {
  for (const text of ['1968', '68', '17/08/68', '32/01/1968', '17/13/1968', '17 August 1968', '']) assert.is(readPastedDate(text), null, text);
});

test.run();

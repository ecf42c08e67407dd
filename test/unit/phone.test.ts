// The mobile number a booking starts with: the last one booked with on this phone by this
// patient, else the hospital's (the profile's), else nothing; never another patient's.
import '../support/dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PHONE_KEY, phoneToOffer, rememberPhone, rememberedPhone } from '../../src/session/phone.ts';

test.before.each(() => localStorage.clear());

test('nothing kept and no profile number: the field starts empty', () => {
  assert.is(phoneToOffer('00012345'), '');
  assert.is(phoneToOffer('00012345', null), '');
});

test("the profile's number when this phone has booked nothing", () => {
  assert.is(phoneToOffer('00012345', ' 081298765432 '), '081298765432');
});

test("the last booking's number wins over the profile's, for its own patient only", () => {
  rememberPhone('00012345', '0811 2233 4455');
  assert.is(localStorage.getItem(PHONE_KEY), JSON.stringify({ nomr: '00012345', hp: '0811 2233 4455' }));
  assert.is(phoneToOffer('00012345', '081298765432'), '0811 2233 4455');
  assert.is(rememberedPhone('00012346'), '', "another patient's is never offered");
  assert.is(phoneToOffer('00012346', '081311112222'), '081311112222');
});

test('a key that is not our JSON counts as none', () => {
  localStorage.setItem(PHONE_KEY, 'not json');
  assert.is(phoneToOffer('00012345', '081298765432'), '081298765432');
});

test.run();

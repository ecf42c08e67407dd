// The number WhatsApp's API is given: the forms' one rule of Indonesian mobile numbers
// (common/phone.ts), written as E.164 without '+'.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { waNumber } from '../../common/notices.ts';
import { isMobileNumber } from '../../common/phone.ts';

test('0812…, +62812… and 62812…, with the spaces, dashes, brackets and dots people write, become 62812…', () => {
  for (const raw of ['081234567890', '+6281234567890', '6281234567890', '0812-3456-7890', '(0812) 3456.7890']) assert.is(waNumber(raw), '6281234567890', raw);
});

test('what the forms refuse is no WhatsApp number either: a landline, too short, too long, letters', () => {
  for (const raw of ['021555123', '0812345', '08123456789012', '0812abc45678', '']) {
    assert.is(isMobileNumber(raw), false, raw);
    assert.is(waNumber(raw), null, raw);
  }
});

test.run();

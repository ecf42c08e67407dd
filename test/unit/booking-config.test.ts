// The booking settings' defaults are the booking rules' own (server/domain: DEFAULT_POLICY), read
// by config.ts rather than written there again; a setting given replaces its default.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BOOKING_WINDOW_DAYS } from '../../common/booking.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { DEFAULT_POLICY } from '../../server/domain/booking.ts';

test('unset, the settings are the defaults README names: 90 days, 3 appointments, 18:00, 2 hours, 10 minutes, a 30-minute hold', () => {
  const { booking } = loadConfig({});
  assert.equal(booking, { windowDays: 90, maxActive: 3, eveningReminderMinutes: 18 * 60, hoursBefore: 2, onlineRoomMinutes: 10, waitlistHoldMinutes: 30 });
  assert.equal(booking, { windowDays: DEFAULT_POLICY.windowDays, maxActive: DEFAULT_POLICY.maxActive, ...DEFAULT_POLICY.reminders, waitlistHoldMinutes: 30 });
  assert.is(DEFAULT_POLICY.windowDays, BOOKING_WINDOW_DAYS);
});

test('given, each replaces its default; an evening time that is no time stops the start, naming it', () => {
  const { booking } = loadConfig({ BOOKING_WINDOW_DAYS: '30', REMINDER_EVENING_AT: '19:30', REMINDER_HOURS_BEFORE: '0' });
  assert.is(booking.windowDays, 30);
  assert.is(booking.eveningReminderMinutes, 19 * 60 + 30);
  assert.is(booking.hoursBefore, 0);
  assert.throws(
    () => loadConfig({ REMINDER_EVENING_AT: '24:00' }),
    (err: unknown) => err instanceof ConfigError && /REMINDER_EVENING_AT/.test(err.message),
  );
});

test("the waiting list's hold is a whole number of minutes from 1 to 1440: anything else stops the start, naming it", () => {
  assert.is(loadConfig({ WAITLIST_HOLD_MINUTES: '45' }).booking.waitlistHoldMinutes, 45);
  for (const bad of ['0', '1441', 'setengah jam']) {
    assert.throws(
      () => loadConfig({ WAITLIST_HOLD_MINUTES: bad }),
      (err: unknown) => err instanceof ConfigError && /WAITLIST_HOLD_MINUTES/.test(err.message),
    );
  }
});

test.run();

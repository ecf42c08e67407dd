import { DEFAULT_POLICY } from '../domain/booking.ts';
import { ConfigError, type Env, integer } from './parse.ts';

/** Managing appointments: how far ahead, and when the reminders go out. */
export interface BookingConfig {
  /** Appointments (booked, rescheduled, online) at most this many days ahead. */
  windowDays: number;
  /** Active appointments (today or later, clinic and online together) one patient may hold. */
  maxActive: number;
  /** The evening-before reminder, as minutes after midnight WIB (18:00 → 1080). */
  eveningReminderMinutes: number;
  /** The practice-day reminder goes out this many hours before practice starts; 0: none. */
  hoursBefore: number;
  /** An online consultation room opens (link shown, push sent) this many minutes before its session. */
  onlineRoomMinutes: number;
  /** A freed seat offered to the first of a full session's waiting list is held for them this long (docs/leave.md). */
  waitlistHoldMinutes: number;
}

export function bookingConfig(env: Env): BookingConfig {
  // The defaults are the booking rules' own (domain/booking.ts DEFAULT_POLICY), written once there.
  const { windowDays, maxActive, reminders } = DEFAULT_POLICY;
  const at = env.REMINDER_EVENING_AT;
  const m = at ? /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(at) : null;
  if (at && !m) throw new ConfigError(`REMINDER_EVENING_AT must be a time HH:MM (got "${at}")`);
  return {
    windowDays: integer(env, 'BOOKING_WINDOW_DAYS', windowDays, 1, 366),
    maxActive: integer(env, 'MAX_ACTIVE_APPOINTMENTS', maxActive, 1, 100),
    eveningReminderMinutes: m ? Number(m[1]) * 60 + Number(m[2]) : reminders.eveningReminderMinutes,
    hoursBefore: integer(env, 'REMINDER_HOURS_BEFORE', reminders.hoursBefore, 0, 12),
    onlineRoomMinutes: integer(env, 'ONLINE_ROOM_OPENS_MINUTES', reminders.onlineRoomMinutes, 0, 120),
    waitlistHoldMinutes: integer(env, 'WAITLIST_HOLD_MINUTES', 30, 1, 1440),
  };
}

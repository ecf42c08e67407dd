// The booking rules of docs/product.md §5 and §9 and docs/decisions.md D11–D13, once, for the screens and
// for the reference server alike.
import { EXECUTIVE_CLINIC, NO_PRACTICE_CODE } from './schemas/codes.ts';
import type { QuotaSlot } from './schemas/index.ts';
import { addDays, daysBetween, isoWeekday, sameWeekday, toQuotaDate, weekdayName } from './dates.ts';

export type Guarantee = 'BPJS' | 'Non BPJS';
export const GUARANTEES: readonly Guarantee[] = ['BPJS', 'Non BPJS'];

/** Days after the last BPJS appointment during which BPJS dates stay closed (docs/decisions.md D11). */
const BPJS_GAP_DAYS = 8;

export interface DateRule {
  today: string;
  guarantee: Guarantee | null;
  /**
   * Last BPJS appointment date, if any. Rescheduling: the last one besides the appointment being
   * moved (the API's `kecuali`), as the server counts it.
   */
  lastAppointment?: string | null;
  /** On Cek Kuota: the weekday of the chosen schedule. */
  weekday?: string | null;
  /** The booking window's last date (YYYY-MM-DD), where the API has one. */
  last?: string | null;
  /** The weekdays (1 Monday … 7 Sunday) the clinic or doctor practises, where the API says; unknown: any. */
  practiceDays?: readonly number[] | null;
}

/** Why a date cannot be booked, or null when it can. */
export type DateRefusal = 'past' | 'window' | 'weekday' | 'no-practice' | 'bpjs-gap' | null;

/**
 * The date rules the booking screens' calendars grey out, in the order the server checks them: a
 * date refused here is refused there (server/domain/booking.ts uses the same parts).
 */
export function dateRefusal(date: string, rule: DateRule): DateRefusal {
  if (daysBetween(rule.today, date) < 0) return 'past';
  // ISO dates compare as strings.
  if (rule.last && date > rule.last) return 'window';
  if (rule.weekday && !sameWeekday(weekdayName(date), rule.weekday)) return 'weekday';
  if (rule.practiceDays && !rule.practiceDays.includes(isoWeekday(date))) return 'no-practice';
  if (rule.guarantee === 'BPJS' && rule.lastAppointment && bpjsGapBlocks(rule.lastAppointment, date)) {
    return 'bpjs-gap';
  }
  return null;
}

/**
 * The first date from `from` that the rule lets be chosen, up to `until` (a calendar opens on its
 * month); null when there is none.
 */
export function firstBookable(from: string, until: string, allowed: (date: string) => boolean): string | null {
  for (let d = from; d <= until; d = addDays(d, 1)) if (allowed(d)) return d;
  return null;
}

/** D − L ≤ 8 days is closed, dates before L included (docs/decisions.md D11). */
export function bpjsGapBlocks(lastAppointment: string, date: string): boolean {
  return daysBetween(lastAppointment, date) <= BPJS_GAP_DAYS;
}

/** A clinic name as typed and as listed compare without case, spaces or the word 'poli' in front. */
const clinicKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/^poli(?=.)/, '');

/**
 * The clinic a typed name or code means (the online booking's 'Poli' field): 'poli kardiologi
 * dewasa', 'Kardiologi  Dewasa' and '20001' all find POLI KARDIOLOGI DEWASA; null for none.
 */
export function findClinic<T extends { kd_dep: string; ds_dep: string }>(clinics: readonly T[], typed: string): T | null {
  const key = clinicKey(typed);
  if (!key) return null;
  return clinics.find((c) => c.kd_dep === typed.trim() || clinicKey(c.ds_dep) === key) ?? null;
}

export function isExecutiveClinic(kdDep: string): boolean {
  return kdDep === EXECUTIVE_CLINIC;
}

/** Clinic 20012 accepts Non BPJS only. */
export function guaranteeAllowed(kdDep: string, guarantee: Guarantee): boolean {
  return !(isExecutiveClinic(kdDep) && guarantee === 'BPJS');
}

export function carabayar(guarantee: Guarantee): 'B' | 'P' {
  return guarantee === 'BPJS' ? 'B' : 'P';
}

export function remainingQuota(slot: Pick<QuotaSlot, 'batas_quota' | 'quota_terisi'>): number {
  return slot.batas_quota - slot.quota_terisi;
}

/** A slot can be chosen only with a positive limit and seats left (docs/decisions.md D12). */
export function isSlotAvailable(slot: Pick<QuotaSlot, 'batas_quota' | 'quota_terisi'>): boolean {
  return slot.batas_quota > 0 && remainingQuota(slot) > 0;
}

/** Drops the 'no practice' entries (kode 301). */
export function practisingSlots<T extends Pick<QuotaSlot, 'kode'>>(slots: readonly T[]): T[] {
  return slots.filter((s) => Number(s.kode) !== NO_PRACTICE_CODE);
}

/** The quota call's query (docs/decisions.md D9–D10): MM/DD/YY and the Indonesian weekday of the date. */
export function quotaQuery(kdDep: string, date: string, kdDr = ''): { kd_dr: string; kd_dep: string; tgl_janji: string; hari: string } {
  return { kd_dr: kdDr, kd_dep: kdDep, tgl_janji: toQuotaDate(date), hari: weekdayName(date) };
}

/** A session's hours as the booking routes carry them: arrival and departure joined by a dash. */
export function sessionHours(slot: Pick<QuotaSlot, 'jam_dtg' | 'jam_plg'>): string {
  return `${slot.jam_dtg}-${slot.jam_plg}`;
}

export function isGuarantee(value: unknown): value is Guarantee {
  return value === 'BPJS' || value === 'Non BPJS';
}

/** The last BPJS date still closed by the gap, for telling the patient why dates are grey. */
export function bpjsGapEnd(lastAppointment: string): string {
  return addDays(lastAppointment, BPJS_GAP_DAYS);
}

/** Days ahead a booking, a reschedule or an online booking may reach, unless the server says otherwise. */
export const BOOKING_WINDOW_DAYS = 90;

/** The last date the booking window reaches from today. */
export function lastBookableDate(today: string, windowDays: number = BOOKING_WINDOW_DAYS): string {
  return addDays(today, windowDays);
}

/** The date lies beyond the booking window: the date pickers offer it not, the server refuses it. */
export function beyondWindow(date: string, today: string, windowDays: number = BOOKING_WINDOW_DAYS): boolean {
  return daysBetween(today, date) > windowDays;
}

export { CANCEL_REASONS, OTHER_REASON, type CancelReason } from './reasons.ts';

/** An appointment in a clinic ('poli') or an online consultation ('online'). */
export type AppointmentKind = 'poli' | 'online';

/** How the histories name a cancelled appointment. */
export const CANCELLED_LABEL = 'Dibatalkan';

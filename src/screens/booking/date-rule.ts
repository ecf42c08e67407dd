// The date rule of a booking screen: which dates the picker refuses and why, the sentence under
// it (the last BPJS appointment's 8 days, the clinic's practice days, the booking window's end),
// and what it says while the rule's reads arrive. The rules themselves are in common/booking.ts.
import { bpjsGapEnd, dateRefusal, type DateRule, type Guarantee } from '../../../common/booking.ts';
import { formatDate, isoWeekdayName, todayWib } from '../../../common/dates.ts';
import { useRead } from '../../data/hooks.ts';
import { lastAppointment, lastAppointmentBesides } from '../../data/reads.ts';
import { BOOKING } from './strings.ts';

/**
 * The last BPJS appointment date: read only while the guarantee is BPJS, none otherwise; a failed
 * call counts as none (docs/product.md §7: errors ignored). `besides`: rescheduling, the no_reg of the
 * appointment being moved, which the server does not count against its own new date.
 */
function useLastAppointment(guarantee: Guarantee | '', besides?: string): { date: string | null; loading: boolean } {
  const [last] = useRead(guarantee !== 'BPJS' ? null : besides ? lastAppointmentBesides(besides) : lastAppointment);
  return { date: last?.state === 'ok' ? last.data : null, loading: last?.state === 'loading' };
}

export interface DateRuleOptions {
  /** Cek Kuota: only this weekday can be chosen. */
  weekday?: string;
  /** The booking window's last date, where the API has one (nothing later can be chosen). */
  last?: string;
  /** Rescheduling: the no_reg of the appointment being moved, left out of the 8-day rule as the server leaves it out. */
  besides?: string;
  /** The weekdays the clinic practises (1 Monday … 7 Sunday), where the API says. */
  practiceDays?: readonly number[];
  /** The booking rules (the window's last date) are still being read. */
  windowLoading?: boolean;
}

/**
 * The date rule of a booking screen, why a date cannot be chosen, the sentence under the picker,
 * and what the picker says while the rule's reads (the last BPJS appointment, the booking window:
 * `windowLoading`) are still arriving.
 */
export function useDateRule(guarantee: Guarantee | '', { weekday, last, besides, practiceDays, windowLoading }: DateRuleOptions = {}) {
  const { date: lastBpjs, loading: bpjsLoading } = useLastAppointment(guarantee, besides);
  const rule: DateRule = { today: todayWib(), guarantee: guarantee || null, lastAppointment: lastBpjs, weekday, last, practiceDays };
  const refusal = (date: string | null): string | null => {
    const r = date && dateRefusal(date, rule);
    if (!r) return null;
    if (r === 'weekday') return BOOKING.refusal.weekday(rule.weekday ?? '');
    if (r === 'window') return BOOKING.refusal.window(formatDate(last ?? ''));
    return BOOKING.refusal[r];
  };
  const excluded = (date: string) => refusal(date) !== null;
  const gapHint = guarantee === 'BPJS' && lastBpjs ? BOOKING.lastBpjs(formatDate(lastBpjs), formatDate(bpjsGapEnd(lastBpjs))) : undefined;
  const daysHint = practiceHint(practiceDays);
  const windowHint = last ? BOOKING.windowHint(formatDate(last)) : undefined;
  const hint = !guarantee ? BOOKING.guaranteeFirst : [gapHint, daysHint, windowHint].filter(Boolean).join(' ') || undefined;
  const loading = bpjsLoading || windowLoading ? BOOKING.rulesLoading : undefined;
  return { rule, refusal, excluded, hint, loading };
}

/** 'Poli praktik hari Senin–Sabtu.' under a calendar whose other weekdays are grey; nothing when every day is open or none is known. */
export function practiceHint(days: readonly number[] | undefined): string | undefined {
  if (!days || days.length >= 7) return undefined;
  if (!days.length) return BOOKING.noPracticeDays;
  // Runs of following days as 'Senin–Rabu', the others one by one: 'Senin–Rabu, Jumat'.
  const sorted = [...new Set(days)].sort((x, y) => x - y);
  const runs: number[][] = [];
  for (const d of sorted) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === d - 1) run.push(d);
    else runs.push([d]);
  }
  const named = runs.map((r) => (r.length > 2 ? `${isoWeekdayName(r[0])}–${isoWeekdayName(r[r.length - 1])}` : r.map(isoWeekdayName).join(', ')));
  return BOOKING.practiceDays(named.join(', '));
}

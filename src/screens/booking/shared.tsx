// Pieces the booking screens share: the last BPJS appointment, the date rule and its explanation,
// the quota check's state and button, and the slot list (the guarantee selector is in
// guarantee.tsx, the form that joins them in quota-check.tsx). The rules themselves are in common/booking.ts.
import { useState } from 'react';
import type { QuotaSlot } from '../../../common/schemas/index.ts';
import { bpjsGapEnd, dateRefusal, isSlotAvailable, remainingQuota, type DateRule, type Guarantee } from '../../../common/booking.ts';
import { formatDate, isoWeekdayName, todayWib } from '../../../common/dates.ts';
import type { Read } from '../../data/cache.ts';
import { useRead } from '../../data/hooks.ts';
import { lastAppointment, lastAppointmentBesides } from '../../data/reads.ts';
import type { Resource } from '../../data/resource.ts';
import { BOOKING } from './strings.ts';
import { button } from '../../ui/button.ts';
import { ListState } from '../../ui/ListState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import * as css from './booking.css.ts';

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

/**
 * The date asked about and the quota list of a screen: the list is null until checked, and
 * cleared whenever an input changes (a new date among them: `pickDate`).
 */
export function useSlots() {
  const [date, setDate] = useState<string | null>(null);
  const [read, setRead] = useState<Read<QuotaSlot[], QuotaSlot[]> | null>(null);
  const [slots, reload] = useRead(read);
  const clear = () => setRead(null);
  const pickDate = (d: string) => {
    setDate(d);
    clear();
  };
  // The same check again asks again: seats go by the minute.
  const check = (next: Read<QuotaSlot[], QuotaSlot[]>) => (next.key === read?.key ? reload() : setRead(next));
  return { date, pickDate, slots, check, clear, checking: slots?.state === 'loading' };
}

/** 'Cek Kuota', the quota check's submit button, busy while the check runs. */
export function CheckButton({ disabled, checking }: { disabled: boolean; checking: boolean }) {
  return (
    <button type="submit" className={button({ kind: 'primary', block: true })} disabled={disabled} aria-busy={checking}>
      {checking && <Spinner small />}
      {BOOKING.check}
    </button>
  );
}

/** What a slot of the list does: a link to the confirmation, or (rescheduling) a button. */
export type SlotAction = { href: (s: QuotaSlot) => string } | { onChoose: (s: QuotaSlot) => void };

/** The doctors of a quota check; a slot with no seat left, or the one already held, is shown but cannot be chosen. */
export function SlotList({
  slots,
  quota = 'remaining',
  current,
  ...action
}: {
  slots: Resource<QuotaSlot[]>;
  quota?: 'remaining' | 'filled';
  /** Rescheduling: the session the appointment already has. */
  current?: (s: QuotaSlot) => boolean;
} & SlotAction) {
  return (
    <section aria-label={BOOKING.slotsTitle} aria-live="polite">
      <ListState resource={slots}>
        {(items) => (
          <ul className={css.slots}>
            {items.map((s) => {
              const held = !!current?.(s);
              const available = isSlotAvailable(s) && !held;
              const body = (
                <>
                  <span className={css.slotInfo}>
                    <strong className={css.slotDoctor}>{s.nama_dr}</strong>
                    <span>
                      {BOOKING.hours} {s.jam_dtg} - {s.jam_plg}
                    </span>
                    {quota === 'filled' ? (
                      <span className={css.quota}>{BOOKING.quotaOf(s.quota_terisi, s.batas_quota)}</span>
                    ) : available ? (
                      <span className={css.quota}>
                        {BOOKING.quotaLeft}: {remainingQuota(s)}
                      </span>
                    ) : null}
                    {held ? (
                      <span className={css.note}>{BOOKING.currentSlot}</span>
                    ) : (
                      !available && <span className={css.full}>{s.batas_quota > 0 ? BOOKING.full : BOOKING.noQuota}</span>
                    )}
                  </span>
                  {available && (
                    // What a tap does, as a button shows it; the whole card is the one target.
                    <span className={css.choose}>
                      {BOOKING.choose}
                      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                        <path fill="currentColor" d="M8.6 16.6 13.2 12 8.6 7.4 10 6l6 6-6 6z" />
                      </svg>
                    </span>
                  )}
                </>
              );
              return (
                <li>
                  {!available ? (
                    // No aria-disabled here: on an element without a role screen readers ignore it; the
                    // slot's own text ('Kuota penuh') says why it cannot be chosen.
                    <div className={`${css.slot} ${css.slotOff}`}>{body}</div>
                  ) : 'href' in action ? (
                    <a className={css.slot} href={action.href(s)}>
                      {body}
                    </a>
                  ) : (
                    <button type="button" className={`${css.slot} ${css.slotButton}`} onClick={() => action.onChoose(s)}>
                      {body}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </ListState>
    </section>
  );
}

// The booking date picker: a button showing the chosen date that opens a month calendar below
// it. Dates the rules exclude stay visible but greyed and cannot be chosen. Indonesian month and
// weekday names; arrow keys move by day and week, Page Up/Down by month, Home/End to the week's
// ends, Escape closes. Opening puts the focus on the chosen day (or else the first day that can be
// chosen, in its month), closing and choosing put it back on the button. Only the booking screens import it, so login never loads it.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MONTHS, WEEKDAYS, addDays, dayLabel, daysBetween, isoWeekday } from '../../common/dates.ts';
import { firstBookable } from '../../common/booking.ts';
import { S } from '../strings.ts';
import { field, label as labelClass } from './controls.css.ts';
import * as css from './DatePicker.css.ts';

interface Props {
  label: string;
  value: string | null;
  onChange: (date: string) => void;
  /** The hospital's today (WIB); earlier months cannot be shown. */
  today: string;
  /** The last date that can be booked (the booking window); later months cannot be shown. */
  last?: string;
  /** True when a date cannot be chosen. */
  excluded: (date: string) => boolean;
  disabled?: boolean;
  /** Why the picker is disabled, or what the grey dates mean. */
  hint?: string;
  placeholder?: string;
  /**
   * What the calendar says while the rules it greys days by (the last BPJS appointment, the
   * booking window) are still arriving; no day can be chosen meanwhile. On a slow line they can
   * arrive after it opened: it then moves to the first day that can be chosen, unless the patient
   * has turned the month or moved the focus since opening (their month stays, within the window).
   */
  loading?: string;
}

/** Monday-first weekday headers: Sen, Sel, Rab, Kam, Jum, Sab, Min. */
const HEADERS = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

function addMonths(first: string, n: number): string {
  const [y, m] = first.split('-').map(Number);
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

/** The weeks of a month, Monday first, each day a date or null outside the month. */
export function monthGrid(first: string): Array<Array<string | null>> {
  const start = addDays(first, 1 - isoWeekday(first));
  const next = addMonths(first, 1);
  const weeks: Array<Array<string | null>> = [];
  for (let day = start; daysBetween(day, next) > 0; ) {
    const week: Array<string | null> = [];
    for (let i = 0; i < 7; i++, day = addDays(day, 1)) week.push(day.startsWith(first.slice(0, 7)) ? day : null);
    weeks.push(week);
  }
  return weeks;
}

/** Without a booking window, how far ahead opening looks for a day that can be chosen. */
const FIRST_SEARCH_DAYS = 366;

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

export function DatePicker({ label, value, onChange, today, last, excluded, disabled = false, hint, placeholder = S.date.choose, loading }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState(value ?? today);
  /**
   * The focused day as of the last key, ahead of the render: keys pressed faster than the
   * screen redraws each move on from the one before, none is lost to a stale copy.
   */
  const current = useRef(focus);
  const grid = useRef<HTMLTableElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  /** What takes the focus after the next render: the focused day, or the button on closing. */
  const focusNext = useRef<'day' | 'toggle' | null>(null);
  const month = monthOf(focus);
  const firstMonth = monthOf(today);
  const lastMonth = last ? monthOf(last) : null;

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  /** The chosen day, or else the first day that can be chosen: no paging past empty months. */
  const opening = () => value ?? firstBookable(today, last ?? addDays(today, FIRST_SEARCH_DAYS), (d) => !excluded(d)) ?? today;

  // The rules arrived while the calendar was open (it drew before them on a slow line): it moves
  // to the first day that can be chosen, the focus with it when the focus was in the grid.
  // A month the patient turned to meanwhile stays: the day they were about to tap stays under
  // their finger, unless the window now ends before it.
  const waited = useRef(!!loading);
  const moved = useRef(false);
  useEffect(() => {
    const was = waited.current;
    waited.current = !!loading;
    if (!was || loading || !open) return;
    if (moved.current && !(lastMonth && monthOf(current.current) > lastMonth)) return;
    if (grid.current?.contains(document.activeElement)) focusNext.current = 'day';
    show(opening());
  }, [loading]);

  // Before the browser takes the next key: a day of another month replaces the focused button,
  // and a key meanwhile on <body> would be lost.
  useLayoutEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next === 'day') grid.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    if (next === 'toggle') toggle.current?.focus();
  });

  const show = (date: string) => {
    current.current = date;
    setFocus(date);
  };

  const moveTo = (date: string) => {
    if (date < firstMonth || (lastMonth && monthOf(date) > lastMonth)) return;
    moved.current = true;
    focusNext.current = 'day';
    show(date);
  };

  const close = () => {
    focusNext.current = 'toggle';
    setOpen(false);
  };

  /** The focused day of the month in another month, kept within that month. */
  const sameDayIn = (first: string, day: string) => {
    const last = addDays(addMonths(first, 1), -1);
    const candidate = first.slice(0, 8) + day.slice(8);
    // biome-ignore lint/complexity/useMathMinMax: ISO dates compare as strings
    return candidate > last ? last : candidate;
  };

  const choose = (date: string) => {
    if (loading || excluded(date)) return;
    onChange(date);
    close();
  };

  /** Escape closes from anywhere in the calendar, the month buttons too. */
  const onEscape = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape') return false;
    e.preventDefault();
    close();
    return true;
  };

  const onKey = (e: KeyboardEvent<HTMLTableElement>) => {
    if (onEscape(e)) return;
    const from = current.current;
    const weekday = isoWeekday(from);
    const step = KEY_STEPS[e.key] ?? (e.key === 'Home' ? 1 - weekday : e.key === 'End' ? 7 - weekday : undefined);
    if (step !== undefined) return (e.preventDefault(), moveTo(addDays(from, step)));
    if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      return moveTo(sameDayIn(addMonths(monthOf(from), e.key === 'PageUp' ? -1 : 1), from));
    }
  };

  const pageMonth = (n: number) => {
    moved.current = true;
    const target = addMonths(monthOf(current.current), n);
    show(target < today ? today : target);
  };

  return (
    <div className={field}>
      <span className={labelClass} id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={toggle}
        type="button"
        className={css.toggle}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onClick={() => {
          if (open) return close();
          moved.current = false;
          show(opening());
          focusNext.current = 'day';
          setOpen(true);
        }}
      >
        <span id={`${id}-value`}>{value ? dayLabel(value) : placeholder}</span>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 16H5V9h14v11z" />
        </svg>
      </button>
      {hint && (
        <span id={`${id}-hint`} className={css.hint}>
          {hint}
        </span>
      )}
      {open && (
        <div id={`${id}-panel`} className={css.panel}>
          <div className={css.head}>
            <button
              type="button"
              className={css.nav}
              aria-label={S.date.previousMonth}
              disabled={month <= firstMonth}
              onClick={() => pageMonth(-1)}
              onKeyDown={onEscape}
            >
              ‹
            </button>
            <h2 className={css.month} id={`${id}-month`} aria-live="polite">
              {MONTHS[Number(month.slice(5, 7)) - 1]} {month.slice(0, 4)}
            </h2>
            <button
              type="button"
              className={css.nav}
              aria-label={S.date.nextMonth}
              disabled={!!lastMonth && month >= lastMonth}
              onClick={() => pageMonth(1)}
              onKeyDown={onEscape}
            >
              ›
            </button>
          </div>
          {loading && (
            <p className={css.hint} role="status">
              {loading}
            </p>
          )}
          <table ref={grid} className={css.grid} role="grid" aria-labelledby={`${id}-month`} aria-busy={!!loading} onKeyDown={onKey}>
            <thead>
              <tr>
                {/* 'Sen', at every text size: one letter ('S S R K J S M') cannot tell Senin from Selasa. Read whole. */}
                {HEADERS.map((d) => (
                  <th scope="col" abbr={d} aria-label={d} className={css.weekday}>
                    {d.slice(0, 3)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(month).map((week) => (
                <tr>
                  {week.map((date) => {
                    if (!date) return <td role="gridcell" />;
                    const off = excluded(date);
                    const selected = date === value;
                    return (
                      <td role="gridcell" aria-selected={selected}>
                        <button
                          type="button"
                          className={`${css.day} ${selected ? css.selected : ''} ${date === today ? css.today : ''}`}
                          tabIndex={date === focus ? 0 : -1}
                          aria-label={off ? S.date.unavailable(dayLabel(date)) : dayLabel(date)}
                          aria-disabled={off}
                          data-date={date}
                          onClick={() => choose(date)}
                          onFocus={() => {
                            if (date === current.current) return;
                            moved.current = true;
                            show(date);
                          }}
                        >
                          {Number(date.slice(8))}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

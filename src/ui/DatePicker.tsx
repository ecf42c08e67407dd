// The booking date picker: a button showing the chosen date that opens a month calendar below
// it. Dates the rules exclude stay visible but greyed and cannot be chosen. Indonesian month and
// weekday names; arrow keys move by day and week, Page Up/Down by month, Home/End to the week's
// ends, Escape closes. Only the booking screens import it, so login never loads it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MONTHS, WEEKDAYS, addDays, dayLabel, daysBetween, isoWeekday } from '../../common/dates.ts';
import { S } from '../strings.ts';
import { field, label as labelClass } from './controls.css.ts';
import * as css from './DatePicker.css.ts';

interface Props {
  label: string;
  value: string | null;
  onChange: (date: string) => void;
  /** The hospital's today (WIB); earlier months cannot be shown. */
  today: string;
  /** True when a date cannot be chosen. */
  excluded: (date: string) => boolean;
  disabled?: boolean;
  /** Why the picker is disabled, or what the grey dates mean. */
  hint?: string;
  placeholder?: string;
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

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

export function DatePicker({ label, value, onChange, today, excluded, disabled = false, hint, placeholder = S.date.choose }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState(value ?? today);
  const grid = useRef<HTMLTableElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const month = monthOf(focus);
  const firstMonth = monthOf(today);

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  useEffect(() => {
    if (open && moved.current) grid.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    moved.current = false;
  }, [focus, open]);

  const moveTo = (date: string) => {
    if (date < firstMonth) return;
    moved.current = true;
    setFocus(date);
  };

  /** The focused day of the month in another month, kept within that month. */
  const sameDayIn = (first: string) => {
    const last = addDays(addMonths(first, 1), -1);
    const candidate = first.slice(0, 8) + focus.slice(8);
    // biome-ignore lint/complexity/useMathMinMax: ISO dates compare as strings
    return candidate > last ? last : candidate;
  };

  const choose = (date: string) => {
    if (excluded(date)) return;
    onChange(date);
    setOpen(false);
    toggle.current?.focus();
  };

  const onKey = (e: KeyboardEvent<HTMLTableElement>) => {
    const weekday = isoWeekday(focus);
    const step = KEY_STEPS[e.key] ?? (e.key === 'Home' ? 1 - weekday : e.key === 'End' ? 7 - weekday : undefined);
    if (step !== undefined) return (e.preventDefault(), moveTo(addDays(focus, step)));
    if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      return moveTo(sameDayIn(addMonths(month, e.key === 'PageUp' ? -1 : 1)));
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    }
  };

  const pageMonth = (n: number) => {
    const target = addMonths(month, n);
    setFocus(target < today ? today : target);
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
          setFocus(value ?? today);
          setOpen(!open);
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
            <button type="button" className={css.nav} aria-label={S.date.previousMonth} disabled={month <= firstMonth} onClick={() => pageMonth(-1)}>
              ‹
            </button>
            <h3 className={css.month} id={`${id}-month`} aria-live="polite">
              {MONTHS[Number(month.slice(5, 7)) - 1]} {month.slice(0, 4)}
            </h3>
            <button type="button" className={css.nav} aria-label={S.date.nextMonth} onClick={() => pageMonth(1)}>
              ›
            </button>
          </div>
          <table ref={grid} className={css.grid} role="grid" aria-labelledby={`${id}-month`} onKeyDown={onKey}>
            <thead>
              <tr>
                {HEADERS.map((d) => (
                  <th scope="col" abbr={d} className={css.weekday}>
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
                          onFocus={() => date !== focus && setFocus(date)}
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

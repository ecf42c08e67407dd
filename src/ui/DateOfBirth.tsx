// Birth date entry an elderly patient can manage on a small phone: day and month from short
// lists, the year typed as four digits — no paging month by month through sixty years.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { isIsoDate, MONTHS } from '../../common/dates.ts';
import { S } from '../strings.ts';
import * as css from './DateOfBirth.css.ts';
import { fieldError, input, label as labelClass } from './controls.css.ts';

interface Props {
  legend: string;
  /** YYYY-MM-DD when complete and real, '' otherwise. */
  onChange: (iso: string) => void;
  error?: string;
  name?: string;
}

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));

export function toIso(day: string, month: string, year: string): string {
  if (!/^\d{4}$/.test(year) || !day || !month) return '';
  const iso = `${year}-${month}-${day}`;
  return isIsoDate(iso) ? iso : '';
}

export function DateOfBirth({ legend, onChange, error, name = 'dob' }: Props) {
  const id = useId();
  // A ref, not the render's copy: autofill can change several parts before the next render.
  const latest = useRef({ day: '', month: '', year: '' });
  const [parts, setParts] = useState(latest.current);
  const update = (key: keyof typeof parts) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const next = { ...latest.current, [key]: e.currentTarget.value.trim() };
    latest.current = next;
    setParts(next);
    onChange(toIso(next.day, next.month, next.year));
  };
  const invalid = error ? 'true' : undefined;
  return (
    <fieldset className={css.fieldset} aria-describedby={error ? `${id}-err` : undefined}>
      <legend className={`${labelClass} ${css.legend}`}>{legend}</legend>
      <div className={css.row}>
        <div className={css.part}>
          <label className={css.small} htmlFor={`${id}-day`}>
            {S.date.day}
          </label>
          <select id={`${id}-day`} className={input} name={`${name}-day`} value={parts.day} onChange={update('day')} aria-invalid={invalid} required>
            <option value="">--</option>
            {DAYS.map((d) => (
              <option value={d}>{Number(d)}</option>
            ))}
          </select>
        </div>
        <div className={css.month}>
          <label className={css.small} htmlFor={`${id}-month`}>
            {S.date.month}
          </label>
          <select id={`${id}-month`} className={input} name={`${name}-month`} value={parts.month} onChange={update('month')} aria-invalid={invalid} required>
            <option value="">--</option>
            {MONTHS.map((m, i) => (
              <option value={String(i + 1).padStart(2, '0')}>{m}</option>
            ))}
          </select>
        </div>
        <div className={css.part}>
          <label className={css.small} htmlFor={`${id}-year`}>
            {S.date.year}
          </label>
          <input
            id={`${id}-year`}
            className={input}
            name={`${name}-year`}
            inputMode="numeric"
            pattern="[0-9]{4}"
            maxLength={4}
            placeholder="1960"
            autoComplete="bday-year"
            value={parts.year}
            onChange={update('year')}
            aria-invalid={invalid}
            required
          />
        </div>
      </div>
      {error && (
        <span id={`${id}-err`} className={fieldError}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

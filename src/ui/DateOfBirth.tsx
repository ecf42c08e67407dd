// Birth date entry an elderly patient can manage on a small phone: day and month from short
// lists, the year typed as four digits — no paging month by month through sixty years.
import { useId, useState } from 'preact/hooks';
import { isIsoDate, MONTHS } from '../lib/dates.ts';
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
  const [parts, setParts] = useState({ day: '', month: '', year: '' });
  const update = (key: keyof typeof parts) => (e: Event) => {
    const next = { ...parts, [key]: (e.currentTarget as HTMLInputElement).value.trim() };
    setParts(next);
    onChange(toIso(next.day, next.month, next.year));
  };
  const invalid = error ? 'true' : undefined;
  return (
    <fieldset class={css.fieldset} aria-describedby={error ? `${id}-err` : undefined}>
      <legend class={`${labelClass} ${css.legend}`}>{legend}</legend>
      <div class={css.row}>
        <label class={css.part}>
          <span class={css.small}>{S.date.day}</span>
          <select class={input} name={`${name}-day`} value={parts.day} onChange={update('day')} aria-invalid={invalid} required>
            <option value="">--</option>
            {DAYS.map((d) => (
              <option value={d}>{Number(d)}</option>
            ))}
          </select>
        </label>
        <label class={css.month}>
          <span class={css.small}>{S.date.month}</span>
          <select class={input} name={`${name}-month`} value={parts.month} onChange={update('month')} aria-invalid={invalid} required>
            <option value="">--</option>
            {MONTHS.map((m, i) => (
              <option value={String(i + 1).padStart(2, '0')}>{m}</option>
            ))}
          </select>
        </label>
        <label class={css.part}>
          <span class={css.small}>{S.date.year}</span>
          <input
            class={input}
            name={`${name}-year`}
            inputMode="numeric"
            pattern="[0-9]{4}"
            maxLength={4}
            placeholder="1960"
            autoComplete="bday-year"
            value={parts.year}
            onInput={update('year')}
            aria-invalid={invalid}
            required
          />
        </label>
      </div>
      {error && (
        <span id={`${id}-err`} class={fieldError}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

// Birth date entry an elderly patient can manage on a small phone: day and month from short
// lists, the year typed as four digits — no paging month by month through sixty years. It says
// what is wrong beside itself (common/birthdate.ts: the same rule as the server's), and takes a
// whole date pasted into the year or filled in by the browser (WCAG 2.2 3.3.8).
import { useEffect, useId, useRef, useState, type ChangeEvent, type ClipboardEvent } from 'react';
import { checkBirthDate, readPastedDate, type BirthDateCheck, type DatePart, type DateParts } from '../../common/birthdate.ts';
import { MONTHS } from '../../common/dates.ts';
import { S } from '../strings.ts';
import * as css from './DateOfBirth.css.ts';
import { fieldError, input, label as labelClass } from './controls.css.ts';

interface Props {
  legend: string;
  /** Every change, checked: `iso` is YYYY-MM-DD when the date is fine. */
  onChange: (check: BirthDateCheck) => void;
  /** Say what is wrong (once the form has been submitted). */
  showError?: boolean;
  name?: string;
}

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));

const MESSAGE = { empty: S.required, year: S.date.fourDigitYear, invalid: S.date.invalidBirthDate } as const;

export function DateOfBirth({ legend, onChange, showError, name = 'dob' }: Props) {
  const id = useId();
  const errId = `${id}-err`;
  // A ref, not the render's copy: autofill can change several parts before the next render.
  const latest = useRef<DateParts>({ day: '', month: '', year: '' });
  const [parts, setParts] = useState(latest.current);
  const put = (next: DateParts) => {
    latest.current = next;
    setParts(next);
    onChange(checkBirthDate(next));
  };
  // Parts chosen before the prerendered page came alive (a slow phone): hydration keeps what the
  // fields show but not the state, so they are read once, as entered; else 31 Februari 1968,
  // there to see, would be checked as nothing entered ('Wajib diisi').
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const [day = '', month = '', year = ''] = Array.from(box.current?.querySelectorAll<HTMLInputElement>('select, input') || [], (el) => el.value.trim());
    if (day || month || year) put({ day, month, year });
  }, []);
  const update = (key: DatePart) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => put({ ...latest.current, [key]: e.currentTarget.value.trim() });
  // A date copied whole ('31/08/1968') fills all three parts; anything else pastes as typed.
  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    const whole = readPastedDate(e.clipboardData?.getData('text') ?? '');
    if (!whole) return;
    e.preventDefault();
    put(whole);
  };

  const check = checkBirthDate(parts);
  const error = showError && check.problem ? MESSAGE[check.problem] : undefined;
  const wrong = (part: DatePart) => (error && check.parts.includes(part) ? { 'aria-invalid': true as const, 'aria-describedby': errId } : {});

  return (
    <fieldset ref={box} className={css.fieldset} aria-describedby={error ? errId : undefined}>
      <legend className={`${labelClass} ${css.legend}`}>{legend}</legend>
      <div className={css.row}>
        <div className={css.part}>
          <label className={css.small} htmlFor={`${id}-day`}>
            {S.date.day}
          </label>
          <select
            id={`${id}-day`}
            className={input}
            name={`${name}-day`}
            autoComplete="bday-day"
            value={parts.day}
            onChange={update('day')}
            required
            {...wrong('day')}
          >
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
          <select
            id={`${id}-month`}
            className={input}
            name={`${name}-month`}
            autoComplete="bday-month"
            value={parts.month}
            onChange={update('month')}
            required
            {...wrong('month')}
          >
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
            maxLength={4}
            placeholder="1960"
            autoComplete="bday-year"
            value={parts.year}
            onChange={update('year')}
            onPaste={paste}
            required
            {...wrong('year')}
          />
        </div>
      </div>
      {error && (
        <span id={errId} className={fieldError}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

// The MR number field of the login form and of a family member's login: the same label, keyboard,
// hint of how the number looks and 'Wajib diisi' beside it, tied to the field for screen readers.
// Where the hospital's numbers have a fixed width (api/nomr.ts), the hint names the count and the
// zeros are filled in when the field is left, so the patient sees the number that is sent.
import { useEffect, useState } from 'react';
import { padNomr } from '../../common/nomr.ts';
import { S } from '../strings.ts';
import { Spinner } from './Spinner.tsx';
import { button } from './button.ts';
import { field, fieldError, fieldHint, input, label } from './controls.css.ts';

export function NomrField({
  id,
  value,
  onChange,
  missing,
  autoComplete,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Submitted empty: says so beside the field. */
  missing: boolean;
  autoComplete: string;
}) {
  const error = `${id}-err`;
  const hint = `${id}-hint`;
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void import('../api/nomr.ts').then((m) => m.nomrWidth()).then((w) => live && setWidth(w));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className={field}>
      <label className={label} htmlFor={id}>
        {S.login.nomr}
      </label>
      <input
        id={id}
        name="nomr"
        className={input}
        inputMode="numeric"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={(e) => width && onChange(padNomr(e.currentTarget.value, width))}
        aria-invalid={missing ? 'true' : undefined}
        aria-describedby={missing ? `${hint} ${error}` : hint}
        required
      />
      <span id={hint} className={fieldHint}>
        {S.login.nomrHint(width)}
      </span>
      {missing && (
        <span id={error} className={fieldError}>
          {S.required}
        </span>
      )}
    </div>
  );
}

/** A form's main button: busy (spinner, disabled) while its call is under way. */
export function SubmitButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <button type="submit" className={button({ kind: 'primary', block: true })} disabled={busy} aria-busy={busy}>
      {busy && <Spinner small label={S.loading} />}
      {children}
    </button>
  );
}

// The MR number field of the login form and of a family member's login: the same label, keyboard,
// hint of how the number looks and 'Wajib diisi' beside it, tied to the field for screen readers.
// Where the hospital's numbers have a fixed width (nomr-format.ts), the hint names the count and the
// zeros are filled in when the field is left, so the patient sees the number that is sent.
import { useRef, useState } from 'react';
import { S } from '../strings.ts';
import type { NomrFormat } from './nomr-format.ts';
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
  // The hospital's width, once read (nomr-format.ts): the hint with its count, and the zeros.
  // Asked when the patient comes to the field, not when the page opens: the call's module brings
  // the signed-in core's API client, which the login needs only once the patient starts on it.
  const [format, setFormat] = useState<NomrFormat | null>(null);
  const asked = useRef(false);
  const ask = () => {
    if (asked.current) return;
    asked.current = true;
    void import('./nomr-format.ts').then((m) => m.fieldFormat().then(setFormat));
  };
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
        onFocus={ask}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={() => format && onChange(format.pad(value))}
        aria-invalid={missing ? 'true' : undefined}
        aria-describedby={missing ? `${hint} ${error}` : hint}
        required
      />
      <span id={hint} className={fieldHint}>
        {format ? format.hint : S.login.nomrHint}
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

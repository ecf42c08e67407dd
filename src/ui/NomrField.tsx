// The MR number field of the login form and of a family member's login: the same label, keyboard
// and 'Wajib diisi' beside it, tied to the field for screen readers.
import { S } from '../strings.ts';
import { Spinner } from './Spinner.tsx';
import { button } from './button.ts';
import { field, fieldError, input, label } from './controls.css.ts';

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
        aria-invalid={missing ? 'true' : undefined}
        aria-describedby={missing ? error : undefined}
        required
      />
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

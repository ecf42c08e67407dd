// 'Cek status pendaftaran' (docs/product.md, Registration's ending): the reference and the birth
// date the registration was sent with give its status: waiting for the counter, or verified with
// the Nomor MR. A wrong reference and a wrong date get the server's one neutral message. Reached
// from the login page and from the end of a registration, which leaves the reference in the field.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { NO_DATE } from '../../../common/birthdate.ts';
import { normalReference, REFERENCE_PATTERN } from '../../../common/reference.ts';
import type { RegistrationStatus } from '../../../common/schemas/index.ts';
import { S } from '../../strings.ts';
import { DateOfBirth } from '../../ui/DateOfBirth.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { card, field, fieldError, input, label, page } from '../../ui/controls.css.ts';
import { button } from '../../ui/button.ts';
import { form, granted } from '../../ui/login.css.ts';
import { ENDING } from './ending-strings.ts';
import * as css from './saved.css.ts';
import { CounterInfo } from './counter.tsx';
import { readTicket } from './ticket.ts';

const VALID = new RegExp(REFERENCE_PATTERN);

export default function CheckRegistration() {
  const [ref, setRef] = useState('');
  const [dob, setDob] = useState(NO_DATE);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ data?: RegistrationStatus; message?: string } | null>(null);
  const result = useRef<HTMLDivElement>(null);
  // From the end of a registration on this phone: its reference, ready to check.
  useEffect(() => {
    const t = readTicket();
    if (t?.referensi) setRef((r) => r || t.referensi || '');
  }, []);
  useEffect(() => {
    if (answer) result.current?.focus();
  }, [answer]);

  const reference = normalReference(ref);
  const refProblem = checked && (!ref.trim() ? S.required : VALID.test(reference) ? null : ENDING.refWrong);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setChecked(true);
    if (!VALID.test(reference) || dob.problem) return;
    setBusy(true);
    // The API client on the first check, as the login page loads it on submit: a new patient on a
    // slow line gets this page at the registration page's weight. No network for it: offline.
    const res = await import('../../api/registration.ts').then((api) => api.registrationStatus(reference, dob.iso)).catch(() => null);
    setBusy(false);
    setAnswer(res?.ok ? { data: res.data } : { message: res?.error.message || ENDING.offline });
  };

  const data = answer?.data;
  return (
    <main className={page}>
      <form className={`${card} ${form}`} onSubmit={submit} noValidate>
        <div className={field}>
          <label className={label} htmlFor="cek-ref">
            {ENDING.refLabel}
          </label>
          <span id="cek-ref-hint" className={css.help}>
            {ENDING.refHint}
          </span>
          <input
            id="cek-ref"
            name="referensi"
            className={input}
            value={ref}
            onChange={(e) => setRef(e.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="characters"
            required
            aria-invalid={!!refProblem}
            aria-describedby={refProblem ? 'cek-ref-hint cek-ref-err' : 'cek-ref-hint'}
          />
          {refProblem && (
            <span id="cek-ref-err" className={fieldError}>
              {refProblem}
            </span>
          )}
        </div>
        <DateOfBirth legend={ENDING.birth} name="cek-tgl" showError={checked} onChange={setDob} />
        <button type="submit" className={button({ kind: 'primary', block: true })} disabled={busy} aria-busy={busy}>
          {busy && <Spinner small />}
          {ENDING.check}
        </button>
      </form>
      {answer && (
        <div ref={result} tabIndex={-1} className={`${card} ${form}`} id="cek-hasil" aria-live="polite">
          {!data ? (
            <p className={css.help}>{answer.message}</p>
          ) : data.status === 'menunggu' ? (
            <>
              <h2 className={css.heading}>{ENDING.waiting}</h2>
              <p className={css.help}>{ENDING.waitingBody}</p>
              <CounterInfo loket={data.loket} />
            </>
          ) : (
            <>
              <h2 className={css.heading}>{ENDING.verified}</h2>
              {data.no_rm ? (
                <>
                  <p className={granted}>
                    {ENDING.yourMr}: <strong data-testid="no-rm">{data.no_rm}</strong>
                  </p>
                  <p className={css.help}>{ENDING.verifiedLogin}</p>
                </>
              ) : (
                <p className={css.help}>{ENDING.verifiedAsk}</p>
              )}
              <a href="/" className={button({ kind: 'primary', block: true })}>
                {ENDING.toLogin}
              </a>
            </>
          )}
        </div>
      )}
    </main>
  );
}

// New patient registration (docs/product.md §2, §4, §5, §8): seven required fields, the result in the
// 'Pesan' dialog. The form keeps what was typed whatever the outcome. Before anything is sent the
// person reads a short privacy notice and agrees to it (UU PDP 27/2022); the consent and the
// notice's version go with the registration as the reference API's extra fields. On 'Daftar'
// every field's problem is said beside it at once, by the server's own rules
// (common/registration.ts), and nothing is sent until all are right: the spec's dialog says so,
// and closing it puts the focus on the first field to correct. A refusal the server still sends
// marks the field it names. Once saved, the page shows what the patient holds (saved.tsx: the
// reference, its QR code, what to bring, the counter), kept for when they come back offline, and
// the way back to login.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { NO_DATE } from '../../../common/birthdate.ts';
import type { RegistrationField } from '../../../common/registration.ts';
import type { NewPatient } from '../../../common/schemas/index.ts';
import { OCCUPATIONS } from '../../../common/schemas/occupations.ts';
import { S } from '../../strings.ts';
import { DateOfBirth } from '../../ui/DateOfBirth.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { card, field, fieldError, input, label, page } from '../../ui/controls.css.ts';
import { button } from '../../ui/button.ts';
import { form, granted } from '../../ui/login.css.ts';
import { privacy } from './register.css.ts';
import { FORM, REGISTER } from './strings.ts';
import { keepTicket, readTicket, type Ticket } from './ticket.ts';

/** The seven fields of docs/product.md §3; the consent is kept apart. */
type Fields = Omit<NewPatient, 'persetujuan_privasi' | 'versi_privasi'>;

const EMPTY: Fields = { nama: '', no_ktp: '', tempat_lahir: '', tgl_lahir: '', telp_hp: '', email: '', pekerjaan: '' };

type TextField = Exclude<keyof Fields, 'tgl_lahir' | 'pekerjaan'>;
const TEXT_FIELDS: Array<{ key: TextField; label: string; type?: 'text' | 'tel' | 'email'; inputMode?: 'numeric' | 'tel' | 'email'; autoComplete?: string }> = [
  { key: 'nama', label: FORM.nama, autoComplete: 'name' },
  { key: 'no_ktp', label: FORM.noKtp, inputMode: 'numeric' },
  { key: 'tempat_lahir', label: FORM.tempatLahir },
];
const CONTACT_FIELDS: typeof TEXT_FIELDS = [
  { key: 'telp_hp', label: FORM.telpon, type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  { key: 'email', label: FORM.email, type: 'email', inputMode: 'email', autoComplete: 'email' },
];

export default function Register() {
  const [data, setData] = useState<Fields>(EMPTY);
  // The birth date as checked (tgl_lahir is its date once it is a possible one).
  const [dob, setDob] = useState(NO_DATE);
  // Once 'Daftar' has been pressed, each field says what is wrong with it, until corrected.
  const [checked, setChecked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const firstWrong = () => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
  // Daftar without consent: the checkbox takes the focus (its message is an alert).
  const consentBox = useRef<HTMLInputElement>(null);
  // null: 'Daftar' was pressed without it; the message beside the checkbox shows until it is ticked.
  const [consent, setConsent] = useState<boolean | null>(false);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string[] | null>(null);
  // The field a refusal from the server names, and its words, until that field is changed.
  const [refused, setRefused] = useState<{ key: RegistrationField; text: string } | null>(null);
  // Saved: after the dialog, the way back to login (the form stays as it was).
  const [saved, setSaved] = useState(false);
  const back = useRef<HTMLAnchorElement>(null);
  // What the patient holds after saving, and its card, loaded only when there is one.
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [ending, setEnding] = useState<typeof import('./saved.tsx') | null>(null);
  useEffect(() => {
    if (ticket) void import('./saved.tsx').then(setEnding);
  }, [ticket]);
  // Functional updates: browser autofill sets several fields before the next render.
  const set = (key: keyof Fields) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.currentTarget.value;
    setData((d) => ({ ...d, [key]: value }));
    setRefused((r) => (r?.key === key ? null : r));
  };
  // What was typed before the prerendered page came alive (a slow phone): hydration keeps what the
  // fields show but not the state, so it is read once, as typed (the birth date: DateOfBirth).
  useEffect(() => {
    const els = formRef.current?.elements;
    const typed: Partial<Fields> = {};
    for (const k of Object.keys(EMPTY) as Array<keyof Fields>) {
      const value = (els?.namedItem(k) as HTMLInputElement | null)?.value;
      if (value) typed[k] = value;
    }
    setData((d) => ({ ...d, ...typed }));
    if (consentBox.current?.checked) setConsent(true);
    setTicket(readTicket());
  }, []);
  // The rules and the API client come with the first 'Daftar', not with the page (as on the login page).
  const [rules, setRules] = useState<typeof import('./checks.ts') | null>(null);
  // The birth date's own check is the date fields' (DateOfBirth), by the same rule.
  const problems = checked && rules ? rules.registrationProblems(data) : {};

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    const checks = rules || (await import('./checks.ts'));
    setRules(checks);
    setChecked(true);
    setSaved(false);
    // docs/product.md §5: every field required, none empty; the date a possible birth date; and the
    // formats the server checks. Each field says its problem; the spec's dialog says to correct.
    if (dob.problem || Object.keys(checks.registrationProblems(data)).length) return setMessage([FORM.empty]);
    if (!consent) {
      setConsent(null);
      return consentBox.current?.focus();
    }
    setSending(true);
    const sent = await checks.send(data);
    setSending(false);
    if (!sent) return window.alert(FORM.networkError);
    setSaved(!!sent.saved);
    if (sent.ticket) {
      keepTicket(sent.ticket);
      setTicket(sent.ticket);
    }
    setRefused(sent.refused || null);
    setMessage(sent.lines);
  };

  // `||`, not `??`: the build targets ES2019, which spells `??` out in many more bytes.
  const problemOf = (key: keyof Fields) => (refused?.key === key ? refused.text : problems[key] === 'empty' ? S.required : problems[key]);
  const wrong = (key: keyof Fields) => (problemOf(key) ? { 'aria-invalid': true as const, 'aria-describedby': `reg-${key}-err` } : {});
  const required = (key: keyof Fields) =>
    problemOf(key) && (
      <span id={`reg-${key}-err`} className={fieldError}>
        {problemOf(key)}
      </span>
    );

  const textInput = (f: (typeof TEXT_FIELDS)[number]) => (
    <div className={field}>
      <label className={label} htmlFor={`reg-${f.key}`}>
        {f.label}
      </label>
      <input
        id={`reg-${f.key}`}
        name={f.key}
        className={input}
        type={(f.type || 'text') as 'text'}
        inputMode={f.inputMode}
        autoComplete={f.autoComplete || 'off'}
        value={data[f.key]}
        onChange={set(f.key)}
        required
        {...wrong(f.key)}
      />
      {required(f.key)}
    </div>
  );

  return (
    <main className={page}>
      {ticket && ending ? (
        <ending.default ticket={ticket} onDismiss={() => (setTicket(null), setSaved(false))} />
      ) : (
        saved && (
          <div className={`${card} ${form}`}>
            <p className={granted}>{FORM.saved}</p>
            <a ref={back} href="/" className={button({ kind: 'primary', block: true })}>
              {REGISTER.backToLogin}
            </a>
          </div>
        )
      )}
      <form ref={formRef} className={`${card} ${form}`} onSubmit={submit} noValidate>
        {TEXT_FIELDS.map(textInput)}
        <DateOfBirth
          legend={FORM.tanggalLahir}
          name="reg-tgl"
          showError={checked}
          onChange={(check) => {
            setDob(check);
            setData((d) => ({ ...d, tgl_lahir: check.iso }));
          }}
        />
        {CONTACT_FIELDS.map(textInput)}
        <div className={field}>
          <label className={label} htmlFor="reg-pekerjaan">
            {FORM.pekerjaan}
          </label>
          <select id="reg-pekerjaan" name="pekerjaan" className={input} value={data.pekerjaan} onChange={set('pekerjaan')} required {...wrong('pekerjaan')}>
            <option value="">{FORM.choose}</option>
            {OCCUPATIONS.map(([code, text]) => (
              <option value={code}>{text}</option>
            ))}
          </select>
          {required('pekerjaan')}
        </div>
        <fieldset className={privacy}>
          <legend className={label}>{REGISTER.title}</legend>
          <p>{REGISTER.notice}</p>
          <label>
            <input
              ref={consentBox}
              type="checkbox"
              checked={!!consent}
              onChange={(e) => setConsent(e.currentTarget.checked)}
              aria-invalid={consent === null}
              aria-describedby="reg-setuju"
            />
            {REGISTER.consent}
          </label>
          {consent === null && (
            <span id="reg-setuju" className={fieldError} role="alert">
              {REGISTER.ask}
            </span>
          )}
        </fieldset>
        <button type="submit" className={button({ kind: 'primary', block: true })} disabled={sending} aria-busy={sending}>
          {sending && <Spinner small />}
          {FORM.submit}
        </button>
      </form>
      {message && (
        <Dialog
          title={FORM.dialogTitle}
          onClose={() => setMessage(null)}
          actions={[{ label: S.close, onClick: () => setMessage(null) }]}
          returnFocus={() => (saved ? document.getElementById('reg-pesan') || back.current : firstWrong())}
        >
          {message.map((m) => (
            <p>{m}</p>
          ))}
        </Dialog>
      )}
    </main>
  );
}

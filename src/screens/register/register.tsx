// New patient registration (spec sections 2, 4, 5, 8): seven required fields, the result in the
// 'Pesan' dialog. The form keeps what was typed whatever the outcome. Before anything is sent the
// person reads a short privacy notice and agrees to it (UU PDP 27/2022); the consent and the
// notice's version go with the registration as the reference API's extra fields.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { NewPatient } from '../../../common/schemas/index.ts';
import { OCCUPATIONS } from '../../../common/schemas/occupations.ts';
import { S } from '../../strings.ts';
import { DateOfBirth } from '../../ui/DateOfBirth.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { card, field, fieldError, input, label, page } from '../../ui/controls.css.ts';
import { button } from '../../ui/button.ts';
import { form } from '../login/login.css.ts';
import { privacy } from './register.css.ts';
import { PRIVACY_VERSION, REGISTER } from './strings.ts';

/** The seven fields of spec section 3; the consent is kept apart. */
type Fields = Omit<NewPatient, 'persetujuan_privasi' | 'versi_privasi'>;

const EMPTY: Fields = { nama: '', no_ktp: '', tempat_lahir: '', tgl_lahir: '', telp_hp: '', email: '', pekerjaan: '' };

type TextField = Exclude<keyof Fields, 'tgl_lahir' | 'pekerjaan'>;
const TEXT_FIELDS: Array<{ key: TextField; label: string; type?: 'text' | 'tel' | 'email'; inputMode?: 'numeric' | 'tel' | 'email'; autoComplete?: string }> = [
  { key: 'nama', label: S.register.nama, autoComplete: 'name' },
  { key: 'no_ktp', label: S.register.noKtp, inputMode: 'numeric' },
  { key: 'tempat_lahir', label: S.register.tempatLahir },
];
const CONTACT_FIELDS: typeof TEXT_FIELDS = [
  { key: 'telp_hp', label: S.register.telpon, type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  { key: 'email', label: S.register.email, type: 'email', inputMode: 'email', autoComplete: 'email' },
];

/** Spec section 5: every field required, none empty. */
export function isComplete(p: Fields): boolean {
  return Object.values(p).every((v) => v.trim() !== '');
}

export default function Register() {
  const [data, setData] = useState<Fields>(EMPTY);
  // null: 'Daftar' was pressed without it; the message beside the checkbox shows until it is ticked.
  const [consent, setConsent] = useState<boolean | null>(false);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string[] | null>(null);
  // Functional updates: browser autofill sets several fields before the next render.
  const set = (key: keyof Fields) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.currentTarget.value;
    setData((d) => ({ ...d, [key]: value }));
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    if (!isComplete(data)) return setMessage([S.register.empty]);
    if (!consent) return setConsent(null);
    setSending(true);
    // The API client comes with the first submit, not with the page (as on the login page).
    const { registerPatient } = await import('../../api/auth.ts');
    const res = await registerPatient({ ...data, persetujuan_privasi: true, versi_privasi: PRIVACY_VERSION });
    setSending(false);
    if (res.ok) return setMessage([S.register.saved]);
    // Too many registrations from one network: the server says until when (not a network error).
    if (res.error.kind === 'status' || res.error.httpStatus === 429) {
      // The server names what is wrong (e.g. an NIK that is not 16 digits): show it.
      const detail = res.error.message && res.error.message !== S.register.empty ? [res.error.message] : [];
      return setMessage([S.register.failed, ...detail]);
    }
    window.alert(S.register.networkError);
  };

  // `||`, not `??`: the build targets ES2019, which spells `??` out in many more bytes.
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
      />
    </div>
  );

  return (
    <main className={page}>
      <form className={`${card} ${form}`} onSubmit={submit} noValidate>
        {TEXT_FIELDS.map(textInput)}
        <DateOfBirth legend={S.register.tanggalLahir} name="reg-tgl" onChange={(iso) => setData((d) => ({ ...d, tgl_lahir: iso }))} />
        {CONTACT_FIELDS.map(textInput)}
        <div className={field}>
          <label className={label} htmlFor="reg-pekerjaan">
            {S.register.pekerjaan}
          </label>
          <select id="reg-pekerjaan" name="pekerjaan" className={input} value={data.pekerjaan} onChange={set('pekerjaan')} required>
            <option value="">{S.register.choose}</option>
            {OCCUPATIONS.map(([code, text]) => (
              <option value={code}>{text}</option>
            ))}
          </select>
        </div>
        <fieldset className={privacy}>
          <legend className={label}>{REGISTER.title}</legend>
          <p>{REGISTER.notice}</p>
          <label>
            <input
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
          {S.register.submit}
        </button>
      </form>
      {message && (
        <Dialog title={S.register.dialogTitle} onClose={() => setMessage(null)} actions={[{ label: S.close, onClick: () => setMessage(null) }]}>
          {message.map((m) => (
            <p>{m}</p>
          ))}
        </Dialog>
      )}
    </main>
  );
}

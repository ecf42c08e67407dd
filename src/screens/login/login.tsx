// Login ('/'): Nomor MR and Tanggal Lahir (docs/product.md §2, §4, §5, §8).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { NO_DATE } from '../../../common/birthdate.ts';
import { currentPushRegistration } from '../../push/registration.ts';
import { HOME, to } from '../../../common/routes.ts';
import { REDIRECT_MS, type Navigate } from '../../navigation.ts';
import { session } from '../../session/session.ts';
import { S } from '../../strings.ts';
import { DateOfBirth } from '../../ui/DateOfBirth.tsx';
import { NomrField, SubmitButton } from '../../ui/NomrField.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { InstallBar } from '../../ui/InstallBar.tsx';
import { card, page } from '../../ui/controls.css.ts';
import { button } from '../../ui/button.ts';
import * as css from '../../ui/login.css.ts';
import { NotificationNotice } from './notifications.tsx';
import { PasskeySignIn } from '../../ui/Passkey.tsx';

type Outcome = 'ok' | 'failed' | null;

export default function Login({ navigate }: { navigate: Navigate }) {
  const [nomr, setNomr] = useState('');
  const [birthDate, setBirthDate] = useState(NO_DATE);
  // Counts the submits: each one that finds a field to correct moves the focus to it.
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  /** Too many failures: the server says until when logins of this number wait. */
  const [lockNote, setLockNote] = useState<string | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const form = useRef<HTMLFormElement>(null);
  // A number typed before the prerendered page came alive (hydration keeps the field's text, not the state).
  useEffect(() => {
    const typed = (form.current?.elements.namedItem('nomr') as HTMLInputElement | null)?.value;
    if (typed) setNomr(typed);
  }, []);
  // After the render that marks them: the field is read out with its message.
  useEffect(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), [attempt]);

  const touched = attempt > 0;
  const nomrMissing = touched && !nomr.trim();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting) return;
    if (!nomr.trim() || birthDate.problem) return setAttempt((n) => n + 1);
    setSubmitting(true);
    const fcmtoken = await currentPushRegistration();
    // The API client comes with the first submit, not with the page: the login page's first
    // download stays small (the installed app has it precached).
    const [{ login }, typed] = await Promise.all([import('../../api/auth.ts'), import('../../ui/nomr-format.ts').then((m) => m.hospitalNomr(nomr))]);
    const res = await login({ medical_record_number: typed, birthdate: birthDate.iso, fcmtoken });
    setSubmitting(false);
    const token = res.ok ? res.data : undefined;
    if (!token?.access_token) {
      // 429: locked until when; 403: this patient signs in with a passkey, and how to recover;
      // 503: the hospital's system that decides logins does not answer (not the patient's data).
      setLockNote(!res.ok && [429, 403, 503].includes(res.error.httpStatus ?? 0) ? res.error.message : undefined);
      return setOutcome('failed');
    }
    // Stored now (docs/product.md §4); the session starts — and the guard leaves this page — only
    // after the welcome dialog has been seen for 2 seconds.
    const expiresIn = token.expires_in;
    const start = session.store({
      nomr: typed,
      birthDate: birthDate.iso,
      token: token.access_token,
      expiresAt: expiresIn && Date.now() + expiresIn * 1000,
    });
    setOutcome('ok');
    timer.current = setTimeout(() => {
      start();
      navigate(HOME, true);
    }, REDIRECT_MS);
  };

  return (
    <>
      <header className={css.header}>
        <h1 className={css.appName}>{S.appName}</h1>
        <p className={css.subtitle}>Masuk dengan Nomor MR dan Tanggal Lahir</p>
      </header>
      <main className={page}>
        <form ref={form} className={`${card} ${css.form}`} onSubmit={submit} noValidate>
          <NomrField id="nomr" value={nomr} onChange={setNomr} missing={nomrMissing} autoComplete="username" />
          <DateOfBirth legend={S.login.birthDate} onChange={setBirthDate} showError={touched} name="tgllahir" />
          <SubmitButton busy={submitting}>{S.login.submit}</SubmitButton>
          <PasskeySignIn
            onSignedIn={({ token, patient }) => {
              const expiresAt = token.expires_in ? Date.now() + token.expires_in * 1000 : undefined;
              // The phone's prompt was the confirmation: straight home, no welcome dialog in between.
              session.store({ nomr: patient.nomr, birthDate: patient.tgl_lahir, token: token.access_token, expiresAt })();
              navigate(HOME, true);
            }}
          />
          <a href={to('register')} className={button({ kind: 'secondary', block: true })}>
            {S.login.register}
          </a>
          <a href={to('checkRegistration')} className={css.link}>
            {S.login.checkRegistration}
          </a>
        </form>
        <NotificationNotice />
      </main>
      <footer className={css.footer}>{S.copyright(new Date().getFullYear())}</footer>
      <InstallBar />
      {outcome === 'ok' && (
        <Dialog title={S.login.okTitle} actions={[]}>
          <p>{S.login.okBody}</p>
        </Dialog>
      )}
      {outcome === 'failed' && (
        <Dialog
          title={S.login.failTitle}
          role="alertdialog"
          onClose={() => setOutcome(null)}
          actions={[{ label: S.notif.close, onClick: () => setOutcome(null) }]}
        >
          <p>{S.login.failBody}</p>
          {lockNote && <p>{lockNote}</p>}
        </Dialog>
      )}
    </>
  );
}

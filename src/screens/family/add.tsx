// 'Tambah Anggota Keluarga' (/tambahprofil): the login form for another patient, with the login
// page's fields, birth-date rule, failure dialog and lock message (the same login call, so the
// same throttle). The new profile becomes the active one and home opens on it, 2 seconds after
// the confirmation as after a login (spec section 9).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { NO_DATE } from '../../../common/birthdate.ts';
import { HOME } from '../../../common/routes.ts';
import { addFamilyProfile, type Added } from '../../data/family.ts';
import type { Navigate } from '../../navigation.ts';
import { allProfiles, MAX_PROFILES } from '../../session/profiles.ts';
import { S } from '../../strings.ts';
import { button } from '../../ui/button.ts';
import { card, field, fieldError, input, label, page } from '../../ui/controls.css.ts';
import { DateOfBirth } from '../../ui/DateOfBirth.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { REDIRECT_MS } from '../login/login.tsx';
import * as css from './family.css.ts';
import { FAMILY } from './strings.ts';

export default function AddProfile({ navigate }: { navigate: Navigate }) {
  const [nomr, setNomr] = useState('');
  const [birthDate, setBirthDate] = useState(NO_DATE);
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Added | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), [attempt]);

  const touched = attempt > 0;
  const nomrMissing = touched && !nomr.trim();
  const full = allProfiles().length >= MAX_PROFILES && outcome?.kind !== 'ok';

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting) return;
    if (!nomr.trim() || birthDate.problem) return setAttempt((n) => n + 1);
    setSubmitting(true);
    const added = await addFamilyProfile(nomr.trim(), birthDate.iso);
    setSubmitting(false);
    setOutcome(added);
    if (added.kind === 'ok') timer.current = setTimeout(() => navigate(HOME, true), REDIRECT_MS);
  };
  const close = () => setOutcome(null);

  if (full) {
    return (
      <main className={page}>
        <p className={`${card} ${css.note}`} role="status">
          {FAMILY.full(MAX_PROFILES)}
        </p>
      </main>
    );
  }

  return (
    <main className={page}>
      <form ref={form} className={`${card} ${css.form}`} onSubmit={submit} noValidate>
        <p className={css.note}>{FAMILY.intro}</p>
        <div className={field}>
          <label className={label} htmlFor="family-nomr">
            {S.login.nomr}
          </label>
          <input
            id="family-nomr"
            name="nomr"
            className={input}
            inputMode="numeric"
            // Not 'username': the browser must not offer to save it as this phone's own sign-in.
            autoComplete="off"
            value={nomr}
            onChange={(e) => setNomr(e.currentTarget.value)}
            aria-invalid={nomrMissing ? 'true' : undefined}
            aria-describedby={nomrMissing ? 'family-nomr-err' : undefined}
            required
          />
          {nomrMissing && (
            <span id="family-nomr-err" className={fieldError}>
              {S.required}
            </span>
          )}
        </div>
        <DateOfBirth legend={S.login.birthDate} onChange={setBirthDate} showError={touched} name="family-tgllahir" />
        <button type="submit" className={button({ kind: 'primary', block: true })} disabled={submitting} aria-busy={submitting}>
          {submitting && <Spinner small label={S.loading} />}
          {FAMILY.submit}
        </button>
      </form>
      {outcome?.kind === 'ok' && (
        <Dialog title={FAMILY.okTitle} actions={[]}>
          <p>{FAMILY.okBody(nomr.trim())}</p>
        </Dialog>
      )}
      {outcome?.kind === 'failed' && (
        <Dialog title={S.login.failTitle} role="alertdialog" onClose={close} actions={[{ label: S.notif.close, onClick: close }]}>
          <p>{S.login.failBody}</p>
          {outcome.note && <p>{outcome.note}</p>}
        </Dialog>
      )}
      {outcome?.kind === 'refused' && (
        <Dialog
          title={outcome.why === 'duplicate' ? FAMILY.duplicateTitle : FAMILY.fullTitle}
          role="alertdialog"
          onClose={close}
          actions={[{ label: S.notif.close, onClick: close }]}
        >
          <p>{outcome.why === 'duplicate' ? FAMILY.duplicate : FAMILY.full(MAX_PROFILES)}</p>
        </Dialog>
      )}
    </main>
  );
}

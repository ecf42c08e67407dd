// 'Tambah Anggota Keluarga' (/tambahprofil): the login form for another patient, with the login
// page's fields, birth-date rule and lock message (the same login call, so the same throttle), a
// refusal that says what went wrong for that person (not the login page's 'Login Gagal'), and the login page's 'Masuk dengan sidik jari' for a family member whose
// passkey is on this phone. The new profile becomes the active one and home opens on it, 2
// seconds after the confirmation as after a login (docs/product.md §9).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { NO_DATE } from '../../../common/birthdate.ts';
import { formatLong } from '../../../common/dates.ts';
import { HOME } from '../../../common/routes.ts';
import { addFamilyProfile, addPasskeyProfile, type Added } from '../../data/family.ts';
import { REDIRECT_MS, type Navigate } from '../../navigation.ts';
import { allProfiles, MAX_PROFILES } from '../../session/profiles.ts';
import { S } from '../../strings.ts';
import { card, page } from '../../ui/controls.css.ts';
import { DateOfBirth } from '../../ui/DateOfBirth.tsx';
import { NomrField, SubmitButton } from '../../ui/NomrField.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { PasskeySignIn } from '../../ui/Passkey.tsx';
import * as css from '../../family/family.css.ts';
import { FAMILY } from '../../family/strings.ts';

export default function AddProfile({ navigate }: { navigate: Navigate }) {
  const [nomr, setNomr] = useState('');
  const [birthDate, setBirthDate] = useState(NO_DATE);
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Added | null>(null);
  /** Whose profile was added: the number typed, or the passkey's patient. */
  const [added, setAdded] = useState('');
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
    // Loaded with the field (NomrField), apart from the code home loads.
    const typed = await (await import('../../ui/nomr-format.ts')).hospitalNomr(nomr);
    done(typed, await addFamilyProfile(typed, birthDate.iso));
  };
  const done = (who: string, result: Added) => {
    setSubmitting(false);
    setAdded(who);
    setOutcome(result);
    if (result.kind === 'ok') timer.current = setTimeout(() => navigate(HOME, true), REDIRECT_MS);
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
        {/* Not 'username': the browser must not offer to save it as this phone's own sign-in. */}
        <NomrField id="family-nomr" value={nomr} onChange={setNomr} missing={nomrMissing} autoComplete="off" />
        <DateOfBirth legend={S.login.birthDate} onChange={setBirthDate} showError={touched} name="family-tgllahir" />
        <SubmitButton busy={submitting}>{FAMILY.submit}</SubmitButton>
        <PasskeySignIn onSignedIn={async (signedIn) => done(signedIn.patient.nomr, await addPasskeyProfile(signedIn))} />
      </form>
      {outcome?.kind === 'ok' && (
        <Dialog title={FAMILY.okTitle} actions={[]}>
          <p>{FAMILY.okBody(added)}</p>
        </Dialog>
      )}
      {outcome?.kind === 'failed' && (
        <Dialog title={FAMILY.failed[outcome.why].title} role="alertdialog" onClose={close} actions={[{ label: S.notif.close, onClick: close }]}>
          <p>{FAMILY.failed[outcome.why].body(added, formatLong(birthDate.iso))}</p>
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

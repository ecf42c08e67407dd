// On Profil: 'Aktifkan masuk dengan sidik jari', always offered where the phone can hold a
// passkey, and the way to 'Perangkat & Kunci Masuk'.
import { useEffect, useState } from 'react';
import { to } from '../../common/routes.ts';
import { button } from '../ui/button.ts';
import { card } from '../ui/controls.css.ts';
import { menuCard } from '../ui/records.css.ts';
import { toasts } from '../notice/toasts.ts';
import { passkeysAvailable } from '../ui/Passkey.tsx';
import * as css from './devices.css.ts';
import { enrol } from './enrol.ts';
import { DEVICES } from './strings.ts';

export function ProfileLinks() {
  const [available, setAvailable] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => void passkeysAvailable().then(setAvailable), []);

  const add = async () => {
    setBusy(true);
    const done = await enrol();
    setBusy(false);
    toasts.show(done.ok ? DEVICES.enrolled : done.message, done.ok ? 'success' : 'error');
  };

  return (
    <section className={`${card} ${css.section}`} aria-label={DEVICES.passkeys}>
      {available && (
        <>
          <p className={css.intro}>{DEVICES.passkeysIntro}</p>
          <button type="button" className={button({ block: true })} onClick={add} disabled={busy} aria-busy={busy}>
            {DEVICES.enrol}
          </button>
        </>
      )}
      <a className={menuCard} href={to('devices')}>
        {DEVICES.title}
      </a>
    </section>
  );
}

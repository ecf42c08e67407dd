// A screen whose code could not be downloaded: a weak signal before the app was installed, or a
// new version that replaced the old files. Said plainly, with a way to try again, instead of a
// blank page under the top bar.
import { useState } from 'react';
import { S } from '../strings.ts';
import { button } from './button.ts';
import { page } from './controls.css.ts';
import { Spinner } from './Spinner.tsx';
import * as css from './ui.css.ts';

export function ScreenError({ retry }: { retry: () => Promise<void> }) {
  // aria-disabled rather than disabled while trying: a disabled button drops the keyboard focus.
  const [busy, setBusy] = useState(false);
  // A new key on every failed try, so a screen reader announces the message again.
  const [tries, setTries] = useState(0);
  const onClick = () => {
    if (busy) return;
    setBusy(true);
    retry().catch(() => {
      setBusy(false);
      setTries((n) => n + 1);
    });
  };
  return (
    <main className={page}>
      <p key={tries} className={`${css.banner} ${css.screenError}`} role="alert">
        {S.screenFailed}
      </p>
      <button type="button" className={button({ block: true })} onClick={onClick} aria-disabled={busy}>
        {busy && <Spinner small />}
        {S.reload}
      </button>
    </main>
  );
}

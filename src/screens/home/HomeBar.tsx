// Home's top bar: the drawer of histories, a refresh control and the account menu with Profile
// and Logout (spec section 2, Home).
import { useState } from 'preact/hooks';
import { logout } from '../../api/auth.ts';
import { to } from '../../routes.ts';
import { session } from '../../session/session.ts';
import { S } from '../../strings.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { AccountIcon, MenuIcon, RefreshIcon } from '../../ui/icons.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as css from './home.css.ts';

const DRAWER: Array<[string, () => string]> = [
  [S.home.drawer.consultations, to.consultations],
  [S.home.drawer.inpatient, to.inpatient],
  [S.home.drawer.procedures, to.procedureHistory],
  [S.home.drawer.examinations, to.examinations],
];

/** What Logout does (spec section 4): end the session on the server, clear everything, go to '/'. */
export async function signOut(): Promise<void> {
  // This phone stops getting the patient's notifications, then the session ends on the server.
  await import('../../push/subscribe.ts').then((m) => m.forgetPushRegistration()).catch(() => undefined);
  await logout().catch(() => undefined);
  session.signOut();
}

export function HomeBar({ onRefresh }: { onRefresh: () => void }) {
  const [open, setOpen] = useState<'drawer' | 'menu' | 'logout' | null>(null);
  const close = () => setOpen(null);
  return (
    <header class={ui.topBar}>
      <button type="button" class={ui.iconButton} aria-label={S.home.menu} aria-expanded={open === 'drawer'} onClick={() => setOpen('drawer')}>
        <MenuIcon />
      </button>
      <h1 class={ui.topTitle}>{S.home.title}</h1>
      <button type="button" class={ui.iconButton} aria-label={S.home.refresh} onClick={onRefresh}>
        <RefreshIcon />
      </button>
      <button type="button" class={ui.iconButton} aria-label={S.home.account} aria-haspopup="menu" aria-expanded={open === 'menu'} onClick={() => setOpen(open === 'menu' ? null : 'menu')}>
        <AccountIcon />
      </button>

      {open === 'drawer' && (
        <>
          <div class={css.scrim} onClick={close} />
          <nav class={css.drawer} aria-label={S.home.menu} onKeyDown={(e) => e.key === 'Escape' && close()}>
            {DRAWER.map(([label, href]) => (
              <a class={css.menuItem} href={href()} onClick={close}>
                {label}
              </a>
            ))}
          </nav>
        </>
      )}
      {open === 'menu' && (
        <>
          <div class={css.scrim} onClick={close} />
          <div class={css.menu} role="menu" aria-label={S.home.account}>
            <a role="menuitem" class={css.menuItem} href={to.profile()} onClick={close}>
              {S.home.profile}
            </a>
            <button role="menuitem" type="button" class={css.menuItem} onClick={() => setOpen('logout')}>
              {S.home.logout}
            </button>
          </div>
        </>
      )}
      {open === 'logout' && (
        <Dialog
          title={S.home.logoutTitle}
          onClose={close}
          actions={[
            { label: S.home.no, kind: 'plain', onClick: close },
            { label: S.home.yes, onClick: () => void signOut() },
          ]}
        >
          <p>{S.home.logoutBody}</p>
        </Dialog>
      )}
    </header>
  );
}

// Home's top bar: the drawer of histories, a refresh control and the account menu with Profile
// and Logout (spec section 2, Home).
import { useState } from 'react';
import { to } from '../../../common/routes.ts';
import { logout } from '../../session/logout.ts';
import { HOME } from './strings.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { AccountIcon, MenuIcon, RefreshIcon } from './icons.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as css from './home.css.ts';

const DRAWER: Array<[string, () => string]> = [
  [HOME.drawer.consultations, to.consultations],
  [HOME.drawer.inpatient, to.inpatient],
  [HOME.drawer.procedures, to.procedureHistory],
  [HOME.drawer.examinations, to.examinations],
];

export function HomeBar({ onRefresh }: { onRefresh: () => void }) {
  const [open, setOpen] = useState<'drawer' | 'menu' | 'logout' | null>(null);
  const close = () => setOpen(null);
  return (
    <header className={ui.topBar}>
      <button type="button" className={ui.iconButton} aria-label={HOME.menu} aria-expanded={open === 'drawer'} onClick={() => setOpen('drawer')}>
        <MenuIcon />
      </button>
      <h1 className={ui.topTitle}>{HOME.title}</h1>
      <button type="button" className={ui.iconButton} aria-label={HOME.refresh} onClick={onRefresh}>
        <RefreshIcon />
      </button>
      <button
        type="button"
        className={ui.iconButton}
        aria-label={HOME.account}
        aria-haspopup="menu"
        aria-expanded={open === 'menu'}
        onClick={() => setOpen(open === 'menu' ? null : 'menu')}
      >
        <AccountIcon />
      </button>

      {open === 'drawer' && (
        <>
          <div className={css.scrim} onClick={close} />
          <nav className={css.drawer} aria-label={HOME.menu} onKeyDown={(e) => e.key === 'Escape' && close()}>
            {DRAWER.map(([label, href]) => (
              <a className={css.menuItem} href={href()} onClick={close}>
                {label}
              </a>
            ))}
          </nav>
        </>
      )}
      {open === 'menu' && (
        <>
          <div className={css.scrim} onClick={close} />
          <div className={css.menu} role="menu" aria-label={HOME.account}>
            <a role="menuitem" className={css.menuItem} href={to.profile()} onClick={close}>
              {HOME.profile}
            </a>
            <button role="menuitem" type="button" className={css.menuItem} onClick={() => setOpen('logout')}>
              {HOME.logout}
            </button>
          </div>
        </>
      )}
      {open === 'logout' && (
        <Dialog
          title={HOME.logoutTitle}
          onClose={close}
          actions={[
            { label: HOME.no, kind: 'plain', onClick: close },
            { label: HOME.yes, onClick: () => void logout() },
          ]}
        >
          <p>{HOME.logoutBody}</p>
        </Dialog>
      )}
    </header>
  );
}

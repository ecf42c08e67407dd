// The top bar's drawer of histories, its account menu and the logout questions (docs/product.md §2,
// Home), loaded with the first tap on the bar's menu or account button rather than with home
// (docs/performance.md): they lie over the screen, so nothing moves while they load (a moment; the
// service worker has them precached). The buttons themselves and the family bar stay in HomeBar.
import { useEffect, useRef, type RefObject } from 'react';
import { to, type PlainRoute } from '../../../common/routes.ts';
import { logout, logoutAll } from '../../session/logout.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FAMILY } from '../../family/strings.ts';
import * as css from './home.css.ts';
import { HOME } from './strings.ts';

export type Open = 'drawer' | 'menu' | 'logout' | 'logoutAll';

const DRAWER: Array<[string, PlainRoute]> = [
  [HOME.drawer.consultations, 'consultations'],
  [HOME.drawer.inpatient, 'inpatient'],
  [HOME.drawer.procedures, 'procedureHistory'],
  [HOME.drawer.examinations, 'examinations'],
];

/**
 * The drawer or the account menu: the focus goes to its first entry when it opens; Escape closes it
 * from anywhere and gives the focus back to the button that opened it.
 */
export function Popup({
  open,
  setOpen,
  opener,
  several,
}: {
  open: 'drawer' | 'menu';
  setOpen: (o: Open | null) => void;
  opener: RefObject<HTMLButtonElement | null>;
  /** Other family profiles are on the phone: Logout is the active one's, and 'all' is offered. */
  several: boolean;
}) {
  const popup = useRef<HTMLElement & HTMLDivElement>(null);
  const close = () => setOpen(null);
  useEffect(() => {
    popup.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(null);
      opener.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <div className={css.scrim} onClick={close} />
      {open === 'drawer' ? (
        <nav ref={popup} className={css.drawer} aria-label={HOME.menu}>
          {DRAWER.map(([label, name]) => (
            <a className={css.menuItem} href={to(name)} onClick={close}>
              {label}
            </a>
          ))}
        </nav>
      ) : (
        <div ref={popup} className={css.menu} role="menu" aria-label={HOME.account}>
          <a role="menuitem" className={css.menuItem} href={to('profile')} onClick={close}>
            {HOME.profile}
          </a>
          <a role="menuitem" className={css.menuItem} href={to('addProfile')} onClick={close}>
            {FAMILY.add}
          </a>
          <button role="menuitem" type="button" className={css.menuItem} onClick={() => setOpen('logout')}>
            {several ? FAMILY.logoutOne : HOME.logout}
          </button>
          {several && (
            <button role="menuitem" type="button" className={css.menuItem} onClick={() => setOpen('logoutAll')}>
              {FAMILY.logoutAll}
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** 'Logout' asked (the active profile's when there are others), or 'Keluar dari semua profil'. */
export function LogoutDialog({ all, several, activeName, close }: { all: boolean; several: boolean; activeName: string; close: () => void }) {
  return all ? (
    <Dialog
      title={FAMILY.logoutAll}
      onClose={close}
      actions={[
        { label: HOME.no, kind: 'plain', onClick: close },
        { label: HOME.yes, onClick: () => (close(), void logoutAll()) },
      ]}
    >
      <p>{FAMILY.logoutAllBody}</p>
    </Dialog>
  ) : (
    <Dialog
      title={several ? FAMILY.logoutOne : HOME.logoutTitle}
      onClose={close}
      actions={[
        { label: HOME.no, kind: 'plain', onClick: close },
        { label: HOME.yes, onClick: () => (close(), void logout()) },
      ]}
    >
      <p>{several ? FAMILY.logoutOneBody(activeName) : HOME.logoutBody}</p>
    </Dialog>
  );
}

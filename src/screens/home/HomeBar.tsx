// Home's top bar: the drawer of histories, a refresh control and the account menu with Profile
// and Logout (docs/product.md §2, Home), and 'Tambah Anggota Keluarga'. On a phone that looks after
// several patients it also says whose home this is (name and MR number) and switches to another
// profile in one tap; Logout then signs out the active profile only, and the menu adds 'Keluar
// dari semua profil'. A notification's link (/home?profil=<nomr>) opens that profile's home.
import { memo, useEffect, useRef, useState } from 'react';
import { to } from '../../../common/routes.ts';
import { useRead } from '../../data/hooks.ts';
import * as reads from '../../data/reads.ts';
import { logout, logoutAll } from '../../session/logout.ts';
import { displayName, remember, switchTo } from '../../session/profiles.ts';
import { session } from '../../session/session.ts';
import { HOME } from './strings.ts';
import { FAMILY } from '../family/strings.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { AccountIcon, MenuIcon, RefreshIcon } from './icons.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as css from './home.css.ts';
import * as family from '../family/family.css.ts';

const DRAWER: Array<[string, () => string]> = [
  [HOME.drawer.consultations, to.consultations],
  [HOME.drawer.inpatient, to.inpatient],
  [HOME.drawer.procedures, to.procedureHistory],
  [HOME.drawer.examinations, to.examinations],
];

/** The profile a notification's link names, once: it becomes the active one if it is on the phone. */
function useProfileFromLink() {
  useEffect(() => {
    const wanted = new URLSearchParams(location.search).get('profil');
    if (!wanted) return;
    switchTo(wanted);
    history.replaceState(history.state, '', location.pathname);
  }, []);
}

export const HomeBar = memo(function HomeBar({ onRefresh }: { onRefresh: () => void }) {
  const [open, setOpen] = useState<'drawer' | 'menu' | 'logout' | 'logoutAll' | null>(null);
  const close = () => setOpen(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerButton = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLElement & HTMLDivElement>(null);
  // The drawer and the account menu take the focus to their first entry when they open; Escape
  // closes them from anywhere and gives the focus back to the button that opened them.
  const layer = open === 'drawer' || open === 'menu' ? open : null;
  useEffect(() => {
    if (!layer) return;
    popup.current?.querySelector<HTMLElement>('a, button')?.focus();
    const opener = layer === 'drawer' ? drawerButton.current : menuButton.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(null);
      opener?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [layer]);
  useProfileFromLink();
  // The welcome's read (no second call): the name the other profiles' lines and messages use.
  const [profile] = useRead(reads.profile);
  const active = session.current.value;
  const nama = profile.state === 'error' ? undefined : profile.data?.nama;
  useEffect(() => {
    if (active && nama) remember(active.nomr, { nama });
  }, [active?.nomr, nama]);
  const others = session.others.value;
  const activeName = nama ?? (active ? displayName(active) : '');
  return (
    <>
      <header className={ui.topBar}>
        <button
          ref={drawerButton}
          type="button"
          className={ui.iconButton}
          aria-label={HOME.menu}
          aria-expanded={open === 'drawer'}
          onClick={() => setOpen('drawer')}
        >
          <MenuIcon />
        </button>
        <h1 className={ui.topTitle}>{HOME.title}</h1>
        <button type="button" className={ui.iconButton} aria-label={HOME.refresh} onClick={onRefresh}>
          <RefreshIcon />
        </button>
        <button
          type="button"
          className={ui.iconButton}
          ref={menuButton}
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
            <nav ref={popup} className={css.drawer} aria-label={HOME.menu}>
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
            <div ref={popup} className={css.menu} role="menu" aria-label={HOME.account}>
              <a role="menuitem" className={css.menuItem} href={to.profile()} onClick={close}>
                {HOME.profile}
              </a>
              <a role="menuitem" className={css.menuItem} href={to.addProfile()} onClick={close}>
                {FAMILY.add}
              </a>
              <button role="menuitem" type="button" className={css.menuItem} onClick={() => setOpen('logout')}>
                {others.length ? FAMILY.logoutOne : HOME.logout}
              </button>
              {others.length > 0 && (
                <button role="menuitem" type="button" className={css.menuItem} onClick={() => setOpen('logoutAll')}>
                  {FAMILY.logoutAll}
                </button>
              )}
            </div>
          </>
        )}
      </header>
      {/* Outside the bar: a dialog takes none of its colours. */}
      {open === 'logout' && (
        <Dialog
          title={others.length ? FAMILY.logoutOne : HOME.logoutTitle}
          onClose={close}
          actions={[
            { label: HOME.no, kind: 'plain', onClick: close },
            { label: HOME.yes, onClick: () => (close(), void logout()) },
          ]}
        >
          <p>{others.length ? FAMILY.logoutOneBody(activeName) : HOME.logoutBody}</p>
        </Dialog>
      )}
      {open === 'logoutAll' && (
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
      )}
      {/* Under the bar, not in it: the sticky bar stays one row high, also at large text. */}
      {active && others.length > 0 && (
        <section className={family.bar} aria-label={FAMILY.active}>
          <p className={family.active}>
            {FAMILY.active}: <strong>{activeName}</strong> · {FAMILY.mr(active.nomr)}
          </p>
          <ul className={family.chips}>
            {others.map((p) => (
              <li>
                <button type="button" className={family.chip} onClick={() => switchTo(p.nomr)}>
                  {FAMILY.switchTo(displayName(p))}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
});

// Home's top bar: the drawer of histories, a refresh control and the account menu with Profile
// and Logout (docs/product.md §2, Home), and 'Tambah Anggota Keluarga'. On a phone that looks after
// several patients it also says whose home this is (name and MR number) and switches to another
// profile in one tap; Logout then signs out the active profile only, and the menu adds 'Keluar
// dari semua profil'. A notification's link (/home?profil=<nomr>) opens that profile's home.
import { memo, useEffect, useRef, useState } from 'react';
import { useRead } from '../../data/hooks.ts';
import * as reads from '../../data/reads.ts';
import { displayName, remember, switchTo } from '../../session/profiles.ts';
import { session } from '../../session/session.ts';
import { HOME } from './strings.ts';
import { PROFILE } from '../../family/profile-strings.ts';
import { AccountIcon, MenuIcon, RefreshIcon } from './icons.tsx';
import * as ui from '../../ui/ui.css.ts';
import * as family from '../../family/family.css.ts';
import type * as Menus from './menus.tsx';
import type { Open } from './menus.tsx';

/** The drawer, the account menu and the logout questions (menus.tsx), loaded with the first tap. */
const loadMenus = () => import('./menus.tsx');

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
  const [open, setOpen] = useState<Open | null>(null);
  const [menus, setMenus] = useState<typeof Menus | null>(null);
  const close = () => setOpen(null);
  const show = (which: Open | null) => {
    setOpen(which);
    if (which && !menus) void loadMenus().then((m) => setMenus(m), close);
  };
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerButton = useRef<HTMLButtonElement>(null);
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
          onClick={() => show('drawer')}
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
          onClick={() => show(open === 'menu' ? null : 'menu')}
        >
          <AccountIcon />
        </button>

        {menus && (open === 'drawer' || open === 'menu') && (
          <menus.Popup open={open} setOpen={show} opener={open === 'drawer' ? drawerButton : menuButton} several={others.length > 0} />
        )}
      </header>
      {/* Outside the bar: a dialog takes none of its colours. */}
      {menus && (open === 'logout' || open === 'logoutAll') && (
        <menus.LogoutDialog all={open === 'logoutAll'} several={others.length > 0} activeName={activeName} close={close} />
      )}
      {/* Under the bar, not in it: the sticky bar stays one row high, also at large text. */}
      {active && others.length > 0 && (
        <section className={family.bar} aria-label={PROFILE.active}>
          <p className={family.active}>
            {PROFILE.active}: <strong>{activeName}</strong> · {PROFILE.mr(active.nomr)}
          </p>
          <ul className={family.chips}>
            {others.map((p) => (
              <li>
                <button type="button" className={family.chip} onClick={() => switchTo(p.nomr)}>
                  {PROFILE.switchTo(displayName(p))}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
});

import type { ReactNode } from 'react';
import { HOME, parentOf } from '../../common/routes.ts';
import { hasEarlierScreen, type Navigate } from '../navigation.ts';
import { S } from '../strings.ts';
import { BackIcon } from './icons.tsx';
import * as css from './ui.css.ts';

/**
 * The top bar of every signed-in screen but home: a back arrow and the title. The arrow returns
 * to the previous screen of the app; opened straight from a link, a notification or another
 * site, it goes up to the screen's parent by the route facts instead of leaving the app. That
 * step replaces the entry, so the phone's own back button then leaves as it came.
 */
export function TopBar({ title, navigate, children }: { title: string; navigate: Navigate; children?: ReactNode }) {
  const back = () => (hasEarlierScreen() ? history.back() : navigate(parentOf(location.pathname) ?? HOME, true));
  return (
    <header className={css.topBar}>
      <button type="button" className={css.iconButton} aria-label={S.back} onClick={back}>
        <BackIcon />
      </button>
      <h1 className={css.topTitle}>{title}</h1>
      {children}
    </header>
  );
}

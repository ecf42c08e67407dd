import type { ReactNode } from 'react';
import { HOME } from '../../common/routes.ts';
import type { Navigate } from '../navigation.ts';
import { S } from '../strings.ts';
import { BackIcon } from './icons.tsx';
import * as css from './ui.css.ts';

/** The top bar of every signed-in screen but home: a back arrow and the title. */
export function TopBar({ title, navigate, children }: { title: string; navigate: Navigate; children?: ReactNode }) {
  // Opened straight from a notification or a link, there is no page to go back to: go home.
  const back = () => (history.length > 1 ? history.back() : navigate(HOME));
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

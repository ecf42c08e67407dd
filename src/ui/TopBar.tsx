import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { HOME } from '../../common/routes.ts';
import { S } from '../strings.ts';
import { BackIcon } from './icons.tsx';
import * as css from './ui.css.ts';

/** The top bar of every signed-in screen but home: a back arrow and the title. */
export function TopBar({ title, children }: { title: string; children?: ComponentChildren }) {
  const { route } = useLocation();
  // Opened straight from a notification or a link, there is no page to go back to: go home.
  const back = () => (history.length > 1 ? history.back() : route(HOME));
  return (
    <header class={css.topBar}>
      <button type="button" class={css.iconButton} aria-label={S.back} onClick={back}>
        <BackIcon />
      </button>
      <h1 class={css.topTitle}>{title}</h1>
      {children}
    </header>
  );
}

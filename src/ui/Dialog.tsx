// A modal dialog: labelled by its title, focus moved in and kept there, Escape and a click
// outside close it (docs/product.md §4: the registration dialog closes on an outside click). Closed,
// it hands the focus back to what opened it, so a keyboard or screen reader user goes on from
// where they were, not from the top of the page.
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { button } from './button.ts';
import * as css from './ui.css.ts';

// The elements focused most recently, newest last. Not just document.activeElement when the
// dialog opens: a submit button is disabled while its call runs (Chromium then moves the focus to
// <body>), and a menu item that opened a dialog is gone once the menu closes — the one before it
// (the menu's button) is where to go back to.
const recent: Element[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (e) => {
    const el = e.target as Element;
    const at = recent.indexOf(el);
    if (at >= 0) recent.splice(at, 1);
    if (recent.push(el) > 8) recent.shift();
  });
}

const usable = (el: Element | null | undefined, dialog: Element | null): el is HTMLElement =>
  !!el && el.isConnected && !dialog?.contains(el) && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0;

/** Where focus goes with no opener to go back to (a dialog opened on load): the page's title. */
function pageHeading(): HTMLElement | null {
  const h = document.querySelector<HTMLElement>('main h1, h1') ?? document.querySelector<HTMLElement>('main');
  if (h && !h.hasAttribute('tabindex')) h.tabIndex = -1;
  return h;
}

export interface DialogAction {
  label: string;
  onClick: () => void;
  kind?: 'primary' | 'secondary' | 'plain';
}

interface Props {
  title: string;
  children?: ReactNode;
  actions: DialogAction[];
  onClose?: () => void;
  role?: 'dialog' | 'alertdialog';
  /** Where the focus goes on close instead of the opener (e.g. the first field to correct). */
  returnFocus?: () => HTMLElement | null | undefined;
}

export function Dialog({ title, children, actions, onClose, role = 'dialog', returnFocus }: Props) {
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);
  // Taken as the dialog first renders, before it moves the focus in.
  const [openers] = useState(() => recent.slice().reverse());
  const back = useRef(returnFocus);
  back.current = returnFocus;

  useLayoutEffect(() => {
    const root = box.current;
    // A dialog without buttons ('Login Berhasil') takes the focus itself, so a screen reader
    // announces it instead of staying on the control behind it.
    (box.current?.querySelector<HTMLElement>('button') ?? box.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && onClose) onClose();
      if (e.key === 'Tab' && box.current) trapTab(e, box.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Left alone when the closing action has put the focus somewhere itself.
      const now = document.activeElement;
      if (now && now !== document.body && !root?.contains(now)) return;
      const wanted = back.current?.();
      const target = usable(wanted, root) ? wanted : (openers.find((el): el is HTMLElement => usable(el, root)) ?? pageHeading());
      target?.focus();
    };
  }, []);

  return (
    <div className={css.backdrop} onClick={(e) => e.target === e.currentTarget && onClose?.()}>
      <div
        ref={box}
        className={css.dialog}
        role={role}
        aria-modal="true"
        tabIndex={-1}
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
      >
        <div className={css.dialogScroll}>
          <h2 id={titleId} className={css.dialogTitle}>
            {title}
          </h2>
          {children && <div id={bodyId}>{children}</div>}
        </div>
        <div className={css.dialogActions}>
          {actions.map((a) => (
            <button type="button" className={button({ kind: a.kind ?? 'primary' })} onClick={a.onClick}>
              {a.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

function trapTab(e: KeyboardEvent, root: HTMLElement): void {
  const focusable = root.querySelectorAll<HTMLElement>('button, [href], input, select, textarea');
  if (!focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

// A modal dialog: labelled by its title, focus moved in and kept there, Escape and a click
// outside close it (spec section 4: the registration dialog closes on an outside click).
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { button } from './button.ts';
import * as css from './ui.css.ts';

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
}

export function Dialog({ title, children, actions, onClose, role = 'dialog' }: Props) {
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
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
      previous?.focus?.();
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
        <h2 id={titleId} className={css.dialogTitle}>
          {title}
        </h2>
        {children && <div id={bodyId}>{children}</div>}
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

import { toasts } from '../notice/toasts.ts';
import * as css from './ui.css.ts';

const KIND_CLASS: Record<string, string> = { success: css.toastSuccess, error: css.toastError, info: '' };

export function Toasts() {
  const list = toasts.list.value;
  return (
    <div className={css.toastStack} role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`${css.toast} ${KIND_CLASS[t.kind]}`}>
          {t.title && <strong>{t.title}: </strong>}
          {t.text}
        </div>
      ))}
    </div>
  );
}

import { S } from '../strings.ts';
import * as css from './ui.css.ts';

/** A spinner with its text for screen readers. */
export function Spinner({ label = S.loading, small = false }: { label?: string; small?: boolean }) {
  return <span className={small ? `${css.spinner} ${css.spinnerSmall}` : css.spinner} role="status" aria-label={label} />;
}

export function Loading({ label = S.loading }: { label?: string }) {
  return (
    <div className={css.center}>
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

export function ErrorBanner({ text }: { text: string }) {
  return (
    <div className={css.banner} role="alert">
      {text}
    </div>
  );
}

// Says plainly when the phone is offline, instead of letting calls fail one by one.
import { signal } from '@preact/signals';
import { S } from '../strings.ts';
import * as css from './ui.css.ts';

const online = signal(typeof navigator === 'undefined' ? true : navigator.onLine);
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => (online.value = true));
  window.addEventListener('offline', () => (online.value = false));
}

export function OfflineBanner() {
  if (online.value) return null;
  return (
    <div class={css.offline} role="status">
      {S.offline}
    </div>
  );
}

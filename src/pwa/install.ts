// The browser's install offer (beforeinstallprompt), caught as early as main.tsx runs: it fires
// about 150 ms after load, before a lazily loaded screen would be listening.
import { computed, signal } from '@preact/signals';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const offer = signal<InstallPromptEvent | null>(null);

export const install = {
  /** True only while the browser offers installation. */
  available: computed(() => offer.value !== null),
  async prompt(): Promise<void> {
    const e = offer.value;
    if (!e) return;
    await e.prompt();
    // An offer can be used once; a dismissed one comes back with the next beforeinstallprompt.
    offer.value = null;
    await e.userChoice.catch(() => undefined);
  },
  listen(target: Window = window): void {
    target.addEventListener('beforeinstallprompt', (e) => {
      e.preventDefault();
      offer.value = e as InstallPromptEvent;
    });
    target.addEventListener('appinstalled', () => (offer.value = null));
  },
};

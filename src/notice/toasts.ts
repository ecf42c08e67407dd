// App-wide toasts (docs/product.md §9): 4 s by default, 2 s for success, at most 20 at once.
// Below ui/, session/ and pwa/, which all show them (ui/Toasts.tsx draws them, session/profiles.ts
// tells whose session ended, pwa/update.ts offers the new version): it imports nothing of the app.
import { computed, signal } from '@preact/signals';

export type ToastKind = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  title?: string;
  text: string;
}

const TOAST_MS: Record<ToastKind, number> = { info: 4000, success: 2000, error: 4000 };
export const MAX_TOASTS = 20;

export function createToasts(schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
  const list = signal<Toast[]>([]);
  let next = 1;
  const dismiss = (id: number) => {
    list.value = list.value.filter((t) => t.id !== id);
  };
  return {
    list: computed(() => list.value),
    show(text: string, kind: ToastKind = 'info', title?: string): number {
      const id = next++;
      list.value = [...list.value, { id, kind, text, title }].slice(-MAX_TOASTS);
      schedule(() => dismiss(id), TOAST_MS[kind]);
      return id;
    },
    dismiss,
  };
}

export const toasts = createToasts();

// The phone's store (src/data/device.ts) in memory, for the unit tests of the cache and of the
// family's profiles: what a test saves stays readable in `saved`.
import type { DeviceStore, Saved } from '../../src/data/device.ts';

/** The phone's store, in memory. */
export function phone(): DeviceStore & { saved: Map<string, Saved> } {
  const saved = new Map<string, Saved>();
  return {
    saved,
    get: async (k) => saved.get(k),
    set: async (k, v) => void saved.set(k, v),
    del: async (k) => void saved.delete(k),
    keys: async () => [...saved.keys()],
    clear: async () => saved.clear(),
  };
}

// The cancel dialog, loaded with the first tap on 'Batalkan' rather than with home: most visits to
// home cancel nothing (docs/performance.md). The service worker has it precached, so the tap
// works offline as well; while it loads (a moment), nothing is drawn.
import { useEffect, useState, type ComponentProps } from 'react';
import type * as Cancel from './cancel.tsx';

type Props = ComponentProps<typeof Cancel.CancelDialog>;

export function CancelDialog(props: Props) {
  const [Loaded, setLoaded] = useState<typeof Cancel.CancelDialog | null>(null);
  useEffect(() => {
    let live = true;
    void import('./cancel.tsx').then((m) => live && setLoaded(() => m.CancelDialog));
    return () => {
      live = false;
    };
  }, []);
  return Loaded ? <Loaded {...props} /> : null;
}

// The channel choice, loaded after the profile itself: most visits to /profil change nothing, and
// its form stays out of the page's first bytes (docs/performance.md). Its chunk is not precached
// (vite.config.ts): it reads and saves through the API, so offline it has nothing to show, and a
// failed load shows nothing.
import { useEffect, useState, type ComponentProps } from 'react';
import type * as Choice from './notice-choice.tsx';

export function NoticeChoice(props: ComponentProps<typeof Choice.NoticeChoiceCard>) {
  const [Loaded, setLoaded] = useState<typeof Choice.NoticeChoiceCard | null>(null);
  useEffect(() => {
    let live = true;
    void import('./notice-choice.tsx').then(
      (m) => live && setLoaded(() => m.NoticeChoiceCard),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return Loaded ? <Loaded {...props} /> : null;
}

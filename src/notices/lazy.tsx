// The channel choice, loaded after the profile itself: most visits to /profil change nothing, and
// its form stays out of the page's first bytes (docs/performance.md).
import { useEffect, useState, type ComponentProps } from 'react';
import type * as Choice from './choice.tsx';

export function NoticeChoice(props: ComponentProps<typeof Choice.NoticeChoiceCard>) {
  const [Loaded, setLoaded] = useState<typeof Choice.NoticeChoiceCard | null>(null);
  useEffect(() => {
    let live = true;
    void import('./choice.tsx').then((m) => live && setLoaded(() => m.NoticeChoiceCard));
    return () => {
      live = false;
    };
  }, []);
  return Loaded ? <Loaded {...props} /> : null;
}

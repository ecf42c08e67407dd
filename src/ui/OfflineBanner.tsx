// Says plainly when the phone is offline, instead of letting calls fail one by one.
import { useEffect, useState } from 'react';
import { S } from '../strings.ts';
import * as css from './ui.css.ts';

// Node 22+ has a navigator without onLine (the prerender runs there): only false is offline.
const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

export function OfflineBanner() {
  const [online, setOnline] = useState(isOnline);
  useEffect(() => {
    // Read again on mount: the connection may have changed between the first render and now.
    setOnline(isOnline());
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  if (online) return null;
  return (
    <div className={css.offline} role="status">
      {S.offline}
    </div>
  );
}

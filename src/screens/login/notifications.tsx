// The notification dialogs and notice of the login screen (docs/product.md §2 and §4). A denied or
// unanswered permission never blocks login (docs/decisions.md D5): it only shows the guide. The dialog
// opens on load only while notifications are not allowed; once they are, the green notice says
// so and the dialog stays closed, also when they are allowed in the site settings meanwhile.
import { useEffect, useState } from 'react';
import { S } from '../../strings.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import * as css from '../../ui/login.css.ts';

type Permission = 'default' | 'granted' | 'denied' | 'unsupported';

function readPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

export function NotificationNotice() {
  // Unknown until hydrated: the prerendered page cannot know the browser's permission.
  const [permission, setPermission] = useState<Permission | null>(null);
  const [asking, setAsking] = useState(false);
  const [guide, setGuide] = useState(false);

  useEffect(() => {
    const p = readPermission();
    setPermission(p);
    if (p !== 'granted') setAsking(true);
    // Allowed or blocked in the browser's settings while the page is open (the guide's steps).
    let status: PermissionStatus | undefined;
    const changed = () => {
      const now = readPermission();
      setPermission(now);
      if (now === 'granted') setAsking(false);
    };
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', changed);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', changed);
  }, []);

  const proceed = async () => {
    setAsking(false);
    // Blocked, or no notifications in this browser: asking again would do nothing, the guide helps.
    if (typeof Notification === 'undefined' || Notification.permission === 'denied') return setGuide(true);
    const answer = await Notification.requestPermission().catch(() => 'denied' as const);
    setPermission(answer);
    if (answer !== 'granted') setGuide(true);
  };

  return (
    <div className={css.noticeSlot}>
      {permission === 'granted' && (
        <p className={css.granted} role="status">
          {S.notif.granted}
        </p>
      )}
      {(permission === 'denied' || permission === 'unsupported') && (
        <button type="button" className={css.denied} onClick={() => setGuide(true)}>
          {S.notif.denied}
        </button>
      )}
      {asking && (
        <Dialog
          title={S.notif.askTitle}
          onClose={() => setAsking(false)}
          actions={[
            { label: S.notif.close, kind: 'plain', onClick: () => setAsking(false) },
            { label: S.notif.proceed, onClick: () => void proceed() },
          ]}
        >
          <p>{S.notif.askBody}</p>
        </Dialog>
      )}
      {guide && (
        <Dialog title={S.notif.guideTitle} onClose={() => setGuide(false)} actions={[{ label: S.notif.close, onClick: () => setGuide(false) }]}>
          <ol className={css.steps}>
            {S.notif.guideSteps.map((step) => (
              <li>{step}</li>
            ))}
          </ol>
        </Dialog>
      )}
    </div>
  );
}

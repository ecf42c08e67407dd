// The phone's other family profiles on home, above the active patient's cards: one compact line
// each with the name, the next appointment (date, clinic) and, on the day, the clinic queue. Each
// is read with that profile's own token; a profile whose token the server refuses is signed out
// alone (data/family.ts). Read again with home's cards: on return to the app and on a push.
import { memo, useEffect, useState } from 'react';
import { formatDate } from '../../common/dates.ts';
import { glance, linkPhone } from '../data/family.ts';
import { useRead } from '../data/hooks.ts';
import { PUSH_EVENT } from '../push/foreground.ts';
import { displayName, type Profile } from '../session/profiles.ts';
import { session } from '../session/session.ts';
import { S } from '../strings.ts';
import { card } from '../ui/controls.css.ts';
import * as css from './family.css.ts';
import { FAMILY } from './strings.ts';

function OtherProfile({ profile, version }: { profile: Profile; version: number }) {
  const [g, reload] = useRead(glance(profile));
  useEffect(() => {
    if (version) reload();
  }, [version]);
  const data = g.state === 'error' ? undefined : g.data;
  const next = data?.next;
  const today = data?.today;
  return (
    <li className={css.line}>
      <strong>{data?.nama ?? displayName(profile)}</strong>
      <span className={css.detail}>
        {g.state === 'error' || data?.partial
          ? FAMILY.unknown
          : !data
            ? S.loading
            : next
              ? `${formatDate(next.tanggal_janji, 'day')} · ${next.departemen}`
              : FAMILY.noAppointment}
      </span>
      {today && (
        <span className={today.status === 'dipanggil' ? css.called : css.detail}>
          {FAMILY.queue(today.no_urut, FAMILY.status[today.status ?? ''] ?? today.status ?? '')}
          {today.status === 'menunggu' && today.sisa_antrian != null ? ` (${FAMILY.ahead(today.sisa_antrian)})` : ''}
        </span>
      )}
    </li>
  );
}

/** Nothing on a phone with one patient. */
export const FamilyLines = memo(function FamilyLines() {
  const others = session.others.value;
  const [version, setVersion] = useState(0);
  const several = others.length > 0;
  useEffect(() => {
    if (!several) return;
    // A profile just added, or a registration renewed: the phone linked to every patient on it.
    void linkPhone();
    const again = () => setVersion((n) => n + 1);
    const onVisible = () => document.visibilityState === 'visible' && again();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(PUSH_EVENT, again);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(PUSH_EVENT, again);
    };
  }, [several]);
  if (!several) return null;
  return (
    <section className={`${card} ${css.lines}`} aria-label={FAMILY.others}>
      <h2 className={css.title}>{FAMILY.others}</h2>
      <ul className={css.list}>
        {others.map((p) => (
          <OtherProfile key={p.nomr} profile={p} version={version} />
        ))}
      </ul>
    </section>
  );
});

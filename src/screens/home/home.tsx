// Home (/home): welcome, shortcuts and the three cards; queues refresh when the app comes back
// to the foreground and on the refresh control (queues change by the minute).
import { useEffect } from 'react';
import { useRead } from '../../data/hooks.ts';
import * as reads from '../../data/reads.ts';
import { failure } from '../../data/resource.ts';
import { PUSH_EVENT } from '../../push/foreground.ts';
import { to } from '../../../common/routes.ts';
import { session } from '../../session/session.ts';
import { HOME } from './strings.ts';
import { page } from '../../ui/controls.css.ts';
import { AppointmentsCard, ClinicQueueCard, PharmacyQueueCard } from './cards.tsx';
import { HomeBar } from './HomeBar.tsx';
import * as css from './home.css.ts';

export default function Home() {
  const [profile] = useRead(reads.profile);
  const [upcoming, reloadUpcoming] = useRead(reads.upcoming);
  const [clinic, reloadClinic] = useRead(reads.clinicQueue);
  const [pharmacy, reloadPharmacy] = useRead(reads.pharmacyQueue);
  const refresh = () => {
    reloadUpcoming();
    reloadClinic();
    reloadPharmacy();
  };

  // Spec section 4: if the profile cannot be read, the session is ended.
  const profileFailed = failure(profile)?.kind;
  useEffect(() => {
    if (profileFailed && profileFailed !== 'offline') session.signOut();
  }, [profileFailed]);

  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    document.addEventListener('visibilitychange', onVisible);
    // A number called or medicine ready: the cards show it at once.
    window.addEventListener(PUSH_EVENT, refresh);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(PUSH_EVENT, refresh);
    };
  }, []);

  return (
    <>
      <HomeBar onRefresh={refresh} />
      <main className={page}>
        <p className={css.welcome}>
          {HOME.welcome} {profile.state === 'error' ? '' : profile.data?.nama}
        </p>
        <nav className={css.shortcuts} aria-label="Pintasan">
          <a className={css.shortcut} href={to.clinicBooking()}>
            {HOME.shortcuts.booking}
          </a>
          <a className={css.shortcut} href={to.procedures()}>
            {HOME.shortcuts.procedures}
          </a>
          <a className={css.shortcut} href={to.doctors()}>
            {HOME.shortcuts.doctors}
          </a>
        </nav>
        <AppointmentsCard resource={upcoming} />
        <ClinicQueueCard resource={clinic} />
        <PharmacyQueueCard resource={pharmacy} />
      </main>
    </>
  );
}

// Home (/home): welcome, 'Hari ini' (what matters today, first), shortcuts and the three cards; queues refresh when the app comes back
// to the foreground and on the refresh control (queues change by the minute). The profile decides
// the forced logout: only a refusal by the server ends the session.
import { useCallback, useEffect, useState } from 'react';
import { useRead } from '../../data/hooks.ts';
import * as reads from '../../data/reads.ts';
import { unreachable } from '../../data/cache.ts';
import { useLiveClinicQueue } from '../../data/visit.ts';
import { failure, refused } from '../../data/resource.ts';
import { PUSH_EVENT } from '../../push/foreground.ts';
import { to } from '../../../common/routes.ts';
import { forcedLogout } from '../../session/logout.ts';
import { HOME } from './strings.ts';
import { page } from '../../ui/controls.css.ts';
import { RetryNotice } from '../../ui/ResourceView.tsx';
import { Loading } from '../../ui/Spinner.tsx';
import type { Resource } from '../../data/resource.ts';
import { useManaged } from '../../appointments/rules.ts';
import { AppointmentsCard, ClinicQueueCard, PharmacyQueueCard } from './cards.tsx';
import { HomeBar } from './HomeBar.tsx';
import { TodayCard } from './Today.tsx';
import type * as Later from './later.tsx';
import { session } from '../../session/session.ts';
import * as css from './home.css.ts';

/** How long home waits for its first answers before showing what it has. */
const WHOLE_WAIT_MS = 2500;
const settled = (r: Resource<unknown>) => r.state !== 'loading' || r.data !== undefined;

/**
 * Home appears whole: one loading state until the first answers are in (or a moment has passed),
 * rather than cards that fill one by one and push each other, and the shortcuts, down the screen.
 */
function useWhole(ready: boolean): boolean {
  const [shown, setShown] = useState(ready);
  useEffect(() => {
    if (ready) return void setShown(true);
    const timer = setTimeout(() => setShown(true), WHOLE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  return shown || ready;
}

/**
 * The other family profiles' lines (family/lines.tsx) load only on a phone with several patients,
 * during home's one loading state: they take their place with the cards instead of pushing them down
 * when they arrive (docs/performance.md). Ready: not needed, loaded, or not loadable (then left out).
 * A doctor's leave and the waiting list (docs/leave.md) come in the same file where the API manages
 * appointments (`managed`), and home does not wait for them.
 */
function useLater(managed: boolean): [typeof Later | null, boolean] {
  const several = session.others.value.length > 0;
  const [Loaded, setLoaded] = useState<typeof Later | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if ((several || managed) && !Loaded) void import('./later.tsx').then(setLoaded, () => setFailed(true));
  }, [several, managed]);
  return [Loaded, !several || !!Loaded || failed];
}

export default function Home() {
  const [profile, reloadProfile] = useRead(reads.profile);
  const [upcoming, reloadUpcoming] = useRead(reads.upcoming);
  const [clinic, reloadClinic] = useRead(reads.clinicQueue);
  // Today's queue followed live while home is open (decisions: the visit day).
  useLiveClinicQueue();
  const [pharmacy, reloadPharmacy] = useRead(reads.pharmacyQueue);
  // For 'Hari ini': a procedure within the week, a stay under way (the history screens' reads).
  const [cath] = useRead(reads.cathSchedule);
  const [surgery] = useRead(reads.surgerySchedule);
  const [inpatient] = useRead(reads.currentInpatient);
  // Cancel, reschedule and online booking where the API offers them (docs/decisions.md D20).
  const offer = useManaged();
  const managed = offer.state === 'yes';
  // Each renders nothing when it has nothing to show (one profile; no leave, or an API without it).
  const [later, linesReady] = useLater(managed);
  const whole = useWhole(
    linesReady && [profile, upcoming, clinic, pharmacy, cath, surgery, inpatient].every(settled) && !(offer.state === 'unknown' && offer.loading),
  );
  // One function for the life of the screen: the bar given it is not drawn again with each answer.
  const refresh = useCallback(() => {
    reloadUpcoming();
    reloadClinic();
    reloadPharmacy();
  }, [reloadUpcoming, reloadClinic, reloadPharmacy]);

  // docs/product.md §4's forced logout, when the server says the patient is not valid (a 401 has
  // already ended the session in the HTTP client); a weak signal, a time-out or a 5xx keep the
  // patient signed in with what the phone has (decisions: Ending a session).
  const profileRefused = refused(profile);
  useEffect(() => {
    if (profileRefused) void forcedLogout();
  }, [profileRefused]);
  // The welcome's name could not be read: said, with a way to call again (offline, the banner
  // says it and the data layer calls again by itself).
  const profileFailure = failure(profile);
  const profileRetry =
    profileFailure && profileFailure.kind !== 'offline' && unreachable(profileFailure) ? <RetryNotice onRetry={profile.retry ?? reloadProfile} /> : null;

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
        {profileRetry}
        {!whole && <Loading />}
        {whole && (
          <>
            <TodayCard clinic={clinic} pharmacy={pharmacy} cath={cath} surgery={surgery} inpatient={inpatient} />
            <nav className={css.shortcuts} aria-label="Pintasan">
              <a className={css.shortcut} href={to('clinicBooking')}>
                {HOME.shortcuts.booking}
              </a>
              <a className={css.shortcut} href={to('procedures')}>
                {HOME.shortcuts.procedures}
              </a>
              <a className={css.shortcut} href={to('doctors')}>
                {HOME.shortcuts.doctors}
              </a>
              {managed && (
                <a className={css.shortcut} href={to('onlineBooking')}>
                  {HOME.shortcuts.online}
                </a>
              )}
            </nav>
            {later && <later.Later />}
            <AppointmentsCard resource={upcoming} managed={managed} />
            <ClinicQueueCard resource={clinic} />
            <PharmacyQueueCard resource={pharmacy} />
          </>
        )}
      </main>
    </>
  );
}

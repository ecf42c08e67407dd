// The visit day in the data layer: home's clinic and pharmacy queues followed live over the
// server's event stream (decisions: the visit day), and check-in from the phone.
// - Live only while home is open and in front: the stream stops in the background and reopens on
//   return, and its first event is the whole queue as it is then, so nothing missed needs replaying.
// - A stream the server ends (its time limit, a restart) reopens after a second or three, spread so
//   that every phone does not come back at once; failures wait longer each time, up to a minute.
// - An API without the stream (the spec's calls only) is asked once per visit of home, and the card
//   keeps the spec's behaviour: read on opening, on return, on the refresh control and on a push.
import { useEffect } from 'react';
import type { CheckedIn, ClinicQueueItem, PharmacyQueueItem, Position } from '../../common/schemas/index.ts';
import type { ApiError, Result } from '../api/http.ts';
import { PUSH_EVENT } from '../push/foreground.ts';
import { session } from '../session/session.ts';
import { cache, clinicQueue, pharmacyQueue } from './reads.ts';

/** The live stream and the check-in call load with their first use: home opens without them. */
const visitApi = () => import('../api/visit.ts');

const SECOND = 1000;
/** A stream that lasted this long was healthy, whatever ended it. */
const HEALTHY_MS = 60 * SECOND;
const MAX_WAIT_MS = 60 * SECOND;

/** The wait before reconnecting: 1–3 s after a healthy stream, then 2, 4, 8 … 60 s, each less a random part of up to half. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  if (failures === 0) return SECOND + random() * 2 * SECOND;
  const full = Math.min(MAX_WAIT_MS, 2 ** failures * SECOND);
  return full * (1 - random() / 2);
}

/**
 * Home's own reads bring the queue as it is; the stream opens a moment later, once the screen has
 * settled, and its first event brings whatever changed meanwhile.
 */
export const STREAM_AFTER_MS = 2 * SECOND;

/** Follows the clinic queue until the returned function is called or the session ends. */
export function followClinicQueue(startAfterMs = STREAM_AFTER_MS): () => void {
  let open: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let absent = false;
  let stopped = false;
  let offSession: (() => void) | undefined;

  const hidden = () => document.visibilityState === 'hidden';
  const cancelWait = () => {
    clearTimeout(timer);
    timer = undefined;
  };

  function connect(): void {
    cancelWait();
    if (stopped || absent || open || hidden() || !session.current.value) return;
    const mine = new AbortController();
    open = mine;
    const since = Date.now();
    // Only while this stream is the one open: never the queue of a profile switched away from.
    const show = (items: ClinicQueueItem[]) => open === mine && cache.put(clinicQueue, items);
    const showPharmacy = (items: PharmacyQueueItem[]) => open === mine && cache.put(pharmacyQueue, items);
    void visitApi()
      .then((visit) => visit.streamClinicQueue(show, { signal: mine.signal, onPharmacy: showPharmacy }))
      .then((end) => {
        if (open !== mine) return; // paused or stopped meanwhile
        open = null;
        if (end.kind === 'absent') absent = true;
        if (end.kind === 'absent' || end.kind === 'unauthorized' || end.kind === 'aborted') return;
        const healthy = end.events > 0 && Date.now() - since >= HEALTHY_MS;
        failures = healthy ? 0 : failures + 1;
        timer = setTimeout(connect, reconnectDelay(failures));
      });
  }

  function pause(): void {
    cancelWait();
    open?.abort();
    open = null;
  }

  /** Back in front, online again, or a push came: now, not after the wait. */
  const now = () => {
    if (open) return;
    failures = 0;
    connect();
  };
  const onVisibility = () => (hidden() ? pause() : now());

  function stop(): void {
    if (stopped) return;
    stopped = true;
    pause();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', now);
    window.removeEventListener(PUSH_EVENT, now);
    offSession?.();
  }

  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', now);
  window.addEventListener(PUSH_EVENT, now);
  // Logout, a 401 anywhere: nothing more is asked for the patient who left. Another family
  // profile made active: its own queue from now, never the last one's.
  let patient = session.current.value?.nomr;
  offSession = session.current.subscribe((c) => {
    if (!c) return stop();
    if (c.nomr === patient) return;
    patient = c.nomr;
    pause();
    now();
  });
  if (stopped) offSession();
  timer = setTimeout(connect, startAfterMs);
  return stop;
}

/** Follows the clinic queue live while the component is on screen. */
export function useLiveClinicQueue(): void {
  useEffect(() => followClinicQueue(), []);
}

/** Why a check-in did not happen: the phone's position could not be had, or the server's answer. */
export type CheckinFailure = { kind: 'location'; why: 'denied' | 'unavailable' | 'unsupported' } | { kind: 'api'; error: ApiError };

/** The phone's position, asked for only here: when the hospital checks the distance. */
function locate(): Promise<Position | CheckinFailure> {
  const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geo) return Promise.resolve({ kind: 'location', why: 'unsupported' });
  return new Promise((resolve) =>
    geo.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lon: coords.longitude, accuracy: coords.accuracy }),
      (err) => resolve({ kind: 'location', why: err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      // A fresh fix: after 'too far' the patient walks closer and tries again.
      { enableHighAccuracy: true, timeout: 20 * SECOND, maximumAge: 0 },
    ),
  );
}

/**
 * Checks in for a queue entry of today; with the position when the entry asks for it. Whatever the
 * server answers, the card reads the queue again: it shows the time, or what changed meanwhile.
 */
export async function checkIn(
  item: Pick<ClinicQueueItem, 'no_reg' | 'checkin_lokasi'>,
  located: () => void = () => undefined,
): Promise<{ ok: true; data: CheckedIn } | { ok: false; failure: CheckinFailure }> {
  let posisi: Position | undefined;
  if (item.checkin_lokasi) {
    const where = await locate();
    if ('kind' in where) return { ok: false, failure: where };
    posisi = where;
    located();
  }
  const res: Result<CheckedIn> = await (await visitApi()).checkIn(posisi ? { no_reg: item.no_reg, posisi } : { no_reg: item.no_reg });
  cache.invalidate([clinicQueue.key]);
  return res.ok ? res : { ok: false, failure: { kind: 'api', error: res.error } };
}

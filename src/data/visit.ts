// The visit day in the data layer: home's clinic and pharmacy queues followed live over the
// server's event stream (decisions: the visit day); check-in from the phone is data/checkin.ts.
// - Live only while home is open and in front: the stream stops in the background and reopens on
//   return, and its first event is the whole queue as it is then, so nothing missed needs replaying.
// - A stream the server ends (its time limit, a restart) reopens after a second or three, spread so
//   that every phone does not come back at once; failures wait longer each time, up to a minute.
// - An API without the stream (the spec's calls only) is asked once per visit of home, and the card
//   keeps the spec's behaviour: read on opening, on return, on the refresh control and on a push.
import { effect, untracked } from '@preact/signals';
import { useEffect } from 'react';
import type { ClinicQueueItem, PharmacyQueueItem } from '../../common/schemas/index.ts';
import { PUSH_EVENT } from '../push/foreground.ts';
import { session } from '../session/session.ts';
import { cache, clinicQueue, pharmacyQueue } from './reads.ts';

/** The live stream loads with its first use: home opens without it. */
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
const STREAM_AFTER_MS = 2 * SECOND;

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
  offSession = effect(() => {
    const c = session.current.value;
    untracked(() => {
      if (!c) return stop();
      if (c.nomr === patient) return;
      patient = c.nomr;
      pause();
      now();
    });
  });
  if (stopped) offSession();
  timer = setTimeout(connect, startAfterMs);
  return stop;
}

/** Follows the clinic queue live while the component is on screen. */
export function useLiveClinicQueue(): void {
  useEffect(() => followClinicQueue(), []);
}

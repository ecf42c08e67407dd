// Check-in from the phone (decisions: the visit day), in a file of its own that home's check-in
// button loads when the check-in window is open, not with home (docs/performance.md): most visits to
// home check nobody in.
import type { CheckedIn, ClinicQueueItem, Position } from '../../common/schemas/index.ts';
import type { ApiError, Result } from '../api/http.ts';
import { checkIn as send } from '../api/visit.ts';
import { cache, clinicQueue } from './reads.ts';

const SECOND = 1000;

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
  const res: Result<CheckedIn> = await send(posisi ? { no_reg: item.no_reg, posisi } : { no_reg: item.no_reg });
  cache.invalidate([clinicQueue.key]);
  return res.ok ? res : { ok: false, failure: { kind: 'api', error: res.error } };
}

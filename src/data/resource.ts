// What a screen renders of one read (src/ui/ResourceView.tsx draws it): loading, perhaps over an
// earlier answer; the answer; or the failure, in the one error shape of src/api/http.ts.
import type { ApiError } from '../api/http.ts';
import { unreachable, type Entry } from './cache.ts';

export type { ApiError };

export type Resource<T> = (
  | { state: 'loading'; data?: T; savedAt?: number }
  /**
   * savedAt: the answer shown is an earlier one (the phone's copy, or one the latest call could
   * not refresh), fetched then; error: why that latest call failed; copy: the server answered its
   * copy of the hospital's system's last answer, read at savedAt (that system cannot be reached).
   */
  | { state: 'ok'; data: T; savedAt?: number; error?: ApiError; copy?: boolean }
  | { state: 'error'; error: ApiError }
) & {
  /** Calls again, with every other read on screen the server could not answer (useRead gives it). */
  retry?: () => void;
};

export function toResource<T, Raw = T>(entry: Entry, select?: (raw: Raw) => T): Resource<T> {
  if (entry.data === undefined) return entry.error && !entry.loading ? { state: 'error', error: entry.error } : { state: 'loading' };
  const raw = entry.data as Raw;
  const data = select ? select(raw) : (raw as unknown as T);
  const savedAt = entry.saved || entry.error || entry.copy ? entry.at : undefined;
  return entry.loading ? { state: 'loading', data, savedAt } : { state: 'ok', data, savedAt, error: entry.error, ...(entry.copy ? { copy: true } : {}) };
}

/** The same state over a part of the data (a detail's item out of its list). */
export function mapResource<T, U>(r: Resource<T>, part: (data: T) => U): Resource<U> {
  return r.state === 'error' || r.data === undefined ? (r as Resource<never>) : { ...r, data: part(r.data) };
}

/** Why the latest call failed, whether or not an earlier answer is shown. */
export const failure = (r: Resource<unknown>): ApiError | undefined => (r.state === 'loading' ? undefined : r.error);

/**
 * The server answered that this is not so: status false, no such patient, refused (a 4xx). Not a
 * failure to reach it (offline, a network error, a time-out, a 5xx), which the patient can retry.
 */
export const refused = (r: Resource<unknown>): boolean => {
  const e = failure(r);
  return !!e && !unreachable(e);
};

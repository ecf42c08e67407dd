// Loading state of one call, for the list pattern: loading, then the data or the error.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError, Result } from '../api/http.ts';

export type Resource<T> =
  | { state: 'loading'; data?: T }
  | { state: 'ok'; data: T }
  | { state: 'error'; error: ApiError };

/** Calls load on mount, on reload() and back online after an offline failure; keeps the latest answer only. */
export function useResource<T>(load: () => Promise<Result<T>>, deps: unknown[] = []): [Resource<T>, () => void] {
  const [res, setRes] = useState<Resource<T>>({ state: 'loading' });
  const seq = useRef(0);
  const run = useCallback(() => {
    const mine = ++seq.current;
    setRes((prev) => ({ state: 'loading', data: prev.state === 'ok' ? prev.data : undefined }));
    void load().then((r) => {
      if (mine !== seq.current) return; // a newer call has started
      setRes(r.ok ? { state: 'ok', data: r.data } : { state: 'error', error: r.error });
    });
  }, deps);
  useEffect(() => {
    run();
    return () => {
      seq.current++;
    };
  }, [run]);
  // What failed only because the phone was offline loads again once it is back online.
  const offline = res.state === 'error' && res.error.kind === 'offline';
  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [offline, run]);
  return [res, run];
}

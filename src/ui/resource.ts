// Loading state of one call, for the list pattern: loading, then the data or the error.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError, Result } from '../api/http.ts';

export type Resource<T> =
  | { state: 'loading'; data?: T }
  | { state: 'ok'; data: T }
  | { state: 'error'; error: ApiError };

/** Calls load on mount (and on reload()), keeping the latest answer only. */
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
  return [res, run];
}

// A screen's read: what the cache holds for the key now, kept current, and a reload.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { unreachable, type Read } from './cache.ts';
import { cache } from './reads.ts';
import { toResource, type Resource } from './resource.ts';

export interface ReadOptions {
  /** Overrides the read's own: a detail uses the list on hand (Infinity) rather than call again. */
  fresh?: number;
}

export function useRead<T, Raw>(read: Read<T, Raw>, opts?: ReadOptions): [Resource<T>, () => void];
/** null: nothing to read yet (no guarantee chosen, no quota asked for). */
export function useRead<T, Raw>(read: Read<T, Raw> | null, opts?: ReadOptions): [Resource<T> | null, () => void];
export function useRead<T, Raw>(read: Read<T, Raw> | null, opts: ReadOptions = {}): [Resource<T> | null, () => void] {
  const [, setVersion] = useState(0);
  const key = read?.key;
  const entry = key === undefined ? undefined : cache.peek(key);
  const shown = useRef(entry);
  shown.current = entry;
  useEffect(() => {
    if (!read) return;
    const changed = () => setVersion((n) => n + 1);
    const off = cache.subscribe(read.key, changed);
    // It may have changed between this render and now.
    if (cache.peek(read.key) !== shown.current) changed();
    void cache.load(read, opts);
    return off;
  }, [key]);
  const reload = useCallback(() => void (read && cache.load(read, { force: true })), [key]);
  const retry = useCallback(() => {
    cache.retry(unreachable);
    reload();
  }, [key]);
  // The same object while the entry and the part read of it are the same: a card given it is drawn
  // again only when it changed.
  const select = read?.select;
  const resource = useMemo(() => (read && entry ? { ...toResource(entry, select), retry } : null), [entry, select, retry]);
  return [resource, reload];
}

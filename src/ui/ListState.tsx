// The one list pattern (spec section 2): a spinner while loading, then the items, or the banner
// 'Tidak ada data !' on a failure, status false or an empty list; offline, a quiet wait for the
// connection instead. Every list screen uses it.
import type { ReactNode } from 'react';
import { S } from '../strings.ts';
import type { Resource } from './resource.ts';
import { ErrorBanner, Loading } from './Spinner.tsx';
import * as css from './ui.css.ts';

interface Props<T> {
  resource: Resource<T[]>;
  /** Drops entries the screen does not show (e.g. vascular reports without no_reg). */
  filter?: (item: T) => boolean;
  children: (items: T[]) => ReactNode;
}

export function ListState<T>({ resource, filter, children }: Props<T>) {
  if (resource.state === 'loading' && !resource.data) return <Loading />;
  // Offline is not a failure of the list: the banner says so, and the list loads when the
  // connection comes back (useResource).
  if (resource.state === 'error' && resource.error.kind === 'offline') return <p className={css.waiting}>{S.waitingForConnection}</p>;
  if (resource.state === 'error') return <ErrorBanner text={S.noData} />;
  const items = (resource.data ?? []).filter(filter ?? (() => true));
  if (!items.length) return <ErrorBanner text={S.noData} />;
  return <>{children(items)}</>;
}

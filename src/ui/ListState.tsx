// The one list pattern (spec section 2): a spinner while loading, then the items, or the banner
// 'Tidak ada data !' on a failure, status false or an empty list. Every list screen uses it.
import type { ComponentChildren } from 'preact';
import { S } from '../strings.ts';
import type { Resource } from './resource.ts';
import { ErrorBanner, Loading } from './Spinner.tsx';

interface Props<T> {
  resource: Resource<T[]>;
  /** Drops entries the screen does not show (e.g. vascular reports without no_reg). */
  filter?: (item: T) => boolean;
  children: (items: T[]) => ComponentChildren;
}

export function ListState<T>({ resource, filter, children }: Props<T>) {
  if (resource.state === 'loading' && !resource.data) return <Loading />;
  if (resource.state === 'error') return <ErrorBanner text={S.noData} />;
  const items = (resource.data ?? []).filter(filter ?? (() => true));
  if (!items.length) return <ErrorBanner text={S.noData} />;
  return <>{children(items)}</>;
}

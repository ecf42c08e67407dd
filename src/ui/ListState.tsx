// The one list pattern (docs/product.md §2), over ResourceView: a spinner while loading, then the
// items, or the banner 'Tidak ada data !' on a failure, status false, an empty list or a list the
// screen's filter empties. Every list screen uses it.
import type { ReactNode } from 'react';
import { mapResource, type Resource } from '../data/resource.ts';
import { ResourceView } from './ResourceView.tsx';

interface Props<T> {
  resource: Resource<T[]>;
  /** Drops entries the screen does not show (e.g. vascular reports without no_reg). */
  filter?: (item: T) => boolean;
  /** Said calmly under the banner when the list came back empty (ResourceView). */
  empty?: string;
  children: (items: T[]) => ReactNode;
}

export function ListState<T>({ resource, filter, empty, children }: Props<T>) {
  return (
    <ResourceView resource={filter ? mapResource(resource, (items) => items.filter(filter)) : resource} empty={empty}>
      {children}
    </ResourceView>
  );
}

// The one rendering of a read's states (spec section 2: a spinner while loading, 'Tidak ada
// data !' on a failure or nothing to show). Offline is not a failure: an answer kept on the phone
// is shown with its time, and with none the screen waits for the connection, quietly; the data
// layer reads again when it is back.
import type { ReactNode } from 'react';
import { formatMoment } from '../../common/dates.ts';
import { failure, type Resource } from '../data/resource.ts';
import { S } from '../strings.ts';
import { ErrorBanner, Loading } from './Spinner.tsx';
import * as css from './ui.css.ts';

interface Props<T> {
  resource: Resource<T>;
  /** Said on a failure or when there is nothing to show. */
  none?: string;
  /** Said offline with nothing to show. */
  offline?: string;
  children: (data: NonNullable<T>) => ReactNode;
}

/** Nothing to show in what came: an empty list, a detail's missing item. */
const nothing = (data: unknown) => data == null || (Array.isArray(data) && !data.length);

export function ResourceView<T>({ resource, none = S.noData, offline = S.waitingForConnection, children }: Props<T>) {
  const data = resource.state === 'error' ? undefined : resource.data;
  // The time of a kept answer is said only once the latest call has failed: while that call is
  // on its way the kept answer shows as it is, so the fresh one replaces it without a line
  // appearing and vanishing above the content (layout shift).
  const savedAt = resource.state === 'ok' && resource.error ? resource.savedAt : undefined;
  const waiting = failure(resource)?.kind === 'offline';
  if (data == null || nothing(data)) {
    if (resource.state === 'loading') return <Loading />;
    return waiting ? <p className={css.waiting}>{offline}</p> : <ErrorBanner text={none} />;
  }
  return (
    <>
      {savedAt !== undefined && (
        <p className={css.waiting}>
          <span>{S.lastUpdated(formatMoment(savedAt))}</span>
          {waiting && <span> · {S.waitingForConnection}</span>}
        </p>
      )}
      {children(data)}
    </>
  );
}

// The one rendering of a read's states (docs/product.md §2: a spinner while loading, 'Tidak ada
// data !' on a failure or nothing to show). Offline is not a failure: an answer kept on the phone
// is shown with its time, and with none the screen waits for the connection, quietly; the data
// layer reads again when it is back. A call the server could not answer (a network error, a
// time-out, a 5xx) says so and offers to call again, under what the screen still has.
import type { ReactNode } from 'react';
import { formatMoment } from '../../common/dates.ts';
import { unreachable } from '../data/cache.ts';
import { failure, type Resource } from '../data/resource.ts';
import { S } from '../strings.ts';
import { button } from './button.ts';
import * as own from './ResourceView.css.ts';
import { ErrorBanner, Loading } from './Spinner.tsx';
import * as css from './ui.css.ts';

interface Props<T> {
  resource: Resource<T>;
  /** Said on a failure or when there is nothing to show. */
  none?: string;
  /** Said offline with nothing to show. */
  offline?: string;
  /**
   * Said under the banner when the answer came and held nothing (never on a failure): the banner
   * then reads calmly, not as an alarm (home's cards, where empty is the usual day).
   */
  empty?: string;
  children: (data: NonNullable<T>) => ReactNode;
}

/** 'Koneksi bermasalah, coba lagi' and the button that calls again (48 px, a real button). */
export function RetryNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={own.retry}>
      <p className={own.retryText} role="status">
        {S.connectionProblem}
      </p>
      <button type="button" className={button({ kind: 'secondary' })} onClick={onRetry}>
        {S.retry}
      </button>
    </div>
  );
}

/** Nothing to show in what came: an empty list, a detail's missing item. */
const nothing = (data: unknown) => data == null || (Array.isArray(data) && !data.length);

export function ResourceView<T>({ resource, none = S.noData, offline = S.waitingForConnection, empty, children }: Props<T>) {
  const data = resource.state === 'error' ? undefined : resource.data;
  // The time of a kept answer is said only once the latest call has failed: while that call is
  // on its way the kept answer shows as it is, so the fresh one replaces it without a line
  // appearing and vanishing above the content (layout shift). The server's copy of the hospital's
  // system's last answer says its time too.
  const savedAt = resource.state === 'ok' && (resource.error || resource.copy) ? resource.savedAt : undefined;
  const failed = failure(resource);
  const waiting = failed?.kind === 'offline';
  // Offline, the data layer calls again by itself once the connection is back.
  const retry = failed && !waiting && unreachable(failed) && resource.retry ? <RetryNotice onRetry={resource.retry} /> : null;
  if (data == null || nothing(data)) {
    if (resource.state === 'loading') return <Loading />;
    if (waiting) return <p className={css.waiting}>{offline}</p>;
    if (empty && !failed)
      return (
        <div className={own.calm}>
          <p className={own.calmBanner}>{none}</p>
          <p className={own.calmText}>{empty}</p>
        </div>
      );
    return (
      <>
        <ErrorBanner text={none} />
        {retry}
      </>
    );
  }
  return (
    <>
      {savedAt !== undefined && (
        <p className={css.waiting}>
          <span>{S.lastUpdated(formatMoment(savedAt))}</span>
          {waiting && <span> · {S.waitingForConnection}</span>}
        </p>
      )}
      {retry}
      {children(data)}
    </>
  );
}

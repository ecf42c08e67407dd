// Whether this API manages appointments (cancel, reschedule, online booking), from its booking
// rules: where it has none (a 404), those controls stay hidden and the spec's screens work as
// before (docs/decisions.md D20).
import type { BookingRules } from '../../common/schemas/index.ts';
import { useRead } from '../data/hooks.ts';
import { bookingRules } from '../data/reads.ts';

export type Managed =
  /** The API manages appointments, with these rules. */
  | { state: 'yes'; rules: BookingRules }
  /** It has no such calls: the spec's behaviour. */
  | { state: 'no' }
  /** Not known yet (loading), or the rules could not be read: nothing is offered that might not work. */
  | { state: 'unknown'; loading: boolean };

export function useManaged(): Managed {
  const [res] = useRead(bookingRules);
  if (res.state === 'error' || res.data === undefined) return { state: 'unknown', loading: res.state === 'loading' };
  return res.data ? { state: 'yes', rules: res.data } : { state: 'no' };
}

/** The booking window's last date, when the API has one. */
export const lastDateOf = (m: Managed): string | undefined => (m.state === 'yes' ? m.rules.tanggal_terakhir : undefined);

// The quota read of the booking screens, apart from reads.ts: its filter is a booking rule
// (common/booking.ts), which then loads with the booking screens only, not with home. A booking,
// a cancel or a reschedule reads it afresh (reads.ts invalidates 'quota/').
import { practisingSlots, type AppointmentKind } from '../../common/booking.ts';
import type * as C from '../../common/schemas/index.ts';
import { getQuota } from '../api/quota.ts';
import type { Read } from './cache.ts';

/** Quota 301 entries dropped (docs/product.md §5); 'Cek Kuota' asks again each time. */
export const quota = (kdDep: string, date: string, kdDr = '', jenis: AppointmentKind = 'poli'): Read<C.QuotaSlot[]> => ({
  key: `quota/${kdDep}/${date}/${kdDr}${jenis === 'online' ? '/online' : ''}`,
  load: () => getQuota(kdDep, date, kdDr, jenis),
  select: (slots) => practisingSlots(slots ?? []),
});

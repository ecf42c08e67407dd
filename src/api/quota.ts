// The quota call (docs/product.md §7), apart from the other booking calls: its query is a booking rule
// (common/booking.ts), which then loads with the booking screens only, not with home.
import { quotaQuery, type AppointmentKind } from '../../common/booking.ts';
import type * as C from '../../common/schemas/index.ts';
import { read, type Result } from './http.ts';

/**
 * The sessions of a clinic (kd_dr empty) or of one doctor on a date. The online sessions are asked
 * for with jenis=online; the clinic's with the spec's query alone, so a hospital API without the
 * parameter answers as before.
 */
export const getQuota = (kdDep: string, date: string, kdDr = '', jenis: AppointmentKind = 'poli'): Promise<Result<C.QuotaSlot[]>> =>
  read('quota', { query: jenis === 'online' ? { ...quotaQuery(kdDep, date, kdDr), jenis } : quotaQuery(kdDep, date, kdDr) });

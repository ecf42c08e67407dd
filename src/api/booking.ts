// Clinics, schedules and booking (docs/product.md §7; the quota call is in quota.ts); cancel, reschedule, online booking and
// the booking rules where the API offers them (decisions: managing appointments).
import { API } from '../../common/paths.ts';
import type * as C from '../../common/schemas/index.ts';
import { call, type Result } from './http.ts';
import { patientQuery } from './query.ts';

export const getClinics = (): Promise<Result<C.Clinic[]>> => call<C.Clinic[]>(API.clinics, { query: patientQuery(false) });

/**
 * The last appointment date, always with the patient's own nomr (docs/decisions.md D13). `except`: the
 * no_reg of the appointment being rescheduled, left out as the move leaves it out.
 */
export const getLastAppointment = (except?: string): Promise<Result<string | null>> =>
  call<string | null>(API.lastAppointment, {
    query: except ? { ...patientQuery(false), kecuali: except } : patientQuery(false),
    pick: (b) => (b.data as Partial<C.LastAppointment> | undefined)?.tgl_janji ?? null,
  });

export const getDoctorSchedules = (spesialis: string): Promise<Result<C.DoctorSchedule[]>> =>
  call<C.DoctorSchedule[]>(API.doctorSchedule, { query: { spesialis } });

export const bookAppointment = (req: C.BookingRequest): Promise<Result<C.BookingResult>> => call<C.BookingResult>(API.book, { method: 'POST', body: req });

export const bookOnlineAppointment = (req: C.BookingRequest): Promise<Result<C.BookingResult>> =>
  call<C.BookingResult>(API.bookOnline, { method: 'POST', body: req });

export const cancelAppointment = (req: C.CancelRequest): Promise<Result<C.Cancelled>> => call<C.Cancelled>(API.cancel, { method: 'POST', body: req });

export const rescheduleAppointment = (req: C.RescheduleRequest): Promise<Result<C.BookingResult>> =>
  call<C.BookingResult>(API.reschedule, { method: 'POST', body: req });

/**
 * The API's booking rules, or null where it has no such call (a 404): a hospital API that does not
 * manage appointments, against which cancel, reschedule and online booking stay hidden (docs/decisions.md
 * D20).
 */
export async function getBookingRules(): Promise<Result<C.BookingRules | null>> {
  const res = await call<C.BookingRules>(API.bookingRules, { query: patientQuery(false) });
  return !res.ok && res.error.kind === 'http' && res.error.httpStatus === 404 ? { ok: true, data: null } : res;
}

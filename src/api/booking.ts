// Clinics, schedules and booking (docs/product.md §7; the quota call is in quota.ts); cancel, reschedule, online booking and
// the booking rules where the API offers them (decisions: managing appointments). Paths and answer types: common/api-calls.ts.
import type * as C from '../../common/schemas/index.ts';
import { read, write, type Result } from './http.ts';
import { patientQuery } from './query.ts';

export const getClinics = (): Promise<Result<C.Clinic[]>> => read('clinics', { query: patientQuery(false) });

/**
 * The last appointment date, always with the patient's own nomr (docs/decisions.md D13). `except`: the
 * no_reg of the appointment being rescheduled, left out as the move leaves it out.
 */
export const getLastAppointment = (except?: string): Promise<Result<string | null>> =>
  read('lastAppointment', {
    query: except ? { ...patientQuery(false), kecuali: except } : patientQuery(false),
    pick: (b) => b.data?.tgl_janji ?? null,
  });

export const getDoctorSchedules = (spesialis: string): Promise<Result<C.DoctorSchedule[]>> => read('doctorSchedule', { query: { spesialis } });

export const bookAppointment = (req: C.BookingRequest): Promise<Result<C.BookingResult>> => write('book', req);

export const bookOnlineAppointment = (req: C.BookingRequest): Promise<Result<C.BookingResult>> => write('bookOnline', req);

export const cancelAppointment = (req: C.CancelRequest): Promise<Result<C.Cancelled>> => write('cancel', req);

export const rescheduleAppointment = (req: C.RescheduleRequest): Promise<Result<C.BookingResult>> => write('reschedule', req);

/**
 * The API's booking rules, or null where it has no such call (a 404): a hospital API that does not
 * manage appointments, against which cancel, reschedule and online booking stay hidden (docs/decisions.md
 * D20).
 */
export async function getBookingRules(): Promise<Result<C.BookingRules | null>> {
  const res = await read('bookingRules', { query: patientQuery(false) });
  return !res.ok && res.error.kind === 'http' && res.error.httpStatus === 404 ? { ok: true, data: null } : res;
}

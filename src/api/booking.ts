// Clinics, schedules, quota and booking (spec section 7).
import { API } from '../../common/paths.ts';
import type * as C from '../../common/schemas/index.ts';
import { quotaQuery } from '../../common/booking.ts';
import { call, type Result } from './http.ts';
import { patientQuery } from './query.ts';

export const getClinics = (): Promise<Result<C.Clinic[]>> => call<C.Clinic[]>(API.clinics, { query: patientQuery(false) });

/** The last appointment date, always with the patient's own nomr (decisions 13). */
export const getLastAppointment = (): Promise<Result<string | null>> =>
  call<string | null>(API.lastAppointment, {
    query: patientQuery(false),
    pick: (b) => (b.data as Partial<C.LastAppointment> | undefined)?.tgl_janji ?? null,
  });

/** The sessions of a clinic (kd_dr empty) or of one doctor on a date. */
export const getQuota = (kdDep: string, date: string, kdDr = ''): Promise<Result<C.QuotaSlot[]>> =>
  call<C.QuotaSlot[]>(API.quota, { query: quotaQuery(kdDep, date, kdDr) });

export const getDoctorSchedules = (spesialis: string): Promise<Result<C.DoctorSchedule[]>> =>
  call<C.DoctorSchedule[]>(API.doctorSchedule, { query: { spesialis } });

export const bookAppointment = (req: C.BookingRequest): Promise<Result<C.BookingResult>> => call<C.BookingResult>(API.book, { method: 'POST', body: req });

// The signed-in patient's own records: narrow verbs, typed results.
import { API } from '../../common/paths.ts';
import type { ClinicQueueItem, PharmacyQueueItem, Profile, UpcomingAppointment } from '../../common/schemas/index.ts';
import { call, type Result } from './http.ts';
import { patientQuery } from './query.ts';

export const getProfile = (withBirthDate = true): Promise<Result<Profile>> => call<Profile>(API.profile, { query: patientQuery(withBirthDate) });

export const getUpcoming = (): Promise<Result<UpcomingAppointment[]>> =>
  call<UpcomingAppointment[]>(API.upcoming, { query: patientQuery(), pick: (b) => (b.data as { jadwal?: UpcomingAppointment[] })?.jadwal ?? [] });

export const getClinicQueue = (): Promise<Result<ClinicQueueItem[]>> => call<ClinicQueueItem[]>(API.clinicQueue, { query: patientQuery() });

export const getPharmacyQueue = (): Promise<Result<PharmacyQueueItem[]>> => call<PharmacyQueueItem[]>(API.pharmacyQueue, { query: patientQuery() });

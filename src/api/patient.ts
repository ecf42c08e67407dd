// The signed-in patient's own records: narrow verbs, typed results (paths and answer types: common/api-calls.ts).
import type { ClinicQueueItem, PharmacyQueueItem, Profile, UpcomingAppointment } from '../../common/schemas/index.ts';
import { read, type Result } from './http.ts';
import { patientQuery } from './query.ts';

export const getProfile = (withBirthDate = true): Promise<Result<Profile>> => read('profile', { query: patientQuery(withBirthDate) });

export const getUpcoming = (): Promise<Result<UpcomingAppointment[]>> => read('upcoming', { query: patientQuery(), pick: (b) => b.data?.jadwal ?? [] });

export const getClinicQueue = (): Promise<Result<ClinicQueueItem[]>> => read('clinicQueue', { query: patientQuery() });

export const getPharmacyQueue = (): Promise<Result<PharmacyQueueItem[]>> => read('pharmacyQueue', { query: patientQuery() });

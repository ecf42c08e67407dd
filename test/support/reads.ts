// The patient's reads with the schema each answers: the list test/server/openapi.test.ts and
// test/server/khanza-contract.test.ts both call, each with its own patients and engine.
import { Type, type TSchema } from 'typebox';
import { API } from '../../common/paths.ts';
import { Clinic, LastAppointment } from '../../common/schemas/booking.ts';
import { Success } from '../../common/schemas/envelope.ts';
import { ClinicQueueItem, PharmacyQueueItem, Profile, UpcomingAppointments } from '../../common/schemas/patient.ts';
import * as R from '../../common/schemas/records.ts';

const list = (item: TSchema) => Success(Type.Array(item));

/** Each read's path and the schema of its answer. */
export const patientReads = (): Array<[string, TSchema]> => [
  [API.profile, Success(Profile)],
  [API.upcoming, Success(UpcomingAppointments)],
  [API.clinicQueue, list(ClinicQueueItem)],
  [API.pharmacyQueue, list(PharmacyQueueItem)],
  [API.lastAppointment, Success(LastAppointment)],
  [API.clinics, list(Clinic)],
  [API.cathSchedule, list(R.CathSchedule)],
  [API.surgerySchedule, list(R.SurgerySchedule)],
  [API.historyPoli, list(R.OutpatientVisit)],
  [API.historyOnline, list(R.OnlineVisit)],
  [API.inpatientCurrent, list(R.CurrentInpatient)],
  [API.inpatientPast, list(R.PastInpatient)],
  [API.historyCath, list(R.CathHistory)],
  [API.historySurgery, list(R.SurgeryHistory)],
  [API.supporting, R.SupportingResponse],
  [API.vascular, list(R.VascularReport)],
];

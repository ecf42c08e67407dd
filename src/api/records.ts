// Procedure schedules, histories and results of the signed-in patient.
import { API } from '../../common/paths.ts';
import type * as C from '../../common/schemas/index.ts';
import { call, type Result } from './http.ts';
import { patientQuery } from './query.ts';

const list =
  <T>(path: string, withBirthDate = true) =>
  (): Promise<Result<T[]>> =>
    call<T[]>(path, { query: patientQuery(withBirthDate) });

export const getCathSchedule = list<C.CathSchedule>(API.cathSchedule);
export const getSurgerySchedule = list<C.SurgerySchedule>(API.surgerySchedule);
export const getOutpatientVisits = list<C.OutpatientVisit>(API.historyPoli);
export const getOnlineVisits = list<C.OnlineVisit>(API.historyOnline);
export const getCurrentInpatient = list<C.CurrentInpatient>(API.inpatientCurrent);
export const getPastInpatient = list<C.PastInpatient>(API.inpatientPast);
export const getCathHistory = list<C.CathHistory>(API.historyCath);
export const getSurgeryHistory = list<C.SurgeryHistory>(API.historySurgery);
export const getVascularReports = list<C.VascularReport>(API.vascular, false);

/**
 * The penunjang call answers two lists: hasillab (the lab screens) and data (the poli history,
 * of the signed-in patient: docs/decisions.md D15).
 */
export type Supporting = Omit<C.SupportingResponse, 'status'>;

export const getSupporting = (): Promise<Result<Supporting>> =>
  call<Supporting>(API.supporting, {
    query: patientQuery(false),
    pick: (b) => ({ hasillab: (b.hasillab as C.LabOrder[] | undefined) ?? [], data: (b.data as C.PoliHistoryItem[] | undefined) ?? [] }),
  });

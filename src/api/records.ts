// Procedure schedules, histories and results of the signed-in patient.
import { API } from '../../common/paths.ts';
import * as C from '../../common/schemas/index.ts';
import { call, patientQuery, type Result } from './http.ts';

const list = <T,>(path: string, withBirthDate = true) => (): Promise<Result<T[]>> =>
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

/** Lab orders: the penunjang call's hasillab list. */
export const getLabOrders = (): Promise<Result<C.LabOrder[]>> =>
  call<C.LabOrder[]>(API.supporting, { query: patientQuery(false), pick: (b) => b.hasillab ?? [] });

/** The poli history: the penunjang call's data list, for the signed-in patient (decisions 15). */
export const getPoliHistory = (): Promise<Result<C.PoliHistoryItem[]>> =>
  call<C.PoliHistoryItem[]>(API.supporting, { query: patientQuery(false), pick: (b) => b.data ?? [] });

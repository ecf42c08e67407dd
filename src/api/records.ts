// Procedure schedules, histories and results of the signed-in patient.
import * as C from '../contract/index.ts';
import { call, patientQuery, type Result } from './http.ts';

const list = <T,>(path: string, withBirthDate = true) => (): Promise<Result<T[]>> =>
  call<T[]>(path, { query: patientQuery(withBirthDate) });

export const getCathSchedule = list<C.CathSchedule>(C.API.cathSchedule);
export const getSurgerySchedule = list<C.SurgerySchedule>(C.API.surgerySchedule);
export const getOutpatientVisits = list<C.OutpatientVisit>(C.API.historyPoli);
export const getOnlineVisits = list<C.OnlineVisit>(C.API.historyOnline);
export const getCurrentInpatient = list<C.CurrentInpatient>(C.API.inpatientCurrent);
export const getPastInpatient = list<C.PastInpatient>(C.API.inpatientPast);
export const getCathHistory = list<C.CathHistory>(C.API.historyCath);
export const getSurgeryHistory = list<C.SurgeryHistory>(C.API.historySurgery);
export const getVascularReports = list<C.VascularReport>(C.API.vascular, false);

/** Lab orders: the penunjang call's hasillab list. */
export const getLabOrders = (): Promise<Result<C.LabOrder[]>> =>
  call<C.LabOrder[]>(C.API.supporting, { query: patientQuery(false), pick: (b) => b.hasillab ?? [] });

/** The poli history: the penunjang call's data list, for the signed-in patient (decisions 15). */
export const getPoliHistory = (): Promise<Result<C.PoliHistoryItem[]>> =>
  call<C.PoliHistoryItem[]>(C.API.supporting, { query: patientQuery(false), pick: (b) => b.data ?? [] });

// Procedure schedules, histories and results of the signed-in patient. Paths and answer types: common/api-calls.ts.
import type * as C from '../../common/schemas/index.ts';
import { read, type Result } from './http.ts';
import { patientQuery } from './query.ts';

const list =
  <N extends C.Read>(name: N, withBirthDate = true) =>
  () =>
    read(name, { query: patientQuery(withBirthDate) });

export const getCathSchedule = list('cathSchedule');
export const getSurgerySchedule = list('surgerySchedule');
export const getOutpatientVisits = list('historyPoli');
export const getOnlineVisits = list('historyOnline');
export const getCurrentInpatient = list('inpatientCurrent');
export const getPastInpatient = list('inpatientPast');
export const getCathHistory = list('historyCath');
export const getSurgeryHistory = list('historySurgery');
export const getVascularReports = list('vascular', false);

/**
 * The penunjang call answers two lists: hasillab (the lab screens) and data (the poli history,
 * of the signed-in patient: docs/decisions.md D15).
 */
export type Supporting = Omit<C.SupportingResponse, 'status'>;

export const getSupporting = (): Promise<Result<Supporting>> =>
  read('supporting', {
    query: patientQuery(false),
    pick: (b) => ({ hasillab: b.hasillab ?? [], data: b.data ?? [] }),
  });

// The patient's own records at the hospital's API (SIMRS=upstream, docs/integration.md "What it
// calls, and how often"): the upcoming and last appointments (the reminders planned from them,
// reminders.ts), the pharmacy queue, every history, the lab results and the vascular reports, each
// read on the patient's behalf with the parameters of docs/product.md §7 and nothing kept but the
// penunjang answer, which serves two reads.
import * as S from '../../../common/schemas/records.ts';
import type { Db } from '../../db/client.ts';
import type { UpcomingRow } from '../../domain/manage.ts';
import type { ReminderPolicy } from '../../domain/reminders.ts';
import type { HospitalReads } from '../hospital-connector.ts';
import { dataOf, int, isObj, listOf, rowsOf, str } from './answers.ts';
import type { PatientCalls } from './calls.ts';
import { isTrue } from './client.ts';
import { planReminders } from './reminders.ts';
import { API } from '../../../common/paths.ts';

/** The penunjang answer serves two reads of one request (lab results, poli history). */
const SUPPORTING_MS = 5_000;

type Records = Omit<
  HospitalReads,
  'patientByBirthDate' | 'patientIdentity' | 'profile' | 'clinics' | 'doctorSchedules' | 'doctorPhoto' | 'quotaSlots' | 'clinicQueue' | 'checkinEntry'
>;

/** `reminders`: when the reminders of the hospital's appointments go out (REMINDER_EVENING_AT, REMINDER_HOURS_BEFORE). */
export function upstreamRecords(db: Db, calls: PatientCalls, reminders: ReminderPolicy | null): Records {
  const { own, ownList } = calls;

  /** The penunjang call answers both lab results and the poli history: one call serves both reads. */
  function supporting(nomr: string): Promise<unknown> {
    return calls.reuse.get(`penunjang|${nomr}`, SUPPORTING_MS, async () => (await own(API.supporting, nomr, false)).body);
  }

  return {
    async lastBpjsAppointment(nomr) {
      const d = dataOf((await own(API.lastAppointment, nomr, false)).body);
      const t = str(d?.tgl_janji).slice(0, 10);
      return /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null;
    },
    async upcomingAppointments(nomr): Promise<UpcomingRow[]> {
      const d = dataOf((await own(API.upcoming, nomr, true)).body);
      const jadwal = Array.isArray(d?.jadwal) ? d.jadwal.filter(isObj) : [];
      const rows = jadwal.map((a) => ({
        tanggal_janji: str(a.tanggal_janji).slice(0, 10),
        nama_dokter: str(a.nama_dokter),
        departemen: str(a.departemen),
        no_urut: int(a.no_urut) ?? 0,
        no_reg: str(a.no_reg),
        kd_dep: str(a.kd_dep),
        kd_dr: str(a.kd_dr),
        jam_dtg: str(a.jam_dtg),
        jam_plg: str(a.jam_plg),
        sts_jam: str(a.sts_jam),
        carabayar: a.carabayar === 'B' ? 'B' : 'P',
        jenis: 'poli',
        meeting_url: null,
        checked_in: false,
      })) satisfies UpcomingRow[];
      if (reminders) await planReminders(db, nomr, rows, reminders);
      return rows;
    },

    pharmacyQueue: async (nomr) =>
      (await ownList(API.pharmacyQueue, nomr)).map((i) => ({
        no_antrian: str(i.no_antrian),
        tgl_layanan: str(i.tgl_layanan).slice(0, 10),
        no_mr: str(i.no_mr) || nomr,
        nama_pasien: str(i.nama_pasien),
        status_obat: str(i.status_obat),
      })),

    // The histories as the hospital answers them, in §7's field names, rows checked (rowsOf).
    outpatientVisits: async (nomr) => rowsOf(S.OutpatientVisit, await ownList(API.historyPoli, nomr)),
    onlineVisits: async (nomr) => rowsOf(S.OnlineVisit, await ownList(API.historyOnline, nomr)),
    currentInpatient: async (nomr) => rowsOf(S.CurrentInpatient, await ownList(API.inpatientCurrent, nomr)),
    pastInpatient: async (nomr) => rowsOf(S.PastInpatient, await ownList(API.inpatientPast, nomr)),
    cathSchedule: async (nomr) => rowsOf(S.CathSchedule, await ownList(API.cathSchedule, nomr)),
    cathHistory: async (nomr) => rowsOf(S.CathHistory, await ownList(API.historyCath, nomr)),
    surgerySchedule: async (nomr) => rowsOf(S.SurgerySchedule, await ownList(API.surgerySchedule, nomr)),
    surgeryHistory: async (nomr) => rowsOf(S.SurgeryHistory, await ownList(API.historySurgery, nomr)),
    async labOrders(nomr) {
      const body = await supporting(nomr);
      return rowsOf(S.LabOrder, isObj(body) && isTrue(body.status) && Array.isArray(body.hasillab) ? body.hasillab.filter(isObj) : []);
    },
    async poliHistory(nomr) {
      return rowsOf(S.PoliHistoryItem, listOf(await supporting(nomr)));
    },
    vascularReports: async (nomr) => rowsOf(S.VascularReport, await ownList(API.vascular, nomr, false)),
  };
}

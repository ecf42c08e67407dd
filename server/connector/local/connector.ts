// SIMRS=local: the connector contract answered from this API's own tables (the demo seed, or a
// hospital's feed through /api/internal/*). The repositories of this room do the work; what is
// this API's own under every connector (self-registrations, vascular reports, the BPJS outbox)
// comes from db/.
import { buildAdd } from '../../domain/bpjs-antrean.ts';
import type { Db } from '../../db/client.ts';
import { addFacts, type BpjsReporting } from '../../db/bpjs.ts';
import { bookingStore, lastBpjsAppointment, manageStore, quotaSlots } from './booking.ts';
import { insertJknPatient, jknAppointment, jknCodesKnown, jknOperations, jknPatients, jknPharmacy, jknSessions, mappedSessions, mappings } from './jkn.ts';
import { patientByBirthDate, patientIdentity } from './patients.ts';
import * as records from './records.ts';
import { saveRegistration } from '../../db/registrations.ts';
import { vascularReports } from '../../db/vascular-reports.ts';
import { checkIn, checkinEntry, clinicQueueRows } from './visit.ts';
import type { HospitalConnector, MobileJknDesk } from '../hospital-connector.ts';

/** `bpjs`: each new clinic appointment is reported to BPJS Antrean (docs/bpjs.md). */
export function localConnector(db: Db, bpjs: BpjsReporting | null = null): HospitalConnector {
  return {
    kind: 'local',
    // The records are this API's own database: /api/health's database check covers them.
    health: async () => ({ name: 'local', ok: true }),
    close: async () => undefined,

    patientByBirthDate: (nomr, birthdate) => patientByBirthDate(db, nomr, birthdate),
    patientIdentity: (nomr) => patientIdentity(db, nomr),
    profile: (nomr) => records.profile(db, nomr),

    clinics: () => records.clinics(db),
    doctorSchedules: (spesialis) => records.doctorSchedules(db, spesialis),
    async doctorPhoto(kd_dr) {
      const name = await records.doctorName(db, kd_dr);
      return name === null ? null : { kind: 'name', name };
    },
    quotaSlots: (kdDep, kdDr, date, jenis) => quotaSlots(db, kdDep, kdDr, date, jenis),

    lastBpjsAppointment: (nomr, except) => lastBpjsAppointment(db, nomr, except ?? 0),
    upcomingAppointments: (nomr, today) => records.upcomingAppointments(db, nomr, today),

    clinicQueue: (nomr, today) => clinicQueueRows(db, nomr, today),
    checkinEntry: (no_reg, nomr) => checkinEntry(db, no_reg, nomr),
    pharmacyQueue: (nomr, today) => records.pharmacyQueue(db, nomr, today),

    outpatientVisits: (nomr) => records.outpatientVisits(db, nomr),
    onlineVisits: (nomr, today) => records.onlineVisits(db, nomr, today),
    currentInpatient: (nomr) => records.currentInpatient(db, nomr),
    pastInpatient: (nomr) => records.pastInpatient(db, nomr),
    cathSchedule: (nomr, today) => records.cathSchedule(db, nomr, today),
    cathHistory: (nomr) => records.cathHistory(db, nomr),
    surgerySchedule: (nomr, today) => records.surgerySchedule(db, nomr, today),
    surgeryHistory: (nomr) => records.surgeryHistory(db, nomr),
    labOrders: (nomr) => records.labOrders(db, nomr),
    poliHistory: (nomr) => records.poliHistory(db, nomr),
    supporting: (nomr) => records.supporting(db, nomr),
    vascularReports: (nomr) => vascularReports(db, nomr),

    booking: bookingStore(db, bpjs),
    manage: manageStore(db, bpjs),
    checkIn: (no_reg, at) => checkIn(db, no_reg, at),
    selfRegistration: (q, p, ip) => saveRegistration(q, p, ip),
    mobileJkn: localJknDesk(db, bpjs),
  };
}

/**
 * Mobile JKN on this API's own tables: its bookings and cancels are the app's own (the same seat
 * pool and rules), written as BPJS's already (their add and cancel are not sent back to it).
 */
function localJknDesk(db: Db, bpjs: BpjsReporting | null): MobileJknDesk {
  return {
    codesKnown: (kodepoli, kodedokter) => jknCodesKnown(db, kodepoli, kodedokter),
    sessions: (kodepoli, kodedokter, date) => jknSessions(db, kodepoli, kodedokter, date),
    patients: (nomorkartu, nik, norm) => jknPatients(db, nomorkartu, nik, norm),
    async newPatient(p) {
      const nomr = await insertJknPatient(db, p);
      return nomr ? { nomr } : { known: true };
    },
    booking: bookingStore(db, bpjs, 'mobilejkn'),
    manage: manageStore(db, bpjs, 'mobilejkn'),
    appointment: (kodebooking) => jknAppointment(db, kodebooking),
    async ticket(no_reg, now, minutesPerPatient) {
      const facts = await addFacts(db, no_reg, no_reg, minutesPerPatient);
      if (!facts) return null;
      // The answer's fields do not depend on the patient's data BPJS requires of the add.
      const built = buildAdd({ ...facts, carabayar: 'P' }, now);
      if (!built.ok) return null;
      const p = built.payload;
      return {
        kodebooking: no_reg,
        nomorantrean: p.nomorantrean,
        angkaantrean: p.angkaantrean,
        namapoli: p.namapoli,
        namadokter: p.namadokter,
        estimasidilayani: p.estimasidilayani,
        ahead: facts.ahead,
        kuota: p.kuotajkn,
        sisakuota: p.sisakuotajkn,
        keterangan: p.keterangan,
      };
    },
    // The surgeries and catheterizations the app shows; lastupdate: when this answer was made.
    operations: async (range) => (await jknOperations(db, range)).map((o) => ({ ...o, lastupdate: Date.now() })),
    pharmacy: (nomr, date) => jknPharmacy(db, nomr, date),
    mappings: () => mappings(db),
    mappedSessions: (date) => mappedSessions(db, date),
  };
}

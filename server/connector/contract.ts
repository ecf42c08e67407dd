// The connector contract: everything the API reads from the hospital's information system (SIMRS)
// and everything it writes back, as one interface (docs/integration.md). SIMRS=local answers it
// from this API's own tables (connector/local.ts); SIMRS=khanza from a SIMRS Khanza database;
// SIMRS=upstream from the hospital's own API of docs/product.md §7 (connector/upstream/).
// What no SIMRS holds (sessions, passkeys, family, push, reminders, audit, the BPJS outbox) stays
// in this API's database and is not part of it.
import type { AppointmentKind } from '../../common/booking.ts';
import type { NewPatient } from '../../common/schemas/auth.ts';
import type { BookingRequest } from '../../common/schemas/booking.ts';
import type * as C from '../../common/schemas/index.ts';
import type { Queryable } from '../db/client.ts';
import type { SaveOutcome } from '../db/registrations.ts';
import type { CheckinEntry, QueueRow } from '../db/visit.ts';
import type { BookingOutcome, BookingStore } from '../domain/booking.ts';
import type { PatientIdentity } from '../domain/fhir.ts';
import type { ManageStore, UpcomingRow } from '../domain/manage.ts';

/** Which implementation answers (the SIMRS setting). */
export type SimrsKind = 'local' | 'khanza' | 'upstream';

/** What the hospital's system says about itself: /api/health names it when it is down. */
export interface SimrsHealth {
  name: SimrsKind;
  ok: boolean;
}

/** A doctor's photo: the hospital's own image, or only the name (the API draws a portrait card). */
export type DoctorPhoto = { kind: 'image'; contentType: string; body: Buffer } | { kind: 'name'; name: string };

/** Reads: each answers in the contract's field names (common/schemas), for one patient where it names one. */
export interface HospitalReads {
  // Patients
  /** The patient with this number and birth date (the login); null for either half wrong, alike. */
  patientByBirthDate(nomr: string, birthdate: string): Promise<string | null>;
  /** The patient as the record export names them. */
  patientIdentity(nomr: string): Promise<PatientIdentity | null>;
  profile(nomr: string): Promise<C.Profile | null>;

  // Clinics, doctors and their schedules
  // `nomr`: the patient asking, on whose behalf a SIMRS behind its own API is asked (SIMRS=upstream).
  clinics(nomr?: string): Promise<C.Clinic[]>;
  /** Doctors of a specialty with their weekly schedules (clinic sessions only). */
  doctorSchedules(spesialis: string, nomr?: string): Promise<C.DoctorSchedule[]>;
  doctorPhoto(kd_dr: string): Promise<DoctorPhoto | null>;
  /** The dated sessions of a clinic (or one doctor) on a date: hours, quota (a leave is quota 0) and seats taken. */
  quotaSlots(kdDep: string, kdDr: string, date: string, jenis: AppointmentKind, nomr?: string): Promise<C.QuotaSlot[]>;

  // Appointments
  /** The patient's last active BPJS appointment date (the 8-day gap). */
  /** `except`: the no_reg of an appointment left out (the one a reschedule moves). */
  lastBpjsAppointment(nomr: string, except?: string): Promise<string | null>;
  /** Active appointments from today, clinic and online. */
  upcomingAppointments(nomr: string, today: string): Promise<UpcomingRow[]>;

  // The visit day
  /** The patient's entries in today's clinic queues, with the session's calls. */
  clinicQueue(nomr: string, today: string): Promise<QueueRow[]>;
  /**
   * The patient's queue entry by registration number: another patient's is not found, by the same
   * statement as an unknown one (no telling them apart).
   */
  checkinEntry(no_reg: string, nomr: string): Promise<CheckinEntry | null>;
  pharmacyQueue(nomr: string, today: string): Promise<C.PharmacyQueueItem[]>;

  // Histories
  outpatientVisits(nomr: string): Promise<C.OutpatientVisit[]>;
  onlineVisits(nomr: string, today: string): Promise<C.OnlineVisit[]>;
  currentInpatient(nomr: string): Promise<C.CurrentInpatient[]>;
  pastInpatient(nomr: string): Promise<C.PastInpatient[]>;
  cathSchedule(nomr: string, today: string): Promise<C.CathSchedule[]>;
  cathHistory(nomr: string): Promise<C.CathHistory[]>;
  surgerySchedule(nomr: string, today: string): Promise<C.SurgerySchedule[]>;
  surgeryHistory(nomr: string): Promise<C.SurgeryHistory[]>;
  labOrders(nomr: string): Promise<C.LabOrder[]>;
  poliHistory(nomr: string): Promise<C.PoliHistoryItem[]>;
  vascularReports(nomr: string): Promise<C.VascularReport[]>;
}

/** Writes back: each one transaction in the hospital's system, all or nothing. */
export interface HospitalWrites {
  /** Booking: the session a request names, and the seat taken under the session's quota. */
  readonly booking: BookingStore;
  /** Cancel and reschedule of an appointment: its seat freed or moved. */
  readonly manage: ManageStore;
  /** Records the check-in unless one is there; answers the time kept (ISO, +07:00). */
  checkIn(no_reg: string, at: number): Promise<string>;
  /**
   * A self-registration for the registration counter, written with `q`: the transaction of this
   * API's database that holds its audit entry.
   */
  selfRegistration(q: Queryable, p: NewPatient, clientAddress: string | null): Promise<{ id: number; outcome: SaveOutcome }>;
}

/**
 * A SIMRS behind an API of docs/product.md §7 that decides bookings and registrations itself
 * (SIMRS=upstream): they are handed to it as sent, and its answer is the patient's. It offers none
 * of the reference API's managing (cancel, reschedule, online booking) nor check-in: those calls
 * answer 404, as from any API without them, and the app hides them (docs/product.md §10).
 */
export interface HospitalRelay {
  /** A clinic booking; one tap is one call to the hospital, however often the phone repeats it. */
  book(nomr: string, req: BookingRequest): Promise<BookingOutcome>;
  /** A self-registration: the hospital's answer (status and its message). */
  register(p: NewPatient): Promise<{ status: boolean; message: string }>;
  /** Whether a sign-in without the birth date (a passkey) can still reach the hospital for this patient. */
  resumable(nomr: string): Promise<boolean>;
  /**
   * A session of the patient was just made (a login, a passkey sign-in), in the transaction `q`:
   * it keeps the hospital's token (the login's own, or the one the patient's sessions hold).
   */
  keep(q: Queryable, nomr: string, session: string): Promise<void>;
  /** Sessions of the patient ended: the hospital's token they held is dropped with them. */
  forget(q: Queryable, nomr: string): Promise<void>;
  /** The visit day's queue is read again this often (ms): the hospital tells this server of no change. */
  readonly queuePollMs: number;
}

export interface HospitalConnector extends HospitalReads, HospitalWrites {
  readonly kind: SimrsKind;
  /** Present when the SIMRS decides bookings behind its own API (SIMRS=upstream). */
  readonly relay?: HospitalRelay;
  /** Whether the hospital's system answers now. */
  health(): Promise<SimrsHealth>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hospital's system, as the routes read and write it (buildApp decorates the app with it). */
    simrs: HospitalConnector;
  }
}

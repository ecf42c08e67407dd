// The connector contract: everything the API reads from the hospital's information system (SIMRS)
// and everything it writes back, as one interface (docs/integration.md). SIMRS=local answers it
// from this API's own tables (connector/local/connector.ts); SIMRS=khanza from a SIMRS Khanza database;
// SIMRS=upstream from the hospital's own API of docs/product.md §7 (connector/upstream/).
// What no SIMRS holds (sessions, passkeys, family, push, reminders, audit, the BPJS outbox) stays
// in this API's database and is not part of it. Every type the contract speaks is defined here or
// below it (common/, domain/, the database's client): the connectors import it, it imports none.
import type { AppointmentKind } from '../../common/booking.ts';
import type { NewPatient } from '../../common/schemas/auth.ts';
import type { BookingRequest } from '../../common/schemas/booking.ts';
import type * as C from '../../common/schemas/index.ts';
import type { PasienBaruRequest } from '../../common/schemas/jkn.ts';
import type { QueueStatus } from '../../common/schemas/patient.ts';
import type { Queryable } from '../db/client.ts';
import type { PracticeSessionOf } from '../db/queue-events.ts';
import type { BookingOutcome, BookingStore } from '../domain/booking.ts';
import type { PatientIdentity } from '../domain/fhir.ts';
import type { ManageStore, UpcomingRow } from '../domain/manage.ts';
import type { SaveOutcome } from '../domain/registration.ts';

/** Which implementation answers (the SIMRS setting). */
export type SimrsKind = 'local' | 'khanza' | 'upstream';

/** What the hospital's system says about itself: /api/health names it when it is down. */
export interface SimrsHealth {
  name: SimrsKind;
  ok: boolean;
}

/** A doctor's photo: the hospital's own image, or only the name (the API draws a portrait card). */
export type DoctorPhoto = { kind: 'image'; contentType: string; body: Buffer } | { kind: 'name'; name: string };

/** A patient's entry in a clinic queue of the day, with what the estimate needs. */
export interface QueueRow extends PracticeSessionOf {
  no_urut: number;
  no_reg: string;
  dokter: string;
  ds_dep: string;
  /** The clinic's examination room; null where the hospital has not set it. */
  ruang: string | null;
  /** Its floor; absent where the hospital's system keeps none (Khanza), null where not set. */
  lantai?: string | null;
  no_mr: string;
  nama_pas: string;
  status: QueueStatus;
  no_dipanggil: number | null;
  checkin: string | null;
  /** Waiting patients ahead in the session; null where the hospital's API does not say. */
  ahead: number | null;
  /** When the session's numbers were called (epoch ms). */
  calls: number[];
  jam_dtg: string | null;
  jam_plg: string | null;
  menit_per_pasien: number | null;
  /** The hospital keeps no time of a call and no pace (SIMRS=khanza): no estimate is reckoned. */
  tanpa_estimasi?: boolean;
}

/** A queue entry as check-in reads it: whose it is, its state and the session's hours. */
export interface CheckinEntry extends PracticeSessionOf {
  no_mr: string;
  status: QueueStatus;
  checkin: string | null;
  jam_dtg: string | null;
  jam_plg: string | null;
}

/** A doctor's session on a date, found by BPJS's codes, with its seats and the day's queue. */
export interface JknPracticeSession {
  kd_dep: string;
  kd_dr: string;
  sts_jam: string;
  kodepoli: string;
  namapoli: string;
  namadokter: string;
  jam_dtg: string;
  jam_plg: string;
  batas_quota: number;
  quota_terisi: number;
  /** The day's queue of the session: entries, those still waiting, the number called last. */
  queued: number;
  waiting: number;
  called: number | null;
}

/** A patient as Mobile JKN's identity check reads them (server/jkn/identity.ts). */
export interface JknPatientRow {
  nomr: string;
  kartu: string | null;
  nik: string | null;
}

/**
 * A JKN clinic appointment by its kodebooking (its no_reg, or no_reg-N after a move), with the
 * session's last call. Another guarantee's or an online one is none of Mobile JKN's: not found.
 */
export interface JknAppointment {
  no_reg: string;
  nomr: string;
  jenis: string;
  sumber: string;
  tgl_janji: string;
  no_urut: number;
  cancelled: boolean;
  kodepoli: string | null;
  called: number | null;
  /**
   * Mobile JKN may act on it (sisa, batal, check-in): taken through Mobile JKN, or added to BPJS's
   * Antrean under the patient's card number, where Mobile JKN shows it to the card holder.
   */
  mobile: boolean;
}

/** The patient's pharmacy queue entry of the appointment's day, and that day's queue around it. */
export interface JknPharmacy {
  no_antrian: string;
  status_obat: string;
  total: number;
  /** Entries before this one not ready yet. */
  ahead: number;
  /** The entry made ready last, or null. */
  ready: string | null;
  /** BPJS's jenisresep where the hospital's system records it (a compounded part); else read from the status. */
  jenisresep?: 'racikan' | 'non racikan';
}

/**
 * Where a booking or cancel comes from: the app (and the spec's client), or Mobile JKN through the
 * hospital's web service (server/routes/jkn.ts), whose bookings and cancels BPJS holds already.
 */
export type Channel = 'app' | 'mobilejkn';

/** A doctor's clinic practice session of the date, by its BPJS codes (what HFIS's check compares: bpjs/hfis.ts). */
export interface MappedPracticeSession {
  kd_dep: string;
  kd_dr: string;
  kodepoli: string;
  kodedokter: number;
  jam_dtg: string;
  jam_plg: string;
  batas_quota: number;
}

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
  /** Both lists at once, where one query answers them (SIMRS=local: one round trip); else the two calls above. */
  supporting?(nomr: string): Promise<{ labs: C.LabOrder[]; poli: C.PoliHistoryItem[] }>;
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

/** What Mobile JKN is answered of a booking (ambilantrean, sisaantrean): its numbers, names, estimate and seats left. */
export interface JknTicket {
  /** BPJS's kodebooking of the booking: this API's no_reg (SIMRS=local), Khanza's nobooking (SIMRS=khanza). */
  kodebooking: string;
  nomorantrean: string;
  angkaantrean: number;
  namapoli: string;
  namadokter: string;
  /** Epoch ms. */
  estimasidilayani: number;
  /** Patients ahead, still waiting. */
  ahead: number;
  kuota: number;
  sisakuota: number;
  keterangan: string;
}

/** An operation as Mobile JKN lists it (jadwaloperasirs, jadwaloperasipasien). */
export interface JknOperation {
  kodebooking: string;
  tanggaloperasi: string;
  jenistindakan: string;
  kodepoli: string;
  namapoli: string;
  terlaksana: number;
  nopeserta: string;
  lastupdate: number;
}

/**
 * Mobile JKN's web service (server/routes/jkn.ts, docs/bpjs.md) as the hospital's system answers
 * it: BPJS's codes through the mapping tables, and the bookings and cancels in the same seat pool
 * as the app's and the counter's (booking, manage: Mobile JKN's channel, which BPJS knows of already).
 */
export interface MobileJknDesk {
  /** Whether BPJS's poli and doctor codes are in the hospital's mapping tables. */
  codesKnown(kodepoli: string, kodedokter: number): Promise<{ poli: boolean; dokter: boolean }>;
  /** The doctor's clinic sessions on the date under BPJS's codes, with their seats and the day's queue. */
  sessions(kodepoli: string, kodedokter: number, date: string): Promise<JknPracticeSession[]>;
  /** The patients this card number, NIK or medical record number names (server/jkn/identity.ts decides who it is). */
  patients(nomorkartu: string, nik: string, norm: string): Promise<JknPatientRow[]>;
  /** pasienbaru: a new medical record; `known` when the card number or NIK is there; `refused` with the words when new patients are the counter's. */
  newPatient(p: PasienBaruRequest): Promise<{ nomr: string } | { known: true } | { refused: string }>;
  readonly booking: BookingStore;
  readonly manage: ManageStore;
  /** A JKN clinic booking by BPJS's kodebooking; another guarantee's or an unknown one: null. */
  appointment(kodebooking: string): Promise<JknAppointment | null>;
  /** What Mobile JKN is answered of a booking, by this API's no_reg. */
  ticket(no_reg: string, now: number, minutesPerPatient: number): Promise<JknTicket | null>;
  /** The hospital's operations in a date range, or a member's (by card number). */
  operations(range: { from: string; to: string } | { nopeserta: string }): Promise<JknOperation[]>;
  /** The patient's pharmacy queue entry of a day; null while there is none (or the hospital's system does not tell). */
  pharmacy(nomr: string, date: string): Promise<JknPharmacy | null>;
  /** The mapping tables as they are, for the check against BPJS's references (HFIS). */
  mappings(): Promise<{ poli: Array<{ kd_dep: string; kodepoli: string }>; dokter: Array<{ kd_dr: string; kodedokter: number }> }>;
  /** The clinic sessions of a date whose clinic and doctor are mapped, with their BPJS codes, hours and quota. */
  mappedSessions(date: string): Promise<MappedPracticeSession[]>;
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
  /** Mobile JKN's web service on this SIMRS; absent where the hospital's own API takes the bookings (SIMRS=upstream: JKN_WS_* stop the start). */
  readonly mobileJkn?: MobileJknDesk;
  /** Present when the SIMRS decides bookings behind its own API (SIMRS=upstream). */
  readonly relay?: HospitalRelay;
  /** Whether the hospital's system answers now. */
  health(): Promise<SimrsHealth>;
  close(): Promise<void>;
  /**
   * A digest of what a live stream's key shows in the hospital's system (a doctor's session of a
   * day, a patient's pharmacy queue), for the change poll (connector/poll.ts); null for a key it
   * does not know. Left out where every change comes through this API (SIMRS=local).
   */
  changeMark?(key: string): Promise<string | null>;
  /**
   * Of these visits (our no_reg), those the hospital's system still holds waiting, with their date:
   * the reminders of the app's bookings there are sent only for these (push/reminders.ts). Left out
   * where the reminders follow this API's own appointments (SIMRS=local).
   */
  waitingVisits?(no_regs: string[]): Promise<ReadonlyMap<string, string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hospital's system, as the routes read and write it (buildApp decorates the app with it). */
    simrs: HospitalConnector;
  }
}

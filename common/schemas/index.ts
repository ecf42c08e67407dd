// The wire shapes of docs/product.md §7 and of the reference API's additions, with the hospital's
// field names kept as they are (see the glossary in docs/architecture.md).
//
// Each shape is a TypeBox schema in its area's file (auth, patient, booking, records, push,
// internal), with its TypeScript type derived from it under the same name. This index gives the
// app the types only, and the plain constants of codes.ts: no schema library reaches the phone.
// The server imports the schemas from the area files.

export * from './codes.ts';
export type { Envelope, Failure } from './envelope.ts';
export type { LoginRequest, LoginResponse, LogoutRequest, NewPatient, Registered } from './auth.ts';
export type { Counter, RegistrationStatus } from './registration-status.ts';
export type { ClinicQueueItem, QueueStatus, PharmacyQueueItem, Profile, UpcomingAppointment } from './patient.ts';
export type { CheckedIn, CheckinRequest, Position } from './visit.ts';
export type {
  AppointmentRef,
  BookingRequest,
  BookingResult,
  BookingRules,
  CancelRequest,
  Cancelled,
  Clinic,
  DoctorSchedule,
  DoctorScheduleRow,
  LastAppointment,
  QuotaSlot,
  RescheduleRequest,
} from './booking.ts';
export type {
  CathHistory,
  CathSchedule,
  CurrentInpatient,
  LabOrder,
  LabTest,
  OnlineVisit,
  OutpatientVisit,
  PastInpatient,
  PoliHistoryItem,
  SupportingResponse,
  SurgeryHistory,
  SurgerySchedule,
  VascularFinding,
  VascularReport,
} from './records.ts';
export type { PushRegistered, PushRegistration, VapidKey } from './push.ts';
export type { NoticeChoice, SaveNoticeChoice } from './notices.ts';
export type {
  ClinicCall,
  ClinicQueueChange,
  ClinicQueueEntry,
  ClinicQueueQuery,
  Enqueued,
  NotifyRequest,
  PharmacyChange,
  PharmacyStatus,
  RegistrationEntry,
} from './internal.ts';
export type { MeetingLink, MeetingLinkSet, Reminder } from './internal.ts';
export type { Health } from './health.ts';
export type { ReferralKind, ReferralList, UsableReferral } from './referrals.ts';
export type { BpjsQuery, BpjsRow, BpjsStatus } from './bpjs.ts';
export type {
  Devices,
  LoginCredential,
  LoginOptions,
  PasskeyInfo,
  PasskeyLoginResponse,
  PasskeyOffer,
  RegistrationCredential,
  RegistrationOptions,
  SessionInfo,
} from './passkey.ts';
/** The contract table's types (common/api-calls.ts): the client's calls take their answer and body types from them. */
export type { AnswerOf, BodyOf, DataOf, Read, Write } from '../api-calls.ts';

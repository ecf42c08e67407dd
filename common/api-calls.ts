// THE API contract, as a table: each call by its name in paths.ts, with its method, its path (from
// paths.ts, the one spelling), what it takes (query or body) and what it answers with status 200.
// The server registers a call's route from its entry (server/routes/route-schema.ts `route`), and the
// app's client types the call by it (src/api/http.ts `read`, `send`): a call's path, request and
// answer are written here once. The schemas are TypeBox, so the app imports this file's types only
// (dependency-cruiser: schemas-types-only-in-the-app); the paths it sends to come from paths.ts.
// The hospital's own routes (internal, BPJS, Mobile JKN) are not in it: they register with their own
// path and schema (docs/decisions.md, Every fact once, finished).
import { Type, type Static, type TSchema } from 'typebox';
import { LEAVE_API } from './leave-paths.ts';
import { API, CLINIC_QUEUE_EVENT, PHARMACY_QUEUE_EVENT } from './paths.ts';
import * as B from './schemas/booking.ts';
import * as L from './schemas/leave.ts';
import { Success } from './schemas/envelope.ts';
import { FHIR_JSON, FhirBundle, FhirPatientParams } from './schemas/fhir.ts';
import { LoginRequest, LoginResponse, LogoutRequest, NewPatient, NomrFormat, RegistrationAnswer } from './schemas/auth.ts';
import { ClinicQueueItem, PatientQuery, PharmacyQueueItem, Profile, UpcomingAppointments } from './schemas/patient.ts';
import {
  Devices,
  EndSession,
  LoginCredential,
  LoginOptions,
  PasskeyInfo,
  PasskeyLoginResponse,
  PasskeyOffer,
  RegistrationCredential,
  RegistrationOptions,
  RemovePasskey,
} from './schemas/passkey.ts';
import { PushRegistered, PushRegistration, VapidKey } from './schemas/push.ts';
import { NoticeChoice, SaveNoticeChoice } from './schemas/notices.ts';
import { RegistrationStatus, StatusPush, StatusQuery } from './schemas/registration-status.ts';
import { ReferralList } from './schemas/referrals.ts';
import * as R from './schemas/records.ts';
import { CheckedIn, CheckinRequest } from './schemas/visit.ts';

/** Every patient call's path by its name: the core's and those loaded later (leave-paths.ts). */
const PATHS = { ...API, ...LEAVE_API };
export type CallName = keyof typeof PATHS;

export interface Entry<M extends 'GET' | 'POST' = 'GET' | 'POST', Q extends TSchema | undefined = TSchema | undefined, A extends TSchema = TSchema> {
  method: M;
  /** As OpenAPI writes it: a path parameter in braces ('{nomr}'). */
  path: string;
  params?: TSchema;
  querystring?: Q;
  body?: Q;
  answer: A;
  /** An answer that is not the API's JSON (the record export, the live stream): its media type and what it is. */
  media?: { type: string; description: string };
}

/** A read: its query and its answer. */
const get = <N extends CallName, Q extends TSchema, A extends TSchema>(name: N, querystring: Q, answer: A) =>
  ({ method: 'GET', path: PATHS[name], querystring, answer }) as const;
/** A read that takes no query. */
const plain = <N extends CallName, A extends TSchema>(name: N, answer: A) => ({ method: 'GET', path: PATHS[name], answer }) as const;
/** A write: its JSON body and its answer. */
const post = <N extends CallName, Q extends TSchema, A extends TSchema>(name: N, body: Q, answer: A) =>
  ({ method: 'POST', path: PATHS[name], body, answer }) as const;

/** A read whose answer is another media type than JSON: the record export, the live stream. */
const other = <N extends CallName, R extends { params?: TSchema; querystring?: TSchema }, A extends TSchema>(
  name: N,
  request: R,
  answer: A,
  type: string,
  description: string,
) => ({ method: 'GET', path: PATHS[name], ...request, answer, media: { type, description } }) as const;

/** A list of docs/product.md §7: the patient's own entries under data. */
const list = <N extends CallName, T extends TSchema>(name: N, item: T) => get(name, PatientQuery, Success(Type.Array(item)));

export const CONTRACT = {
  // Login, logout and self-registration (server/routes/auth.ts, registration.ts).
  login: post('login', LoginRequest, LoginResponse),
  nomrFormat: plain('nomrFormat', Success(NomrFormat)),
  logout: post('logout', LogoutRequest, Success(Type.Null(), 'Signed out')),
  register: post('register', NewPatient, RegistrationAnswer),
  registrationStatus: post('registrationStatus', StatusQuery, Success(RegistrationStatus)),
  registrationPush: post('registrationPush', StatusPush, Success(PushRegistered)),

  // Passkeys: the sign-in (server/routes/passkey-login.ts), enrolment, the patient's devices and
  // sessions (server/routes/passkeys.ts).
  passkeyLoginOptions: plain('passkeyLoginOptions', Success(LoginOptions)),
  passkeyLogin: post('passkeyLogin', LoginCredential, PasskeyLoginResponse),
  passkeyOffer: plain('passkeyOffer', Success(PasskeyOffer)),
  passkeyRegisterOptions: plain('passkeyRegisterOptions', Success(RegistrationOptions)),
  passkeyRegister: post('passkeyRegister', RegistrationCredential, Success(PasskeyInfo)),
  devices: plain('devices', Success(Devices)),
  passkeyRemove: post('passkeyRemove', RemovePasskey, Success(Type.Null())),
  sessionEnd: post('sessionEnd', EndSession, Success(Type.Null())),

  // The patient's records (server/routes/records.ts).
  profile: get('profile', PatientQuery, Success(Profile)),
  upcoming: get('upcoming', PatientQuery, Success(UpcomingAppointments)),
  pharmacyQueue: list('pharmacyQueue', PharmacyQueueItem),
  cathSchedule: list('cathSchedule', R.CathSchedule),
  surgerySchedule: list('surgerySchedule', R.SurgerySchedule),
  historyPoli: list('historyPoli', R.OutpatientVisit),
  historyOnline: list('historyOnline', R.OnlineVisit),
  inpatientCurrent: list('inpatientCurrent', R.CurrentInpatient),
  inpatientPast: list('inpatientPast', R.PastInpatient),
  historyCath: list('historyCath', R.CathHistory),
  historySurgery: list('historySurgery', R.SurgeryHistory),
  vascular: list('vascular', R.VascularReport),
  supporting: get('supporting', PatientQuery, R.SupportingResponse),

  // Clinics, schedules and booking; managing appointments (server/routes/booking.ts).
  clinics: list('clinics', B.Clinic),
  lastAppointment: get('lastAppointment', B.LastAppointmentQuery, Success(B.LastAppointment)),
  doctorSchedule: get('doctorSchedule', B.DoctorQuery, Success(Type.Array(B.DoctorSchedule))),
  quota: get('quota', B.QuotaQuery, Success(Type.Array(B.QuotaSlot))),
  book: post('book', B.BookingRequest, B.BookingAnswer),
  bookOnline: post('bookOnline', B.BookingRequest, B.BookingAnswer),
  cancel: post('cancel', B.CancelRequest, B.CancelAnswer),
  reschedule: post('reschedule', B.RescheduleRequest, B.BookingAnswer),
  bookingRules: get('bookingRules', PatientQuery, Success(B.BookingRules)),
  referrals: get('referrals', PatientQuery, Success(ReferralList)),
  hospitalCancelled: get('hospitalCancelled', PatientQuery, Success(Type.Array(L.HospitalCancelled))),
  moveCancelled: post('moveCancelled', L.MoveRequest, B.BookingAnswer),
  waitlist: get('waitlist', PatientQuery, Success(Type.Array(L.WaitlistEntry))),
  waitlistJoin: post('waitlistJoin', B.BookingRequest, L.WaitlistJoinAnswer),
  waitlistLeave: post('waitlistLeave', L.WaitlistRef, Success(Type.Null(), 'Left the line (an offered seat passes to the next)')),
  waitlistTake: post('waitlistTake', L.WaitlistRef, B.BookingAnswer),

  // The visit day (server/routes/visit.ts) and push (server/routes/push.ts).
  clinicQueue: list('clinicQueue', ClinicQueueItem),
  checkin: post('checkin', CheckinRequest, Success(CheckedIn)),
  clinicQueueLive: other(
    'clinicQueueLive',
    { querystring: PatientQuery },
    Type.String({
      description: `event: ${CLINIC_QUEUE_EVENT}, data: the ${API.clinicQueue} answer; event: ${PHARMACY_QUEUE_EVENT}, data: the ${API.pharmacyQueue} answer`,
    }),
    'text/event-stream',
    'The event stream',
  ),
  vapidKey: plain('vapidKey', Success(VapidKey)),
  savePush: post('savePush', PushRegistration, Success(PushRegistered)),
  notices: plain('notices', Success(NoticeChoice)),
  saveNotices: post('saveNotices', SaveNoticeChoice, Success(NoticeChoice)),

  // The record export (server/routes/fhir.ts).
  fhirEverything: other(
    'fhirEverything',
    { params: FhirPatientParams },
    FhirBundle,
    FHIR_JSON,
    "The patient's record as a FHIR R4 Bundle; every reference resolves to an entry of it",
  ),
} as const satisfies { [N in CallName]?: Entry };

export type Contract = typeof CONTRACT;
export type Listed = keyof Contract;
/**
 * The names of the table's reads and of its writes that the app's client sends by name (paths.ts's
 * API); the leave calls' (leave-paths.ts) are sent with their own path by src/api/leave.ts.
 */
export type Read = Extract<
  { [N in Listed]: Contract[N] extends { media: object } ? never : Contract[N]['method'] extends 'GET' ? N : never }[Listed],
  keyof typeof API
>;
export type Write = Extract<{ [N in Listed]: Contract[N]['method'] extends 'POST' ? N : never }[Listed], keyof typeof API>;

/** A call's whole answer (status 200), as the wire carries it. */
export type AnswerOf<N extends Listed> = Static<Contract[N]['answer']>;
/** What a successful answer carries under `data`. */
export type DataOf<N extends Listed> = Extract<AnswerOf<N>, { status: true }> extends { data: infer D } ? D : never;
/** A write's body. */
export type BodyOf<N extends Listed> = Static<Extract<Contract[N], { body: TSchema }>['body']>;

// THE API contract, as a table: each call by its name in paths.ts, with its method, its path (from
// paths.ts, the one spelling), what it takes (query or body) and what it answers with status 200.
// The server registers a call's route from its entry (server/routes/contract.ts `route`), and the
// app's client types the call by it (src/api/http.ts `read`, `send`): a call's path, request and
// answer are written here once. The schemas are TypeBox, so the app imports this file's types only
// (dependency-cruiser: schemas-types-only-in-the-app); the paths it sends to come from paths.ts.
// A route not yet in the table registers as before, with its own path and schema.
import { Type, type Static, type TSchema } from 'typebox';
import { API } from './paths.ts';
import * as B from './schemas/booking.ts';
import { Success } from './schemas/envelope.ts';
import { LoginRequest, LoginResponse, LogoutRequest, NewPatient, RegistrationAnswer } from './schemas/auth.ts';
import { ClinicQueueItem, PatientQuery, PharmacyQueueItem, Profile, UpcomingAppointments } from './schemas/patient.ts';
import { PushRegistered, PushRegistration, VapidKey } from './schemas/push.ts';
import * as R from './schemas/records.ts';
import { CheckedIn, CheckinRequest } from './schemas/visit.ts';

export type CallName = keyof typeof API;

export interface Entry<M extends 'GET' | 'POST' = 'GET' | 'POST', Q extends TSchema | undefined = TSchema | undefined, A extends TSchema = TSchema> {
  method: M;
  path: string;
  querystring?: Q;
  body?: Q;
  answer: A;
}

/** A read: its query and its answer. */
const get = <N extends CallName, Q extends TSchema, A extends TSchema>(name: N, querystring: Q, answer: A) =>
  ({ method: 'GET', path: API[name], querystring, answer }) as const;
/** A read that takes no query. */
const plain = <N extends CallName, A extends TSchema>(name: N, answer: A) => ({ method: 'GET', path: API[name], answer }) as const;
/** A write: its JSON body and its answer. */
const post = <N extends CallName, Q extends TSchema, A extends TSchema>(name: N, body: Q, answer: A) =>
  ({ method: 'POST', path: API[name], body, answer }) as const;

/** A list of docs/product.md §7: the patient's own entries under data. */
const list = <N extends CallName, T extends TSchema>(name: N, item: T) => get(name, PatientQuery, Success(Type.Array(item)));

export const CONTRACT = {
  // Login, logout and self-registration (server/routes/auth.ts, registration.ts).
  login: post('login', LoginRequest, LoginResponse),
  logout: post('logout', LogoutRequest, Success(Type.Null(), 'Signed out')),
  register: post('register', NewPatient, RegistrationAnswer),

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

  // The visit day (server/routes/visit.ts) and push (server/routes/push.ts).
  clinicQueue: list('clinicQueue', ClinicQueueItem),
  checkin: post('checkin', CheckinRequest, Success(CheckedIn)),
  vapidKey: plain('vapidKey', Success(VapidKey)),
  savePush: post('savePush', PushRegistration, Success(PushRegistered)),
} as const satisfies { [N in CallName]?: Entry };

export type Contract = typeof CONTRACT;
export type Listed = keyof Contract;
/** The names of the table's reads and of its writes. */
export type Read = { [N in Listed]: Contract[N]['method'] extends 'GET' ? N : never }[Listed];
export type Write = { [N in Listed]: Contract[N]['method'] extends 'POST' ? N : never }[Listed];

/** A call's whole answer (status 200), as the wire carries it. */
export type AnswerOf<N extends Listed> = Static<Contract[N]['answer']>;
/** What a successful answer carries under `data`. */
export type DataOf<N extends Listed> = Extract<AnswerOf<N>, { status: true }> extends { data: infer D } ? D : never;
/** A write's body. */
export type BodyOf<N extends Write> = Static<Extract<Contract[N], { body: TSchema }>['body']>;

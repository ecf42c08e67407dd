// Which screen draws each route of common/routes.ts, by the route's name. The login screen is imported statically, so
// it is part of the app shell that the first visit downloads anyway; registration and every
// signed-in screen are loaded lazily, each a chunk of its own (registration is asked for by few,
// and every signed-in route would otherwise carry it). A route without a screen here (or a
// screen without a route) fails a test.
import type { ComponentType } from 'react';
import type { RouteName } from '../common/routes.ts';
import type { ScreenProps } from './navigation.ts';
import Login from './screens/login/login.tsx';

/** A route's screen, loaded: it takes that route's parameters (typed by its path) and navigate. */
type Loader<N extends RouteName> = () => Promise<{ default: ComponentType<ScreenProps<N>> }>;

const loaded =
  <N extends RouteName>(screen: ComponentType<ScreenProps<N>>): Loader<N> =>
  () =>
    Promise.resolve({ default: screen });

export const SCREENS: { [N in RouteName]: Loader<N> } = {
  login: loaded(Login),
  register: () => import('./screens/register/register.tsx'),
  checkRegistration: () => import('./screens/register/status.tsx'),
  // Home carries the one-time offer to sign in with a fingerprint (screens/devices/offer.tsx).
  home: () =>
    Promise.all([import('./screens/home/home.tsx'), import('./screens/devices/offer.tsx')]).then(([h, o]) => ({ default: o.withPasskeyOffer(h.default) })),
  profile: () => import('./screens/profile/profile.tsx'),
  devices: () => import('./screens/devices/devices.tsx'),
  summary: () => import('./screens/summary/summary.tsx'),
  addProfile: () => import('./screens/family/add.tsx'),
  clinicBooking: () => import('./screens/booking/clinic.tsx'),
  confirm: () => import('./screens/booking/confirm.tsx').then((m) => ({ default: m.Confirm })),
  onlineBooking: () => import('./screens/booking/online.tsx').then((m) => ({ default: m.OnlineBooking })),
  confirmOnline: () => import('./screens/booking/confirm.tsx').then((m) => ({ default: m.ConfirmOnline })),
  reschedule: () => import('./screens/booking/reschedule.tsx'),
  procedures: () => import('./screens/menus/menus.tsx').then((m) => ({ default: m.ProceduresMenu })),
  surgerySchedule: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.SurgerySchedule })),
  cathSchedule: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.CathSchedule })),
  doctors: () => import('./screens/booking/doctors.tsx').then((m) => ({ default: m.Specialties })),
  doctorList: () => import('./screens/booking/doctors.tsx').then((m) => ({ default: m.DoctorList })),
  checkQuota: () => import('./screens/booking/checkquota.tsx'),
  consultations: () => import('./screens/menus/menus.tsx').then((m) => ({ default: m.ConsultationsMenu })),
  consultationsPoli: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.OutpatientVisits })),
  consultationsOnline: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.OnlineVisits })),
  inpatient: () => import('./screens/menus/menus.tsx').then((m) => ({ default: m.InpatientMenu })),
  inpatientCurrent: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.CurrentInpatient })),
  inpatientPast: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.PastInpatient })),
  procedureHistory: () => import('./screens/menus/menus.tsx').then((m) => ({ default: m.ProcedureHistoryMenu })),
  cathHistory: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.CathHistory })),
  surgeryHistory: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.SurgeryHistory })),
  examinations: () => import('./screens/menus/menus.tsx').then((m) => ({ default: m.ExaminationsMenu })),
  vascular: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.VascularReports })),
  lab: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.LabOrders })),
  labDetail: () => import('./screens/records/details.tsx').then((m) => ({ default: m.LabDetail })),
  vascularDetail: () => import('./screens/records/details.tsx').then((m) => ({ default: m.VascularDetail })),
  poliHistory: () => import('./screens/records/lists.tsx').then((m) => ({ default: m.PoliHistory })),
};

// Which screen draws each route of common/routes.ts. The login screen is imported statically, so
// it is part of the app shell that the first visit downloads anyway; registration and every
// signed-in screen are loaded lazily, each a chunk of its own (registration is asked for by few,
// and every signed-in route would otherwise carry it). A route without a screen here (or a
// screen without a route) fails a test.
import type { ComponentType } from 'react';
import Login from './screens/login/login.tsx';

// biome-ignore lint/suspicious/noExplicitAny: each screen takes its own route parameters
type Loader = () => Promise<{ default: ComponentType<any> }>;

const loaded =
  // biome-ignore lint/suspicious/noExplicitAny: as above
    (screen: ComponentType<any>): Loader =>
    () =>
      Promise.resolve({ default: screen });

export const SCREENS: Record<string, Loader> = {
  '/': loaded(Login),
  '/registrasi': () => import('./screens/register/register.tsx'),
  // Home carries the one-time offer to sign in with a fingerprint (screens/devices/offer.tsx).
  '/home': () =>
    Promise.all([import('./screens/home/home.tsx'), import('./screens/devices/offer.tsx')]).then(([h, o]) => ({ default: o.withPasskeyOffer(h.default) })),
  '/profil': () => import('./screens/profile/profile.tsx'),
  '/perangkat': () => import('./screens/devices/devices.tsx'),
  '/ringkasan': () => import('./screens/summary/summary.tsx'),
  '/tambahprofil': () => import('./screens/family/add.tsx'),
  '/perjanjianpoli': () => import('./screens/booking/clinic.tsx'),
  '/buatjanji/:dokterr/:kd_dokter/:jam/:tgljanji/:sts_jam/:sts_ue/:bayar': () => import('./screens/booking/confirm.tsx').then((m) => ({ default: m.Confirm })),
  '/perjanjianonline': () => import('./screens/booking/online.tsx').then((m) => ({ default: m.OnlineBooking })),
  '/buatjanjionline/:dokterr/:kd_dokter/:jam/:tgljanji': () => import('./screens/booking/confirm.tsx').then((m) => ({ default: m.ConfirmOnline })),
  '/ubahjanji/:no_reg': () => import('./screens/manage/reschedule.tsx'),
  '/cekjadwaltindakan': () => import('./screens/menus/menus.tsx').then((m) => ({ default: m.ProceduresMenu })),
  '/cekjadwaltindakan/operasi': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.SurgerySchedule })),
  '/cekjadwaltindakan/katerisasi': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.CathSchedule })),
  '/cekjadwaldokter': () => import('./screens/booking/doctors.tsx').then((m) => ({ default: m.Specialties })),
  '/cekjadwaldokter/listdokter/:spesialis': () => import('./screens/booking/doctors.tsx').then((m) => ({ default: m.DoctorList })),
  '/cekjadwaldokter/cekkuota/:nama_dr_lengkap/:kd_dr/:kd_dep/:ds_dep/:hari_jadwal/:jam_dtg/:jam_plg': () => import('./screens/booking/checkquota.tsx'),
  '/riwayatkonsultasi': () => import('./screens/menus/menus.tsx').then((m) => ({ default: m.ConsultationsMenu })),
  '/riwayatkonsultasi/poliklinik': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.OutpatientVisits })),
  '/riwayatkonsultasi/polionline': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.OnlineVisits })),
  '/riwayatrawatinap': () => import('./screens/menus/menus.tsx').then((m) => ({ default: m.InpatientMenu })),
  '/riwayatrawatinap/berjalan': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.CurrentInpatient })),
  '/riwayatrawatinap/lalu': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.PastInpatient })),
  '/riwayattindakan': () => import('./screens/menus/menus.tsx').then((m) => ({ default: m.ProcedureHistoryMenu })),
  '/riwayattindakan/katerisasi': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.CathHistory })),
  '/riwayattindakan/operasi': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.SurgeryHistory })),
  '/riwayatpemeriksaan': () => import('./screens/menus/menus.tsx').then((m) => ({ default: m.ExaminationsMenu })),
  '/riwayatpemeriksaan/vaskular': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.VascularReports })),
  '/riwayatpemeriksaan/patologiklinik': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.LabOrders })),
  '/riwayatpemeriksaan/patologiklinikdetail/:nolab': () => import('./screens/records/details.tsx').then((m) => ({ default: m.LabDetail })),
  '/riwayatpemeriksaan/vaskulardetail/:noreg': () => import('./screens/records/details.tsx').then((m) => ({ default: m.VascularDetail })),
  '/riwayatpemeriksaan/listriwayat/:poli': () => import('./screens/records/lists.tsx').then((m) => ({ default: m.PoliHistory })),
};

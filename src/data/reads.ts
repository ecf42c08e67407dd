// The app's reads over the api/ modules: one cache for the signed-in patient, kept on the phone
// in IndexedDB. Loaded with the signed-in screens only: the login page carries none of it.
import { effect, untracked } from '@preact/signals';
// Loaded first, as every signed-in call needs it: the hook by which a 401 ends the session, and the
// phone's other family profiles (which the effect below reads) restored.
import '../session/logout.ts';
import * as booking from '../api/booking.ts';
import * as patient from '../api/patient.ts';
import * as records from '../api/records.ts';
import type { Result } from '../api/http.ts';
import type * as C from '../../common/schemas/index.ts';
import { session } from '../session/session.ts';
import { createCache, type Read } from './cache.ts';
import { deviceStore } from './device.ts';

export const cache = createCache({ store: deviceStore() });

// Whatever ends the session (logout, a 401, a failed profile) ends the patient's answers with
// it, on the phone too: a shared phone shows the next person nothing of the last. The phone's
// other family profiles keep their copies until they sign out. One effect over both signals:
// session.store() changes them in one batch, so the cache never sees a profile in neither.
effect(() => {
  const active = session.current.value?.nomr ?? null;
  const others = session.others.value.map((p) => p.nomr);
  untracked(() => void cache.setOwner(active, others));
});
if (typeof window !== 'undefined') window.addEventListener('online', () => cache.retry());

const MINUTE = 60_000;

/** A profile answer without a patient is the server refusing this one (home's forced logout). */
const somebody = (res: Result<C.Profile>): Result<C.Profile> => (res.ok && !res.data ? { ok: false, error: { kind: 'status' } } : res);

// Home (docs/product.md §4): the welcome's profile once a session (decisions); the cards on every visit.
export const profile: Read<C.Profile> = { key: 'profile', load: () => patient.getProfile(true).then(somebody), fresh: Infinity, keep: true };
export const upcoming: Read<C.UpcomingAppointment[]> = { key: 'upcoming', load: patient.getUpcoming, keep: true };
export const clinicQueue: Read<C.ClinicQueueItem[]> = { key: 'clinicQueue', load: patient.getClinicQueue, keep: true };
export const pharmacyQueue: Read<C.PharmacyQueueItem[]> = { key: 'pharmacyQueue', load: patient.getPharmacyQueue, keep: true };
/** The profile screen's call sends the nomr only (docs/product.md §7). */
export const fullProfile: Read<C.Profile> = { key: 'profile/full', load: () => patient.getProfile(false), keep: true };

// Booking: what a booking changes is invalidated by book().
export const clinics: Read<C.Clinic[]> = { key: 'clinics', load: booking.getClinics, fresh: Infinity };
export const lastAppointment: Read<string | null> = { key: 'lastAppointment', load: () => booking.getLastAppointment(), fresh: Infinity };
/** Rescheduling: the last BPJS appointment besides the one being moved (the server counts it so). */
export const lastAppointmentBesides = (noReg: string): Read<string | null> => ({
  key: `lastAppointment/${noReg}`,
  load: () => booking.getLastAppointment(noReg),
  fresh: Infinity,
});
/**
 * This API's booking rules; null where it has none (cancel, reschedule and online booking hidden).
 * Kept on the phone with home, so the installed app opened without signal keeps its shortcut; read
 * again after an hour, since the window's last date moves with the day.
 */
export const bookingRules: Read<C.BookingRules | null> = { key: 'bookingRules', load: booking.getBookingRules, fresh: 60 * MINUTE, keep: true };
export const doctorSchedules = (spesialis: string): Read<C.DoctorSchedule[]> => ({
  key: `doctors/${spesialis}`,
  load: () => booking.getDoctorSchedules(spesialis),
});

/**
 * After a booking, a cancel or a reschedule, the appointments, the BPJS gap, the quota, the
 * online history and the BPJS letters (data/referrals.ts: a booking may use one up) are read afresh. The appointments at once, on screen or not: their copy on the
 * phone then holds the change, for the home opened without signal in the hospital. A refusal
 * reads them again too: the card may be out of date (the practice has started meanwhile).
 */
async function changing<T>(send: Promise<Result<T>>): Promise<Result<T>> {
  const res = await send;
  cache.invalidate(['upcoming', 'lastAppointment', 'quota/', 'onlineVisits', 'referrals']);
  if (res.ok || res.error.kind === 'status') void cache.load(upcoming);
  return res;
}

export const book = (req: C.BookingRequest) => changing(booking.bookAppointment(req));
export const bookOnline = (req: C.BookingRequest) => changing(booking.bookOnlineAppointment(req));
export const cancelAppointment = (req: C.CancelRequest) => changing(booking.cancelAppointment(req));
export const rescheduleAppointment = (req: C.RescheduleRequest) => changing(booking.rescheduleAppointment(req));

// Records change by the day: an answer serves the list and its details for a minute.
const history = <T>(key: string, load: () => ReturnType<Read<T>['load']>): Read<T> => ({ key, load, fresh: MINUTE, keep: true });

export const cathSchedule = history('cathSchedule', records.getCathSchedule);
export const surgerySchedule = history('surgerySchedule', records.getSurgerySchedule);
export const outpatientVisits = history('outpatientVisits', records.getOutpatientVisits);
export const onlineVisits = history('onlineVisits', records.getOnlineVisits);
export const currentInpatient = history('currentInpatient', records.getCurrentInpatient);
export const pastInpatient = history('pastInpatient', records.getPastInpatient);
export const cathHistory = history('cathHistory', records.getCathHistory);
export const surgeryHistory = history('surgeryHistory', records.getSurgeryHistory);
export const vascularReports = history('vascularReports', records.getVascularReports);

// One penunjang call feeds the lab list, its details and the poli history.
const supporting = history('supporting', records.getSupporting);
export const labOrders: Read<C.LabOrder[], records.Supporting> = { ...supporting, select: (s) => s.hasillab };
export const poliHistory: Read<C.PoliHistoryItem[], records.Supporting> = { ...supporting, select: (s) => s.data };

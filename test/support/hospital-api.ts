// A stand-in of a hospital's own patient API and its login service: the calls of
// docs/product.md §7 ("The calls of the app"), in the shapes and formats given there,
// on two loopback listeners of node:http. Written from that contract alone, sharing nothing with
// server/ or common/, so a server in front of it (SIMRS=upstream) is tested against the contract
// and not against itself. Its parts: the hospital's data (hospital-api-data.ts) and state
// (hospital-api-state.ts), its answer to each call with the rules it keeps (hospital-api-calls.ts),
// and the listeners (hospital-api-wire.ts).
//
//   const h = await startHospitalApi({ quota: 3 });
//   h.url, h.loginUrl        the API's and the login service's base addresses (UPSTREAM_API_URL, UPSTREAM_LOGIN_URL)
//   h.calls                  every request, in order: { service, method, path, query, body, bearer, time, status }
//   h.callsTo(path)          those of one path
//   await h.setMode(m)       'ok'; 'down' (both listeners closed: connection refused, held requests
//                            dropped); 'slow' (every answer after setDelayMs(n), 12 s unless set, the
//                            work done when it answers; leaving 'slow' answers the held ones at once);
//                            'error500' (an HTML 500 page, nothing done); 'forbidden' (every call
//                            but the login answers 403 {message: 'Forbidden'}, nothing done: a gateway
//                            that no longer lets this caller in)
//   h.setDelayMs(n)          the delay of 'slow'
//   h.inFlight(), h.peakInFlight()   requests taken and not yet answered, now and at most so far
//   h.setTextStatus(on)      every `status` sent as the string 'true'/'false' (the POSTs always are)
//   h.expireTokens()         every token issued so far answers 401 'Token expired' from now on
//   h.callNumber(no_reg)     the counter calls that appointment's number today: from then on the
//                            queue items of its doctor's session carry status, no_dipanggil and
//                            sisa_antrian (§7 allows them; before any call they carry none)
//   h.patients, h.clinics, h.doctors (with jadwal[].batas_quota), h.pharmacy   the data, to assert on or change
//   h.records                the first patient's histories and results, by call (kath, konsulUmum, hasillab, …)
//   h.appointments           every appointment held (the demo's and the booked); h.bookings: those booked through the API
//   h.registrations          the bodies of the registrations taken
//   h.seats(kd_dr, kd_dep, 'YYYY-MM-DD', sts_jam)   { batas_quota, quota_terisi } of one session, or null
//   h.today, h.nextDateOn('Senin')                  the hospital's day (WIB) and the next date on a weekday
//   await h.close()
//
// The hospital's rules (what it answers, and when it refuses): hospital-api-calls.ts.
import {
  CLINICS,
  type Appointment,
  type Clinic,
  type Doctor,
  type demoRecords,
  type HospitalPatient,
  nextDateOn,
  type PharmacyQueueItem,
  WEEKDAYS,
  wibToday,
} from './hospital-api-data.ts';
import { hospitalCalls } from './hospital-api-calls.ts';
import { hospitalState } from './hospital-api-state.ts';
import { type HospitalCall, type HospitalMode, openWire } from './hospital-api-wire.ts';

export interface HospitalApiOptions {
  /** The seats of every practice session (batas_quota); 3 unless said. */
  quota?: number;
  /** The delay of 'slow', in ms; 12 000 unless said (above a 10 s time-out). */
  delayMs?: number;
  /** The hospital's day, YYYY-MM-DD; today in WIB unless said. */
  today?: string;
}

export interface HospitalApi {
  url: string;
  loginUrl: string;
  calls: HospitalCall[];
  callsTo: (path: string) => HospitalCall[];
  setMode: (mode: HospitalMode) => Promise<void>;
  setDelayMs: (ms: number) => void;
  setTextStatus: (on: boolean) => void;
  /** Requests taken and not yet answered (held by 'slow'), now. */
  inFlight: () => number;
  /** The most requests in flight at once so far: how many calls a server in front makes in parallel. */
  peakInFlight: () => number;
  expireTokens: () => void;
  /** Today's appointment by that no_reg is called in its doctor's session. */
  callNumber: (no_reg: string) => void;
  patients: HospitalPatient[];
  clinics: Clinic[];
  doctors: Doctor[];
  pharmacy: PharmacyQueueItem[];
  records: ReturnType<typeof demoRecords>;
  appointments: Appointment[];
  bookings: Appointment[];
  registrations: Record<string, unknown>[];
  seats: (kd_dr: string, kd_dep: string, tgl_janji: string, sts_jam: string) => { batas_quota: number; quota_terisi: number } | null;
  today: string;
  nextDateOn: (hari: string) => string;
  close: () => Promise<void>;
}

export async function startHospitalApi(opts: HospitalApiOptions = {}): Promise<HospitalApi> {
  const h = hospitalState(opts.today ?? wibToday(), opts.quota ?? 3);
  const { apiRoutes, loginRoutes } = hospitalCalls(h);
  const wire = await openWire(
    { api: apiRoutes, login: loginRoutes },
    { authorize: h.authorize, badBody: () => h.refuse('Body harus JSON', 400) },
    opts.delayMs ?? 12_000,
  );
  return {
    ...wire,
    callsTo: (path) => wire.calls.filter((c) => c.path === path),
    setTextStatus: h.setTextStatus,
    expireTokens: h.expireTokens,
    callNumber: h.callNumber,
    patients: h.patients,
    clinics: CLINICS,
    doctors: h.docs,
    pharmacy: h.pharmacy,
    records: h.records,
    appointments: h.appointments,
    bookings: h.bookings,
    registrations: h.registrations,
    seats: h.seats,
    today: h.today,
    nextDateOn: (hari) => {
      if (!(WEEKDAYS as readonly string[]).includes(hari)) throw new Error(`not a weekday: ${hari}`);
      return nextDateOn(hari, h.today);
    },
  };
}

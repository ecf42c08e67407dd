// The hospital of the stand-in (hospital-api.ts): its data (from hospital-api-data.ts, a fresh copy
// per stand-in), its tokens, the seats and queues its appointments make, and the shapes of its
// answers. Written from docs/product.md §7 alone, sharing nothing with server/ or common/.
import {
  type Appointment,
  CLINICS,
  demoAppointments,
  demoPharmacy,
  demoRecords,
  doctors,
  type HospitalPatient,
  PATIENTS,
  type Practice,
  weekdayOf,
} from './hospital-api-data.ts';

export interface Answer {
  code: number;
  body: unknown;
}

/** `today`: the hospital's day, YYYY-MM-DD; `quota`: the seats of every practice session. */
export function hospitalState(today: string, quota: number) {
  let textStatus = false;
  const tokens = new Map<string, { nomr: string; expired: boolean }>();
  const patients = structuredClone(PATIENTS);
  const docs = doctors(quota);
  const appointments = demoAppointments(today);
  const bookings: Appointment[] = [];
  const registrations: Record<string, unknown>[] = [];
  const pharmacy = demoPharmacy(today);
  const records = demoRecords(today);

  const ok = (on = false): boolean | string => (on || textStatus ? 'true' : true);
  const no = (on = false): boolean | string => (on || textStatus ? 'false' : false);
  /** A refusal {status: false, message}; the POSTs' status as the string 'false', as the hospital's does. */
  const refuse = (message: string, code = 200, post = false): Answer => ({ code, body: { status: no(post), message } });
  const data = (d: unknown): Answer => ({ code: 200, body: { status: ok(), data: d } });
  const list = (rows: unknown[]): Answer => (rows.length ? data(rows) : { code: 200, body: { status: no(), message: 'Data tidak ditemukan', data: [] } });

  const clinicName = (kd_dep: string) => CLINICS.find((c) => c.kd_dep === kd_dep)?.ds_dep ?? kd_dep;
  const doctorName = (kd_dr: string) => docs.find((d) => d.kd_dr === kd_dr)?.nama_dr_lengkap ?? kd_dr;
  const practiceOn = (kd_dr: string, kd_dep: string, ymd: string, sts_jam: string): Practice | undefined =>
    docs.find((d) => d.kd_dr === kd_dr)?.jadwal.find((j) => j.kd_dep === kd_dep && j.sts_jam === sts_jam && j.hari === weekdayOf(ymd));
  const filled = (kd_dr: string, kd_dep: string, ymd: string, sts_jam: string) =>
    appointments.filter((a) => a.kd_dr === kd_dr && a.kd_dep === kd_dep && a.tgl_janji === ymd && a.sts_jam === sts_jam).length;
  const seats = (kd_dr: string, kd_dep: string, ymd: string, sts_jam: string) => {
    const p = practiceOn(kd_dr, kd_dep, ymd, sts_jam);
    return p ? { batas_quota: p.batas_quota, quota_terisi: filled(kd_dr, kd_dep, ymd, sts_jam) } : null;
  };
  /** The number called in each of today's doctor's sessions (callNumber), by kd_dr|kd_dep|sts_jam. */
  const calledIn = new Map<string, number>();
  const sessionKey = (a: Appointment) => `${a.kd_dr}|${a.kd_dep}|${a.sts_jam}`;
  /** A session that has begun: the number called, the item's status, and the numbers still ahead of it. */
  const progress = (a: Appointment) => {
    const called = calledIn.get(sessionKey(a));
    if (called === undefined) return {};
    const status = a.no_urut === called ? 'dipanggil' : a.no_urut < called ? 'selesai' : 'menunggu';
    return { status, no_dipanggil: called, sisa_antrian: Math.max(0, a.no_urut - called - 1) };
  };
  const own = (nomr: string) => appointments.filter((a) => a.nomr === nomr).sort((x, y) => x.tgl_janji.localeCompare(y.tgl_janji));

  /** The patient of a call's bearer token, or the 401 it is answered. */
  function authorize(bearer: string | null): HospitalPatient | Answer {
    const t = bearer ? tokens.get(bearer) : undefined;
    if (!t) return { code: 401, body: { message: 'Unauthenticated.' } };
    if (t.expired) return { code: 401, body: { status: false, message: 'Token expired' } };
    return patients.find((p) => p.nomr === t.nomr) ?? { code: 401, body: { message: 'Unauthenticated.' } };
  }

  return {
    today,
    tokens,
    patients,
    docs,
    appointments,
    bookings,
    registrations,
    pharmacy,
    records,
    ok,
    no,
    refuse,
    data,
    list,
    clinicName,
    doctorName,
    practiceOn,
    filled,
    seats,
    progress,
    own,
    authorize,
    setTextStatus: (on: boolean) => {
      textStatus = on;
    },
    expireTokens: () => {
      for (const t of tokens.values()) t.expired = true;
    },
    callNumber: (no_reg: string) => {
      const a = appointments.find((x) => x.no_reg === no_reg && x.tgl_janji === today);
      if (!a) throw new Error(`no appointment ${no_reg} today`);
      calledIn.set(sessionKey(a), a.no_urut);
    },
  };
}

export type HospitalState = ReturnType<typeof hospitalState>;

// The API's calls under autocannon on loopback (a closed loop: 100 connections, each sending its
// next request when the last is answered): each call alone, and the app's mix. api.ts runs them
// on each engine and size.
import autocannon from 'autocannon';
import { addDays, nextOnWeekday, toQuotaDate, todayWib, weekdayName } from '../../common/dates.ts';
import { COHORT } from '../../server/connector/local/demo/seed.ts';
import { apiToken } from '../../test/support/server.ts';
import { SCALE_FIRST } from './query-plans.ts';
import { bookingBody, shuffledMix } from './realistic-mix.ts';

export interface Load {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** Answers counted by HTTP status ('200', '401', …): what the non-2xx ones were. */
  statuses: Record<string, number>;
  /** Requests without an answer within autocannon's 10 s, and connection errors. */
  timeouts: number;
  errors: number;
  /**
   * The bookings' 200s: booked (status true), and refused by a booking rule (status false), by
   * message. A refusal ('full', one a day, the active limit) is a 200, so the status alone does
   * not say whether a booking was made.
   */
  bookings: { booked: number; refused: Record<string, number> };
}

export interface Patient {
  nomr: string;
  tgl_lahir: string;
  token?: string;
}

const CONNECTIONS = 100;
export const today = todayWib();

/** The generated patients' birth dates (seed-scale.ts: 1940-01-01 plus n mod 25000 days). */
const scalePatient = (n: number): Patient => ({ nomr: String(n), tgl_lahir: addDays('1940-01-01', n % 25000) });

export function patients(size: 'demo' | 'large', count: number, offset = 0): Patient[] {
  if (size === 'demo')
    return Array.from({ length: count }, (_, i) => ({ nomr: String(COHORT.first + ((offset + i) % COHORT.size)), tgl_lahir: COHORT.tgl_lahir }));
  return Array.from({ length: count }, (_, i) => scalePatient(SCALE_FIRST + offset + i));
}

async function login(url: string, p: Patient): Promise<Patient> {
  return { ...p, token: await apiToken(url, p) };
}

export async function loginAll(url: string, list: Patient[]): Promise<Patient[]> {
  const out: Patient[] = [];
  for (let i = 0; i < list.length; i += 50) out.push(...(await Promise.all(list.slice(i, i + 50).map((p) => login(url, p)))));
  return out;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  auth?: boolean;
}

const q = (p: Patient, birth = true) => `nomr=${p.nomr}${birth ? `&tgllahir=${p.tgl_lahir}` : ''}`;
// Mondays within the booking window (90 days): up to 76 days ahead; the contention's is later.
const bookingDate = (i: number) => nextOnWeekday(addDays(today, 7 * (1 + (i % 10))), 1);

/** One call of each kind, for a patient and a running count. */
const CALLS: Record<string, (p: Patient, i: number) => Call> = {
  login: (p) => ({ method: 'POST', path: '/api/auth/proxy-login', body: { medical_record_number: p.nomr, birthdate: p.tgl_lahir, fcmtoken: '' }, auth: false }),
  profile: (p) => ({ method: 'GET', path: `/api/patient/profil/pasien?${q(p)}` }),
  upcoming: (p) => ({ method: 'GET', path: `/api/patient/jadwal/perjanjian/terdekat?${q(p)}` }),
  clinicQueue: (p) => ({ method: 'GET', path: `/api/patient/antrian/poli?${q(p)}` }),
  pharmacyQueue: (p) => ({ method: 'GET', path: `/api/patient/antrian/farmasi?${q(p)}` }),
  quota: (_p, i) => {
    const date = addDays(today, 1 + (i % 27));
    return { method: 'GET', path: `/api/patient/list/quota?kd_dr=&kd_dep=20001&tgl_janji=${encodeURIComponent(toQuotaDate(date))}&hari=${weekdayName(date)}` };
  },
  outpatient: (p) => ({ method: 'GET', path: `/api/patient/riwayat/konsul/poli/umum?${q(p)}` }),
  labs: (p) => ({ method: 'GET', path: `/api/patient/riwayat/penunjang?${q(p, false)}` }),
  booking: (p, i) => ({
    method: 'POST',
    path: '/api/patient/simpan/janji',
    body: bookingBody(p, { tgl_janji: bookingDate(i), kd_dep: '20001', kd_dr: 'D001', sts_jam: '1' }),
  }),
};

/** A patient's session in the app: mostly the home calls, some booking screens and histories. */
const MIX: Array<[keyof typeof CALLS, number]> = [
  ['profile', 18],
  ['upcoming', 18],
  ['clinicQueue', 18],
  ['pharmacyQueue', 18],
  ['quota', 10],
  ['outpatient', 8],
  ['labs', 6],
  ['login', 2],
  ['booking', 2],
];

/**
 * `logins`: the patients the logins sign in, none of them in `people`. A patient holds at most
 * SESSION_MAX_PER_PATIENT sessions and a login past that ends the least recently used, so logins
 * of the patients whose tokens the other calls send would end those sessions: every call after
 * would be a 401.
 */
export function run(
  url: string,
  name: string,
  people: Patient[],
  pick: (i: number) => keyof typeof CALLS,
  seconds: number,
  logins: Patient[] = people,
): Promise<Load> {
  let i = 0;
  const bookings: Load['bookings'] = { booked: 0, refused: {} };
  // One request at a time on each connection: its context holds what was sent last.
  const setupRequest = (req: autocannon.Request, context: { kind?: string }): autocannon.Request => {
    const n = i++;
    const kind = pick(n);
    context.kind = kind;
    const from = kind === 'login' ? logins : people;
    const p = from[n % from.length];
    const call = CALLS[kind](p, n);
    return {
      ...req,
      method: call.method,
      path: call.path,
      body: call.body ? JSON.stringify(call.body) : undefined,
      headers: { 'content-type': 'application/json', ...(call.auth === false ? {} : { authorization: `Bearer ${p.token}` }) },
    };
  };
  return new Promise((resolve, reject) => {
    const onResponse = (status: number, body: string, context: { kind?: string }) => {
      if (context.kind !== 'booking' || status !== 200) return;
      const answer = JSON.parse(body) as { status: boolean; message?: string };
      if (answer.status) bookings.booked++;
      else bookings.refused[answer.message ?? ''] = (bookings.refused[answer.message ?? ''] ?? 0) + 1;
    };
    autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: [{ setupRequest, onResponse }] }, (err, r) => {
      if (err) return reject(err);
      resolve({
        name,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        requests: r.requests.total,
        non2xx: r.non2xx,
        statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0])),
        timeouts: r.timeouts,
        errors: r.errors - r.timeouts,
        bookings,
      });
    });
  });
}

/** The mix in a fixed shuffle, so every run sends the same sequence. */
export const weighted = shuffledMix(MIX) as (i: number) => keyof typeof CALLS;

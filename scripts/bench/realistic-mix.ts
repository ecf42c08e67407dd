// The realistic mix of docs/performance.md as the app sends it, with the visit day's and the
// managing of appointments' calls in it: what open-loop.ts sends in load.ts, pglite.ts, profile.ts
// and the cluster run, and what it learns from the answers (bookings made, to cancel and move).
import { CANCEL_REASONS } from '../../common/booking.ts';
import { addDays, toQuotaDate, todayWib, weekdayName } from '../../common/dates.ts';
import { API } from '../../common/paths.ts';
import type { BenchPatient, BookableSlot, QueueSession } from './fixtures.ts';
import type { OpenLoopOptions, Req } from './open-loop.ts';

/** Per 100 requests: what the app sends over a day (docs/performance.md). */
export const MIX: ReadonlyArray<readonly [string, number]> = [
  ['profile', 17],
  ['upcoming', 17],
  ['clinicQueue', 17],
  ['pharmacyQueue', 17],
  ['quota', 10],
  ['outpatient', 8],
  ['labs', 6],
  ['login', 2],
  ['booking', 2],
  ['checkin', 2],
  ['cancel', 1],
  ['reschedule', 1],
];

/** The mix in a fixed shuffle, so every run sends the same sequence. */
export function shuffledMix(mix: ReadonlyArray<readonly [string, number]> = MIX): (i: number) => string {
  const bag = mix.flatMap(([name, w]) => Array<string>(w).fill(name));
  let seed = 7;
  for (let k = bag.length - 1; k > 0; k--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (k + 1);
    [bag[k], bag[j]] = [bag[j], bag[k]];
  }
  return (i) => bag[i % bag.length];
}

/** A Non BPJS booking of this patient in this session (`POST simpan/janji`), as the app sends it. */
export const bookingBody = (p: Pick<BenchPatient, 'nomr' | 'tgl_lahir'>, s: Pick<BookableSlot, 'tgl_janji' | 'kd_dep' | 'kd_dr' | 'sts_jam'>) => ({
  nomr: p.nomr,
  tgl_janji: s.tgl_janji,
  sts_ue: 'U',
  tgl_lahir: p.tgl_lahir,
  kd_dep: s.kd_dep,
  kd_dr: s.kd_dr,
  sts_jam: s.sts_jam,
  carabayar: 'P',
  hp: '081234567890',
});

export interface MixSetup {
  /** Signed-in patients, each with a clinic queue entry today (`queues`). */
  people: BenchPatient[];
  queues: QueueSession[];
  /** Sessions of clinic `slots[0].kd_dep` the bookings and reschedules go to, with seats to spare. */
  slots: BookableSlot[];
  /** Appointments already made (no_reg with its patient), for the first cancels and reschedules. */
  booked: Array<{ no_reg: string; person: BenchPatient }>;
}

/**
 * The mix's requests, and what it learns from their answers: each booking made joins the list
 * that cancels take from (oldest first) and reschedules move (newest first), as a patient books
 * and later cancels or moves. Each kind of call walks the patients with a counter of its own.
 */
export function realisticMix(setup: MixSetup): Pick<OpenLoopOptions, 'next' | 'onAnswer' | 'reads'> & { one: (name: string) => Req } {
  const { people, slots } = setup;
  const pick = shuffledMix();
  const today = todayWib();
  const queueOf = new Map<string, string>();
  for (const s of setup.queues) for (const [k, nomr] of s.nomrs.entries()) queueOf.set(nomr, s.no_regs[k]);
  const booked = [...setup.booked];
  const counters = new Map<string, number>();
  const count = (name: string) => {
    const c = counters.get(name) ?? 0;
    counters.set(name, c + 1);
    return c;
  };
  const q = (p: BenchPatient, birth = true) => `nomr=${p.nomr}${birth ? `&tgllahir=${p.tgl_lahir}` : ''}`;
  const byToken = new Map(people.map((p) => [p.token, p]));

  const calls: Record<string, (c: number) => Req> = {
    profile: (c) => ({ name: 'profile', method: 'GET', path: `${API.profile}?${q(people[c % people.length])}` }),
    upcoming: (c) => ({ name: 'upcoming', method: 'GET', path: `${API.upcoming}?${q(people[c % people.length])}` }),
    clinicQueue: (c) => ({ name: 'clinicQueue', method: 'GET', path: `${API.clinicQueue}?${q(people[c % people.length])}` }),
    pharmacyQueue: (c) => ({ name: 'pharmacyQueue', method: 'GET', path: `${API.pharmacyQueue}?${q(people[c % people.length])}` }),
    quota: (c) => {
      const date = addDays(today, 1 + (c % 27));
      const path = `${API.quota}?kd_dr=&kd_dep=${slots[0].kd_dep}&tgl_janji=${encodeURIComponent(toQuotaDate(date))}&hari=${weekdayName(date)}`;
      return { name: 'quota', method: 'GET', path };
    },
    outpatient: (c) => ({ name: 'outpatient', method: 'GET', path: `${API.historyPoli}?${q(people[c % people.length])}` }),
    labs: (c) => ({ name: 'labs', method: 'GET', path: `${API.supporting}?${q(people[c % people.length], false)}` }),
    login: (c) => {
      const p = people[c % people.length];
      return { name: 'login', method: 'POST', path: API.login, body: { medical_record_number: p.nomr, birthdate: p.tgl_lahir, fcmtoken: '' } };
    },
    booking: (c) => {
      const p = people[c % people.length];
      // Each pass over the patients shifts them to other sessions, so few meet 'one a day'.
      const s = slots[(c + Math.floor(c / people.length)) % slots.length];
      return { name: 'booking', method: 'POST', path: API.book, body: bookingBody(p, s), token: p.token };
    },
    checkin: (c) => {
      const p = people[c % people.length];
      return { name: 'checkin', method: 'POST', path: API.checkin, body: { no_reg: queueOf.get(p.nomr) }, token: p.token };
    },
    cancel: () => {
      const a = booked.shift() ?? setup.booked[0];
      return { name: 'cancel', method: 'POST', path: API.cancel, body: { no_reg: a.no_reg, alasan: CANCEL_REASONS[1] }, token: a.person.token };
    },
    reschedule: (c) => {
      const a = booked[booked.length - 1] ?? setup.booked[setup.booked.length - 1];
      const s = slots[(c * 7) % slots.length];
      return {
        name: 'reschedule',
        method: 'POST',
        path: API.reschedule,
        body: { no_reg: a.no_reg, tgl_janji: s.tgl_janji, kd_dr: s.kd_dr, sts_jam: s.sts_jam },
        token: a.person.token,
      };
    },
  };

  /** The next request of one kind of call (cost.ts sends each kind on its own). */
  const one = (name: string): Req => {
    const c = count(name);
    const req = calls[name](c);
    // Every call but the login is a signed-in patient's.
    if (req.token === undefined && name !== 'login') req.token = people[c % people.length].token;
    return req;
  };

  return {
    next: (i) => one(pick(i)),
    one,
    reads: (req) => req.name === 'booking',
    onAnswer(req, a) {
      if (req.name !== 'booking' || a.status !== 200) return;
      const body = JSON.parse(a.body) as { status: boolean; data?: { no_reg?: string } };
      const person = byToken.get(req.token ?? '');
      if (body.status && body.data?.no_reg && person) booked.push({ no_reg: body.data.no_reg, person });
    },
  };
}

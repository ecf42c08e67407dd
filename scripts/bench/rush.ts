// The morning rush: many patients trying to book one day's session within seconds, at a constant
// arrival rate (open-loop.ts), against its seats. Exactly the seats are booked, none twice and
// none over, no answer is a server error, and every patient refused is told why in words they
// read (the booking rules' Indonesian messages). `rush()` runs it against a server that is up;
// the smoke test (test/server/load-smoke.test.ts) and `npm run bench` call it.
import { API } from '../../common/paths.ts';
import type { Db } from '../../server/db/client.ts';
import { emptySession, seatsHeld, type BenchPatient, type BookableSlot } from './fixtures.ts';
import { latencyOf, openLoop, type Latency } from './open-loop.ts';

export interface RushOptions {
  url: string;
  db: Db;
  /** The patients trying, one attempt each, signed in (fixtures.patientsWithSessions). */
  people: BenchPatient[];
  seats: number;
  /** Over how long the attempts arrive, evenly. */
  seconds: number;
  kd_dep?: string;
  /** The session is the first without bookings from this many days ahead. */
  fromDay?: number;
  windowDays?: number;
  /**
   * The session rushed and how its seats are read back afterwards: by default one of this API's
   * own tables (emptySession, seatsHeld); SIMRS=khanza's practice in Khanza's (khanza-rush.ts).
   */
  pool?: SeatPool;
}

export interface SeatPool {
  slot: BookableSlot;
  held: () => Promise<Held>;
}

type Held = Awaited<ReturnType<typeof seatsHeld>>;

export interface RushResult {
  attempts: number;
  seats: number;
  rate: number;
  slot: BookableSlot;
  booked: number;
  /** Refused with a 2xx or 4xx and a message, by message. */
  refusals: Record<string, number>;
  /** Refusals with no message, or one that is not in the patient's language. */
  untold: number;
  /** 5xx answers and attempts without an answer, by status or error. */
  failures: Record<string, number>;
  /** Queue numbers given out twice in the answers. */
  duplicateNumbers: number;
  /** What the database holds after the rush. */
  held: Held;
  latency: Latency;
  refusedLatency: Latency;
  bookedLatency: Latency;
  lateP99: number;
}

// Words of the booking rules' messages; an English or empty message has none of them.
const INDONESIAN = /\b(tidak|sudah|silakan|anda|dapat|hanya|harus|pada|dengan|atau|belum|penuh|kuota|dokter|perjanjian|tanggal|nomor)\b/i;

/** A refusal tells the patient why: a message, in Indonesian. */
export const toldWhy = (message: unknown): boolean => typeof message === 'string' && message.trim().length > 0 && INDONESIAN.test(message);

export async function rush(o: RushOptions): Promise<RushResult> {
  const slot = o.pool?.slot ?? (await emptySession(o.db, o.kd_dep ?? '20001', o.seats, o.fromDay ?? 35, o.windowDays ?? 90));
  const refusals: Record<string, number> = {};
  const failures: Record<string, number> = {};
  const numbers = new Map<number, number>();
  const bookedTimes: number[] = [];
  const refusedTimes: number[] = [];
  let booked = 0;
  let untold = 0;
  const rate = o.people.length / o.seconds;
  const run = await openLoop({
    url: o.url,
    rate,
    seconds: o.seconds,
    timeoutMs: 30_000,
    next: (i) => {
      const p = o.people[i];
      return {
        name: 'booking',
        method: 'POST',
        path: API.book,
        token: p.token,
        body: {
          nomr: p.nomr,
          tgl_janji: slot.tgl_janji,
          sts_ue: 'U',
          tgl_lahir: p.tgl_lahir,
          kd_dep: slot.kd_dep,
          kd_dr: slot.kd_dr,
          sts_jam: slot.sts_jam,
          carabayar: 'P',
          hp: '081234567890',
        },
      };
    },
    onAnswer: (_req, a, _i, took) => {
      if (a.status === 0 || a.status >= 500) {
        const key = a.status ? String(a.status) : (a.error ?? 'error');
        failures[key] = (failures[key] ?? 0) + 1;
        return;
      }
      let body: { status?: boolean; message?: unknown; data?: { no_urut?: number } } = {};
      try {
        body = JSON.parse(a.body);
      } catch {
        /* not JSON: counted as a refusal without a message */
      }
      if (a.status === 200 && body.status === true && typeof body.data?.no_urut === 'number') {
        booked++;
        bookedTimes.push(took);
        numbers.set(body.data.no_urut, (numbers.get(body.data.no_urut) ?? 0) + 1);
        return;
      }
      refusedTimes.push(took);
      const message = typeof body.message === 'string' ? body.message : '';
      const key = a.status === 200 ? message : `${a.status} ${message}`;
      refusals[key] = (refusals[key] ?? 0) + 1;
      if (!toldWhy(message)) untold++;
    },
  });
  return {
    attempts: o.people.length,
    seats: o.seats,
    rate,
    slot,
    booked,
    refusals,
    untold,
    failures,
    duplicateNumbers: [...numbers.values()].filter((n) => n > 1).length,
    held: await (o.pool?.held() ?? seatsHeld(o.db, slot)),
    latency: run.latency,
    bookedLatency: latencyOf(bookedTimes),
    refusedLatency: latencyOf(refusedTimes),
    lateP99: run.lateP99,
  };
}

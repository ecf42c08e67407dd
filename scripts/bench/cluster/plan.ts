// What a cluster run does (its plan) and what it answers (its result).
import type { Latency, OpenLoopResult } from '../open-loop.ts';

export interface ClusterPlan {
  rate: number;
  seconds: number;
  /** Patients of the mix, each signed in and in today's clinic queue. */
  mixPatients: number;
  /** Phones on the live queue, `sessionSize` to a doctor's session; each session called every `callEverySeconds`. */
  phones: number;
  sessionSize: number;
  callEverySeconds: number;
  /** Notifications queued through the internal call during the run, one patient each in turn. */
  notifications: number;
}

export const FULL_CLUSTER: ClusterPlan = { rate: 800, seconds: 30, mixPatients: 1000, phones: 200, sessionSize: 100, callEverySeconds: 3, notifications: 300 };
export const QUICK_CLUSTER: ClusterPlan = { rate: 150, seconds: 10, mixPatients: 200, phones: 40, sessionSize: 20, callEverySeconds: 2.5, notifications: 40 };

/** After load.ts's patients (its mix, rush and hall: 10000001 to 10011000). */
export const CLUSTER_FIRST = 10020001;

/** PUSH_LEASE_SECONDS as shipped (its default). */
export const LEASE_SECONDS = 60;
export const POLL_MS = Number(process.env.BENCH_PUSH_POLL_MS ?? 250);

export interface Phase {
  answered: number;
  byStatus: Record<string, number>;
  latency: Latency;
}

export interface ClusterResult {
  plan: ClusterPlan;
  nginx: string;
  edits: string[];
  killedAtS: number;
  /** The warm-up's answers by status, and how long nginx took to answer health 20 times running after it (s). */
  warmup: { byStatus: Record<string, number>; settleS: number };
  mix: OpenLoopResult;
  /** The mix's requests: answered before the kill; sent before it and answered after (in flight); sent after it. */
  phases: { before: Phase; inFlight: Phase; after: Phase };
  /** The mix's requests without a 2xx or 4xx answer (5xx or none), with when they were sent, from the kill (s). */
  failures: Array<{ name: string; status: string; sentS: number }>;
  bookings: { acknowledged: number; found: number; failed: number; failedCommitted: number };
  upstream: {
    /** Requests answered by each process before the kill (nginx's log, the last upstream tried). */
    before: [number, number];
    /** Requests sent after the kill, answered by the other process. */
    afterByOther: number;
    /** Requests started after the kill that nginx tried on the dead process: when (s from the kill), and the answer the client got. */
    deadTries: Array<{ atS: number; method: string; status: number; passedOn: boolean }>;
    /** Requests the dead process held at the kill (live streams apart), by the client's status. */
    inFlight: Record<string, number>;
    streamsCut: number;
    /** Each second of the run: requests started then and answered by the first process, by the second, 502 by nginx itself (none left), other 5xx. */
    timeline: Array<[number, number, number, number, number]>;
    /** nginx's error log (level error) by kind. */
    errors: Record<string, number>;
    /** Requests of the run nginx answered 502 itself, every process marked down ("no live upstreams"). */
    noLive: number;
    /** Of those, the ones started after the kill: the other process was up all along. */
    noLiveAfterKill: number;
  };
  live: {
    phones: number;
    sessions: number;
    calls: number;
    /** Phone × call pairs: the phone showed the number; or missed it only while reconnecting, its next stream opening on a later one; or never. */
    seen: number;
    superseded: number;
    lost: number;
    showingLast: number;
    reconnected: number;
    /** From the kill to the first event of the new stream, for the phones whose stream was cut. */
    reconnect: Latency;
    /** From the call's answer to the phone's event, for the phones connected at the call. */
    callToPhone: Latency;
  };
  push: {
    notifications: number;
    deliveries: number;
    sent: number;
    unsent: number;
    received: number;
    duplicates: number;
    /** Each delivery that reached the stand-in more than once: its claims, and each send's process and time from the kill (s). */
    twice: Array<{ attempts: number; sends: Array<{ by: 'killed' | 'other'; atS: number }> }>;
    /** Sends received from the killed process and from the other. */
    byProcess: [number, number];
    /** Deliveries the dead process had claimed and the other sent once the lease ran out. */
    takenOver: number;
    lastReceivedS: number;
  };
}

// What load.ts measures (its plan, full or quick) and what it answers.
import type { CpuUse } from './cpu.ts';
import type { HallResult } from './hall.ts';
import type { OpenLoopResult } from './open-loop.ts';
import type { ProfiledRun } from './profile.ts';
import type { RushResult } from './rush.ts';

export interface LoadPlan {
  /** Steady rates of the mix and how long each runs (s). */
  steady: Array<{ rate: number; seconds: number }>;
  /** Rates tried, in order, for the highest held with p99 under 50 ms; each for capacitySeconds. */
  capacityRates: number[];
  capacitySeconds: number;
  rush: { patients: number; seats: number; seconds: number };
  /** phonesPerAddress: phones to each client address, named in X-Forwarded-For (hall.ts). */
  hall: { phones: number; sessionSize: number; calls: number; phonesPerAddress: number };
  /** The server under the mix with V8's profiler on (profile.ts): where its time goes. */
  profile: { rate: number; seconds: number };
}

export const FULL_PLAN: LoadPlan = {
  steady: [
    { rate: 1000, seconds: 30 },
    { rate: 1500, seconds: 60 },
  ],
  capacityRates: [1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 12000],
  capacitySeconds: 10,
  rush: { patients: 5000, seats: 300, seconds: 10 },
  // 50 addresses of 100 phones, half of LIVE_MAX_PER_ADDRESS: a hall of mobile data and Wi-Fi NATs.
  hall: { phones: 5000, sessionSize: 100, calls: 5, phonesPerAddress: 100 },
  // Where the server keeps up on this machine: a profile of a queue shows the queue, not the work.
  profile: { rate: 1000, seconds: 20 },
};

export const QUICK_PLAN: LoadPlan = {
  steady: [{ rate: 200, seconds: 5 }],
  capacityRates: [200, 400],
  capacitySeconds: 3,
  rush: { patients: 1000, seats: 300, seconds: 5 },
  hall: { phones: 300, sessionSize: 100, calls: 2, phonesPerAddress: 100 },
  profile: { rate: 200, seconds: 3 },
};

export interface LoadResult {
  plan: LoadPlan;
  mixPatients: number;
  /** With where the CPU went (cpu.ts). */
  steady: Array<OpenLoopResult & { cpu: CpuUse }>;
  server: { held: number; runs: OpenLoopResult[] };
  floor: { held: number; runs: OpenLoopResult[] };
  rush: RushResult;
  hall: HallResult;
  profile: ProfiledRun;
}

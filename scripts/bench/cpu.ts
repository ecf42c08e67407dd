// Where a run's CPU went on this machine: the whole machine (/proc/stat), the server process and
// PostgreSQL's processes (/proc/<pid>/stat: user and system time), and the load generator (this
// process), each per request sent. Linux only; elsewhere every figure is 0.
import { readdirSync, readFileSync } from 'node:fs';

export interface CpuUse {
  /** Share of both (all) cores busy during the run, 0–1. */
  busy: number;
  /** CPU time per request sent (µs): the whole machine, the server process, PostgreSQL's processes, the generator. */
  machineUs: number;
  serverUs: number;
  postgresUs: number;
  generatorUs: number;
}

const TICK_US = 1_000_000 / 100; // USER_HZ is 100 on Linux

function machine(): { busy: number; all: number } {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    return { busy: f[0] + f[1] + f[2] + f[5] + f[6] + f[7], all: f.slice(0, 8).reduce((a, b) => a + b, 0) };
  } catch {
    return { busy: 0, all: 0 };
  }
}

/** User and system ticks of one process, 0 when it is gone. */
function ticksOf(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** Every process named postgres (the server and its backends), by pid. */
function postgresTicks(): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') out.set(Number(pid), ticksOf(Number(pid)));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** Starts counting; `stop(requests)` answers the run's use per request. */
export function cpuMeter(serverPid: number): { stop: (requests: number) => CpuUse } {
  const m0 = machine();
  const s0 = ticksOf(serverPid);
  const p0 = postgresTicks();
  const g0 = process.cpuUsage();
  return {
    stop(requests) {
      const g = process.cpuUsage(g0);
      const m1 = machine();
      let pg = 0;
      // Backends that began during the run started from 0; those that ended are not counted.
      for (const [pid, t] of postgresTicks()) pg += t - (p0.get(pid) ?? 0);
      const per = (ticks: number) => (requests ? (ticks * TICK_US) / requests : 0);
      return {
        busy: m1.all > m0.all ? (m1.busy - m0.busy) / (m1.all - m0.all) : 0,
        machineUs: per(m1.busy - m0.busy),
        serverUs: per(ticksOf(serverPid) - s0),
        postgresUs: per(pg),
        generatorUs: requests ? (g.user + g.system) / requests : 0,
      };
    },
  };
}

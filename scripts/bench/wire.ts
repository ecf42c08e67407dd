// What a request costs, counted where it cannot be guessed at (cost.ts reads these):
// - statements and round trips to PostgreSQL: a TCP proxy between the server and PostgreSQL that
//   reads the frontend protocol (https://www.postgresql.org/docs/15/protocol-message-formats.html):
//   each Query ('Q') or Execute ('E') is a statement sent, and each Query or Sync ('S') is one
//   round trip, since the client waits for the ReadyForQuery that answers it (pg does not pipeline);
// - the CPU of a process and of PostgreSQL's: /proc/<pid>/task/*/schedstat (nanoseconds of every
//   thread, where /proc/<pid>/stat counts 10 ms ticks);
// - writes to the clients' sockets and their bytes: strace on the server's process, each write,
//   writev or sendmsg to a socket whose local port is the server's counted with what it returned.
// Linux only.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PgCounts {
  statements: number;
  roundTrips: number;
}

export interface PgProxy {
  /** The database URL through the proxy. */
  url: string;
  counts: () => PgCounts;
  stop: () => Promise<void>;
}

/** Counts one connection's frontend messages; the first is the startup message, without a type byte. */
function frontendCounter(total: PgCounts): (chunk: Buffer) => void {
  let buf: Buffer = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    for (;;) {
      if (!started) {
        if (buf.length < 8) return;
        const len = buf.readInt32BE(0);
        if (buf.length < len) return;
        // An SSLRequest (80877103) is followed by the real startup message.
        if (buf.readInt32BE(4) !== 80877103) started = true;
        buf = buf.subarray(len);
        continue;
      }
      if (buf.length < 5) return;
      const len = buf.readInt32BE(1);
      if (buf.length < 1 + len) return;
      const type = String.fromCharCode(buf[0]);
      if (type === 'Q' || type === 'E') total.statements++;
      if (type === 'Q' || type === 'S') total.roundTrips++;
      buf = buf.subarray(1 + len);
    }
  };
}

export async function pgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = new URL(databaseUrl);
  const total: PgCounts = { statements: 0, roundTrips: 0 };
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    sockets.add(client).add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const count = frontendCounter(total);
    client.on('data', (d) => {
      count(d);
      upstream.write(d);
    });
    upstream.on('data', (d) => client.write(d));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    counts: () => ({ ...total }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** CPU time of every thread of a process (ns); 0 when it is gone. */
export function cpuNs(pid: number): number {
  let sum = 0;
  try {
    for (const t of readdirSync(`/proc/${pid}/task`)) sum += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    /* gone */
  }
  return sum;
}

const parentOf = (pid: number): number => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return 0;
  }
};

/**
 * CPU of a PostgreSQL cluster: its postmaster's children (backends and its own workers), found
 * from one backend's pid. `start()` answers `stop()`, which answers the ns spent in between by the
 * processes alive at the stop (one that began meanwhile from its start; one that ended is lost).
 */
export function postgresCpu(backendPid: number): () => () => number {
  const postmaster = parentOf(backendPid);
  const children = () => {
    const out = new Map<number, number>();
    if (postmaster) for (const d of readdirSync('/proc')) if (/^\d+$/.test(d) && parentOf(Number(d)) === postmaster) out.set(Number(d), cpuNs(Number(d)));
    return out;
  };
  return () => {
    const before = children();
    return () => {
      let sum = 0;
      for (const [pid, ns] of children()) sum += ns - (before.get(pid) ?? 0);
      return sum;
    };
  };
}

/** The process's file descriptors that are TCP connections on local port `port` (its accepted clients). */
export function clientSocketFds(pid: number, port: number): Set<number> {
  const inodes = new Set<string>();
  for (const table of ['tcp', 'tcp6']) {
    const file = `/proc/${pid}/net/${table}`;
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 01 is ESTABLISHED; field 9 the inode.
      if (f.length > 9 && Number.parseInt(f[1].split(':')[1], 16) === port && f[3] === '01') inodes.add(f[9]);
    }
  }
  const fds = new Set<number>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m && inodes.has(m[1])) fds.add(Number(fd));
    } catch {
      /* closed meanwhile */
    }
  }
  return fds;
}

export interface Writes {
  /** Write system calls to the clients' sockets, and the bytes they wrote. */
  writes: number;
  bytes: number;
}

/** Where strace is installed, if it is. */
const STRACE = ['/usr/bin/strace', '/bin/strace'].find((p) => existsSync(p));

export const straceInstalled = (): boolean => STRACE !== undefined;

/**
 * Traces the writes of process `pid` (all its threads) while `work` runs; answers those to the
 * sockets `fds()` names (asked when the work is done: connections it opened count too).
 */
export async function tracedWrites(pid: number, fds: () => Set<number>, work: () => Promise<void>): Promise<Writes> {
  const out = join(tmpdir(), `pasien-strace-${pid}-${Date.now()}.txt`);
  if (!STRACE) throw new Error('strace is not installed');
  const proc: ChildProcess = spawn(STRACE, ['-f', '-s', '0', '-e', 'trace=write,writev,sendmsg,sendto', '-e', 'signal=none', '-o', out, '-p', String(pid)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // strace says on stderr when it has attached to each thread.
  await new Promise<void>((resolve, reject) => {
    let err = '';
    proc.stderr?.on('data', (d) => {
      err += d;
      if (/attached/.test(err)) setTimeout(resolve, 200);
    });
    proc.on('exit', (code) => reject(new Error(`strace exited (${code}): ${err}`)));
  });
  try {
    await work();
  } finally {
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
  const sockets = fds();
  const result: Writes = { writes: 0, bytes: 0 };
  const pending = new Map<string, number>();
  const count = (fd: number, ret: number) => {
    if (!sockets.has(fd) || ret < 0) return;
    result.writes++;
    result.bytes += ret;
  };
  for (const line of readFileSync(out, 'utf8').split('\n')) {
    const call = /^(\d+)\s+(?:write|writev|sendmsg|sendto)\((\d+),/.exec(line);
    if (call) {
      const ret = /\)\s+=\s+(-?\d+)/.exec(line);
      if (ret) count(Number(call[2]), Number(ret[1]));
      else if (line.includes('<unfinished')) pending.set(call[1], Number(call[2]));
      continue;
    }
    const resumed = /^(\d+)\s+<\.\.\. \w+ resumed>.*\)\s+=\s+(-?\d+)/.exec(line);
    if (resumed && pending.has(resumed[1])) {
      count(pending.get(resumed[1]) as number, Number(resumed[2]));
      pending.delete(resumed[1]);
    }
  }
  rmSync(out, { force: true });
  return result;
}

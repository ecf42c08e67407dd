// A throwaway PostgreSQL 15 cluster from the installed binaries, in a temp dir, on a free port.
// initdb refuses to run as root, so as root the cluster runs as the postgres user.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server.ts';

const BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

export interface Cluster {
  url: string;
  stop: () => void;
}

function run(cmd: string, args: string[], asPostgres: boolean): string {
  const [file, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

export function postgresAvailable(): boolean {
  return existsSync(join(BIN, 'initdb'));
}

/** `durable`: PostgreSQL's own defaults (benchmarks); otherwise fsync off, for fast tests. */
export async function startCluster({ durable = false } = {}): Promise<Cluster> {
  const asPostgres = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'pasien-pg-'));
  chmodSync(dir, 0o777);
  if (asPostgres) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '-N'], asPostgres);
  run(
    join(BIN, 'pg_ctl'),
    ['-D', data, '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${durable ? '' : '-c fsync=off '}-c max_connections=200`, '-w', 'start'],
    asPostgres,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(join(BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

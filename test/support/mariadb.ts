// A real MariaDB for the SIMRS Khanza tests: Debian's mariadb-server (.ci/run installs it),
// started in a temporary folder on a socket and a free port of 127.0.0.1, and removed after.
// As root it runs as the unprivileged `mysql` user (or `nobody`), which owns the folder. Where the
// server is absent the tests that need it report themselves skipped (needsMariadb).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Callback, Test } from 'uvu';

const BIN = process.env.MARIADB_BIN || '/usr/sbin';
const SERVER = existsSync(join(BIN, 'mariadbd')) ? join(BIN, 'mariadbd') : join(BIN, 'mysqld');
const INSTALL = ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db', join(BIN, 'mariadb-install-db')].find(existsSync);

/** Whether a MariaDB server can be started here. */
export const MARIADB = existsSync(SERVER) && INSTALL !== undefined;

/** `suite` where MariaDB is installed; elsewhere each test is reported skipped, by name. */
export function needsMariadb(suite: Test): (name: string, fn: Callback) => void {
  if (MARIADB) return suite;
  return (name) => {
    console.log(`skipped, needs MariaDB (mariadb-server): ${name}`); // uvu counts skips but names none
    suite.skip(name);
  };
}

export interface Mariadb {
  /** mysql://root@127.0.0.1:port/ — the administrator, over TCP. */
  adminUrl: string;
  port: number;
  socket: string;
  /**
   * Freezes the server (SIGSTOP): it holds its connections and answers nothing, as a hung one;
   * resume() thaws it. Answers once every thread of the server has stopped: the signal is only
   * sent when kill() returns, and on a busy machine a thread may still answer a query meanwhile.
   */
  pause(): Promise<void>;
  resume(): void;
  stop(): Promise<void>;
}

/** The state letter of each thread of a process (/proc/PID/task/TID/stat): T is stopped. */
const threadStates = (pid: number): string[] =>
  readdirSync(`/proc/${pid}/task`).map((tid) => {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      return 'T'; // a thread that ended between the listing and the reading answers nothing either
    }
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  });

async function allStopped(pid: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (threadStates(pid).every((s) => s === 'T')) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`MariaDB's threads did not stop: ${threadStates(pid).join('')}`);
}

const idOf = (user: string, flag: '-u' | '-g') => Number(execFileSync('id', [flag, user]).toString().trim());
const userExists = (user: string) => {
  try {
    idOf(user, '-u');
    return true;
  } catch {
    return false;
  }
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Waits until the server answers on its socket, or fails with its log when it died. */
async function ready(child: ChildProcess, socket: string, log: string): Promise<void> {
  const { createConnection } = await import('mysql2/promise');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mariadbd exited (${child.exitCode}):\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-3000) : ''}`);
    try {
      const c = await createConnection({ socketPath: socket, user: 'root' });
      await c.end();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`mariadbd did not answer in 60 s: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Starts a MariaDB server of its own in a new temporary folder; stop() ends it and removes the folder. */
export async function startMariadb(): Promise<Mariadb> {
  if (!MARIADB || !INSTALL) throw new Error('MariaDB is not installed (apt-get install mariadb-server, or MARIADB_BIN)');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? (userExists('mysql') ? 'mysql' : 'nobody') : null;
  const dir = mkdtempSync(join(tmpdir(), 'pasien-mariadb-'));
  if (user) chownSync(dir, idOf(user, '-u'), idOf(user, '-g'));
  const data = join(dir, 'data');
  const socket = join(dir, 'mariadb.sock');
  const log = join(dir, 'error.log');
  // Its own folder for temporary files: a mariadbd starting deletes every file named #sql* in its
  // tmpdir as left from an earlier run (sql_base.cc, mysql_rm_tmp_tables), so with /tmp shared, one
  // test's server starting removed the temporary tables another's bootstrap was using, and that
  // install failed ("Error on delete of '/tmp/#sql-temptable-…'").
  const tmp = join(dir, 'tmp');
  try {
    mkdirSync(tmp);
    if (user) chownSync(tmp, idOf(user, '-u'), idOf(user, '-g'));
    execFileSync(
      INSTALL,
      [
        '--no-defaults',
        `--datadir=${data}`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        `--tmpdir=${tmp}`,
        ...(user ? [`--user=${user}`] : []),
        ...(INSTALL.startsWith('/usr/bin') ? [] : [`--basedir=${join(BIN, '..')}`]),
      ],
      { stdio: 'pipe', env: { ...process.env, TMPDIR: tmp } },
    );
    // A free port can be taken by another process of the test run between its finding and
    // mariadbd's bind; mariadbd then exits at once, and is started again on another.
    let port = 0;
    let child: ChildProcess | undefined;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      child = spawn(
        SERVER,
        [
          '--no-defaults',
          `--datadir=${data}`,
          `--socket=${socket}`,
          `--port=${port}`,
          '--bind-address=127.0.0.1',
          `--log-error=${log}`,
          `--pid-file=${join(dir, 'mariadbd.pid')}`,
          `--tmpdir=${tmp}`,
          '--skip-log-bin',
          '--innodb-buffer-pool-size=32M',
          '--innodb-log-file-size=16M',
          '--innodb-flush-log-at-trx-commit=0',
          '--max-connections=300',
          // Khanza runs with the server's local time: Indonesia's western zone, as the hospital's.
          '--default-time-zone=+07:00',
          ...(user ? [`--user=${user}`] : []),
        ],
        { stdio: 'ignore' },
      );
      try {
        await ready(child, socket, log);
        break;
      } catch (err) {
        if (attempt >= 3 || !/already in use|Bind on TCP\/IP port/i.test((err as Error).message)) throw err;
      }
    }
    const server = child;
    return {
      adminUrl: `mysql://root@127.0.0.1:${port}/`,
      port,
      socket,
      async pause() {
        server.kill('SIGSTOP');
        await allStopped(server.pid as number);
      },
      resume: () => void server.kill('SIGCONT'),
      async stop() {
        if (server.exitCode === null) {
          server.kill('SIGCONT');
          const exited = new Promise((r) => server.once('exit', r));
          server.kill('SIGTERM');
          await exited;
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

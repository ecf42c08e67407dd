// One real API server process shared by the component tests of a test run (no dist needed).
// It is unref'd so that the test process can end when the tests do; it is killed on exit.
import { rmSync } from 'node:fs';
import { startServer, type RunningServer } from './server.ts';

let running: Promise<RunningServer> | null = null;

/** Registrations one address may send per hour on this server: enough for the tests, reachable by one. */
export const REGISTER_LIMIT = 40;

export function apiServer(): Promise<RunningServer> {
  if (!running) {
    running = startServer({ DIST_DIR: '/nonexistent', REGISTER_MAX_PER_HOUR: String(REGISTER_LIMIT) }).then((s) => {
      s.proc.unref();
      for (const stream of [s.proc.stdout, s.proc.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
      process.on('exit', () => {
        s.proc.kill('SIGKILL');
        rmSync(s.dataDir, { recursive: true, force: true });
      });
      return s;
    });
  }
  return running;
}

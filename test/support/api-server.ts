// One real API server process shared by the component tests of a test run (no dist needed).
import { startServer, type RunningServer } from './server.ts';

let running: Promise<RunningServer> | null = null;

export function apiServer(): Promise<RunningServer> {
  if (!running) {
    running = startServer({ DIST_DIR: '/nonexistent' });
    void running.then((s) => process.on('exit', () => s.proc.kill('SIGKILL')));
  }
  return running;
}

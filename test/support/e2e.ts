// What every end-to-end file runs against: the real server on a fresh data dir, serving the
// built app, and a headless Chromium; started before the file's tests, stopped after.
import type { Browser } from 'playwright-core';
import type { Test } from 'uvu';
import { launch } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface RealApp {
  readonly server: RunningServer;
  readonly browser: Browser;
}

export function realApp(suite: Test): RealApp {
  const app = {} as { server: RunningServer; browser: Browser };
  suite.before(async () => {
    app.server = await startServer();
    app.browser = await launch();
  });
  suite.after(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

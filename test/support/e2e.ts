// What every end-to-end file runs against: the real server on a fresh data dir, serving the
// built app, and a headless Chromium; started before the file's tests, stopped after. And what
// several of them read on the phone: the data layer's keys in IndexedDB.
import type { Browser, Page } from 'playwright-core';
import type { Callback, Test } from 'uvu';
import { DEVICE_DB, DEVICE_STORE } from '../../src/data/device.ts';
import { chromiumBuild, launch } from './browser.ts';
import { apiToken, startServer, type RunningServer } from './server.ts';

export interface RealApp {
  readonly server: RunningServer;
  readonly browser: Browser;
}

export function realApp(suite: Test, env: Record<string, string> = {}): RealApp {
  const app = {} as { server: RunningServer; browser: Browser };
  suite.before(async () => {
    app.server = await startServer(env);
    app.browser = await launch();
  });
  suite.after(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/** The API's answers as `who` sees them (signed in before the file's tests), to check a screen against. */
export function apiReads(suite: Test, app: RealApp, who: { nomr: string; tgl_lahir: string }): <T>(path: string, query: Record<string, string>) => Promise<T> {
  let token = '';
  suite.before(async () => {
    token = await apiToken(app.server.url, who);
  });
  return async <T>(path: string, query: Record<string, string>): Promise<T> => {
    const res = await fetch(`${app.server.url}${path}?${new URLSearchParams(query)}`, { headers: { Authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: T }).data;
  };
}

/**
 * The headless shell of @sparticuz/chromium (a machine without Debian's chromium) lacks two things
 * a phone's Chrome has, measured: it has no notification service, so `Notification.permission`
 * reads 'denied' whatever is granted and `showNotification` rejects; and it never offers
 * installation (no `beforeinstallprompt`; `Page.getInstallabilityErrors` answers an empty list
 * for any page). The tests run in the shell, those of these two in a full Chromium (fullChromium:
 * Debian's, which CI installs); on a machine without one they are reported as skipped, not passed.
 */
const FULL_CHROMIUM = !(await chromiumBuild()).bundled;

let full: Promise<Browser> | undefined;
/** A full Chromium, for a test registered through needsFullChromium (the others run in the headless shell). */
export const fullChromium = (): Promise<Browser> => (full ??= launch('full'));
const closesFull = new WeakSet<Test>();

export function needsFullChromium(suite: Test): (name: string, fn: Callback) => void {
  if (!closesFull.has(suite)) {
    closesFull.add(suite);
    suite.after(async () => {
      const b = full;
      full = undefined;
      await (await b)?.close();
    });
  }
  if (FULL_CHROMIUM) return suite;
  return (name) => {
    console.log(`skipped, needs full Chromium: ${name}`); // uvu counts skips but names none
    suite.skip();
  };
}

/** The keys of the data layer's store on the phone (IndexedDB; [] when the database or its store is gone). */
export function keysOnPhone(p: Page): Promise<string[]> {
  return p.evaluate(
    async ([name, storeName]) => {
      if (!(await indexedDB.databases()).some((d) => d.name === name)) return [];
      return new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) return (db.close(), resolve([]));
          const all = db.transaction(storeName).objectStore(storeName).getAllKeys();
          all.onsuccess = () => (db.close(), resolve(all.result.map(String)));
          all.onerror = () => reject(all.error);
        };
      });
    },
    [DEVICE_DB, DEVICE_STORE],
  );
}

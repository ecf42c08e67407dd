// A new version of the app, found and put in place at a moment that costs the patient nothing.
// The new service worker installs beside the running one and waits (src/sw.ts): until it takes
// over, the old one still serves every file of the version on screen, whose chunks the server
// no longer has. The app lets it take over and reloads only at a safe moment: at the next move to
// another screen, or when the app comes back from the background with no form half filled in.
// A phone that closes the app gets the new version at the next start anyway.
import { S } from '../strings.ts';
import { toasts } from '../notice/toasts.ts';
import { SKIP_WAITING } from './messages.ts';

let registration: ServiceWorkerRegistration | undefined;
let reloading = false;
/** A new worker took over without this page asking (another window of the app did). */
let replaced = false;
let postponed = false;

// Fields the patient changed on this screen since it opened: trusted input events only, so a
// value the app filled in does not hold the update back.
const typed = new Set<Element>();

function hasTypedInput(): boolean {
  for (const el of typed) {
    if (!el.isConnected) typed.delete(el);
    else if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || el.value !== '') return true;
  }
  return false;
}

/** A new version is installed and waiting (a first install has nothing to replace), or already in charge. */
function pending(): boolean {
  // No registration yet (or no service workers at all): nothing can be waiting.
  return replaced || (registration?.waiting != null && navigator.serviceWorker?.controller != null);
}

/** Long enough to read the toast before the page goes. */
const READ_MS = 1500;
/** Times the waiting worker is asked to take over before the page reloads without it. */
const SKIP_WAITING_TRIES = 6;
let reloaded = false;
let reload: () => void = () => location.reload();

function apply(): void {
  if (reloading) return;
  reloading = true;
  toasts.show(S.update.reloading, 'info');
  const readable = new Promise((r) => setTimeout(r, READ_MS));
  reload = () => {
    if (reloaded) return;
    reloaded = true;
    void readable.then(() => location.reload());
  };
  const worker = registration?.waiting;
  if (replaced || !worker) {
    reload();
    return;
  }
  // Its taking over reloads the page (below). A worker can miss the message while the browser
  // wakes it, so it is said again until it listens; past a limit the page reloads anyway, and the
  // new version then comes with the next start, as it would after closing the app.
  let asked = 0;
  const ask = () => {
    if (!reloaded) {
      if (asked++ < SKIP_WAITING_TRIES) {
        worker.postMessage({ type: SKIP_WAITING });
        setTimeout(ask, READ_MS);
      } else reload();
    }
  };
  ask();
}

/** The router calls this after every move to another screen: the form left behind is gone anyway. */
export function atNavigation(): void {
  typed.clear();
  postponed = false;
  if (pending()) apply();
}

/** Back from the background: put a waiting version in place if no form is half filled in, and look for one. */
function atForeground(): void {
  if (document.visibilityState !== 'visible' || !registration) return;
  if (pending() && !hasTypedInput()) apply();
  else if (pending() && !postponed) {
    postponed = true;
    toasts.show(S.update.later, 'info');
  }
  registration.update().catch(() => undefined); // offline: the next return tries again
}

/**
 * A screen that failed to download: a new version may be why (its deploy removed the old chunks).
 * True when the new version is being put in place, which reloads the page.
 */
export function applyPendingUpdate(): boolean {
  if (pending()) {
    apply();
    return true;
  }
  registration?.update().catch(() => undefined);
  return false;
}

/** Registers the service worker and starts watching for new versions. */
export function watchForUpdates(): void {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  for (const kind of ['input', 'change']) {
    const note = (e: Event) => {
      if (e.isTrusted && e.target instanceof Element && e.target.matches('input, textarea, select')) typed.add(e.target);
    };
    document.addEventListener(kind, note, true);
  }
  let controlled = sw.controller !== null;
  sw.addEventListener('controllerchange', () => {
    if (reloading) return reload();
    // The first install claiming this page changes nothing it runs.
    if (controlled) replaced = true;
    controlled = true;
  });
  document.addEventListener('visibilitychange', atForeground);
  window.addEventListener('load', () => {
    sw.register('/sw.js', { scope: '/' })
      .then((reg) => {
        registration = reg;
      })
      .catch((err) => console.warn('service worker', err));
  });
}

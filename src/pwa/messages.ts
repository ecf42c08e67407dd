// What the app says to its service worker: a constant both sides import, and nothing else, so the
// worker's bundle takes nothing of the app with it.

/** Asks a waiting new version to take over (src/pwa/update.ts → src/sw.ts); workbox-window's name. */
export const SKIP_WAITING = 'SKIP_WAITING';

/// <reference lib="webworker" />
// The service worker: precaches the app shell so the installed app opens with no network.
// API answers carry patient data and are never cached here.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { PUSH_MESSAGE_TYPE, appPath, readPushMessage, type PushMessage } from '../common/push.ts';
import { LOGIN, PRERENDERED, prerenderedFile, prerenderedPageFor } from '../common/routes.ts';
import { SKIP_WAITING } from './pwa/messages.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// One navigation route per prerendered page: with a single fallback an offline /registrasi got
// the login page's HTML and hydrated into a broken screen.
// The route facts decide which page a path gets, as the server does.
const pages = new Map(PRERENDERED.filter((p) => p !== LOGIN).map((p) => [prerenderedFile(p), createHandlerBoundToURL(`/${prerenderedFile(p)}`)]));
const loginPage = createHandlerBoundToURL(`/${prerenderedFile(LOGIN)}`);
registerRoute(
  new NavigationRoute(
    (options) => {
      const page = prerenderedPageFor(options.url.pathname);
      return (page ? pages.get(page)! : loginPage)(options);
    },
    { denylist: [/^\/api\//] },
  ),
);

// A new version waits until the open app says the moment is safe (src/pwa/update.ts): taking over
// at once would let cleanupOutdatedCaches remove the chunks the page on screen still loads.
// The first install has nothing to wait for, and claims the page that registered it.
self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Push (docs/product.md §1 and §4): with an app window in front the page shows a toast instead
// (docs/product.md §4: a foreground push shows a toast); otherwise a system notification, tagged
// with the notification's id so a repeat of the same one replaces it rather than buzzing twice.
self.addEventListener('push', (event) => {
  const message = readPushMessage(event.data?.text());
  if (message) event.waitUntil(deliver(message));
});

async function deliver(message: PushMessage): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const front = windows.find((w) => w.visibilityState === 'visible');
  if (front) return front.postMessage({ type: PUSH_MESSAGE_TYPE, message });
  await self.registration.showNotification(message.title, {
    body: message.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    tag: `pasien-${message.id}`,
    lang: 'id',
    data: { url: message.url },
  });
}

// A tap opens the app at the notification's page: in a window already open, or a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(appPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) return void (await self.clients.openWindow(url));
      // Neither may hold the other up: a focus refused still navigates, and a window this worker
      // does not control (navigate refuses it) gives way to a new one at the page.
      await open.focus().catch(() => undefined);
      const moved = await open.navigate(url).catch(() => null);
      if (!moved) await self.clients.openWindow(url);
    })(),
  );
});

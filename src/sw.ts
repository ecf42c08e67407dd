/// <reference lib="webworker" />
// The service worker: precaches the app shell so the installed app opens with no network.
// API answers carry patient data and are never cached here.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// One navigation route per prerendered page: with a single fallback an offline /registrasi got
// the login page's HTML and hydrated into a broken screen.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/registrasi/index.html'), { allowlist: [/^\/registrasi\/?$/i] }));
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/registrasi\/?$/i] }));

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

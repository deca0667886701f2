/// <reference lib="webworker" />
// The service worker: precaches the app shell and hashed assets, answers every client route with
// the app (never /api/, which the server owns, e.g. the sign-in callback), caches images with a
// size limit, and replays the outbox on Background Sync with the same code the page uses.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { drainOutbox, OUTBOX_SYNC_TAG } from '../web/offline/outbox';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Paths the server owns: a navigation to them must reach the network. */
const SERVER_PATHS = [/^\/api(\/|$)/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));

registerRoute(
  ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: 'images',
    // Only readable (same-origin or CORS) answers: an opaque cross-origin image counts as
    // megabytes of padding against the storage quota, which would crowd out the offline data.
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

// Update flow ("prompt"): a new version waits until the page asks it to take over, so no page
// ever runs a mix of versions. The very first install controls open pages at once.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// Background Sync (Chromium): replay queued submissions even if no page is open.
self.addEventListener('sync', (event) => {
  const e = event as ExtendableEvent & { tag: string };
  if (e.tag !== OUTBOX_SYNC_TAG) return;
  e.waitUntil(
    drainOutbox().then(async (summary) => {
      const clients = await self.clients.matchAll({ type: 'window' });
      for (const client of clients) client.postMessage({ type: 'outbox-drained', summary });
    }),
  );
});

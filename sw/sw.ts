/// <reference lib="webworker" />
// The service worker: precaches the app shell and hashed assets, answers every client route with
// the server-rendered page, or offline the app shell (never /api/, which the server owns, e.g.
// the sign-in callback), caches images with a size limit, and replays the outbox on Background Sync with the same code the page uses.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { WEB_POLICY } from '../core/route-policy';
import { payloadFromHtml } from '../web/lib/ssr-payload';
import { drainOutbox, OUTBOX_SYNC_TAG } from '../web/offline/outbox';
import { keepPageAnswers } from '../web/offline/seed';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
// No directory index or clean URLs: "/" is a page the server renders, not the precached shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

/** Paths the server owns (where the declared routes live): a navigation to them must reach the network. */
const SERVER_PATHS = [WEB_POLICY.serverPaths];
/** How long a navigation waits for the server-rendered page before the shell answers. */
const NAVIGATION_TIMEOUT_MS = 3000;
const shell = createHandlerBoundToURL('/index.html');

/**
 * A server-rendered page's public answers, saved on the device from its HTML as it passes (the
 * page's payload, web/offline/seed.ts): the page need not run, hydrate or stay open for what it
 * showed to open offline.
 */
async function keepAnswersOf(res: Response) {
  if (!res.headers.get('content-type')?.startsWith('text/html')) return;
  const payload = payloadFromHtml(await res.text());
  if (payload) await keepPageAnswers(payload);
}

// Navigations go to the network first: the server renders the page with its content (the server-rendered first visit).
// With no answer within NAVIGATION_TIMEOUT_MS, no network, or a server error, the precached shell
// answers and renders the page from the offline store (IndexedDB), as before.
registerRoute(
  new NavigationRoute(
    async (options) => {
      // No navigation preload: the browser would also send it for the server's own paths (the
      // sign-in callback, whose code is single-use), which this worker leaves to the network.
      const network = fetch(options.request);
      network.catch(() => undefined);
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, 'timeout'));
      try {
        const res = await Promise.race([network, timeout]);
        if (res !== 'timeout' && res.status < 500) {
          if (res.status === 200) options.event.waitUntil(keepAnswersOf(res.clone()).catch(() => undefined));
          return res;
        }
      } catch {
        // offline or unreachable: the shell
      }
      return shell(options);
    },
    { denylist: SERVER_PATHS },
  ),
);
// (And keep it off: the setting outlives a worker version.)
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.resolve(self.registration.navigationPreload?.disable()).catch(() => undefined));
});

registerRoute(
  ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: 'images',
    // Only readable (same-origin or CORS) answers: an opaque cross-origin image counts as
    // megabytes of padding against the storage quota, which would crowd out the offline data.
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Update flow ("prompt"): a new version waits until the page asks it to take over, so no page
// ever runs a mix of versions. The very first install controls open pages at once.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
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

// Web Push (job alerts and closing-date reminders): show the notification the server sent; a tap
// opens /jobs/{id} (or the alert's list), focusing an open window of the app when there is one.
interface PushMessage {
  title: string;
  body?: string;
  url?: string;
  tag?: string;
}
self.addEventListener('push', (event) => {
  let data: PushMessage = { title: 'Teachers In London Talk' };
  try {
    data = { ...data, ...(event.data?.json() as PushMessage) };
  } catch {
    if (event.data) data.body = event.data.text();
  }
  const url = data.url && data.url.startsWith('/') ? data.url : '/dashboard?tab=alerts';
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      tag: data.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

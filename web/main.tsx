import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppRoutes } from './app/routes';
import { hydrateFrom, readSsrPayload } from './app/ssr-data';
import { setClock } from './lib/format';
import { whenIdleDo } from './lib/idle';
import { notePresses } from './components/toast/pressed';
import './styles.css';

// A page the server rendered (the server-rendered first visit) carries the data it was rendered with: the screens
// hydrate from it (SWR fallback) without fetching it again. The offline shell (the service
// worker's index.html) carries none and renders from scratch, from IndexedDB when offline.
const payload = readSsrPayload(document);
// The control pressed last, for a toast's placement: from the start, before the Toaster's chunk.
notePresses();
const fromServer = new Set(Object.keys(payload?.fallback ?? {}));
const fresh = new Set(payload?.fresh ?? []);
if (payload) setClock(() => payload.now);
// Its public answers go to the offline store when the browser is first idle after hydrating (issue
// 40: never in the page's first long task), one answer per idle period. A page the service worker
// controls needs none of it: the worker kept them from the HTML as it passed (sw/sw.ts), before
// this script ran, so a page left at once still opens offline.
const controlled = !!navigator.serviceWorker?.controller;
if (payload && !controlled) {
  void whenIdleDo(() => import('./offline/seed'), 1000)
    .then((m) => m.keepPageAnswers(payload, undefined, true))
    .catch(() => undefined);
}

// From the first client navigation on, SWR fetches as usual and relative times use the real clock.
// Checked while the new location renders (before its screens read SWR), not in an effect after.
let onServerData = true;
function LeaveServerDataOnNavigation() {
  const { key } = useLocation();
  if (onServerData && key !== 'default') {
    onServerData = false;
    fromServer.clear();
    fresh.clear();
    setClock(undefined);
  }
  return null;
}

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <SWRConfig
      value={{
        revalidateOnFocus: false,
        shouldRetryOnError: false,
        fallback: payload?.fallback ?? {},
        use: [hydrateFrom(fromServer, fresh)],
      }}
    >
      <BrowserRouter>
        <LeaveServerDataOnNavigation />
        <AppRoutes />
      </BrowserRouter>
    </SWRConfig>
  </StrictMode>
);
// Hydration as a transition: React renders it in slices of ~5 ms and yields to the browser between
// them, instead of one long task for a page of 50 cards; a tap meanwhile makes React finish
// hydrating at once and handle it (its selective hydration).
if (payload && container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);

// When the browser is idle after the first render, one step each: the service worker, then the
// outbox and the offline warm-up (Dexie), each in its own chunk, so the first load carries none of them.
void whenIdleDo(() => import('./offline/register-sw')).then((m) => m.registerServiceWorker());
void whenIdleDo(() => import('./offline/start')).then((m) => m.startOffline());

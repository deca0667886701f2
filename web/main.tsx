import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppRoutes } from './app/routes';
import { hydrateFrom, readSsrPayload } from './app/ssr-data';
import { setClock } from './lib/format';
import { registerServiceWorker } from './offline/register-sw';
import './styles.css';

// A page the server rendered (the server-rendered first visit) carries the data it was rendered with: the screens
// hydrate from it (SWR fallback) without fetching it again. The offline shell (the service
// worker's index.html) carries none and renders from scratch, from IndexedDB when offline.
const payload = readSsrPayload(document);
const fromServer = new Set(Object.keys(payload?.fallback ?? {}));
const fresh = new Set(payload?.fresh ?? []);
if (payload) setClock(() => payload.now);
// Its public answers go to the offline store at once, before hydrating (the service worker also
// keeps them from the HTML when it controls the page): a page left a moment after it showed
// still opens offline. Dexie loads with this chunk, not with the first render.
if (payload) void import('./offline/seed').then((m) => m.keepPageAnswers(payload)).catch(() => undefined);

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
if (payload && container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);

// After the first render (the server-rendered first visit): the service worker, the outbox (Dexie) and the offline
// warm-up load in their own chunks, so the first load carries none of them.
void registerServiceWorker();
void import('./offline/start').then((m) => m.startOffline());

// Keeps what a teacher reads on the Tube fresh in the offline store: refreshed in the background
// at every start, whichever screen she opens first.
import { offlineFetch } from './cache-fetch';

/** The exact URLs the screens read, so the saved copies match. */
export const WARM_URLS = ['/api/pay-scales', '/api/auth/user', '/api/saved-jobs'];

export function warmOfflineCache(urls = WARM_URLS) {
  if (typeof window === 'undefined') return;
  const run = () => urls.forEach((url) => void offlineFetch(url, { credentials: 'include' }).catch(() => undefined));
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1000);
}

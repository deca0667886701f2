// Keeps what a teacher reads on the Tube fresh in the offline store: refreshed in the background
// at a start, whichever screen she opens first, unless the copies were kept within the last hour.
// Personal data only once we know she is signed in (a visitor's browser never asks for it).
import { PAY_YEARS } from '../../core/constants';
import { idle } from '../lib/idle';
import { cacheKey, offlineFetch, readCached } from './cache-fetch';
import { offlineDb, type OfflineDatabase } from './db';

/** The exact URLs the screens read, so the saved copies match: every year of the Pay Scales screen, and the whole table (a school's job form). */
export const WARM_URLS = ['/api/pay-scales', ...PAY_YEARS.map((year) => `/api/pay-scales?effectiveDate=${year}`)];
export const WARM_SIGNED_IN_URLS = ['/api/saved-jobs'];

/** Runs the steps one idle period each, in order; a step that fails does not stop the next. */
export async function inIdleSlices(steps: readonly (() => unknown)[], timeout?: number): Promise<void> {
  for (const step of steps) {
    await idle(timeout);
    try {
      await step();
    } catch {
      // the next step still runs
    }
  }
}

/**
 * A public copy kept less than this long ago is not asked for again at a start: the pay tables
 * change once a year, and each start (a tap on the home-screen icon, a reload) fetched all five
 * again, whatever the screen. The screen she opens still fetches its own answer.
 */
export const WARM_AGAIN_AFTER_MS = 60 * 60 * 1000;

/** Whether the offline store has a copy of `url` kept within WARM_AGAIN_AFTER_MS of `now`. */
export async function keptRecently(url: string, db: OfflineDatabase = offlineDb, now = Date.now()): Promise<boolean> {
  const saved = await readCached(cacheKey(url), db).catch(() => undefined);
  return !!saved && now - saved.savedAt >= 0 && now - saved.savedAt < WARM_AGAIN_AFTER_MS;
}

/** One URL per idle period, each after the one before has been kept (issue 40: no long task). */
function warm(urls: readonly string[], skip: (url: string) => Promise<boolean> = async () => false) {
  if (typeof window === 'undefined') return Promise.resolve();
  return inIdleSlices(
    urls.map((url) => async () => {
      if (!(await skip(url))) await offlineFetch(url, { credentials: 'include' });
    }),
    3000,
  );
}

/** The public answers every screen may need offline, those not kept within the last hour. */
export function warmOfflineCache(urls = WARM_URLS, db: OfflineDatabase = offlineDb): Promise<void> {
  return warm(urls, (url) => keptRecently(url, db));
}

let warmedFor: string | null = null;
/** Called once the signed-in user is known (the auth hook's first success). */
export function warmSignedIn(userId: string, urls = WARM_SIGNED_IN_URLS) {
  if (warmedFor === userId) return;
  warmedFor = userId;
  void warm(urls);
}

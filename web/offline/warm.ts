// Keeps what a teacher reads on the Tube fresh in the offline store: refreshed in the background
// at every start, whichever screen she opens first. Personal data only once we know she is
// signed in (a visitor's browser never asks for it).
import { PAY_YEARS } from '../../core/constants';
import { idle } from '../lib/idle';
import { offlineFetch } from './cache-fetch';

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

/** One URL per idle period, each after the one before has been kept (issue 40: no long task). */
function warm(urls: readonly string[]) {
  if (typeof window === 'undefined') return;
  void inIdleSlices(
    urls.map((url) => () => offlineFetch(url, { credentials: 'include' })),
    3000,
  );
}

export function warmOfflineCache(urls = WARM_URLS) {
  warm(urls);
}

let warmedFor: string | null = null;
/** Called once the signed-in user is known (the auth hook's first success). */
export function warmSignedIn(userId: string, urls = WARM_SIGNED_IN_URLS) {
  if (warmedFor === userId) return;
  warmedFor = userId;
  warm(urls);
}

// Work the first screen does not need, run when the browser is idle (issue 40, decision 0604): the
// service worker's registration, the offline store's writes and warm-up, the outbox's start. Each
// step is its own idle callback, so none of them joins the page's hydration in one long task; a
// step runs at the latest after `timeout` ms (a busy page still gets it done). Many small jobs (the
// take-home figures of a hundred pay rows, issue 38) share idle periods in slices (idle-slice.ts:
// its own module, so its queue loads with the take-home figures, not with every first load).

// globalThis rather than window: the service worker's build reads this file through web/offline.
type IdleGlobal = typeof globalThis & {
  requestIdleCallback?: (run: (deadline: IdleDeadlineLike) => void, options?: { timeout: number }) => number;
};
/** What an idle period tells its callback: how long it has left. */
export type IdleDeadlineLike = { timeRemaining: () => number };

/** Most of an idle period a slice of small jobs may use (the browser gives up to 50 ms). */
export const SLICE_MS = 8;

/**
 * Resolves in an idle period (or after `timeout` ms at the latest; after 50 ms where idle callbacks
 * are missing), with the period's deadline (a SLICE_MS budget in the fallback).
 */
export function idle(timeout = 2000): Promise<IdleDeadlineLike> {
  return new Promise((resolve) => {
    const w = globalThis as IdleGlobal;
    if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback((deadline) => resolve(deadline), { timeout });
    else
      setTimeout(() => {
        const end = performance.now() + SLICE_MS;
        resolve({ timeRemaining: () => end - performance.now() });
      }, 50);
  });
}

/** Runs `run` in an idle period; its result (or failure) comes back as a promise. */
export async function whenIdleDo<T>(run: () => T | Promise<T>, timeout?: number): Promise<T> {
  await idle(timeout);
  return run();
}

// Work the first screen does not need, run when the browser is idle (issue 40, decision 0604): the
// service worker's registration, the offline store's writes and warm-up, the outbox's start. Each
// step is its own idle callback, so none of them joins the page's hydration in one long task; a
// step runs at the latest after `timeout` ms (a busy page still gets it done).

// globalThis rather than window: the service worker's build reads this file through web/offline.
type IdleGlobal = typeof globalThis & {
  requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number;
};

/** Resolves in an idle period (or after `timeout` ms at the latest; after 50 ms where idle callbacks are missing). */
export function idle(timeout = 2000): Promise<void> {
  return new Promise((resolve) => {
    const w = globalThis as IdleGlobal;
    if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 50);
  });
}

/** Runs `run` in an idle period; its result (or failure) comes back as a promise. */
export async function whenIdleDo<T>(run: () => T | Promise<T>, timeout?: number): Promise<T> {
  await idle(timeout);
  return run();
}

// What the always-loaded app shell needs from the outbox, with no Dexie: the header's count of
// queued submissions and the drain listeners (toasts). The outbox itself (web/offline/replay.ts)
// loads after the first render and fills these in.
import type { DrainSummary } from './outbox';
import { createStore } from './store';

/** How many of the signed-in user's submissions wait on this device (another account's are not counted). */
export const outboxCount = createStore(0);

type DrainListener = (summary: DrainSummary) => void;
const drainListeners = new Set<DrainListener>();

/** Called with every drain's result (the app shows toasts and revalidates its data). */
export function onDrained(listener: DrainListener) {
  drainListeners.add(listener);
  return () => {
    drainListeners.delete(listener);
  };
}

/** A drain finished: tell the listeners when anything happened. */
export function reportDrain(summary: DrainSummary) {
  if (summary.sent.length || summary.failed.length || summary.needsAuth) drainListeners.forEach((l) => l(summary));
}

// What the always-loaded app shell needs from the outbox, with no Dexie: the header's count of
// queued submissions and the drain listeners (toasts). The outbox itself (web/offline/replay.ts)
// loads after the first render and fills these in.
//
// Every open tab of the app hears of every drain: the tab (or the service worker) that sent an
// item tells the others, so a tab whose reply showed "Edit waiting to be sent" refreshes when
// another tab sent that edit, instead of showing it as waiting until it is reloaded.
import type { DrainSummary } from './outbox';
import { createStore } from './store';

/** How many of the signed-in user's submissions wait on this device (another account's are not counted). */
export const outboxCount = createStore(0);

type DrainListener = (summary: DrainSummary) => void;
const drainListeners = new Set<DrainListener>();

/** The channel the app's tabs tell each other their drains on (same origin only). */
export const DRAIN_CHANNEL = 'tilt-outbox-drained';
let tabs: BroadcastChannel | undefined;

/** Called with every drain's result, this tab's or another's (the app shows toasts and revalidates its data). */
export function onDrained(listener: DrainListener) {
  if (!tabs && typeof BroadcastChannel !== 'undefined') {
    tabs = new BroadcastChannel(DRAIN_CHANNEL);
    tabs.onmessage = (event: MessageEvent<DrainSummary>) => tell(event.data);
  }
  drainListeners.add(listener);
  return () => {
    drainListeners.delete(listener);
  };
}

const happened = (summary: DrainSummary) => summary.sent.length > 0 || summary.failed.length > 0 || summary.needsAuth > 0;

/** Tells this tab's listeners (a drain another tab or the service worker made: not passed on). */
export function tell(summary: DrainSummary) {
  if (happened(summary)) drainListeners.forEach((l) => l(summary));
}

/** This tab's drain finished: tell its listeners and the other tabs, when anything happened. */
export function reportDrain(summary: DrainSummary) {
  if (!happened(summary)) return;
  tell(summary);
  tabs?.postMessage(summary);
}

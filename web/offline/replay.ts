// When queued submissions are sent: at app start, when the browser comes back online, when the
// app returns to the foreground, on a timer while items wait for their backoff, and from the
// service worker's Background Sync (Chromium). One drain implementation for all of them.
import { liveQuery } from 'dexie';
import { offlineDb } from './db';
import { drainOutbox, OUTBOX_SYNC_TAG, type DrainSummary } from './outbox';
import { onDrained, outboxCount, reportDrain as report, tell } from './outbox-count';
import { userQueue, userQueueCount } from './queue';
export { onDrained, outboxCount };

export async function replay(options: { force?: boolean; includeNeedsAuth?: boolean; keys?: string[] } = {}) {
  const summary = await drainOutbox(options);
  report(summary);
  if (started) void scheduleNext();
  return summary;
}

/** The longest a due item waits for the next send when no event wakes the page (the interval below). */
export const REPLAY_INTERVAL_MS = 15_000;

/**
 * How long until the earliest of this user's items waiting out a backoff is due, or null when none
 * waits. Only backoffs still running count: an item already due that a drain left (the network
 * dropped mid-drain, another account's item) waits for the interval or an event, so this never
 * spins. Never below 1 s, never past the interval (which would send it anyway).
 */
export async function nextDueIn(db = offlineDb, now = Date.now()): Promise<number | null> {
  const { items } = await userQueue(db);
  const due = items.filter((i) => i.state === 'pending' && i.nextAttemptAt > now).map((i) => i.nextAttemptAt);
  if (due.length === 0) return null;
  return Math.min(REPLAY_INTERVAL_MS, Math.max(1_000, Math.min(...due) - now));
}

// A retry that waits 5 s is sent 5 s later, not at the interval's next tick (up to 15 s more).
let timer: ReturnType<typeof setTimeout> | undefined;
async function scheduleNext() {
  const wait = await nextDueIn().catch(() => null);
  clearTimeout(timer);
  timer = undefined;
  if (wait === null) return;
  timer = setTimeout(() => {
    timer = undefined;
    if (navigator.onLine) void replay();
  }, wait);
}

/** Asks the service worker to replay even if the page closes (where Background Sync exists). */
export async function registerBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // not supported: the page's own triggers cover it
  }
}

let started = false;
export function startReplay() {
  if (started || typeof window === 'undefined') return;
  started = true;
  liveQuery(() => userQueueCount(offlineDb)).subscribe({ next: (n) => outboxCount.set(n) });
  void replay({ force: true, includeNeedsAuth: true });
  window.addEventListener('online', () => void replay({ force: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void replay();
  });
  setInterval(() => {
    if (outboxCount.get() > 0 && navigator.onLine) void replay();
  }, REPLAY_INTERVAL_MS);
  navigator.serviceWorker?.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown; summary: DrainSummary } | null;
    // The service worker tells every tab itself: heard here, not passed on.
    if (data?.type === 'outbox-drained') tell(data.summary);
  });
}

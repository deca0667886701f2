// When queued submissions are sent: at app start, when the browser comes back online, when the
// app returns to the foreground, on a timer while items wait for their backoff, and from the
// service worker's Background Sync (Chromium). One drain implementation for all of them.
import { liveQuery } from 'dexie';
import { offlineDb } from './db';
import { drainOutbox, OUTBOX_SYNC_TAG, type DrainSummary } from './outbox';
import { userQueueCount } from './queue';

import { onDrained, outboxCount, reportDrain as report } from './outbox-count';
export { onDrained, outboxCount };

export async function replay(options: { force?: boolean; includeNeedsAuth?: boolean; keys?: string[] } = {}) {
  const summary = await drainOutbox(options);
  report(summary);
  return summary;
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
  }, 15_000);
  navigator.serviceWorker?.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown; summary: DrainSummary } | null;
    if (data?.type === 'outbox-drained') report(data.summary);
  });
}

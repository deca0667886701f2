// Whether the app is answering from saved copies, and since when: read by the offline banner.
type Listener = () => void;

export interface OfflineStatus {
  offline: boolean;
  /** The oldest saved copy shown since the connection was lost (ms since epoch). */
  servedFrom: number | null;
}

let status: OfflineStatus = { offline: typeof navigator !== 'undefined' ? !navigator.onLine : false, servedFrom: null };
const listeners = new Set<Listener>();

function set(next: OfflineStatus) {
  if (next.offline === status.offline && next.servedFrom === status.servedFrom) return;
  status = next;
  listeners.forEach((l) => l());
}

/** What the server renders and the page hydrates with: online, nothing saved shown. */
const SERVER_STATUS: OfflineStatus = { offline: false, servedFrom: null };

export const offlineStatus = {
  get: () => status,
  getServer: () => SERVER_STATUS,
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A request reached the server: we are online. */
  markOnline() {
    set({ offline: false, servedFrom: null });
  },
  /** A request failed to reach the server and a copy saved at `savedAt` was shown (if any). */
  markOffline(savedAt?: number) {
    const servedFrom = savedAt === undefined ? status.servedFrom : Math.min(savedAt, status.servedFrom ?? savedAt);
    set({ offline: true, servedFrom });
  },
};

// A page's connection events (none in the service worker, which saves a page's answers through this layer).
const page = (globalThis as { window?: Pick<EventTarget, 'addEventListener'> }).window;
if (page) {
  page.addEventListener('offline', () => offlineStatus.markOffline());
  page.addEventListener('online', () => offlineStatus.markOnline());
}

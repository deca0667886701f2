// Registers the service worker from code (workbox-window; no inline script, so the strict CSP
// holds) with the "prompt" update flow: a new version waits until the user presses Reload, then
// takes over and every open page reloads, so no page runs a mix of versions.
import type { Workbox } from 'workbox-window';
import { createStore } from './store';

export const updateAvailable = createStore(false);
export const installPrompt = createStore<null | { prompt: () => Promise<void> }>(null);

let workbox: Workbox | null = null;

export async function registerServiceWorker() {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // Loaded after the first render: not part of the first load's JavaScript (nor the server's).
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => updateAvailable.set(true));
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  // A browser may refuse a worker (a private window, a policy, a blocked origin): the app still
  // works online, without the offline copy. Never an unhandled rejection.
  workbox.register().catch((error: unknown) => {
    workbox = null;
    console.info('The service worker was not registered; offline reading is off:', error);
  });
  // Look for a new version when the app comes back to the foreground, at most hourly.
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > 3_600_000) {
      lastCheck = Date.now();
      void workbox?.update();
    }
  });
}

/** The user pressed Reload: let the waiting version take over (the page reloads on 'controlling'). */
export function applyUpdate() {
  if (workbox) workbox.messageSkipWaiting();
  else window.location.reload();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    const e = event as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
    installPrompt.set({
      prompt: async () => {
        await e.prompt();
        await e.userChoice;
        installPrompt.set(null);
      },
    });
  });
  window.addEventListener('appinstalled', () => installPrompt.set(null));
}

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
/**
 * False on the server and while the page hydrates, true afterwards (and at once in a page the
 * browser renders itself): for what only exists in a browser, e.g. a portal into document.body.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

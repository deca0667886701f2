// What the browser build gives SWR for `use-sync-external-store/shim` (vite.config.ts): React's own
// hook. The shim exists for React before 18; with React 19 it only re-exports this, but its code for
// old React stays in the bundle because the bundler cannot tell which branch runs.
export { useSyncExternalStore } from 'react';

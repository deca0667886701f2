import { useEffect } from 'react';
import { FailureLine, SkeletonList } from '../components/states';

/** Shown in <main> while a screen's code chunk loads (first visit): never a blank page. */
export function PageSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6" data-testid="page-skeleton">
      <div className="skeleton h-4 w-32" aria-hidden="true" />
      <div className="skeleton h-9 w-2/3 max-w-md mt-3" aria-hidden="true" />
      <SkeletonList count={3} className="grid gap-4 mt-6" />
    </div>
  );
}

/**
 * Rendered after a screen: once it has committed (hydrated, on a server-rendered page), the page
 * answers clicks. Marks <html data-app="ready"> for tests and tools that wait on that.
 */
export function ScreenReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

/**
 * In <main> when a screen's chunk could not be fetched (web/lib/chunk-boundary.tsx): no signal
 * before the service worker had it, or a release that replaced it. The header, the navigation and
 * the footer stay; reloading asks for the page again (a new release's page and chunks).
 */
export function ScreenUnavailable() {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="screen-unavailable">
      <FailureLine offline={offline} action={{ label: offline ? 'Try again' : 'Reload', onClick: () => window.location.reload() }}>
        {offline
          ? "You're offline and this page hasn't been saved on this device yet. It will open once you're back online."
          : "This page couldn't be loaded. The app may have been updated: reloading brings the new version."}
      </FailureLine>
    </div>
  );
}

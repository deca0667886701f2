import { useEffect } from 'react';
import { SkeletonList } from '../components/states';

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

import { lazy, memo, Suspense, type ComponentType } from 'react';

/**
 * A part of every page that the first render does not need (a toast host, the signed-in account
 * menu), in a chunk of its own that loads when React first renders it. The server renders it as
 * usual; on a server-rendered page React hydrates everything else first and keeps the server's
 * markup for this part until its chunk has arrived (a Suspense boundary), so nothing flashes.
 * Memoised: a boundary still waiting for its chunk that re-renders with new props is thrown away
 * and shows its fallback (nothing) until the chunk arrives, so a parent's re-render (a page's data
 * revalidating, the reader's session answering) must not reach it while its props are the same.
 */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  function Later(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return memo(Later);
}

/**
 * Runs `run` once the browser is idle (at the latest after 3 s), or after a second where idle
 * callbacks are missing (Safari): for a chunk a page will likely need soon but not for its first
 * render (a lazy tab's). Returns a cancel function (an effect's cleanup).
 */
export function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
}

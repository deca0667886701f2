import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A part of every page that the first render does not need (a toast host, the signed-in account
 * menu), in a chunk of its own that loads when React first renders it. The server renders it as
 * usual; on a server-rendered page React hydrates everything else first and keeps the server's
 * markup for this part until its chunk has arrived (a Suspense boundary), so nothing flashes.
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
  return Later;
}

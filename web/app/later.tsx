import { lazy, memo, Suspense, useEffect, type ComponentType } from 'react';

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
        <ReplayTaps />
      </Suspense>
    );
  }
  return memo(Later);
}

/**
 * Taps on a part's server-rendered controls before its chunk has arrived. React cannot hydrate the
 * part yet, so it drops the event (stops it at the root, where its listeners are; React replays no
 * click or change); the browser still does what it does alone (a link opens, a form is sent, a
 * select shows the option chosen). A button's click or a select's change that no listener below
 * the root saw is kept here and dispatched again once a part has hydrated (ReplayTaps): a tap on
 * such a control in that moment is acted on a moment late, not lost. Only taps of the last 10 s
 * (a slow connection's chunk), and only once their own dispatch is over; an event a handler stopped
 * on purpose would look the same, and no handler here stops a click or a change.
 */
type Tap = { event: Event; target: HTMLElement; type: 'click' | 'change'; at: number };
let taps: Tap[] = [];
const reached = new WeakSet<Event>();
const TAP_KEPT_MS = 10_000;
if (typeof window !== 'undefined') {
  for (const type of ['click', 'change'] as const) {
    window.addEventListener(
      type,
      (event) => {
        const target = event.target instanceof Element ? event.target.closest(type === 'click' ? 'button[type="button"]' : 'select') : null;
        if (!(target instanceof HTMLElement)) return;
        const at = Date.now();
        taps = taps.filter((t) => !reached.has(t.event) && at - t.at <= TAP_KEPT_MS);
        taps.push({ event, target, type, at });
      },
      true,
    );
    // Reached the document: some listener below the root had its turn (React's, once hydrated).
    document.addEventListener(type, (event) => reached.add(event));
  }
}

/** After a part hydrates: the taps dropped meanwhile, again (one on a part still loading is dropped and kept again). */
function ReplayTaps() {
  useEffect(() => {
    const now = Date.now();
    const due = taps.filter((t) => t.event.eventPhase === Event.NONE && !reached.has(t.event));
    taps = taps.filter((t) => t.event.eventPhase !== Event.NONE);
    for (const { target, type, at } of due) {
      if (!target.isConnected || now - at > TAP_KEPT_MS) continue;
      if (type === 'click') target.click();
      else target.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, []);
  return null;
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

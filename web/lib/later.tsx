import { lazy, memo, Suspense, useEffect, type ComponentType } from 'react';
import { ChunkBoundary } from './chunk-boundary';

// The parts' chunks asked for so far: a long list hydrated in turns (hydrate-in-turns.tsx) waits for
// them, so that each group's parts hydrate with the group instead of all at once on arrival.
const asked: Promise<unknown>[] = [];
/** Resolves once every later() part's chunk asked for so far has come or failed. */
export const laterPartsLoaded = () => Promise.allSettled(asked);

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
  // A chunk that cannot come (no signal before the worker had it) leaves the part out, not the
  // page, and is asked for again once the browser is back online: a fresh lazy component, made
  // only when the one in use has failed (every instance of the part shares it, and one that has
  // arrived must not be swapped under another instance: it would mount again, losing its state).
  const make = () => {
    const entry = {
      failed: false,
      Part: lazy(() =>
        (asked[asked.length] = load()).then(
          (component) => ({ default: component }),
          (error: unknown) => {
            entry.failed = true;
            throw error;
          },
        ),
      ),
    };
    return entry;
  };
  let current = make();
  const again = () => {
    if (current.failed) current = make();
  };
  function Later(props: P) {
    return (
      <ChunkBoundary fallback={() => null} onRetry={again}>
        {() => {
          const { Part } = current;
          return (
            <Suspense fallback={null}>
              <Part {...props} />
              <ReplayTaps />
            </Suspense>
          );
        }}
      </ChunkBoundary>
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
 * such a control in that moment is acted on a moment late, not lost.
 *
 * The control is found again by where it was, not only by the element: a boundary still waiting
 * whose surroundings change (a context above it: the session answering, the URL) is thrown away by
 * React and rendered afresh once its chunk arrives, so the element tapped is gone and an equal one
 * (same place under the root, same tag and text) stands in its place. A tap whose control is not
 * (yet) there is kept for the next part's hydration, for 10 s (a slow connection's chunk). A select's
 * value is kept with its tap and set again on the control found. An event a handler stopped on
 * purpose would look dropped too; no handler here stops a click or a change.
 */
type Tap = {
  event: Event;
  target: HTMLElement;
  type: 'click' | 'change';
  at: number;
  /** Child indices from the app's root to the control, its tag and its text: to find it again. */
  path: number[];
  tag: string;
  text: string;
  value?: string;
};
let taps: Tap[] = [];
const reached = new WeakSet<Event>();
const TAP_KEPT_MS = 10_000;
const appRoot = () => document.getElementById('root');

function pathOf(el: Element, root: Element): number[] | null {
  const path: number[] = [];
  for (let node: Element | null = el; node !== root; node = node.parentElement) {
    if (!node?.parentElement) return null;
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

/** The tapped control if it is still in the page, else the one now in its place (same tag and text). */
function controlOf(tap: Tap): HTMLElement | null {
  if (tap.target.isConnected) return tap.target;
  let node: Element | null = appRoot();
  for (const i of tap.path) node = node?.children[i] ?? null;
  return node instanceof HTMLElement && node.tagName === tap.tag && node.textContent === tap.text ? node : null;
}

if (typeof window !== 'undefined') {
  for (const type of ['click', 'change'] as const) {
    window.addEventListener(
      type,
      (event) => {
        const target = event.target instanceof Element ? event.target.closest(type === 'click' ? 'button[type="button"]' : 'select') : null;
        const root = appRoot();
        if (!(target instanceof HTMLElement) || !root?.contains(target)) return;
        const path = pathOf(target, root);
        if (!path) return;
        const at = Date.now();
        taps = taps.filter((t) => !reached.has(t.event) && at - t.at <= TAP_KEPT_MS);
        const value = target instanceof HTMLSelectElement ? target.value : undefined;
        taps.push({ event, target, type, at, path, tag: target.tagName, text: target.textContent ?? '', value });
      },
      true,
    );
    // Reached the document: some listener below the root had its turn (React's, once hydrated).
    document.addEventListener(type, (event) => reached.add(event));
  }
}

/**
 * After a part hydrates (or renders afresh): the taps dropped meanwhile, again, in their order. One
 * on a part still loading is dropped and kept again (its replay is a tap like another); one whose
 * control is not in the page now waits for the next part.
 */
export function replayTaps() {
  const now = Date.now();
  const done = (t: Tap) => t.event.eventPhase === Event.NONE;
  const due = taps.filter((t) => done(t) && !reached.has(t.event) && now - t.at <= TAP_KEPT_MS);
  taps = taps.filter((t) => !done(t));
  for (const tap of due) {
    const control = controlOf(tap);
    if (!control) {
      taps.push(tap);
      continue;
    }
    if (tap.type === 'click') control.click();
    else {
      if (control instanceof HTMLSelectElement && tap.value !== undefined) control.value = tap.value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

/**
 * In a task of its own after the part's hydration: React renders a hydrating part with the server's
 * answers (a server-rendered page is a visitor's), then at once again with the browser's (the
 * signed-in user). A tap replayed in between would be acted on as a visitor's (Sign In Required for
 * a signed-in teacher, then the login page).
 */
function ReplayTaps() {
  useEffect(() => {
    const id = setTimeout(replayTaps, 0);
    return () => clearTimeout(id);
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

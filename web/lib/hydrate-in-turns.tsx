import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react';
import { idle } from '../lib/idle';
import { laterPartsLoaded } from './later';

/**
 * A long server-rendered list hydrated a group at a time (issue 40, decision 0605). React hydrates
 * a page in slices (a transition), but it commits what it hydrated together: 50 job cards, each
 * with its save heart and take-home line (later() parts, decision 1310), were one commit and one
 * round of effects after hydrating, ~30 ms of a core here, ~110 ms on a phone at 4x. A group
 * after the first (`turn` > 0) waits for an idle period of its own while the page hydrates: React
 * keeps its server markup meanwhile (a Suspense boundary), shown and readable as sent, and
 * hydrates it when its turn comes, one group per idle period, each its own short commit.
 *
 * Only hydration waits. The server renders every group at once, and so does the browser when it
 * renders the list itself (a client navigation, the offline shell, Load more, a boundary React
 * renders afresh because new props reached it before its turn): useSyncExternalStore reads the
 * server snapshot only while hydrating. A press, a key or a focus inside a group still waiting
 * gives it its turn at once (its taps on buttons are replayed by later(), decision 1310).
 */
export function HydrateInTurns({ turn, children }: { turn: number; children: ReactNode }) {
  if (turn === 0) return children;
  return (
    <Suspense fallback={null}>
      <WhenTurn turn={turn}>{children}</WhenTurn>
    </Suspense>
  );
}

const noSubscription = () => () => {};
function WhenTurn({ turn, children }: { turn: number; children: ReactNode }) {
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  if (hydrating && typeof window !== 'undefined') use(turnOf(turn).promise);
  return children;
}

/** The attribute a group's items carry so that a press inside one finds its turn. */
export const TURN_ATTRIBUTE = 'data-turn';

type Turn = { promise: Promise<void>; done: boolean; go: () => void };
const turns = new Map<number, Turn>();
let queued = false;

function turnOf(n: number): Turn {
  let turn = turns.get(n);
  if (!turn) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    const t: Turn = {
      promise,
      done: false,
      go: () => {
        if (t.done) return;
        t.done = true;
        // Marked as React's use() marks a promise it has seen settle: read at once if it had not yet.
        const marked = promise as Promise<void> & { status?: string; value?: undefined };
        marked.status = 'fulfilled';
        marked.value = undefined;
        resolve();
      },
    };
    turn = t;
    turns.set(n, turn);
    if (!queued) {
      queued = true;
      listenForInput();
      void nextTurns();
    }
  }
  return turn;
}

/**
 * The waiting groups, the lowest first, each in an idle period after the one before, once the
 * later() parts' chunks the first group asked for have come (at most PARTS_WAIT_MS): a group's
 * hearts and take-home lines then hydrate with it, not every group's together when they arrive.
 */
const PARTS_WAIT_MS = 3000;
async function nextTurns() {
  await Promise.race([laterPartsLoaded(), new Promise((resolve) => setTimeout(resolve, PARTS_WAIT_MS))]);
  for (;;) {
    await idle(1000);
    const waiting = [...turns.entries()].filter(([, t]) => !t.done).sort((a, b) => a[0] - b[0]);
    if (!waiting.length) break;
    waiting[0][1].go();
  }
  queued = false;
}

function listenForInput() {
  const early = (event: Event) => {
    const at = event.target instanceof Element ? event.target.closest(`[${TURN_ATTRIBUTE}]`) : null;
    const n = Number(at?.getAttribute(TURN_ATTRIBUTE));
    if (n > 0) turns.get(n)?.go();
  };
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) window.addEventListener(type, early, true);
}

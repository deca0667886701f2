// Figures worked out when the browser is idle (issue 38, issue 40's blocking time): the pay scales'
// rows and the job cards each ask for a few take-home figures; they are computed in slices of idle
// time (a few milliseconds each, never one long task for a hundred rows), after the first paint,
// and each row shows its figure as its turn comes.
import { useEffect, useState } from 'react';

type Job = () => void;
const queue: Job[] = [];
let scheduled = false;
/** Most of an idle period a slice may use (the browser gives up to 50 ms). */
const SLICE_MS = 8;

type Deadline = { timeRemaining: () => number };
const onIdle = (run: (d: Deadline) => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 500 });
  else
    setTimeout(() => {
      const end = performance.now() + SLICE_MS;
      run({ timeRemaining: () => end - performance.now() });
    }, 16);
};

function drain(deadline: Deadline) {
  const until = performance.now() + Math.min(SLICE_MS, Math.max(1, deadline.timeRemaining()));
  while (queue.length > 0 && performance.now() < until) queue.shift()?.();
  scheduled = false;
  if (queue.length > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  onIdle(drain);
}

/** Runs `job` in idle time; the returned function cancels it if it has not run yet. */
export function whenIdle(job: Job): () => void {
  queue.push(job);
  schedule();
  return () => {
    const i = queue.indexOf(job);
    if (i >= 0) queue.splice(i, 1);
  };
}

/**
 * `compute()` worked out in idle time, undefined until then (and on the server, and in the first
 * render, so hydration matches). `key` names the inputs: a new key computes again.
 */
export function useIdleValue<T>(key: string | null, compute: () => T): { key: string; value: T } | undefined {
  const [result, setResult] = useState<{ key: string; value: T } | undefined>(undefined);
  useEffect(() => {
    if (key === null) return;
    // The latest compute for this key (it closes over this render's inputs, which the key names).
    return whenIdle(() => setResult({ key, value: compute() }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return result && result.key === key ? result : undefined;
}

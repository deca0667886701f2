// Many small jobs (the take-home figures of a hundred pay rows, issue 38) share idle periods in
// slices of at most SLICE_MS, never one long task. Its own module (not idle.ts, which the entry
// loads): the queue loads with its one user's chunk, off every page's first load (issue 40).
import { type IdleDeadlineLike, idle, SLICE_MS } from './idle';

type Job = () => void;
const queue: Job[] = [];
let scheduled = false;

/** Runs the queue's jobs for at most SLICE_MS (less if the period has less left), then asks for another period. */
function drain(deadline: IdleDeadlineLike) {
  const until = performance.now() + Math.min(SLICE_MS, Math.max(1, deadline.timeRemaining()));
  while (queue.length > 0 && performance.now() < until) queue.shift()?.();
  scheduled = false;
  if (queue.length > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  void idle(500).then(drain);
}

/**
 * Runs the small job `job` in idle time, in a slice shared with the other jobs waiting (never one
 * long task for a hundred of them); the returned function cancels it if it has not run yet.
 */
export function inIdleSlice(job: Job): () => void {
  queue.push(job);
  schedule();
  return () => {
    const i = queue.indexOf(job);
    if (i >= 0) queue.splice(i, 1);
  };
}

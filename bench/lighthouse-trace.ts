// What the page's main thread did, from the trace Lighthouse saved (`--save-assets`): self time
// by Lighthouse's groups (core/lib/tracehouse/task-groups.js: an event takes its own name's group,
// else its parent's, else "Other"), and the trace events that make up "Other". Times are the
// trace's own (this box, unthrottled); Lighthouse's simulated mobile run multiplies them by 4.
import { readFileSync } from 'node:fs';

const GROUPS: Record<string, string[]> = {
  parseHTML: ['ParseHTML', 'ParseAuthorStyleSheet'],
  styleLayout: ['ScheduleStyleRecalculation', 'UpdateLayoutTree', 'InvalidateLayout', 'Layout'],
  paintCompositeRender: [
    'Animation',
    'HitTest',
    'PaintSetup',
    'Paint',
    'PaintImage',
    'RasterTask',
    'ScrollLayer',
    'UpdateLayer',
    'UpdateLayerTree',
    'CompositeLayers',
    'PrePaint',
  ],
  scriptParseCompile: ['v8.compile', 'v8.compileModule', 'v8.parseOnBackground'],
  scriptEvaluation: [
    'EventDispatch',
    'EvaluateScript',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'FireIdleCallback',
    'FireAnimationFrame',
    'RunMicrotasks',
    'V8.Execute',
  ],
  garbageCollection: [
    'MinorGC',
    'MajorGC',
    'BlinkGC.AtomicPhase',
    'ThreadState::performIdleLazySweep',
    'ThreadState::completeSweep',
    'BlinkGCMarking',
  ],
  other: ['MessageLoop::RunTask', 'TaskQueueManager::ProcessTaskFromWorkQueue', 'ThreadControllerImpl::DoWork'],
};
const GROUP_OF = new Map(Object.entries(GROUPS).flatMap(([group, names]) => names.map((name) => [name, group] as const)));

/** One event of a Chrome trace (also bench/lighthouse-profile.ts's). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time within the event (when the trace has it). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

/** The script a FunctionCall or EvaluateScript ran: its file name. */
const scriptOf = (e: TraceEvent) => (e.args?.data?.url ?? '').replace(/^.*\//, '') || '?';

export interface Breakdown {
  /** Self time in ms by Lighthouse's group. */
  groups: Record<string, number>;
  /** The events whose self time Lighthouse counts as "Other", largest first (ms). */
  other: [string, number][];
  /** Every event's self time on the main thread, largest first (ms). */
  top: [string, number][];
  /** Tasks of 50 ms or more on this box (unthrottled). */
  longTasks: number;
  /** The top-level tasks' wall time and the main thread's CPU time within them (ms): the rest is waiting for a core. */
  taskWall: number;
  taskCpu: number;
  /**
   * Lighthouse's blocking time (sum of each task's 4x length over 50 ms) of the top-level tasks
   * after the first contentful paint, from their CPU time: what TBT would be if the main thread had
   * had its core to itself; and the same from their wall time, as Lighthouse counts it.
   */
  blockingCpu: number;
  blockingWall: number;
  /**
   * The tasks after the first contentful paint that block at 4x by their CPU time: when they
   * started (ms after navigation), their wall and CPU time here, and their largest children.
   */
  blockers: { at: number; wall: number; cpu: number; what: string }[];
  /** When the page painted first and its last largest-contentful-paint candidate, ms after navigation (this box). */
  fcpAt: number;
  lcpAt: number;
}

/** The page's main thread: the renderer main thread with the most top-level task time. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best = { pid: 0, tid: 0 };
  let most = -1;
  for (const m of mains) {
    const busy = events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.name === 'RunTask')
      .reduce((s, e) => s + (e.dur ?? 0), 0);
    if (busy > most) [best, most] = [{ pid: m.pid, tid: m.tid }, busy];
  }
  return best;
}

export function breakdown(tracePath: string): Breakdown {
  const raw = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
  const { pid, tid } = mainThread(events);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? 0;
  const nav = events.filter((e) => e.pid === pid && e.name === 'navigationStart' && e.ts <= fcp).reduce((a, e) => Math.max(a, e.ts), 0);
  const pending: (Omit<Breakdown['blockers'][number], 'what'> & { children: Map<string, number> })[] = [];
  let blocker: { end: number; children: Map<string, number> } | undefined;
  let blockingCpu = 0;
  let blockingWall = 0;
  // Complete events only ('X'; the main thread's tasks and their children come as such).
  const slices = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  type Open = { end: number; group: string | undefined; name: string; self: number };
  const stack: Open[] = [];
  const byName = new Map<string, number>();
  const groups: Record<string, number> = {};
  const other = new Map<string, number>();
  let longTasks = 0;
  let taskWall = 0;
  let taskCpu = 0;
  const close = (o: Open) => {
    const group = o.group ?? 'other';
    groups[group] = (groups[group] ?? 0) + o.self / 1000;
    byName.set(o.name, (byName.get(o.name) ?? 0) + o.self / 1000);
    if (group === 'other') other.set(o.name, (other.get(o.name) ?? 0) + o.self / 1000);
  };
  for (const e of slices) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) close(stack.pop()!);
    const parent = stack[stack.length - 1];
    const end = e.ts + (e.dur ?? 0);
    if (parent && end > parent.end) continue; // overlaps its parent's end: not nested, skipped
    if (blocker && e.ts < blocker.end && stack.length <= 2 && e.name !== 'ThreadControllerImpl::RunTask') {
      const label = e.name === 'FunctionCall' || e.name === 'EvaluateScript' ? `${e.name}(${scriptOf(e)})` : e.name;
      blocker.children.set(label, (blocker.children.get(label) ?? 0) + (e.dur ?? 0) / 1000);
    }
    if (parent) parent.self -= e.dur ?? 0;
    else {
      if ((e.dur ?? 0) >= 50_000) longTasks++;
      taskWall += (e.dur ?? 0) / 1000;
      taskCpu += (e.tdur ?? e.dur ?? 0) / 1000;
      if (e.ts >= fcp) {
        blockingWall += Math.max(0, (4 * (e.dur ?? 0)) / 1000 - 50);
        blockingCpu += Math.max(0, (4 * (e.tdur ?? e.dur ?? 0)) / 1000 - 50);
        if (4 * (e.tdur ?? e.dur ?? 0) > 50_000) {
          blocker = { end, children: new Map() };
          pending.push({
            at: (e.ts - nav) / 1000,
            wall: (e.dur ?? 0) / 1000,
            cpu: (e.tdur ?? e.dur ?? 0) / 1000,
            children: blocker.children,
          });
        }
      }
    }
    stack.push({ end, name: e.name, self: e.dur ?? 0, group: GROUP_OF.get(e.name) ?? parent?.group });
  }
  while (stack.length) close(stack.pop()!);
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  const blockers = pending.map(({ children, ...b }) => ({
    ...b,
    what: sorted(children)
      .slice(0, 4)
      .map(([n, ms]) => `${n} ${Math.round(ms)}`)
      .join(', '),
  }));
  const lcp = events.filter((e) => e.pid === pid && e.name === 'largestContentfulPaint::Candidate').reduce((a, e) => Math.max(a, e.ts), 0);
  const [fcpAt, lcpAt] = [(fcp - nav) / 1000, lcp ? (lcp - nav) / 1000 : Number.NaN];
  return {
    groups,
    other: sorted(other),
    top: sorted(byName),
    longTasks,
    taskWall,
    taskCpu,
    blockingCpu,
    blockingWall,
    blockers,
    fcpAt,
    lcpAt,
  };
}

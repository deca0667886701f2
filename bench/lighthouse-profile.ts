// What a page's long tasks are (issue 40): the built app in Chromium at a phone's size (390x844)
// with the CPU slowed 4x for real (`Emulation.setCPUThrottlingRate`, not Lighthouse's simulation),
// a performance trace and V8's sampling profiler over the load and the next seconds. For every
// main-thread task of 50 ms or more (at 4x): when it started after navigation, its length, its
// CPU time, and the functions the profiler saw in it (self time, largest first, with their script).
// `node --import tsx bench/lighthouse-profile.ts /jobs [/ ...]` after `npm run build`; LH_URL uses a
// running server; PROFILE_RUNS=n repeats each page; PROFILE_WAIT=ms how long after load (4000).
// For readable names build with `vite build --minify false` (in a scratch worktree).
import type { CDPSession } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM, PHONE, startServer, type RunningServer } from '../e2e/harness';
import type { TraceEvent } from './lighthouse-trace';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

async function traceOf(cdp: CDPSession, run: () => Promise<void>): Promise<{ events: TraceEvent[]; profile: Profile }> {
  const chunks: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void chunks.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading,toplevel',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  return { events: chunks, profile };
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') || '(native)';

/**
 * Self time per function (ms) from the profile's samples between `from` and `to` (trace clock, µs);
 * with PROFILE_INCLUSIVE=1 the time under each function whose name starts with a capital (React
 * components, in an unminified build) instead: what rendered in the task.
 */
function functionsIn(profile: Profile, from: number, to: number): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = process.env.PROFILE_INCLUSIVE === '1';
  const self = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    if (t < from || t > to) continue;
    const f = byId.get(profile.samples[i])!.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    if (inclusive) {
      const seen = new Set<string>();
      for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
        const name = byId.get(id)!.callFrame.functionName;
        if (/^[A-Z]/.test(name) && !seen.has(name)) {
          seen.add(name);
          self.set(name, (self.get(name) ?? 0) + next / 1000);
        }
      }
      continue;
    }
    const key = `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + next / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]);
}

function report(page: string, events: TraceEvent[], profile: Profile) {
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error('no first contentful paint in the trace');
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcpEvent.pid);
  if (!main) throw new Error('no renderer main thread in the trace');
  const fcp = fcpEvent.ts;
  const nav = events
    .filter((e) => e.pid === main.pid && e.name === 'navigationStart' && e.ts <= fcp)
    .reduce((a, e) => Math.max(a, e.ts), 0);
  const lcp = events.filter((e) => e.pid === main.pid && e.name === 'largestContentfulPaint::Candidate').pop()?.ts;
  const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask');
  // Long at a phone's speed: 4x the task's CPU time (its wall time here, when the CPU is slowed for real) over 50 ms.
  const slowdown = RATE === 1 ? 4 : 1;
  const length = (e: TraceEvent) => Math.max(slowdown * (e.tdur ?? e.dur ?? 0), RATE === 1 ? 0 : (e.dur ?? 0));
  // PROFILE_ALL=ms lists every task of at least that much CPU time instead.
  const all = Number(process.env.PROFILE_ALL ?? 0) * 1000;
  const long = tasks.filter((e) => (all ? (e.tdur ?? 0) >= all : length(e) >= 50_000 || (e.dur ?? 0) >= 50_000 * (RATE === 1 ? 1 : 2)));
  const ms = (us: number) => Math.round(us / 1000);
  const blocking = tasks.filter((e) => e.ts >= fcp).reduce((s, e) => s + Math.max(0, (slowdown * (e.tdur ?? e.dur ?? 0)) / 1000 - 50), 0);
  console.log(
    `\n${page}: FCP ${ms(fcp - nav)} ms, last LCP candidate ${lcp ? ms(lcp - nav) : '?'} ms, blocking after FCP (from CPU time) ${Math.round(blocking)} ms, tasks >= 50 ms: ${long.length}`,
  );
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter(
      (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= task.ts && e.ts < end && e !== task,
    );
    const kinds = new Map<string, number>();
    for (const e of inside.filter((x) =>
      [
        'FunctionCall',
        'TimerFire',
        'EvaluateScript',
        'v8.evaluateModule',
        'EventDispatch',
        'FireIdleCallback',
        'RunMicrotasks',
        'ParseHTML',
        'UpdateLayoutTree',
        'Layout',
        'Paint',
        'Commit',
        'MajorGC',
        'MinorGC',
        'v8.compile',
        'v8.compileModule',
      ].includes(x.name),
    )) {
      const label = e.name === 'FunctionCall' || e.name === 'EvaluateScript' ? `${e.name}(${short(e.args?.data?.url ?? '')})` : e.name;
      kinds.set(label, (kinds.get(label) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const what = [...kinds.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join(', ');
    console.log(
      `  task at ${ms(task.ts - nav)} ms: ${ms(task.dur ?? 0)} ms wall, cpu ${ms(task.tdur ?? 0)} ms${RATE === 1 ? ` (x4: ${ms(4 * (task.tdur ?? 0))})` : ''}: ${what}`,
    );
    for (const [f, t] of functionsIn(profile, task.ts, end).slice(0, all ? 5 : 14))
      console.log(`      ${t.toFixed(1).padStart(6)} ms  ${f}`);
  }
}

/** The CPU slowdown (PROFILE_CPU, default 4); at 1 the tasks are read as Lighthouse does, their CPU time x4. */
const RATE = Number(process.env.PROFILE_CPU ?? 4);
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/jobs'];
let server: RunningServer | undefined;
const base =
  process.env.LH_URL ??
  (server = await startServer({
    NODE_ENV: 'production',
    ALLOW_NO_SIGN_IN: '1',
    SESSION_SECRET: 'lighthouse-bench-'.padEnd(40, 'x'),
    SEED_DEMO: 'true',
    WEB_CONCURRENCY: '1',
  })).url;
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
try {
  for (let i = 0; i < Number(process.env.PROFILE_RUNS ?? 1); i++) {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
      const { events, profile } = await traceOf(cdp, async () => {
        await tab.goto(base + page, { waitUntil: 'load' });
        await tab.waitForTimeout(Number(process.env.PROFILE_WAIT ?? 4000));
      });
      report(page, events, profile);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server?.stop();
}

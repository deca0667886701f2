// Work deferred to idle time (decision 0604): one step per idle period, in order, a failure not
// stopping the next, and nothing run before the browser says it is idle.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inIdleSlices } from '../offline/warm';
import { SLICE_MS, idle, whenIdleDo } from './idle';
import { inIdleSlice } from './idle-slice';

type Deadline = { timeRemaining: () => number };
const pending: { run: (deadline: Deadline) => void; timeout?: number }[] = [];
// idle() reads requestIdleCallback from globalThis (the window in a page; the file is also read by the service worker's build).
const g = globalThis as { requestIdleCallback?: unknown };
function fakeIdleWindow() {
  g.requestIdleCallback = (run: (deadline: Deadline) => void, options?: { timeout: number }) =>
    pending.push({ run, timeout: options?.timeout });
}
/** The browser is idle once: the oldest waiting callback runs, and its promise chain settles. */
async function idlePeriod(deadline: Deadline = { timeRemaining: () => 50 }) {
  const next = pending.shift();
  expect(next, 'an idle callback was waiting').toBeDefined();
  next!.run(deadline);
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

afterEach(() => {
  vi.restoreAllMocks();
  pending.length = 0;
  delete g.requestIdleCallback;
});

describe('idle time', () => {
  it('runs a step only once the browser is idle, with the time-out asked for', async () => {
    fakeIdleWindow();
    const ran: string[] = [];
    const done = whenIdleDo(() => ran.push('register') && 'ok', 1000);
    await Promise.resolve();
    expect(ran).toEqual([]);
    expect(pending.map((p) => p.timeout)).toEqual([1000]);
    await idlePeriod();
    expect(await done).toBe('ok');
    expect(ran).toEqual(['register']);
  });

  it('gives each step an idle period of its own, in order, past a step that fails', async () => {
    fakeIdleWindow();
    const ran: string[] = [];
    const all = inIdleSlices([
      () => ran.push('a'),
      () => {
        ran.push('b');
        throw new Error('refused');
      },
      async () => ran.push('c'),
    ]);
    await Promise.resolve();
    expect(ran).toEqual([]);
    await idlePeriod();
    expect(ran).toEqual(['a']);
    await idlePeriod();
    expect(ran).toEqual(['a', 'b']);
    await idlePeriod();
    await all;
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(pending).toHaveLength(0);
  });

  it('falls back to a timer where idle callbacks are missing (Safari)', async () => {
    delete g.requestIdleCallback;
    const start = Date.now();
    await idle();
    expect(Date.now() - start).toBeGreaterThanOrEqual(40);
  });
});

describe('small jobs in idle slices', () => {
  /** A clock that moves only when a job says it took time. */
  function fakeClock() {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    return (ms: number) => {
      now += ms;
    };
  }

  it('runs waiting jobs in one idle period until the slice budget is spent, the rest in the next', async () => {
    fakeIdleWindow();
    const spend = fakeClock();
    const ran: number[] = [];
    for (let i = 0; i < 5; i++)
      inIdleSlice(() => {
        ran.push(i);
        spend(3);
      });
    await Promise.resolve();
    expect(ran).toEqual([]);
    expect(pending.map((p) => p.timeout)).toEqual([500]);
    await idlePeriod();
    // 3 ms each against SLICE_MS (8): the third job ends past the budget, so the slice stops there.
    expect(SLICE_MS).toBe(8);
    expect(ran).toEqual([0, 1, 2]);
    expect(pending).toHaveLength(1);
    await idlePeriod();
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    expect(pending).toHaveLength(0);
  });

  it('uses less than the budget when the idle period has less left', async () => {
    fakeIdleWindow();
    const spend = fakeClock();
    const ran: number[] = [];
    for (let i = 0; i < 4; i++)
      inIdleSlice(() => {
        ran.push(i);
        spend(2);
      });
    await Promise.resolve();
    await idlePeriod({ timeRemaining: () => 3 });
    expect(ran).toEqual([0, 1]);
    await idlePeriod();
    expect(ran).toEqual([0, 1, 2, 3]);
  });

  it('never runs a job cancelled before its turn', async () => {
    fakeIdleWindow();
    const ran: string[] = [];
    inIdleSlice(() => ran.push('kept'));
    const cancel = inIdleSlice(() => ran.push('cancelled'));
    inIdleSlice(() => ran.push('also kept'));
    cancel();
    await Promise.resolve();
    await idlePeriod();
    expect(ran).toEqual(['kept', 'also kept']);
    expect(pending).toHaveLength(0);
  });
});

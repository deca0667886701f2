// Work deferred to idle time (decision 0604): one step per idle period, in order, a failure not
// stopping the next, and nothing run before the browser says it is idle.
import { afterEach, describe, expect, it } from 'vitest';
import { inIdleSlices } from '../offline/warm';
import { idle, whenIdleDo } from './idle';

const pending: { run: () => void; timeout?: number }[] = [];
// idle() reads requestIdleCallback from globalThis (the window in a page; the file is also read by the service worker's build).
const g = globalThis as { requestIdleCallback?: unknown };
function fakeIdleWindow() {
  g.requestIdleCallback = (run: () => void, options?: { timeout: number }) => pending.push({ run, timeout: options?.timeout });
}
/** The browser is idle once: the oldest waiting callback runs, and its promise chain settles. */
async function idlePeriod() {
  const next = pending.shift();
  expect(next, 'an idle callback was waiting').toBeDefined();
  next!.run();
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

afterEach(() => {
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

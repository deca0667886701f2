import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DrainSummary } from './outbox';

type Tab = typeof import('./outbox-count');
/** A tab of the app: its own copy of the module, as a second page has. */
async function openTab(): Promise<Tab> {
  vi.resetModules();
  return import('./outbox-count');
}
const summary = (sent: number, extra: Partial<DrainSummary> = {}): DrainSummary => ({
  sent: Array.from({ length: sent }, (_, i) => ({ item: { key: `k${i}` } as DrainSummary['sent'][number]['item'], data: null })),
  failed: [],
  needsAuth: 0,
  remaining: 0,
  ...extra,
});
/** Lets the channel's messages arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

describe('drains heard by every tab', () => {
  it("another tab's drain reaches this tab's listeners once; its own too, once", async () => {
    const a = await openTab();
    const b = await openTab();
    const heardA: number[] = [];
    const heardB: number[] = [];
    closers.push(
      a.onDrained((s) => heardA.push(s.sent.length)),
      b.onDrained((s) => heardB.push(s.sent.length)),
    );
    a.reportDrain(summary(2));
    await settle();
    expect(heardA).toEqual([2]);
    expect(heardB).toEqual([2]);
    b.reportDrain(summary(1));
    await settle();
    expect(heardA).toEqual([2, 1]);
    expect(heardB).toEqual([2, 1]);
  });

  it('a drain that did nothing is not told; what the service worker told a tab is not passed on', async () => {
    const a = await openTab();
    const b = await openTab();
    const heardB: number[] = [];
    closers.push(
      a.onDrained(() => {}),
      b.onDrained((s) => heardB.push(s.sent.length)),
    );
    a.reportDrain(summary(0));
    a.tell(summary(3));
    await settle();
    expect(heardB).toEqual([]);
    a.reportDrain(summary(0, { needsAuth: 1 }));
    await settle();
    expect(heardB).toEqual([0]);
  });
});

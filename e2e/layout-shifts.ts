// What moved on a page without the reader doing anything: Chromium's layout-shift entries (the
// browser's own measure of Cumulative Layout Shift), recorded from a document's start. A part that
// fills in after the first paint (a later() part, a figure worked out in idle time, a button the
// script takes away) must keep its space, or what stands under it moves, a tap lands elsewhere
// and the reader loses her line (e2e/later-taps holds the take-home chunk back to show it).
import type { Page } from 'playwright-core';

/**
 * Below this, a page's shifts add to nothing a reader sees: a header's 0.0005 as its buttons settle,
 * the pay table's columns widening by a few pixels as its take-home figures come (up to 0.0048 with
 * the CPU slowed 4x). The figures moving under a form's lost button scored 0.012-0.015.
 */
export const SHIFT_ALLOWED = 0.01;

type Shifts = { score: number; moved: string[] };
type InPage = typeof window & { __layoutShifts?: Shifts };

/** Every document this page loads from now on records its layout shifts (none after a tap or a key counts). */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shifts = { score: 0, moved: [] };
    (window as InPage).__layoutShifts = shifts;
    type Entry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const name = (node?: Node) => {
      const el = node instanceof Element ? node : node?.parentElement;
      const id = el?.getAttribute('data-testid');
      return el ? `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}` : 'text';
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Entry[]) {
        if (entry.hadRecentInput) continue;
        shifts.score += entry.value;
        for (const s of entry.sources)
          shifts.moved.push(`${name(s.node)} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} px`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's shifts so far as one line, or nothing when they add to less than SHIFT_ALLOWED. */
export async function layoutShifts(page: Page): Promise<string[]> {
  const shifts = await page.evaluate(() => (window as InPage).__layoutShifts ?? null);
  if (!shifts || shifts.score < SHIFT_ALLOWED) return [];
  return [`layout shift ${shifts.score.toFixed(4)}: ${shifts.moved.slice(0, 4).join(', ')}`];
}

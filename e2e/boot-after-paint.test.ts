// A server-rendered page fetches the app's JavaScript only once its content is on screen
// (public/boot.js, decision 0606): the boot script waits for the browser's report of the largest
// contentful paint, which comes once its frame is presented. Here the stylesheet is held back
// (the boot script runs once it has come, just before the first paint) and frame callbacks run at
// once, as one does when it runs before its frame reaches the screen: the old boot
// (requestAnimationFrame + setTimeout) then asked for the chunks before the paint every time.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerAndBrowser, stopServerAndBrowser, waitForHydration, type RunningServer } from './harness';
import { readOnlyServer } from './read-only-server';

let server: RunningServer;
let browser: BrowserContext;
beforeAll(async () => ({ server, browser } = await startServerAndBrowser(readOnlyServer, { serviceWorkers: 'block' })), 120_000);
afterAll(() => stopServerAndBrowser(server, browser));

const HOLD_MS = 1200;

/** When the page's largest contentful paint was presented, and when each of its scripts was asked for (ms since navigation). */
async function timings(page: Page) {
  return page.evaluate(() => ({
    lcp: (window as unknown as { lcp: number[] }).lcp,
    scripts: performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.startsWith('/assets/') && r.name.endsWith('.js'))
      .map((r) => r.startTime),
  }));
}

describe('the boot script', () => {
  for (const path of ['/jobs', '/pay-scales']) {
    it(`${path}: no chunk is asked for before the page's content is on screen, and the page hydrates`, async () => {
      const page = await browser.newPage();
      // LCP entries are only reported to observers (not by getEntriesByType).
      await page.addInitScript(() => {
        const w = window as unknown as { lcp: number[] };
        w.lcp = [];
        // A frame callback asked for before the document is parsed (the boot script's: the app has
        // not loaded yet) runs at once, as one does when it runs before its frame reaches the
        // screen; after that, the browser's own.
        const frame = window.requestAnimationFrame.bind(window);
        window.requestAnimationFrame = (run: FrameRequestCallback) => {
          run(performance.now());
          return 0;
        };
        document.addEventListener('DOMContentLoaded', () => (window.requestAnimationFrame = frame), { once: true });
        new PerformanceObserver((list) => w.lcp.push(...list.getEntries().map((e) => e.startTime))).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      });
      await page.route('**/assets/*.css', async (route) => {
        await new Promise((r) => setTimeout(r, HOLD_MS));
        await route.continue();
      });
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
      const { lcp, scripts } = await timings(page);
      expect(lcp.length, 'a largest contentful paint was reported').toBeGreaterThan(0);
      // The paint waited for the held stylesheet, so a chunk asked for on a timer would come first.
      expect(lcp[0]).toBeGreaterThan(HOLD_MS);
      expect(scripts.length).toBeGreaterThan(3);
      expect(Math.min(...scripts)).toBeGreaterThanOrEqual(lcp[0]);
      await page.close();
    });
  }
});

// A repeat visit with no network (the server-rendered first visit: "paints the app in <= 500 ms, the service worker's
// shell"). Starts the real server (production build, fresh seeded database), visits the pages once
// online so the service worker installs and the offline store fills, then stops the server and
// takes the browser offline, and opens each page again in a new tab (as from the home screen),
// OFFLINE_RUNS times (default 5). Per page: first contentful paint and largest contentful paint
// (taken once the page's heading, drawn from IndexedDB, is there), from navigation start; the
// median without and with a 4x CPU slowdown (Lighthouse's phone). Writes bench/results/offline-paint.json.
// Usage: npm run build && npm run bench:offline
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, ROOT, startServer, waitForServiceWorker } from '../e2e/harness';
import { median } from './stats';

const RUNS = Number(process.env.OFFLINE_RUNS ?? 5);
const server = await startServer({
  NODE_ENV: 'production',
  ALLOW_NO_SIGN_IN: '1',
  SESSION_SECRET: 'offline-bench-'.padEnd(40, 'x'),
  SEED_DEMO: 'true',
  WEB_CONCURRENCY: '1',
});
const context: BrowserContext = await launchBrowser();
const rows: Record<string, string | number>[] = [];
try {
  const jobId = ((await (await fetch(`${server.url}/api/jobs`)).json()) as { id: number }[])[0].id;
  const schoolId = ((await (await fetch(`${server.url}/api/schools?limit=1&sort=rating`)).json()) as { id: number }[])[0].id;
  const pages = ['/', '/jobs', `/jobs/${jobId}`, '/schools', `/schools/${schoolId}`, '/pay-scales'];

  // Online once: the worker takes control, then every page is read (its answers saved).
  const warm = await context.newPage();
  await warm.goto(server.url + '/');
  await waitForServiceWorker(warm);
  for (const path of pages) {
    await warm.goto(server.url + path);
    await warm.waitForFunction(() => !document.querySelector('.skeleton'), undefined, { timeout: 15_000 });
  }
  await warm.close();

  await server.stop();
  await context.setOffline(true);

  for (const slowdown of [1, 4]) {
    for (const path of pages) {
      const fcp: number[] = [];
      const lcp: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
        await page.goto(server.url + path, { waitUntil: 'load' });
        await page.waitForFunction(
          () => !!document.querySelector('h1')?.textContent?.trim() && !document.querySelector('.skeleton'),
          undefined,
          { timeout: 15_000 },
        );
        // Largest contentful paint as the browser records it (buffered entries), once the page has its heading.
        const m = await page.evaluate(
          () =>
            new Promise<{ fcp: number; lcp: number; shell: boolean }>((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve({
                  fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
                  lcp: entries[entries.length - 1].startTime,
                  shell: !document.getElementById('ssr-data'),
                });
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        );
        if (!m.shell) throw new Error(`${path} came from a server while offline`);
        fcp.push(m.fcp);
        lcp.push(m.lcp);
        await page.close();
      }
      rows.push({ page: path, cpu: `${slowdown}x`, 'FCP (ms)': Math.round(median(fcp)), 'LCP (ms)': Math.round(median(lcp)), runs: RUNS });
    }
  }
} finally {
  await context.close();
  await server.stop();
}
console.table(rows);
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench', 'results', 'offline-paint.json'),
  JSON.stringify({ at: new Date().toISOString(), runs: RUNS, rows }, null, 2),
);

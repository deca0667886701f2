// A page glimpsed is a page kept: a visitor opens a school's page, leaves it once it has painted
// (before the app has loaded or hydrated: on a slow phone, or because the train went into a
// tunnel), and offline the page opens from the device. The service worker keeps the answers the
// server inlined from the page's HTML as it passes (sw/sw.ts, web/offline/seed.ts).
import { describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, startServer, waitForServiceWorker } from './harness';
import { screenTestEnv } from './screens.helpers';
import { renderOnce } from './render.helpers';

const env = screenTestEnv({ browser: { serviceWorkers: 'allow' } });
let attempts = 0;

describe('a page left at once', () => {
  it('opens offline from the device though it was left right after its first paint', async () => {
    // A retry starts where the first attempt did: the server up (the first attempt stops it) and a
    // device that has not kept the school yet (a new context: the first one may have kept it).
    if (++attempts > 1) {
      if (
        !(await fetch(`${env.server.url}/api/health`)
          .then((r) => r.ok)
          .catch(() => false))
      )
        env.server = await startServer({}, env.server.databasePath, env.server.port);
      await env.browser.close();
      env.browser = await launchBrowser({ serviceWorkers: 'allow' });
    }
    const page = await env.browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.setViewportSize(PHONE);
    // A visitor whose phone has the app's worker (she came before), on a page with no school.
    await page.goto(env.server.url + '/about-us');
    await waitForServiceWorker(page);
    const [school] = await env.api('/api/schools?limit=1&sort=rating');
    const saved = () =>
      page.evaluate(
        (id) =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('teachers-in-london-talk');
            open.onsuccess = () => {
              const get = open.result.transaction('responses').objectStore('responses').get(`/api/schools/${id}`);
              get.onsuccess = () => resolve(get.result !== undefined);
              get.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
        school.id,
      );
    expect(await saved()).toBe(false);
    // The worker answers a navigation with the precached shell when the server takes over 3 s (by
    // design, for a slow network), and a fresh server's first render of a school page can on a
    // busy box: rendered once first (outside the browser), so the page below is the server's.
    expect(await renderOnce(env.server.url, [`/schools/${school.id}`])).toEqual([200]);

    // The school's page, left once its server-rendered content has painted, before the app has
    // run: the page's own scripts are switched off for this one visit (the service worker, a
    // target of its own, still runs). Waiting for a paint and reading data-app instead raced: the
    // worker serves the app's modules from its precache, and once in a CI run with a second build
    // beside it the app had hydrated before the next frame.
    const cdp = await env.browser.newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await page.goto(`${env.server.url}/schools/${school.id}`, { waitUntil: 'domcontentloaded' });
    const h1 = await page.locator('h1').first().textContent();
    const app = await page.evaluate(() => document.documentElement.dataset.app);
    await page.goto('about:blank');
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
    await cdp.detach();
    expect(h1).toContain(school.name);
    // Left before the app had run: what kept the page is not the page's own JavaScript.
    expect(app).toBeUndefined();

    await env.server.stop();
    await env.browser.setOffline(true);
    try {
      await page.goto(`${env.server.url}/schools/${school.id}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toContain(school.name);
      expect(await page.getByTestId('offline-empty').count()).toBe(0);
      await expect.poll(() => page.getByTestId('offline-banner').innerText()).toMatch(/^You're offline — showing saved copies from /);
      expect(await saved()).toBe(true);
    } finally {
      await env.browser.setOffline(false);
    }
  }, 120_000);
});

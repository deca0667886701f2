// What is on screen stays when something behind it fails.
// A chunk that cannot be fetched (no signal on a first visit before the service worker had
// precached it, or a release that replaced it while the page was open) leaves its part or its
// screen out, never the whole page: without web/lib/chunk-boundary.tsx React unmounted the app and
// the reader was left with a blank white page (seen on /jobs with the alert dialog's chunk offline).
// Without the service worker here, so that the page's own requests are the ones refused.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot, type RunningServer } from './harness';
import { readOnlyServer } from './read-only-server';

let server: RunningServer;
let browser: BrowserContext;
beforeAll(async () => {
  server = await readOnlyServer();
  browser = await launchBrowser({ serviceWorkers: 'block' });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page whose uncaught errors are kept. */
async function phone(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  await page.setViewportSize(PHONE);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

describe('a chunk that cannot come', () => {
  it("leaves the jobs list on screen when a part's chunk fails, and asks for it again once back online", async () => {
    const { page, errors } = await phone();
    const alertChunk = (url: URL) => /\/assets\/AlertDialog-[\w-]+\.js$/.test(url.pathname);
    let refused = 0;
    await page.route(alertChunk, (route) => {
      refused++;
      return route.abort('internetdisconnected');
    });
    await page.goto(`${server.url}/jobs`);
    await expect.poll(() => refused).toBeGreaterThan(0);
    const cards = page.getByTestId('job-list').locator('h3');
    // The list, its heading and the alert button (the part's own chunk is what failed) stay.
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Jobs/);
    expect(await page.getByTestId('job-alert-button').count()).toBe(1);
    expect(errors).toEqual([]);
    const shown = await cards.count();
    // Back online: the part asks for its chunk again (on the 'online' event, or 5 s after it met
    // the failure while online), and it comes.
    await page.unroute(alertChunk);
    const asked = page.waitForResponse((r) => /\/assets\/AlertDialog-[\w-]+\.js$/.test(new URL(r.url()).pathname));
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    expect((await asked).status()).toBe(200);
    expect(await cards.count()).toBe(shown);
    expect(errors).toEqual([]);
  });

  it("says a screen could not be loaded (with Reload) in place of a blank page when the screen's chunk fails", async () => {
    const { page, errors } = await phone();
    const schoolsChunk = (url: URL) => /\/assets\/SchoolsPage-[\w-]+\.js$/.test(url.pathname);
    await page.route(schoolsChunk, (route) => route.abort('failed'));
    await page.goto(`${server.url}/jobs`);
    await page.getByTestId('job-list').waitFor();
    // To Schools in the app (no page load): its screen's chunk is refused.
    await page.getByRole('navigation', { name: 'Quick' }).getByRole('link', { name: 'Schools' }).click();
    const unavailable = page.getByTestId('screen-unavailable');
    await unavailable.waitFor();
    expect(await unavailable.innerText()).toContain(
      "This page couldn't be loaded. The app may have been updated: reloading brings the new version.",
    );
    expect(await unavailable.getByRole('alert').count()).toBe(1);
    // The header and the navigation stay.
    expect(await page.getByRole('link', { name: 'Teachers In London Talk, home' }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Quick' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await screenshot(page, 'screen-chunk-failed-phone');
    // Reload, with the chunk there again: the schools.
    await page.unroute(schoolsChunk);
    await unavailable.getByRole('button', { name: 'Reload' }).click();
    await page.getByTestId('school-list').waitFor();
    expect(new URL(page.url()).pathname).toBe('/schools');
    expect(await page.getByTestId('school-list').locator('li').count()).toBeGreaterThan(0);
  });
});

describe('a refresh that fails', () => {
  it('leaves each screen what it shows (home, pay scales, salaries) when its answers come back 500 on a refresh', async () => {
    const { page, errors } = await phone();
    // Every read of the API but "who is signed in" answers 500 once `failing` is set.
    let failing = false;
    let refused = 0;
    await page.route(
      (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/auth/user',
      (route) => {
        if (!failing || route.request().method() !== 'GET') return route.continue();
        refused++;
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error' }) });
      },
    );
    // Each screen with the parts of it that show its answers.
    const screens: { path: string; parts: string[] }[] = [
      { path: '/', parts: ['featured-jobs', 'school-spotlight', 'salary-roles'] },
      { path: '/pay-scales', parts: ['pay-groups'] },
      { path: '/salaries', parts: ['by-role', 'recent-salaries'] },
    ];
    for (const { path, parts } of screens) {
      failing = false;
      await page.goto(`${server.url}${path}`);
      for (const part of parts) await page.getByTestId(part).waitFor();
      // The screen as it settles: figures worked out in idle time after hydrating (take-home pay),
      // and next year's pay table they ask for, arrive a moment later (on a loaded box, more than
      // half a second apart once): read it once nothing is loading and it is the same over a second.
      await page.waitForLoadState('networkidle');
      let before = '';
      let same = 0;
      await expect
        .poll(
          async () => {
            const now = await page.locator('main').innerText();
            same = now === before ? same + 1 : 0;
            before = now;
            return same >= 2;
          },
          { interval: 500 },
        )
        .toBe(true);
      expect(before).not.toContain('Something went wrong loading this.');
      // Back online (SWR asks every answer on screen again), and every answer fails.
      const was = refused;
      failing = true;
      const failed = page.waitForResponse((r) => r.status() === 500, { timeout: 20_000 });
      // An 'online' before a part has hydrated (its hooks listen from then), or within SWR's 2 s
      // de-duplication of a read, asks nothing: said again every 2.1 s until a read is refused,
      // and not once more after (a refresh still under way would be on screen).
      let said = 0;
      await expect
        .poll(
          async () => {
            if (refused > was) return true;
            if (Date.now() - said > 2_100) {
              said = Date.now();
              await page.evaluate(() => window.dispatchEvent(new Event('online')));
            }
            return false;
          },
          { interval: 100, timeout: 20_000 },
        )
        .toBe(true);
      await failed;
      // Two frames after the failed answer: its error has reached the screen.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const main = await page.locator('main').innerText();
      expect(main, path).not.toContain('Something went wrong loading this.');
      expect(main, path).toBe(before);
      for (const part of parts) expect(await page.getByTestId(part).count(), `${path} ${part}`).toBe(1);
    }
    expect(errors).toEqual([]);
  });
});

// The jobs list hydrated a group of cards at a time (issue 40, web/lib/hydrate-in-turns.tsx,
// decision 0605). The idle periods the groups wait for are held by the test (requestIdleCallback
// stubbed before the page's scripts run), so what waits and what does not is seen whatever the
// box's load: the server's cards stay as sent (none replaced), a group still waiting hydrates at
// once when pressed (and the press is acted on), the rest hydrate when idle time comes, and a
// list the browser renders itself (a client navigation) waits for nothing.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerAndBrowser, stopServerAndBrowser, waitForHydration, type RunningServer } from './harness';
import { holdSignIn } from './screens.helpers';
import { readOnlyServer } from './read-only-server';

let server: RunningServer;
let browser: BrowserContext;
beforeAll(async () => ({ server, browser } = await startServerAndBrowser(readOnlyServer, { serviceWorkers: 'block' })), 120_000);
afterAll(() => stopServerAndBrowser(server, browser));

type Held = { idle: (() => void)[]; replaced: number };
/** Idle callbacks kept until release(); cards of the list removed from the page, counted. */
async function holdIdle(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Held;
    w.idle = [];
    w.replaced = 0;
    window.requestIdleCallback = (run: IdleRequestCallback) => {
      w.idle.push(() => run({ didTimeout: false, timeRemaining: () => 50 }));
      return w.idle.length;
    };
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.removedNodes) if (node instanceof HTMLLIElement && node.hasAttribute('data-turn')) w.replaced++;
    }).observe(document, { subtree: true, childList: true });
  });
}
const release = (page: Page) =>
  page.evaluate(() => {
    for (const run of (window as unknown as Held).idle.splice(0)) run();
  });
const replaced = (page: Page) => page.evaluate(() => (window as unknown as Held).replaced);
const toast = (page: Page) => page.getByTestId('toast-description');
/** Whether the card's heart has React's handler yet: its props are on the element once hydrated. */
const hydrated = (page: Page, index: number) =>
  page
    .getByTestId('save-job')
    .nth(index)
    .evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')));

describe('the jobs list, hydrated in turns', () => {
  it('keeps the server’s cards, hydrates a waiting group when pressed and the rest when idle', async () => {
    const page = await browser.newPage();
    await holdIdle(page);
    await holdSignIn(page);
    await page.goto(`${server.url}/jobs`);
    await waitForHydration(page);
    const cards = await page.getByTestId('job-card').count();
    expect(cards).toBeGreaterThan(12);
    const turns = await page
      .locator('[data-testid="job-list"] > li')
      .evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-turn'))));
    expect(turns[0]).toBe(0);
    const last = turns.length - 1;
    expect(turns[last]).toBeGreaterThan(1);
    // The first group hydrated with the page; the last waits for idle time, as the server sent it.
    await expect.poll(() => hydrated(page, 0), { timeout: 15_000 }).toBe(true);
    expect(await hydrated(page, last)).toBe(false);

    // Pressed while waiting: its group hydrates at once, and the press is acted on.
    await page.getByTestId('save-job').nth(last).click();
    await expect.poll(() => toast(page).innerText(), { timeout: 15_000 }).toBe('Please sign in to save jobs.');
    expect(await hydrated(page, last)).toBe(true);
    const middle = turns.indexOf(1);
    expect(await hydrated(page, middle)).toBe(false);

    // Idle time: every other group hydrates, one per idle period, none of the server's cards replaced.
    const live = () =>
      page
        .getByTestId('save-job')
        .evaluateAll((els) => els.filter((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))).length);
    const before = await live();
    expect(before).toBeLessThan(cards);
    await expect
      .poll(
        async () => {
          await release(page);
          return live();
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(cards);
    expect(await hydrated(page, middle)).toBe(true);
    expect(await replaced(page)).toBe(0);
    expect(await page.getByTestId('job-card').count()).toBe(cards);
    await page.close();
  });

  it('a list the browser renders itself (a client navigation) waits for no idle time', async () => {
    const page = await browser.newPage();
    await holdIdle(page);
    await page.goto(`${server.url}/forum`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Jobs', exact: true }).filter({ visible: true }).first().click();
    await page.waitForURL((u) => u.pathname === '/jobs');
    await expect.poll(() => page.getByTestId('job-card').count(), { timeout: 15_000 }).toBeGreaterThan(12);
    const count = await page.getByTestId('job-card').count();
    // Every card's heart is live without any idle period having come.
    await expect
      .poll(
        () =>
          page
            .getByTestId('save-job')
            .evaluateAll((els) => els.filter((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))).length),
        {
          timeout: 15_000,
        },
      )
      .toBe(count);
    expect(await page.evaluate(() => (window as unknown as Held).idle.length)).toBeGreaterThan(0);
    await page.close();
  });
});

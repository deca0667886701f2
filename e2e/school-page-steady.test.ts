// A school page's tab row stays where it was drawn while a signed-in teacher's parts arrive (her
// session, her schools, her alerts): a tap on "Reviews" a moment after the page appears lands on
// Reviews. A line above the tabs that vanished while her session loaded and came back once it
// answered moved them twice; e2e/privacy lost such a click (the Overview tab stayed selected).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../db/client';
import { signIn } from '../test/app';
import { launchBrowser, PHONE, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserContext;
let db: DB;
let schoolId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  db = openDatabase(server.databasePath);
  const cookie = signIn(db, { id: 'e2e:steady', email: 'steady@example.test', firstName: 'Sam' });
  await browser.addCookies([{ name: 'tilt_session', value: cookie.split('=')[1], url: server.url }]);
  schoolId = (db.$client.prepare('select id from schools where is_active = 1 order by id limit 1').get() as { id: number }).id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

/** Every distinct top of the tab row, in CSS px, drawn in each animation frame from the first paint on. */
async function watchTabRow(page: Page) {
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as { __tabTops?: number[] }).__tabTops = seen;
    const frame = () => {
      const row = document.querySelector('[role="tablist"]');
      if (row) {
        const top = Math.round(row.getBoundingClientRect().top + window.scrollY);
        if (seen[seen.length - 1] !== top) seen.push(top);
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

describe('a school page, signed in', () => {
  it('keeps its tab row in place from the first paint until her parts have arrived', { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await watchTabRow(page);
    const mine = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/schools', { timeout: 20_000 }).catch(() => null);
    await page.goto(`${server.url}/schools/${schoolId}`);
    await mine;
    // Her "Manage this page" line, then two frames drawn after it.
    await expect.poll(() => page.getByTestId('manage-page').innerText()).toBe('Work here? Manage this page');
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    const tops = await page.evaluate(() => (window as { __tabTops?: number[] }).__tabTops ?? []);
    expect(tops.length).toBeGreaterThan(0);
    expect(tops, `the tab row's top in each frame it moved: ${tops.join(' → ')}`).toHaveLength(1);
    // And a tap on Reviews at once lands on Reviews.
    await page.getByRole('tab', { name: /Reviews/ }).click();
    expect(await page.getByRole('tab', { name: /Reviews/ }).getAttribute('aria-selected')).toBe('true');
    await page.close();
  });
});

// Shared by the axe files (a11y-*.test.ts), split in three so the test workers share the work:
// one server + browser per file, the real ids to visit, axe's serious and critical violations,
// and a wait until the page has settled.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './harness';
import { setup, teardown, type Env } from './screens.helpers';

export const ids = { schoolId: 0, jobId: 0, threadId: 0 };

/** One server and browser for the calling file. */
export function useEnv(): { env: Env } {
  const holder = {} as { env: Env };
  beforeAll(async () => {
    holder.env = await setup();
    const env = holder.env;
    ids.schoolId = (await env.api('/api/schools?search=Westminster%20City%20School'))[0].id;
    ids.jobId = (await env.api('/api/jobs?limit=1'))[0].id;
    // A real thread with replies (their Report buttons sat in a faded row: 3.8:1 once).
    ids.threadId = ((await env.api('/api/forum/threads')) as { id: number; replyCount: number }[]).find((t) => t.replyCount > 0)!.id;
  });
  afterAll(() => teardown(holder.env));
  return holder;
}

export async function serious(page: Page) {
  // Legacy mode runs axe in the page itself: the default opens a blank page per analysis to merge
  // frames' results (the app has no frames), half of each check's time. Only violations are
  // collected (no selectors built for the thousands of passing nodes). A seeded low-contrast
  // paragraph and a nameless button are still found (checked when this was changed).
  const result = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}


export const ROUTES = () => ['/', '/jobs', `/jobs/${ids.jobId}`, '/schools', `/schools/${ids.schoolId}`, '/compare', '/salaries', '/pay-scales', '/forum', `/forum/threads/${ids.threadId}`, '/forum/threads/999999', '/moderation'];


/** Every screen at one size, then the tabs, forms and the compare picker open: serious+critical violations by place. */
export async function everyScreen(env: Env, size: { width: number; height: number }) {
  const page = await env.browser.newPage();
  await page.setViewportSize(size);
  const found: Record<string, string[]> = {};
  for (const path of ROUTES()) {
    await page.goto(env.server.url + path);
    await settle(page);
    const v = await serious(page);
    if (v.length) found[path] = v;
  }
  // Tabs and states that only show after interaction.
  await page.goto(env.server.url + `/schools/${ids.schoolId}`);
  await settle(page);
  for (const tab of ['Teacher Mood', 'Reviews', 'Jobs', 'Interviews']) {
    const tabButton = page.getByRole('tab', { name: new RegExp(`^${tab}`) });
    await tabButton.click();
    await expect.poll(() => tabButton.getAttribute('aria-selected')).toBe('true');
    await settle(page);
    const v = await serious(page);
    if (v.length) found[`school tab ${tab}`] = v;
  }
  await page.goto(env.server.url + '/salaries');
  await settle(page);
  await page.getByRole('tab', { name: 'Contribute Data' }).click();
  await page.getByRole('button', { name: 'Submit Salary' }).click();
  await page.getByTestId('error-jobTitle').waitFor();
  found['salary form with errors'] = await serious(page);
  await page.goto(env.server.url + '/pay-scales?tab=london');
  await settle(page);
  found['london allowances'] = await serious(page);
  await page.goto(env.server.url + '/compare');
  await page.getByRole('button', { name: 'Add School to Compare' }).click();
  await settle(page);
  await page.getByRole('button', { name: /^A/ }).first().click();
  await page.getByRole('button', { name: 'Add School to Compare' }).click();
  await settle(page);
  await page.getByTestId('compare-picker').locator('#compare-options button').nth(1).click();
  await expect.poll(() => page.getByTestId('compare-picker').count()).toBe(0);
  await settle(page);
  found['compare with 2'] = await serious(page);
  await page.close();
  return found;
}

/** The test file for one size: its own server and browser, axe on every screen (everyScreen). */
export function everyScreenSuite(label: string, size: { width: number; height: number }) {
  const ctx = useEnv();
  describe(`accessibility (axe, ${label})`, () => {
    it('has no serious or critical violations on any screen', async () => {
      const found = await everyScreen(ctx.env, size);
      expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
    }, 120_000);
  });
}

// axe on every screen at phone and desktop size: no serious or critical violations. Dialogs and
// the compare picker are checked open too.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from './harness';
import { setup, signInAs, teardown, type Env } from './screens.helpers';

let env: Env;
let schoolId: number;
let jobId: number;
let threadId: number;
beforeAll(async () => {
  env = await setup();
  schoolId = (await env.api('/api/schools?search=Westminster%20City%20School'))[0].id;
  jobId = (await env.api('/api/jobs?limit=1'))[0].id;
  // A real thread with replies (their Report buttons sat in a faded row: 3.8:1 once).
  threadId = ((await env.api('/api/forum/threads')) as { id: number; replyCount: number }[]).find((t) => t.replyCount > 0)!.id;
});
afterAll(() => teardown(env));

async function serious(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function settle(page: Page) {
  // Not 'networkidle': school photos may live on hosts this machine cannot reach.
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"], .skeleton'), undefined, { timeout: 15_000 });
  // Then wait for two animation frames, so what rendered after the data arrived has been painted.
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  // And for entry animations (compare chips fade in): mid-fade colours are not the real contrast.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 10_000 });
}

const ROUTES = () => ['/', '/jobs', `/jobs/${jobId}`, '/schools', `/schools/${schoolId}`, '/compare', '/salaries', '/pay-scales', '/forum', `/forum/threads/${threadId}`, '/forum/threads/999999', '/moderation'];

describe('accessibility (axe)', () => {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`has no serious or critical violations on any screen (${label})`, async () => {
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
      await page.goto(env.server.url + `/schools/${schoolId}`);
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
      expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
      await page.close();
    }, 120_000);
  }

  it('has no serious or critical violations in the dark theme either (phone)', async () => {
    const page = await env.browser.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(PHONE);
    const found: Record<string, string[]> = {};
    for (const path of [...ROUTES(), '/pay-scales?tab=london']) {
      await page.goto(env.server.url + path);
      await settle(page);
      const v = await serious(page);
      if (v.length) found[path] = v;
    }
    expect(found).toEqual({});
    await page.close();
  }, 120_000);

  it('has no serious or critical violations in the dialogs and forms of a signed-in user', async () => {
    const page = await env.browser.newPage();
    await page.setViewportSize(PHONE);
    await signInAs(page);
    await page.route(`**/api/schools/${schoolId}/user-mood`, (route) => route.fulfill({ json: null }));
    const found: Record<string, string[]> = {};
    await page.goto(env.server.url + `/schools/${schoolId}`);
    await settle(page);
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await page.getByRole('dialog', { name: 'Write a Review' }).getByRole('button', { name: 'Submit Review' }).click();
    found['review dialog'] = await serious(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Share Interview Experience' }).click();
    found['interview dialog'] = await serious(page);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Teacher Mood' }).click();
    await page.getByRole('button', { name: 'Share My Experience' }).click();
    found['mood form'] = await serious(page);
    await page.goto(env.server.url + '/forum');
    await settle(page);
    await page.getByRole('button', { name: 'New Discussion' }).click();
    found['new discussion dialog'] = await serious(page);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
    await page.close();
  }, 60_000);
});

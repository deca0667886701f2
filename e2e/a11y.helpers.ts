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
    ids.threadId = (await env.api<{ id: number; replyCount: number }[]>('/api/forum/threads')).find((t) => t.replyCount > 0)!.id;
  });
  afterAll(() => teardown(holder.env));
  return holder;
}

export async function serious(page: Page) {
  // Legacy mode runs axe in the page itself: the default opens a blank page per analysis to merge
  // frames' results (the app has no frames), half of each check's time. Only violations are
  // collected (no selectors built for the thousands of passing nodes). A seeded low-contrast
  // paragraph and a nameless button are still found (checked when this was changed).
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** The screens axe visits, by a name that needs no data (the ids are read in beforeAll). */
export const SCREENS: Record<string, () => string> = {
  home: () => '/',
  jobs: () => '/jobs',
  job: () => `/jobs/${ids.jobId}`,
  schools: () => '/schools',
  school: () => `/schools/${ids.schoolId}`,
  compare: () => '/compare',
  salaries: () => '/salaries',
  'pay scales': () => '/pay-scales',
  forum: () => '/forum',
  thread: () => `/forum/threads/${ids.threadId}`,
  'missing thread': () => '/forum/threads/999999',
  moderation: () => '/moderation',
};

async function sized(env: Env, size: { width: number; height: number }) {
  const page = await env.browser.newPage();
  await page.setViewportSize(size);
  return page;
}

/** One screen at one size: its serious+critical violations. */
export async function oneScreen(env: Env, size: { width: number; height: number }, path: string) {
  const page = await sized(env, size);
  try {
    await page.goto(env.server.url + path);
    await settle(page);
    return await serious(page);
  } finally {
    await page.close();
  }
}

/** The school page's tabs, which only show after a tap. */
async function schoolTabs(env: Env, size: { width: number; height: number }) {
  const page = await sized(env, size);
  const found: Record<string, string[]> = {};
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
  await page.close();
  return found;
}

/** The salary form with its errors and the London allowances tab. */
async function formsAndAllowances(env: Env, size: { width: number; height: number }) {
  const page = await sized(env, size);
  const found: Record<string, string[]> = {};
  await page.goto(env.server.url + '/salaries');
  await settle(page);
  await page.getByRole('tab', { name: 'Contribute Data' }).click();
  await page.getByRole('button', { name: 'Submit Salary' }).click();
  await page.getByTestId('error-jobTitle').waitFor();
  found['salary form with errors'] = await serious(page);
  await page.goto(env.server.url + '/pay-scales?tab=london');
  await settle(page);
  found['london allowances'] = await serious(page);
  await page.close();
  return found;
}

/** The compare picker used twice: two schools side by side. */
async function compareTwo(env: Env, size: { width: number; height: number }) {
  const page = await sized(env, size);
  await page.goto(env.server.url + '/compare');
  await page.getByRole('button', { name: 'Add School to Compare' }).click();
  await settle(page);
  await page.getByRole('button', { name: /^A/ }).first().click();
  await page.getByRole('button', { name: 'Add School to Compare' }).click();
  await settle(page);
  await page.getByTestId('compare-picker').locator('#compare-options button').nth(1).click();
  await expect.poll(() => page.getByTestId('compare-picker').count()).toBe(0);
  await settle(page);
  const found = { 'compare with 2': await serious(page) };
  await page.close();
  return found;
}

const INTERACTIONS = {
  'the school tabs': schoolTabs,
  'the salary form with errors and London allowances': formsAndAllowances,
  'the compare picker': compareTwo,
};

const nonEmpty = (found: Record<string, string[]>) => Object.fromEntries(Object.entries(found).filter(([, v]) => v.length));

/**
 * The test file for one size: its own server and browser, axe on every screen and on the states
 * that only show after interaction, one test each, so no single test carries the whole sweep
 * (one 120 s test for all of it ran out of time on a busy 2-core box).
 */
export function everyScreenSuite(label: string, size: { width: number; height: number }) {
  const ctx = useEnv();
  describe(`accessibility (axe, ${label})`, () => {
    it.each(Object.keys(SCREENS))(
      '%s has no serious or critical violations',
      async (name) => {
        const path = SCREENS[name]();
        expect({ [path]: await oneScreen(ctx.env, size, path) }).toEqual({ [path]: [] });
      },
      60_000,
    );
    it.each(Object.keys(INTERACTIONS) as (keyof typeof INTERACTIONS)[])(
      '%s have no serious or critical violations',
      async (name) => {
        expect(nonEmpty(await INTERACTIONS[name](ctx.env, size))).toEqual({});
      },
      60_000,
    );
  });
}

// Shared by the axe files (a11y-*.test.ts), split in three so the test workers share the work:
// one server, browser and page per file, the real ids to visit, axe's serious and critical
// violations, and a wait until the page has settled.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations as serious, withAxe } from './axe';
import { settle } from './harness';
import { layoutShifts, recordLayoutShifts } from './layout-shifts';
import { setup, teardown, type Env } from './screens.helpers';
import { readOnlyServer } from './read-only-server';

export const ids = { schoolId: 0, jobId: 0, threadId: 0 };

/**
 * One server, browser and page for the calling file. The file's tests go from screen to screen in
 * that one page, which carries axe from the start of every document it loads: axe's source is
 * sent once per file, not twice per screen (sending it took 1-5 s on a loaded box), and no test
 * waits for a new page (0.3-1.8 s there).
 */
export function useEnv(size: { width: number; height: number }): { env: Env; page: Page } {
  const holder = {} as { env: Env; page: Page };
  beforeAll(async () => {
    holder.env = await setup(readOnlyServer);
    const env = holder.env;
    holder.page = await env.browser.newPage();
    await holder.page.setViewportSize(size);
    await withAxe(holder.page);
    await recordLayoutShifts(holder.page);
    ids.schoolId = (await env.api('/api/schools?search=Westminster%20City%20School'))[0].id;
    ids.jobId = (await env.api('/api/jobs?limit=1'))[0].id;
    // A real thread with replies (their Report buttons sat in a faded row: 3.8:1 once).
    ids.threadId = (await env.api<{ id: number; replyCount: number }[]>('/api/forum/threads')).find((t) => t.replyCount > 0)!.id;
  });
  afterAll(() => teardown(holder.env));
  return holder;
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

/** A file's server and its one page (see useEnv). */
type Ctx = { env: Env; page: Page };

/** One screen: its serious+critical violations, and what moved on it as it loaded (e2e/layout-shifts.ts). */
export async function oneScreen({ env, page }: Ctx, path: string) {
  await page.goto(env.server.url + path);
  await settle(page);
  return [...(await serious(page)), ...(await layoutShifts(page))];
}

/** The school page's tabs, which only show after a tap. */
async function schoolTabs({ env, page }: Ctx) {
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
  return found;
}

/** The salary form with its errors and the London allowances tab. */
async function formsAndAllowances({ env, page }: Ctx) {
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
  return found;
}

/** The compare picker used twice: two schools side by side. */
async function compareTwo({ env, page }: Ctx) {
  await page.goto(env.server.url + '/compare');
  await page.getByRole('button', { name: 'Add School to Compare' }).click();
  await settle(page);
  await page.getByRole('button', { name: /^A/ }).first().click();
  await page.getByRole('button', { name: 'Add School to Compare' }).click();
  await settle(page);
  await page.getByTestId('compare-picker').locator('#compare-options button').nth(1).click();
  await expect.poll(() => page.getByTestId('compare-picker').count()).toBe(0);
  await settle(page);
  return { 'compare with 2': await serious(page) };
}

const INTERACTIONS = {
  'the school tabs': schoolTabs,
  'the salary form with errors and London allowances': formsAndAllowances,
  'the compare picker': compareTwo,
};

const nonEmpty = (found: Record<string, string[]>) => Object.fromEntries(Object.entries(found).filter(([, v]) => v.length));

/**
 * The test file for one size: its own server, browser and page, axe on every screen and on the states
 * that only show after interaction, one test each, so no single test carries the whole sweep
 * (one 120 s test for all of it ran out of time on a busy 2-core box).
 */
export function everyScreenSuite(label: string, size: { width: number; height: number }) {
  const ctx = useEnv(size);
  describe(`accessibility (axe, ${label})`, () => {
    it.each(Object.keys(SCREENS))(
      '%s has no serious or critical violations, and nothing on it moves as it loads',
      async (name) => {
        const path = SCREENS[name]();
        expect({ [path]: await oneScreen(ctx, path) }).toEqual({ [path]: [] });
      },
      60_000,
    );
    it.each(Object.keys(INTERACTIONS) as (keyof typeof INTERACTIONS)[])(
      '%s have no serious or critical violations',
      async (name) => {
        expect(nonEmpty(await INTERACTIONS[name](ctx))).toEqual({});
      },
      60_000,
    );
  });
}

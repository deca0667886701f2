// Shared by the screen sweeps (a11y-*.test.ts), split in three so the test workers share the work:
// one server, browser and page per file, the real ids to visit, and one visit per screen for every
// check a screen has: the server's HTML and a clean hydration, axe's serious and critical
// violations, what moves as it loads, and at phone size the tap targets and text sizes and axe's
// colour rules in the dark theme.
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_RULES, seriousViolations as serious, withAxe } from './axe';
import { PHONE, settle } from './harness';
import { layoutShifts, recordLayoutShifts } from './layout-shifts';
import { measureTargets, targetProblems } from './tap-targets';
import { setup, teardown, type Env } from './screens.helpers';
import { readOnlyServer } from './read-only-server';

export const ids = { schoolId: 0, jobId: 0, threadId: 0 };

/**
 * One server, browser and page for the calling file. The file's tests go from screen to screen in
 * that one page, which carries axe from the start of every document it loads: axe's source is
 * sent once per file, not twice per screen (sending it took 1-5 s on a loaded box), and no test
 * waits for a new page (0.3-1.8 s there).
 */
export function useEnv(size: { width: number; height: number }): Ctx {
  const holder = { problems: [], phone: size.width === PHONE.width && size.height === PHONE.height } as unknown as Ctx;
  beforeAll(async () => {
    holder.env = await setup(readOnlyServer);
    const env = holder.env;
    holder.page = await env.browser.newPage();
    await holder.page.setViewportSize(size);
    holder.page.on('console', (m) => {
      if (m.text() === 'Service Worker registration blocked by Playwright') return; // launchBrowser's default
      if (m.type() === 'error' || m.type() === 'warning' || /hydrat/i.test(m.text())) holder.problems.push(`${m.type()}: ${m.text()}`);
    });
    holder.page.on('pageerror', (e) => holder.problems.push(`pageerror: ${e.message}`));
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

/**
 * A screen the sweeps visit: its address (the ids are read in beforeAll) and, for a page the server
 * renders, what its HTML's <main> says before any script runs.
 */
interface Screen {
  path: () => string;
  content?: RegExp;
}

/** The screens both sweeps visit (phone, desktop), by a name that needs no data. */
export const SCREENS: Record<string, Screen> = {
  home: { path: () => '/', content: /Your next London teaching job/ },
  jobs: { path: () => '/jobs', content: /Teaching Jobs in London/ },
  job: { path: () => `/jobs/${ids.jobId}`, content: /Closing date/ },
  schools: { path: () => '/schools', content: /London Schools/ },
  school: { path: () => `/schools/${ids.schoolId}`, content: /Ofsted/ },
  compare: { path: () => '/compare', content: /Compare/ },
  salaries: { path: () => '/salaries', content: /Salar/ },
  'pay scales': { path: () => '/pay-scales', content: /Pay Scales/ },
  forum: { path: () => '/forum', content: /Forum/ },
  thread: { path: () => `/forum/threads/${ids.threadId}`, content: /Discussion|Forum/ },
  'missing thread': { path: () => '/forum/threads/999999' },
  moderation: { path: () => '/moderation' },
};

/** The phone sweep visits two more read pages, for the checks a phone has (hydration, tap targets, the dark theme). */
export const PHONE_SCREENS: Record<string, Screen> = {
  ...SCREENS,
  'career advice': { path: () => '/career-advice', content: /Career Advice/ },
  'about us': { path: () => '/about-us' },
};

/**
 * A file's server, its one page, what that page's console said since its last screen (see useEnv),
 * and whether it is the phone's (390x844).
 */
type Ctx = { env: Env; page: Page; problems: string[]; phone: boolean };

/**
 * The page as it is, in the dark theme: axe's colour rules only (the light theme's run of every
 * rule saw the same markup, names and layout). The theme is CSS alone (web/styles.css), so the
 * loaded page turns dark as one opened in the dark would be. Without transitions meanwhile: a
 * button's colour transition starts only when axe first reads an off-screen card's style
 * (content-visibility skips it until then), and axe would read its colour halfway.
 */
async function darkColours(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    const style = document.head.appendChild(document.createElement('style'));
    style.id = 'sweep-no-transitions';
    style.textContent = '*, *::before, *::after { transition: none !important; }';
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await settle(page);
    return (await serious(page, COLOUR_RULES)).map((v) => `dark theme: ${v}`);
  } finally {
    await page.emulateMedia({ colorScheme: null });
    await page.evaluate(() => document.getElementById('sweep-no-transitions')?.remove());
  }
}

/**
 * The server's page arrived with its content and hydrated without a warning or an error: its <main>
 * has the screen's words and no skeleton, React owns its heading, the app says it is ready
 * (`<html data-app="ready">`), and the console stayed quiet
 * (read after the screen's other checks, so a late error counts too).
 */
async function hydrationProblems({ page, problems }: Ctx, res: Response | null, content: RegExp): Promise<string[]> {
  const html = (await res?.text()) ?? '';
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  const found: string[] = [];
  if (!content.test(main)) found.push(`the server's <main> lacks ${String(content)}`);
  if (main.includes('data-testid="page-skeleton"')) found.push("the server's <main> is a skeleton");
  const reactHeading = await page
    .waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((k) => k.startsWith('__reactFiber')), undefined, {
      timeout: 20_000,
    })
    .then(
      () => true,
      () => false,
    );
  if (!reactHeading) found.push('its heading never hydrated');
  if ((await page.evaluate(() => document.documentElement.dataset.app)) !== 'ready') found.push('the app never said ready');
  return [...found, ...problems];
}

/**
 * One visit to a screen, with every check it has: its serious+critical violations, what moved on it
 * as it loaded (e2e/layout-shifts.ts), a clean hydration of the server's page (one with `content`),
 * and at phone size its tap targets and text sizes (e2e/tap-targets.ts) and its dark theme's colours.
 */
export async function oneScreen(ctx: Ctx, screen: Screen) {
  const { env, page } = ctx;
  ctx.problems.length = 0;
  const res = await page.goto(env.server.url + screen.path());
  await settle(page);
  const found = [...(await serious(page)), ...(await layoutShifts(page))];
  if (ctx.phone) found.push(...targetProblems(await page.evaluate(measureTargets)), ...(await darkColours(page)));
  if (screen.content) found.push(...(await hydrationProblems(ctx, res, screen.content)));
  return found;
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
async function formsAndAllowances({ env, page, phone }: Ctx) {
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
  if (phone) found['london allowances, dark theme'] = await darkColours(page);
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
  const { phone } = ctx;
  const screens = phone ? PHONE_SCREENS : SCREENS;
  describe(`every screen (${label}): axe, hydration, layout shifts${phone ? ', tap targets, the dark theme' : ''}`, () => {
    it.each(Object.keys(screens))(
      `%s hydrates cleanly, has no serious or critical violations, nothing on it moves as it loads${phone ? ', every target is thumb-sized, the dark theme too' : ''}`,
      async (name) => {
        const path = screens[name].path();
        expect({ [path]: await oneScreen(ctx, screens[name]) }).toEqual({ [path]: [] });
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

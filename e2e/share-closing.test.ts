// Job-board basics (the phone on the commute) at 390x844: share a job or a school (Web Share API with the
// canonical URL, else copy the link with a toast), and the closing date on job cards.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closingLabel } from '../web/components/closing';
import { PHONE, screenshot } from './harness';
import { setup, teardown, toastText, toastTitle, type Env, type JobRow } from './screens.helpers';
import { readOnlyServer } from './read-only-server';

let env: Env;
beforeAll(async () => {
  env = await setup(readOnlyServer);
});
afterAll(() => teardown(env));

async function phonePage(init?: string) {
  const page = await env.browser.newPage();
  page.setDefaultTimeout(15_000);
  await page.setViewportSize(PHONE);
  if (init) await page.addInitScript(init);
  return page;
}

// navigator.share stubbed: records what it was given; 'cancel' in the title rejects like a dismissed sheet.
const SHARE_STUB = `
  window.__shared = [];
  Object.defineProperty(navigator, 'share', { configurable: true, value: (data) => {
    window.__shared.push(data);
    return data.title.includes('cancel') ? Promise.reject(new DOMException('Share canceled', 'AbortError')) : Promise.resolve();
  } });
  window.__copied = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (t) => { window.__copied.push(t); return Promise.resolve(); } } });
`;
// No Web Share API (a desktop browser): the link is copied.
const NO_SHARE_STUB = `
  Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
  window.__copied = [];
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (t) => { window.__copied.push(t); return Promise.resolve(); } } });
`;
const shared = (p: Page) => p.evaluate(() => (window as unknown as { __shared: { title: string; text?: string; url: string }[] }).__shared);
const copied = (p: Page) => p.evaluate(() => (window as unknown as { __copied: string[] }).__copied);

describe('share', () => {
  it("shares a job's canonical URL through the share sheet, with no toast", async () => {
    const [job] = await env.api('/api/jobs');
    const page = await phonePage(SHARE_STUB);
    await page.goto(`${env.server.url}/jobs/${job.id}?from=home#top`);
    await page.getByRole('heading', { level: 1, name: job.title }).waitFor();
    await page.getByRole('button', { name: `Share ${job.title}` }).click();
    await expect.poll(() => shared(page)).toHaveLength(1);
    const [data] = await shared(page);
    expect(data.url).toBe(`${env.server.url}/jobs/${job.id}`);
    expect(data.title).toBe(job.title);
    expect(await copied(page)).toEqual([]);
    expect(await page.getByTestId('toast').count()).toBe(0);
    await screenshot(page, 'after-job-share-phone');
    await page.close();
  });

  it('copies the link with a toast where there is no Web Share API (school page)', async () => {
    const [school] = await env.api('/api/schools?search=Westminster%20City%20School');
    const page = await phonePage(NO_SHARE_STUB);
    await page.goto(`${env.server.url}/schools/${school.id}`);
    await page.getByRole('heading', { level: 1, name: school.name }).waitFor();
    await page.getByRole('button', { name: `Share ${school.name}` }).click();
    await expect.poll(() => toastTitle(page).innerText()).toBe('Link copied');
    expect(await toastText(page).innerText()).toBe(`${env.server.url}/schools/${school.id}`);
    expect(await copied(page)).toEqual([`${env.server.url}/schools/${school.id}`]);
    await page.close();
  });

  it('does nothing more when the share sheet is dismissed', async () => {
    const [school] = await env.api('/api/schools?search=Westminster%20City%20School');
    const page = await phonePage(SHARE_STUB.replace("data.title.includes('cancel')", 'true'));
    await page.goto(`${env.server.url}/schools/${school.id}`);
    await page.getByRole('button', { name: `Share ${school.name}` }).click();
    await expect.poll(() => shared(page)).toHaveLength(1);
    expect(await copied(page)).toEqual([]);
    expect(await page.getByTestId('toast').count()).toBe(0);
    await page.close();
  });
});

describe('closing dates on job cards', () => {
  it('shows "Closes in 3 days", "Closes today", "Closed", the date, and nothing without a deadline', async () => {
    const now = Date.now();
    const day = 86_400_000;
    // The first five jobs of the list get known deadlines (the list answer is the real one).
    const deadlines = [
      new Date(now + 3 * day).toISOString(),
      null,
      new Date(now - 2 * day).toISOString(),
      new Date(now + 20 * day).toISOString(),
      new Date(now + 60_000).toISOString(),
    ];
    const page = await phonePage();
    let titles: string[] = [];
    await page.route('**/api/jobs?**', async (route) => {
      const res = await route.fetch();
      const jobs = (await res.json()) as JobRow[];
      jobs.slice(0, deadlines.length).forEach((j, i) => (j.applicationDeadline = deadlines[i]));
      titles = jobs.slice(0, deadlines.length).map((j) => j.title);
      await route.fulfill({ response: res, json: jobs });
    });
    await page.route('**/api/jobs', async (route) => {
      const res = await route.fetch();
      const jobs = (await res.json()) as JobRow[];
      jobs.slice(0, deadlines.length).forEach((j, i) => (j.applicationDeadline = deadlines[i]));
      titles = jobs.slice(0, deadlines.length).map((j) => j.title);
      await route.fulfill({ response: res, json: jobs });
    });
    // The server renders /jobs with the real answers (the server-rendered first visit): reach it by client navigation so
    // the page asks the (routed) API itself.
    await page.goto(`${env.server.url}/about-us`);
    await page.getByRole('link', { name: 'Jobs', exact: true }).filter({ visible: true }).first().click();
    const cards = page.locator('article.card');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(deadlines.length);
    // Its text, not innerText: a card below the fold is not rendered until it nears the screen
    // (content-visibility: auto, web/styles.css), and Chromium's innerText of one was '' once, on
    // a slow box, for the card of a minute from now.
    const closingOf = async (i: number) => {
      const c = cards.nth(i).getByTestId('closing');
      return (await c.count()) ? ((await c.textContent()) ?? '').trim() : null;
    };
    expect(await cards.nth(0).getByRole('heading').innerText()).toBe(titles[0]);
    // With the London time the deadline has (issue 37: the time a school set is shown).
    expect(await closingOf(0)).toBe(closingLabel(deadlines[0], now)!.text);
    expect(await closingOf(0)).toMatch(/^Closes in 3 days( at \d\d:\d\d)?$/);
    expect(await closingOf(1)).toBeNull();
    expect(await closingOf(2)).toBe('Closed');
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(deadlines[3]!));
    expect(await closingOf(3)).toBe(closingLabel(deadlines[3], now)!.text);
    expect(await closingOf(3)).toMatch(new RegExp(`^Closes ${date}( at \\d\\d:\\d\\d)?$`));
    // A minute from now: today in London, unless that minute crosses midnight.
    expect(await closingOf(4)).toBe(closingLabel(deadlines[4], now)!.text);
    expect(await closingOf(4)).toMatch(/^Closes (today|tomorrow)( at \d\d:\d\d)?$/);
    await page.getByTestId('closing').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'after-jobs-closing-phone');
    await page.close();
  });
});

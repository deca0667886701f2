// Every screen as a visitor, at phone and desktop size, against the real server and seeded data:
// numbers and texts are compared with the API's own answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './harness';
import { ok } from '../test/typed';
import { fillSalaryForm, holdSignIn, setup, teardown, toastText, toastTitle, type Env } from './screens.helpers';
import { readOnlyServer } from './read-only-server';

let env: Env;
beforeAll(async () => {
  env = await setup(readOnlyServer);
});
afterAll(() => teardown(env));

async function open(path: string, size = PHONE) {
  const page = await env.browser.newPage();
  await page.setViewportSize(size);
  await page.goto(env.server.url + path);
  return page;
}
const noHorizontalScroll = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * A long list's last card, far below the fold, is not rendered (styled, laid out, painted) until it
 * nears the screen, and is once scrolled to (issue 40: content-visibility on the list's items).
 */
async function lastCardRenderedOnlyNearScreen(page: import('playwright-core').Page, list: string) {
  const title = page.getByTestId(list).locator('> li').last().locator('h2, h3').first();
  const rendered = () => title.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
  expect(await rendered()).toBe(false);
  await title.scrollIntoViewIfNeeded();
  await expect.poll(rendered).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('jobs', () => {
  it('lists the real jobs with the count, filters in the URL and the back button', async () => {
    const all = await ok(env.client.jobs.$get({ query: {} }));
    const page = await open('/jobs');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Teaching Jobs in London');
    await expect.poll(() => page.getByText('Only jobs posted within the last month are shown.').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('jobs-count').innerText()).toBe(`${all.length} jobs found`);
    const titles = await page.getByTestId('job-list').locator('h3').allTextContents();
    expect(titles).toEqual(all.map((j) => j.title));
    const external = all.find((j) => j.isExternal && j.externalUrl);
    const link = page.getByRole('link', { name: /View on GOV.UK/ }).first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(external?.externalUrl).toMatch(/^https:/);
    expect(await link.getAttribute('href')).toBe(external?.externalUrl);
    expect(await noHorizontalScroll(page)).toBe(true);
    await screenshot(page, 'jobs-phone');
    await lastCardRenderedOnlyNearScreen(page, 'job-list');

    // On a phone the selects fold behind 'Filters'.
    expect(await page.getByLabel('Borough').isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Borough').selectOption('Camden');
    await page.waitForURL(/borough=Camden/);
    const camden = await ok(env.client.jobs.$get({ query: { borough: 'Camden' } }));
    await expect.poll(() => page.getByTestId('jobs-count').innerText()).toBe(`${camden.length} jobs found`);
    await page.getByLabel('Key stage').selectOption('Primary');
    await page.waitForURL(/keyStage=Primary/);
    await expect.poll(() => page.getByRole('button', { name: /^Filters/ }).innerText()).toContain('2 active');
    expect(new URL(page.url()).search).toBe('?borough=Camden&keyStage=Primary');
    const both = await ok(env.client.jobs.$get({ query: { borough: 'Camden', keyStage: 'Primary' } }));
    await expect.poll(() => page.getByTestId('jobs-count').innerText()).toBe(`${both.length} ${both.length === 1 ? 'job' : 'jobs'} found`);
    await page.goBack();
    await page.waitForURL((u) => u.search === '?borough=Camden');
    await expect.poll(() => page.getByTestId('jobs-count').innerText()).toBe(`${camden.length} jobs found`);
    await expect.poll(() => page.getByLabel('Key stage').inputValue()).toBe('all');

    await page.getByRole('searchbox').fill('zzzz no such job');
    await expect.poll(() => page.getByText('No jobs found').isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('search')).toBe('zzzz no such job');
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.waitForURL((u) => u.search === '');
    await expect.poll(() => page.getByTestId('jobs-count').innerText()).toBe(`${all.length} jobs found`);
    await page.close();
  });

  it('asks a visitor to sign in when they press a save heart, then goes to the login page after 1.5 s', async () => {
    const page = await open('/jobs', DESKTOP);
    const { login } = await holdSignIn(page);
    // The 1.5 s run from the click, so the time is read just before it: a lower bound that a slow
    // machine cannot break (a slow toast only makes the wait look longer, never shorter).
    const clicked = Date.now();
    await page.getByTestId('save-job').first().click();
    await expect.poll(() => toastTitle(page).innerText()).toBe('Sign In Required');
    expect(await toastText(page).innerText()).toBe('Please sign in to save jobs.');
    expect(await page.locator('[aria-live="polite"]').count()).toBeGreaterThan(0);
    const { url, at } = await login();
    expect(url.searchParams.get('returnTo')).toBe('/jobs');
    expect(at - clicked).toBeGreaterThanOrEqual(1500);
    await page.close();
  });

  it('shows a job in full at /jobs/{id}, and "Job not found" for an unknown one', async () => {
    const [job] = await ok(env.client.jobs.$get({ query: { search: 'Teacher of Mathematics', limit: '1' } }));
    const page = await open(`/jobs/${job.id}`, DESKTOP);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(job.title);
    expect(await page.getByTestId('job-salary').innerText()).toBe(
      `£${job.salaryMin!.toLocaleString('en-GB')} - £${job.salaryMax!.toLocaleString('en-GB')}`,
    );
    expect(await page.getByRole('link', { name: job.school!.name }).getAttribute('href')).toBe(`/schools/${job.school!.id}`);
    expect(await page.getByRole('heading', { name: 'Description' }).isVisible()).toBe(true);
    await screenshot(page, 'job-detail-desktop');
    await page.goto(env.server.url + '/jobs/999999');
    await expect.poll(() => page.getByText('Job not found').isVisible()).toBe(true);
    await page.close();
  });
});

describe('schools', () => {
  it('shows 50 of the real total, loads 50 more, filters in the URL and resets to 50 on Clear Filters', async () => {
    const { headers } = await env.apiWithHeaders('/api/schools?limit=1');
    const total = Number(headers.get('x-total-count'));
    const page = await open('/schools');
    const cards = page.getByTestId('school-list').locator('> li');
    await expect.poll(() => page.getByTestId('schools-count').innerText()).toBe(`Showing 50 of ${total.toLocaleString('en-GB')} schools`);
    await expect.poll(() => cards.count()).toBe(50);
    const more = page.getByRole('button', { name: /Load More Schools/ });
    expect(await more.innerText()).toContain(`${(total - 50).toLocaleString('en-GB')} remaining`);
    const first = (await ok(env.client.schools.$get({ query: {} })))[0];
    expect(await cards.first().locator('h2').innerText()).toBe(first.name);
    expect(await cards.first().getByRole('link', { name: first.name, exact: true }).getAttribute('href')).toBe(`/schools/${first.id}`);
    await screenshot(page, 'schools-phone');
    await lastCardRenderedOnlyNearScreen(page, 'school-list');
    await more.click();
    await expect.poll(() => cards.count()).toBe(100);
    await expect.poll(() => page.getByTestId('schools-count').innerText()).toBe(`Showing 100 of ${total.toLocaleString('en-GB')} schools`);
    await expect.poll(() => more.innerText()).toContain(`${(total - 100).toLocaleString('en-GB')} remaining`);

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Borough', { exact: true }).selectOption('City of London');
    await page.waitForURL(/borough=City\+of\+London|borough=City%20of%20London/);
    const city = await env.apiWithHeaders('/api/schools?borough=City%20of%20London');
    const n = Number(city.headers.get('x-total-count'));
    await expect.poll(() => page.getByTestId('schools-count').innerText()).toBe(`Showing ${n} of ${n} schools`);
    await expect.poll(() => page.getByRole('button', { name: /Load More Schools/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => page.getByTestId('schools-count').innerText()).toBe(`Showing 50 of ${total.toLocaleString('en-GB')} schools`);
    await expect.poll(() => cards.count()).toBe(50);
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  }, 90_000);
});

describe('school detail', () => {
  it('shows the header, tabs with counts, school information and the teacher ratings', async () => {
    const [found] = await ok(env.client.schools.$get({ query: { search: 'Westminster City School' } }));
    const school = await ok(env.client.schools[':id'].$get({ param: { id: String(found.id) } }));
    const reviews = await ok(env.client.schools[':id'].reviews.$get({ param: { id: String(found.id) }, query: {} }));
    const interviews = await ok(env.client.schools[':id'].interviews.$get({ param: { id: String(found.id) }, query: {} }));
    const page = await open(`/schools/${found.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(school.name);
    expect(await page.getByText(`${school.borough}, London`).isVisible()).toBe(true);
    expect(await page.getByTestId('header-rating').innerText()).toContain(school.stats.averageRating.toFixed(1));
    await expect.poll(() => page.getByRole('tab', { name: `Reviews (${reviews.length})` }).count()).toBe(1);
    expect(await page.getByRole('tab', { name: `Jobs (${school.jobs.length})` }).count()).toBe(1);
    await expect.poll(() => page.getByRole('tab', { name: `Interviews (${interviews.length})` }).count()).toBe(1);
    const info = await page.getByTestId('school-info').innerText();
    expect(info).toContain(`DfE number\n${school.dfeNumber}`);
    expect(school.dfeNumber).toMatch(/^213\/\d{4}$/);
    expect(info).toContain(school.numberOfPupils!.toLocaleString('en-GB'));
    const ratings = await page.getByTestId('teacher-ratings').innerText();
    expect(ratings).toContain(`(${(school.stats.workLifeBalance * 20).toFixed(1)}%)`);
    expect(await page.getByTestId('recommend-rate').innerText()).toBe(`${school.stats.recommendationRate}% would recommend to a friend`);
    const quick = await page.getByTestId('quick-stats').innerText();
    expect(quick).toContain(`Total reviews\n${school.stats.totalReviews}`);
    expect(await noHorizontalScroll(page)).toBe(true);
    await screenshot(page, 'school-detail-phone');

    await page.getByRole('tab', { name: /^Reviews/ }).click();
    await expect.poll(() => page.getByTestId('review-list').locator('> li').count()).toBe(reviews.length);
    await page.getByRole('tab', { name: /^Jobs/ }).click();
    // Each section's part of the page arrives after the first render (decision 1304): wait for it.
    await expect.poll(() => page.getByRole('heading', { name: 'Current Openings' }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Teacher Mood' }).click();
    const mood = await ok(env.client.schools[':id']['mood-stats'].$get({ param: { id: String(found.id) } }));
    if (mood.totalMoods > 0) await expect.poll(() => page.getByTestId('mood-summary').innerText()).toContain(`from ${mood.totalMoods}`);
    await expect.poll(() => page.getByText('Sign in to share your experience').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Sign In', exact: true }).last().getAttribute('href')).toMatch(/^\/api\/login/);
    await page.close();
  });

  it('sends a visitor who presses Write a Review or Share Interview Experience to sign in', async () => {
    const [found] = await ok(env.client.schools.$get({ query: { search: 'Westminster City School' } }));
    const page = await open(`/schools/${found.id}`, DESKTOP);
    // The first press sends the page to sign in 1.5 s later; on a busy box the second press and its
    // checks can take longer than that: the page is kept (holdSignIn).
    const { login } = await holdSignIn(page);
    await page.getByRole('button', { name: 'Share Interview Experience' }).click();
    await expect.poll(() => toastTitle(page).innerText()).toBe('Sign In Required');
    expect(await toastText(page).innerText()).toBe('Please sign in to share your interview experience.');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await expect.poll(() => toastText(page).innerText()).toBe('Please sign in to submit a review.');
    expect(await page.getByTestId('toast').count()).toBe(1);
    await screenshot(page, 'school-detail-signin-toast-desktop');
    expect((await login()).url.searchParams.get('returnTo')).toBe(`/schools/${found.id}`);
    await page.close();
  });

  it('empty tabs and an unknown school', async () => {
    const quiet = (await ok(env.client.schools.$get({ query: {} }))).find((s) => s.reviewCount === 0 && s.openJobsCount === 0);
    if (!quiet) throw new Error('No school without reviews and jobs');
    expect((await ok(env.client.schools[':id'].interviews.$get({ param: { id: String(quiet.id) }, query: {} }))).length).toBe(0);
    const page = await open(`/schools/${quiet.id}`, DESKTOP);
    await page.getByRole('tab', { name: /^Reviews/ }).click();
    await expect.poll(() => page.getByText('No reviews yet').isVisible()).toBe(true);
    await page.getByRole('tab', { name: /^Interviews/ }).click();
    await expect.poll(() => page.getByText('No interview experiences yet').isVisible()).toBe(true);
    await page.getByRole('tab', { name: /^Jobs/ }).click();
    await expect.poll(() => page.getByText('No current openings').isVisible()).toBe(true);
    expect(await page.getByTestId('quick-stats').innerText()).toContain('Overall rating\nN/A');
    await page.goto(env.server.url + '/schools/99999999');
    await expect.poll(() => page.getByText('School not found').isVisible()).toBe(true);
    expect(await page.getByText("The school you're looking for doesn't exist.").isVisible()).toBe(true);
    await page.close();
  });
});

describe('salaries', () => {
  it('shows averages by role and experience, k-anonymous groups and the 10 most recent', async () => {
    const stats = await ok(env.client.salaries.stats.$get({ query: {} }));
    const recent = await ok(env.client.salaries.$get({ query: {} }));
    const page = await open('/salaries', DESKTOP);
    const roles = page.getByTestId('by-role').locator('> li');
    await expect.poll(() => roles.count()).toBe(stats.averageByRole.length);
    for (let i = 0; i < stats.averageByRole.length; i++) {
      const g = stats.averageByRole[i];
      const text = await roles.nth(i).innerText();
      expect(text).toContain(g.role);
      expect(text).toContain(`${g.count} submission`);
      expect(text).toContain(g.average == null ? 'Not enough data yet' : `£${g.average.toLocaleString('en-GB')} avg/year`);
    }
    await expect.poll(() => page.getByTestId('by-experience').locator('> li').count()).toBe(stats.averageByExperience.length);
    await expect.poll(() => page.getByTestId('recent-salaries').locator('> li').count()).toBe(Math.min(10, recent.length));
    expect(await page.getByTestId('recent-salaries').locator('> li').first().innerText()).toContain(
      `£${recent[0].annualSalary.toLocaleString('en-GB')}`,
    );
    await screenshot(page, 'salaries-desktop');
    await page.close();
  });

  it('checks the salary form with the product §5 messages beside the fields, then asks a visitor to sign in', async () => {
    const page = await open('/salaries');
    await page.getByRole('tab', { name: 'Contribute Data' }).click();
    await page.getByRole('button', { name: 'Submit Salary' }).click();
    expect(await page.getByTestId('error-jobTitle').innerText()).toBe('Job title is required');
    expect(await page.getByTestId('error-schoolType').innerText()).toBe('School type is required');
    expect(await page.getByTestId('error-borough').innerText()).toBe('Borough is required');
    expect(await page.getByTestId('error-yearsExperience').innerText()).toBe('Years of experience is required');
    expect(await page.getByTestId('error-annualSalary').innerText()).toBe('Salary must be at least £15,000');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('jobTitle');
    await screenshot(page, 'salary-form-errors-phone');
    await fillSalaryForm(page, {
      jobTitle: 'Primary Teacher',
      schoolType: 'Academy',
      borough: 'Hackney',
      yearsExperience: '3-5 years',
      annualSalary: 'lots',
    });
    await page.getByRole('button', { name: 'Submit Salary' }).click();
    await expect.poll(() => page.getByTestId('error-annualSalary').innerText()).toBe('Salary must be at least £15,000');
    await expect.poll(() => page.getByTestId('error-jobTitle').count()).toBe(0);
    await page.getByLabel('Annual salary (£)').fill('250000');
    await page.getByRole('button', { name: 'Submit Salary' }).click();
    await expect.poll(() => page.getByTestId('error-annualSalary').innerText()).toBe('Salary must be less than £200,000');
    await page.getByLabel('Annual salary (£)').fill('41,500');
    const { login } = await holdSignIn(page);
    await page.getByRole('button', { name: 'Submit Salary' }).click();
    await expect.poll(() => toastTitle(page).innerText()).toBe('Sign In Required');
    expect(await toastText(page).innerText()).toBe('Please sign in to submit salary data.');
    expect((await login()).url.searchParams.get('returnTo')).toBe('/salaries');
    await page.close();
  });
});

describe('pay scales', () => {
  it('shows the latest Inner London scales grouped by spine, both effective-date readings and the London differences', async () => {
    const rows = await ok(env.client['pay-scales'].$get({ query: { effectiveDate: '2026-09-01' } }));
    const london = rows.filter((r) => r.region === 'Inner London');
    const page = await open('/pay-scales');
    await expect.poll(() => page.getByTestId('pay-groups').locator('section').count()).toBe(new Set(london.map((r) => r.paySpine)).size);
    const main = page.getByRole('region', { name: 'Main Pay Range' });
    const m = london.filter((r) => r.paySpine === 'Main Pay Range').sort((a, b) => a.point - b.point);
    const cells = await main.locator('tbody tr').allInnerTexts();
    // Each figure with the number of its source in the list below (one source per 2026 figure).
    expect(
      cells.map((c) =>
        c
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/ Sources? [\d, ]+$/, '')
          // Its take-home line (issue 38: e2e/take-home-everywhere.test.ts checks it).
          .replace(/ (about )?£[\d,]+ a month after tax( from Sep \d{4}: (about )?£[\d,]+)?/, ''),
      ),
    ).toEqual(m.map((r) => `${r.pointLabel} £${r.annualSalary.toLocaleString('en-GB')}`));
    // The figures come first: one "Effective …" line, the readings folded under "Sources".
    expect(await page.getByTestId('effective-line').innerText()).toBe('Effective 1 September 2026');
    expect(await page.getByLabel('Year').locator('option:checked').innerText()).toBe('2026-2027');
    await page.getByTestId('sources').locator('summary').click();
    await expect.poll(() => page.getByTestId('effective-dates').innerText()).toContain('NASUWT');
    const dates = await page.getByTestId('effective-dates').innerText();
    expect(dates).toContain('September 2024-2025');
    expect(dates).toContain('September 1, 2023');
    expect(dates).toContain('NASUWT');
    await screenshot(page, 'pay-scales-phone');

    await page.getByRole('radio', { name: 'England', exact: true }).check();
    await page.waitForURL(/region=England/);
    const m1 = rows.filter((r) => r.region === 'England' && r.paySpine === 'Main Pay Range' && r.pointLabel === 'M1')[0];
    await expect
      .poll(() => page.getByRole('region', { name: 'Main Pay Range' }).locator('tbody tr').first().innerText())
      .toContain(`£${m1.annualSalary.toLocaleString('en-GB')}`);
    const inner = m[0];

    await page.getByRole('tab', { name: 'London Allowances' }).click();
    const area = page.getByRole('region', { name: 'Inner London' });
    await expect.poll(() => area.innerText()).toContain(`+£${(inner.annualSalary - m1.annualSalary).toLocaleString('en-GB')}`);
    expect(await page.getByTestId('allowance-example').innerText()).toBe(
      'A base salary of £28,000 plus an Inner London allowance of £4,166 gives £32,166.',
    );

    await page.getByLabel('Year').selectOption('2023-09-01');
    await page.waitForURL(/year=2023-09-01/);
    await expect.poll(() => page.getByTestId('effective-line').innerText()).toBe('Effective 1 September 2023');
    await expect.poll(() => page.getByTestId('effective-dates').innerText()).toContain('effective 1 September 2023 (2023-2024)');
    await page.close();
  });
});

describe('forum', () => {
  it('lists the approved threads with their badges, previews and the visitor card', async () => {
    const threads = await ok(env.client.forum.threads.$get({ query: {} }));
    const categories = await ok(env.client.forum.categories.$get());
    const page = await open('/forum', DESKTOP);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Teachers In London Talk');
    await expect.poll(() => page.getByTestId('thread-list').locator('> li').count()).toBe(threads.length);
    const first = page.getByTestId('thread-list').locator('> li').first();
    const text = await first.innerText();
    expect(text).toContain(threads[0].title);
    expect(text).toContain(threads[0].content.slice(0, 200) + '...');
    expect(text).toContain(threads[0].isLocked ? 'Locked' : 'Active');
    expect(text).toContain(threads[0].user.firstName ?? 'Anonymous');
    expect(await first.getByRole('link', { name: threads[0].title }).getAttribute('href')).toBe(`/forum/threads/${threads[0].id}`);
    if (threads[0].isSticky) expect(text).toContain('Sticky');
    expect(await page.getByRole('button', { name: 'All Discussions' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('heading', { name: 'Join the Discussion' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Log In' }).getAttribute('href')).toMatch(/^\/api\/login/);
    expect(await page.getByRole('button', { name: 'New Discussion' }).count()).toBe(0);
    await screenshot(page, 'forum-desktop');
    // A visitor cannot start a discussion: its form's chunk and the checks it brings are not loaded.
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname));
    expect(loaded.some((p) => p.startsWith('/assets/ForumPage-'))).toBe(true);
    expect(loaded.filter((p) => /^\/assets\/(NewThreadDialog|validation)-/.test(p))).toEqual([]);

    const counts = new Map<number, number>();
    for (const t of threads) counts.set(t.categoryId, (counts.get(t.categoryId) ?? 0) + 1);
    const empty = categories.find((c) => !counts.has(c.id));
    const full = categories.find((c) => counts.has(c.id));
    if (!full) throw new Error('No category with threads');
    await page.getByRole('button', { name: full.name, exact: true }).click();
    await page.waitForURL(new RegExp(`category=${full.id}`));
    await expect.poll(() => page.getByTestId('thread-list').locator('> li').count()).toBe(counts.get(full.id));
    if (empty) {
      await page.getByRole('button', { name: empty.name, exact: true }).click();
      await expect.poll(() => page.getByText('No discussions yet').isVisible()).toBe(true);
      expect(await page.getByText('No discussions in this category yet. Be the first to start one!').isVisible()).toBe(true);
    }
    await page.close();
  });

  it('renders a thread with nested replies (answer shape of GET /api/forum/threads/{id})', async () => {
    const page = await (async () => {
      const p = await env.browser.newPage();
      await p.setViewportSize(PHONE);
      await p.route('**/api/forum/threads/4242', (route) =>
        route.fulfill({
          json: {
            id: 4242,
            title: 'Nested test thread',
            content: 'Body text',
            html: '<p>Body text</p>',
            text: 'Body text',
            isSticky: false,
            isLocked: false,
            isApproved: true,
            status: 'approved',
            viewCount: 7,
            replyCount: 3,
            createdAt: '2026-11-20T10:00:00Z',
            category: { id: 1, name: 'Job hunting' },
            user: { firstName: 'Amara' },
            // One flat list, oldest first; the page nests by parentPostId.
            replies: [
              {
                id: 1,
                parentPostId: null,
                content: 'Top reply',
                html: '<p>Top reply</p>',
                isApproved: true,
                editedAt: null,
                deletedAt: null,
                createdAt: '2026-11-20T11:00:00Z',
                user: { firstName: 'Femi' },
                status: 'approved',
              },
              {
                id: 2,
                parentPostId: 1,
                content: 'Nested reply',
                html: '<p>Nested reply</p>',
                isApproved: true,
                editedAt: null,
                deletedAt: null,
                createdAt: '2026-11-20T12:00:00Z',
                user: { firstName: null },
                status: 'approved',
              },
            ],
          },
        }),
      );
      await p.goto(env.server.url + '/forum/threads/4242');
      return p;
    })();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Nested test thread');
    const top = page.getByTestId('replies').locator('> li');
    await expect.poll(() => top.count()).toBe(1);
    expect(await top.first().locator('ul > li').innerText()).toContain('Nested reply');
    expect(await top.first().locator('ul > li').innerText()).toContain('Anonymous');
    expect(await page.getByRole('link', { name: 'Log In' }).isVisible()).toBe(true);
    await screenshot(page, 'thread-phone');
    await page.goto(env.server.url + '/forum/threads/999999');
    await expect.poll(() => page.getByText('Discussion not found').isVisible()).toBe(true);
    await page.close();
  });

  it('keeps the moderation page for moderators', async () => {
    const page = await open('/moderation');
    await expect.poll(() => page.getByText('Moderators only').isVisible()).toBe(true);
    await page.close();
  });
});

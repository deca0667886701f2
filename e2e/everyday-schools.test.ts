// The everyday school paths of issue 37, on a phone (390x844): Compare (item 9, decision 0310)
// keeps its schools in the address, shows the product's own figures first and Ofsted in words,
// and a school page adds its school to it; the review form rates only what she chose (item 10,
// decision 2027) and the school page then says her review waits instead of offering the form
// again; a school's staff see their response waiting, not a second Respond.
// Signed in for real through the local provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, screenshot, signInLocally, startServer, type RunningServer } from './harness';
import { attemptTag, databaseOf, makeStaff, freshPhone } from './screens.helpers';

let server: RunningServer;
const browsers: BrowserContext[] = [];
let school: { id: number; name: string };
const SUB_ROWS = ['workLifeBalanceRating', 'compensationRating', 'careerOpportunitiesRating', 'cultureRating', 'leadershipRating'];

const sql = databaseOf(() => server);

beforeAll(async () => {
  server = await startServer();
  [school] = (await (await fetch(`${server.url}/api/schools?search=Westminster%20City%20School`)).json()) as { id: number; name: string }[];
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
});

/** A phone of its own (its own cookies), closed at the end of the file. */
async function phone(): Promise<Page> {
  const { context, page } = await freshPhone();
  browsers.push(context);
  return page;
}

describe('a review rates only what she chose (issue 37 item 10)', () => {
  it('starts with no stars, needs the overall rating, stores the rest as not rated, then says it waits', async () => {
    const tag = attemptTag();
    const email = `bea.${tag}@example.test`.toLowerCase();
    const page = await phone();
    await signInLocally(page, server.url, { email, name: 'Bea Reviewer' }, `/schools/${school.id}`);
    await page.getByRole('button', { name: 'Write a Review' }).click();
    const form = page.getByTestId('review-form');
    await form.waitFor();
    // No row starts chosen: every one says "Not rated" and no star is checked (it was 5 of 5 on all six).
    for (const key of ['overallRating', ...SUB_ROWS]) {
      expect(await form.getByTestId(`stars-${key}-state`).innerText()).toContain('Not rated');
    }
    expect(await form.locator('input[type=radio]:checked').count()).toBe(0);
    await screenshot(page, 'everyday-review-form-phone');

    await form.getByLabel('Job title').fill('Teacher of Geography');
    await form.getByLabel('Years at school').selectOption('1-2 years');
    await form.getByLabel('Pros').fill(`Thoughtful department meetings (${tag})`);
    await form.getByLabel('Cons').fill('Photocopier queue every morning');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    // The overall rating is required, with the product's message, and focus goes to it.
    const overallError = form.getByTestId('error-overallRating');
    await overallError.waitFor();
    expect(await overallError.innerText()).toBe('Rating must be between 1 and 5');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe('overallRating-label');

    await form.getByTestId('stars-overallRating').getByLabel('4 stars').check({ force: true });
    await form.getByTestId('stars-cultureRating').getByLabel('2 stars').check({ force: true });
    await form.getByTestId('stars-leadershipRating').getByLabel('5 stars').check({ force: true });
    expect(await form.getByTestId('stars-leadershipRating-state').innerText()).toContain('5 of 5');
    // An optional one taken back is not rated again.
    await form.getByTestId('stars-leadershipRating').getByRole('button', { name: /Clear/ }).click();
    expect(await form.getByTestId('stars-leadershipRating-state').innerText()).toContain('Not rated');
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByTestId('review-waiting').waitFor();

    const row = sql((db) =>
      db
        .prepare(
          `select overall_rating o, work_life_balance_rating w, compensation_rating c, career_opportunities_rating k, culture_rating u, leadership_rating l, is_approved a
           from reviews where pros like ?`,
        )
        .get(`%${tag}%`),
    );
    expect(row).toEqual({ o: 4, w: null, c: null, k: null, u: 2, l: null, a: 0 });
    // The Contribute card says it waits, with no second form; so it does after a reload (from her activity).
    expect(await page.getByTestId('review-waiting').innerText()).toContain('Your review is waiting for a moderator');
    expect(await page.getByRole('button', { name: 'Write a Review' }).count()).toBe(0);
    await page.reload();
    await page.getByTestId('review-waiting').waitFor();
    expect(await page.getByRole('button', { name: 'Write a Review' }).count()).toBe(0);
    await page.getByTestId('review-waiting').scrollIntoViewIfNeeded();
    await screenshot(page, 'everyday-review-waiting-phone');
  }, 120_000);

  it('shows a sub-rating left unrated as "not rated" in the list, and staff see their response waiting', async () => {
    const tag = attemptTag();
    const cons = `Parking is hard to find near the gates (${tag})`;
    sql((db) =>
      db
        .prepare(
          `insert into reviews (school_id, overall_rating, pros, cons, would_recommend, employment_status, job_title, years_at_school, is_approved)
           values (?, 3, 'Helpful office staff every day', ?, 1, 'Current', 'Science Teacher', '1-2 years', 1)`,
        )
        .run(school.id, cons),
    );
    const staffEmail = `head.${tag}@school.example`.toLowerCase();
    const staff = await phone();
    await signInLocally(staff, server.url, { email: staffEmail, name: 'Hal Head' });
    sql((db) => makeStaff(db, staffEmail, school.id));
    await staff.goto(`${server.url}/schools/${school.id}`);
    await staff.getByTestId('edit-school-page').waitFor();
    await staff.getByRole('tab', { name: /Reviews/ }).click();
    const card = staff.getByTestId('review-list').locator('li').filter({ hasText: cons });
    await card.waitFor();
    expect(await card.innerText()).toContain('Work-life balance: not rated');
    expect(await card.innerText()).toContain('Leadership: not rated');
    await card.getByTestId('respond').click();
    const dialog = staff.getByRole('dialog', { name: "The school's response" });
    await dialog.getByLabel('Response').fill('Thank you: the new staff car park opens in January.');
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await card.getByTestId('response-waiting').waitFor();
    expect(await card.getByTestId('respond').count()).toBe(0);
    expect(await card.getByTestId('response-waiting').innerText()).toContain("The school's response is waiting for a moderator.");
  }, 120_000);

  it('the review form and the school page at desktop size', async () => {
    const page = await phone();
    await page.setViewportSize(DESKTOP);
    await signInLocally(
      page,
      server.url,
      { email: `dora.${attemptTag()}@example.test`.toLowerCase(), name: 'Dora' },
      `/schools/${school.id}`,
    );
    await page.getByTestId('teacher-ratings').waitFor();
    await screenshot(page, 'everyday-school-desktop');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await page.getByTestId('review-form').waitFor();
    await screenshot(page, 'everyday-review-form-desktop');
  }, 120_000);
});

describe('compare (issue 37 item 9)', () => {
  it("a school page's Compare adds its school; the address holds the schools; own figures first, Ofsted in words", async () => {
    const more = (await (await fetch(`${server.url}/api/schools?limit=40&sort=rating`)).json()) as { id: number; name: string }[];
    const longest = more.filter((s) => s.id !== school.id).sort((a, b) => b.name.length - a.name.length);
    const [second, third] = longest;
    const page = await phone();
    await page.goto(`${server.url}/schools/${school.id}`);
    await page.getByTestId('compare-school').click();
    await page.waitForURL(`**/compare?schools=${school.id}`);
    const table = page.getByTestId('compare-table');
    await table.getByTestId('rating').first().waitFor();
    // The product's own figures first: the teacher rating row leads, then sub-ratings, counts, mood and jobs.
    const labels = await table.locator('tbody th[scope=row]').allInnerTexts();
    expect(labels.slice(0, 11)).toEqual([
      'Teacher rating',
      'Work-life balance',
      'Compensation',
      'Career opportunities',
      'Culture',
      'Leadership',
      'Would recommend',
      'Reviews',
      'Interviews',
      'Teacher mood',
      'Open jobs',
    ]);
    const stats = (
      (await (await fetch(`${server.url}/api/schools/${school.id}`)).json()) as { stats: { averageRating: number; totalReviews: number } }
    ).stats;
    expect(await table.getByTestId('rating').first().innerText()).toContain(`${stats.averageRating.toFixed(1)} / 5`);
    expect(await table.getByTestId('reviews').first().innerText()).toContain(`${stats.totalReviews} review`);
    // Ofsted in words with the inspection date, and no stars in its cell.
    const ofsted = table.getByTestId('ofsted').first();
    expect(await ofsted.innerText()).toMatch(/^Good\s+inspected \d{1,2} \w+ \d{4}$/);
    expect(await ofsted.locator('svg').count()).toBe(0);

    // A second school's page adds to the same comparison.
    await page.goto(`${server.url}/schools/${second.id}`);
    // Compare is a part after the first render: the server's link names this school alone, and
    // the device's comparison joins it once the part has hydrated (decision 0310).
    const compare = page.getByTestId('compare-school');
    await expect.poll(() => compare.getAttribute('href')).toBe(`/compare?schools=${school.id},${second.id}`);
    await compare.click();
    await page.waitForURL(`**/compare?schools=${school.id},${second.id}`);
    await page.getByTestId('insights').waitFor();
    // A reload keeps it (the address holds it).
    await page.reload();
    await page.getByTestId('insights').waitFor();
    expect(await page.getByTestId('compare-chips').locator('li').count()).toBe(2);

    // The picker adds a third; the chips wrap inside the screen (the longest names London has here).
    await page.getByRole('button', { name: 'Add School to Compare' }).click();
    await page.locator('#compare-search').fill(third.name.split(' ').slice(0, 3).join(' '));
    await page.getByRole('option', { name: third.name }).first().click();
    await expect.poll(() => new URL(page.url()).search, { timeout: 12_000 }).toBe(`?schools=${school.id},${second.id},${third.id}`);
    for (const box of await page
      .getByTestId('compare-chips')
      .locator('li')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect.poll(() => page.getByTestId('compare-chips').innerText()).toContain(third.name);
    await screenshot(page, 'everyday-compare-phone');

    // The shared address, server-rendered: the three schools and their figures are in the HTML.
    const html = await (await fetch(`${server.url}/compare?schools=${school.id},${second.id},${third.id}`)).text();
    for (const s of [school, second, third]) expect(html).toContain(s.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    expect(html).toContain('Teacher rating');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'everyday-compare-desktop');
  }, 120_000);
});

// What waits for a moderator stays waiting on the school page (issue 37 item 10), at 390x844:
// a school's response sent by its staff shows "waiting" after a reload, with no second Respond
// (old main: Respond came back, nothing told staff which responses wait); and a teacher whose
// review waits, asking to write one as a visitor and signing in, gets the waiting note, not the
// form (old main: the resumed tap opened the form before her activity answered).
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot, signInLocally, waitForHydration } from './harness';
import { attemptTag, databaseOf, makeStaff, phonePage, screenTestEnv } from './screens.helpers';

let school: { id: number; name: string };
const env = screenTestEnv({
  ready: async (env) => {
    [school] = await env.api<{ id: number; name: string }[]>('/api/schools?search=Westminster%20City%20School');
  },
});
const sql = databaseOf(() => env.server);
beforeEach(() => env.browser.clearCookies());

describe("the school's response waits (issue 37 item 10)", () => {
  it('after a reload staff still see it waiting, and no second Respond', async () => {
    const tag = attemptTag();
    const cons = `The hall is cold in winter (${tag})`;
    sql((db) =>
      db
        .prepare(
          `insert into reviews (school_id, overall_rating, pros, cons, would_recommend, employment_status, job_title, years_at_school, is_approved)
           values (?, 4, 'Supportive heads of year', ?, 1, 'Current', 'Maths Teacher', '1-2 years', 1)`,
        )
        .run(school.id, cons),
    );
    const email = `head.${tag}@school.example`.toLowerCase();
    const page = await phonePage(env.browser, 20_000);
    await signInLocally(page, env.server.url, { email, name: 'Hana Head' });
    sql((db) => makeStaff(db, email, school.id));
    await page.goto(`${env.server.url}/schools/${school.id}?tab=reviews`);
    const card = () => page.getByTestId('review-list').locator('li').filter({ hasText: cons });
    await card().getByTestId('respond').click();
    const dialog = page.getByRole('dialog', { name: "The school's response" });
    await dialog.getByLabel('Response').fill('Thank you: new heaters arrive in January.');
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await card().getByTestId('response-waiting').waitFor();

    await page.reload();
    await waitForHydration(page);
    await card().waitFor();
    // Her list of schools answers after the page: waiting comes from it (old main: Respond again).
    await card().getByTestId('response-waiting').waitFor();
    expect(await card().getByTestId('response-waiting').innerText()).toContain("The school's response is waiting for a moderator.");
    expect(await card().getByTestId('respond').count()).toBe(0);
    await card().scrollIntoViewIfNeeded();
    await screenshot(page, 'everyday-response-waiting-after-reload-phone');

    // A moderator approves it: it shows under the review, and staff may edit it again.
    sql((db) =>
      db
        .prepare(
          `update review_responses set is_approved = 1, published_body = body, published_at = ?
           where review_id = (select id from reviews where cons = ?)`,
        )
        .run(Date.now(), cons),
    );
    await page.reload();
    await waitForHydration(page);
    await card().getByTestId('school-response').waitFor();
    await expect.poll(() => card().getByTestId('respond').innerText()).toContain("Edit the school's response");
    expect(await card().getByTestId('response-waiting').count()).toBe(0);
    await page.close();
  }, 120_000);
});

describe('her review waits (issue 37 item 10)', () => {
  it('Write a Review asked for as a visitor shows that her review waits after the sign-in, not the form', async () => {
    const tag = attemptTag();
    const email = `wren.${tag}@school.example`.toLowerCase();
    const name = 'Wren Waiting';
    // She has an account and a review of this school waiting for a moderator.
    const first = await phonePage(env.browser, 20_000);
    await signInLocally(first, env.server.url, { email, name });
    await first.close();
    sql((db) => {
      const user = db.prepare('select id from users where email = ?').get(email) as { id: string };
      db.prepare(
        `insert into reviews (school_id, user_id, overall_rating, pros, cons, would_recommend, employment_status, job_title, years_at_school, is_approved)
         values (?, ?, 4, ?, 'Busy corridors at lunch', 1, 'Current', 'Teacher of Art', '3-5 years', 0)`,
      ).run(school.id, user.id, `Great art rooms (${tag})`);
    });
    await env.browser.clearCookies();

    const page = await phonePage(env.browser, 20_000);
    await page.goto(`${env.server.url}/schools/${school.id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await page.waitForURL((url) => url.port === String(env.server.devOidcPort) && url.pathname.startsWith('/interaction/'), {
      timeout: 20_000,
    });
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="name"]').fill(name);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${env.server.url}/schools/${school.id}`);
    await page.getByTestId('review-waiting').waitFor();
    expect(await page.getByTestId('review-waiting').innerText()).toContain('Your review is waiting for a moderator');
    // The resumed tap had its chance: no form (old main: the 'Write a Review' dialog was open).
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('review-form').filter({ visible: true }).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Write a Review' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Write a Review' }).count()).toBe(0);
    await page.getByTestId('review-waiting').scrollIntoViewIfNeeded();
    await screenshot(page, 'everyday-review-waiting-after-sign-in-phone');
    await page.close();
  }, 120_000);
});

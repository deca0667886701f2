// A school answers a review, on a phone (390x844; decision 2111): its verified member writes the
// response under the review, an admin approves it in /moderation, and a visitor then reads it
// under the review as "Response from {school}". Signed in for real through the local provider.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot, signInLocally, startServer, type RunningServer } from './harness';
import type { BrowserContext } from 'playwright-core';
import { attemptTag } from './screens.helpers';

const ADMIN = 'admin.responses@school.example';
const STAFF = 'head.responses@school.example';
let server: RunningServer;
const browsers: BrowserContext[] = [];
let school: { id: number; name: string };

function sql<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(server.databasePath);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN });
  [school] = (await (await fetch(`${server.url}/api/schools?search=Westminster%20City%20School`)).json()) as { id: number; name: string }[];
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
});

async function phone() {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.newPage();
  await page.setViewportSize(PHONE);
  return page;
}

describe('a school answers a review', () => {
  it('its member responds, an admin approves, and a reader sees "Response from {school}" under the review', async () => {
    // A review and a response of this attempt's own: a failed first attempt's response may wait in
    // the queue (two items for one locator) or be published under the first attempt's review.
    const tag = attemptTag();
    const cons = `Marking policy takes every evening (${tag})`;
    const answer = `From January marking follows one short policy for every department (${tag}).`;
    // A published review of the school (its author is nobody the school can see).
    const reviewId = sql(
      (db) =>
        db
          .prepare(
            `insert into reviews (school_id, overall_rating, work_life_balance_rating, compensation_rating, career_opportunities_rating, culture_rating, leadership_rating, pros, cons, would_recommend, employment_status, job_title, years_at_school, is_approved)
             values (?, 2, 2, 3, 2, 2, 1, 'Kind colleagues in the English department', ?, 0, 'Current', 'English Teacher', '1-2 years', 1) returning id`,
          )
          .get(school.id, cons) as { id: number },
    ).id;
    const staff = await phone();
    await signInLocally(staff, server.url, { email: STAFF, name: 'Hana Head' });
    sql((db) => {
      const user = db.prepare('select id from users where email = ?').get(STAFF) as { id: string };
      db.prepare(
        "insert or ignore into school_members (user_id, school_id, role, method, verified_at, confirmed_at) values (?, ?, 'admin', 'admin', ?, ?)",
      ).run(user.id, school.id, Date.now(), Date.now());
    });
    await staff.goto(`${server.url}/schools/${school.id}`);
    // Her own school's page offers its editor.
    await staff.getByTestId('edit-school-page').waitFor();
    await staff.getByRole('tab', { name: /Reviews/ }).click();
    await staff.getByTestId('review-list').locator('li').filter({ hasText: cons }).getByTestId('respond').click();
    const dialog = staff.getByRole('dialog', { name: "The school's response" });
    await dialog.getByLabel('Response').fill(`Thank you for this.\n\n${answer}`);
    await dialog.getByRole('button', { name: 'Send for approval' }).click();
    await staff.getByText('Response sent').first().waitFor();
    expect(await staff.getByTestId('review-list').locator('li').filter({ hasText: cons }).getByTestId('school-response').count()).toBe(0);

    const admin = await phone();
    await signInLocally(admin, server.url, { email: ADMIN, name: 'Ada Admin' }, '/moderation?queue=responses');
    const queue = admin.getByTestId('queue-responses');
    const item = queue.locator('li').filter({ hasText: answer });
    await item.waitFor();
    await item.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('The response now shows under the review.').first().waitFor();
    // Signed in but not its staff: no editor link, no Respond, and the page does not ask the
    // editor's answer (a 403 for every school page she opened) to find that out.
    const profileCalls: string[] = [];
    admin.on('request', (r) => {
      if (/\/api\/schools\/\d+\/profile/.test(r.url())) profileCalls.push(r.url());
    });
    await admin.goto(`${server.url}/schools/${school.id}`);
    await admin.getByRole('tab', { name: /Reviews/ }).click();
    await admin.getByTestId('review-list').waitFor();
    await admin.getByTestId('manage-page').waitFor();
    expect(await admin.getByTestId('edit-school-page').count()).toBe(0);
    expect(await admin.getByTestId('respond').count()).toBe(0);
    expect(profileCalls).toEqual([]);

    const reader = await phone();
    await reader.goto(`${server.url}/schools/${school.id}`);
    await reader.getByRole('tab', { name: /Reviews/ }).click();
    const review = reader.getByTestId('review-list').locator('li').filter({ hasText: cons });
    const response = review.getByTestId('school-response');
    await response.waitFor();
    expect(await response.innerText()).toContain(`Response from ${school.name}`);
    expect(await response.innerText()).toContain(answer);
    expect(await reader.getByTestId('respond').count()).toBe(0);
    await response.scrollIntoViewIfNeeded();
    await screenshot(reader, 'school-response-phone');
    expect(
      sql((db) => db.prepare('select count(*) n from review_responses where review_id = ? and published_at is not null').get(reviewId)),
    ).toEqual({ n: 1 });
  }, 120_000);
});

// Privacy rights and reports in the browser (hardening and privacy): "Download my data" gives the JSON file,
// "Delete my account" needs DELETE typed and leaves contributions unlinked, "Report" on a review
// sends a report that (at a threshold of 1 here) hides the review from the public.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../db/client';
import { reviews } from '../db/schema';
import { signIn } from '../test/app';
import { launchBrowser, screenshot, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserContext;
let db: DB;
let schoolId: number;
let reviewId: number;
const count = (sql: string, ...args: unknown[]) => (db.$client.prepare(sql).get(...args) as { n: number }).n;
const toastTitle = (page: Page) => page.getByTestId('toast-title');

beforeAll(async () => {
  server = await startServer({ REPORT_HIDE_THRESHOLD: '1', ADMIN_EMAILS: 'admin@example.test' });
  db = openDatabase(server.databasePath);
  browser = await launchBrowser();
  const cookie = signIn(db, { id: 'e2e:priya', email: 'priya@example.test', firstName: 'Priya', lastName: 'Shah' });
  await browser.addCookies([{ name: 'tilt_session', value: cookie.split('=')[1], url: server.url }]);
  schoolId = (db.$client.prepare('select id from schools order by id limit 1').get() as { id: number }).id;
  // Priya's own review (approved), and someone else's approved review to report.
  db.insert(reviews)
    .values({
      userId: 'e2e:priya',
      schoolId,
      overallRating: 5,
      workLifeBalanceRating: 4,
      compensationRating: 4,
      careerOpportunitiesRating: 4,
      cultureRating: 5,
      leadershipRating: 4,
      pros: 'Priya wrote this review',
      cons: 'Nothing much to add',
      wouldRecommend: true,
      jobTitle: 'Teacher',
      isApproved: true,
    })
    .run();
  signIn(db, { id: 'e2e:other', firstName: 'Omar' });
  reviewId = db
    .insert(reviews)
    .values({
      userId: 'e2e:other',
      schoolId,
      overallRating: 1,
      workLifeBalanceRating: 1,
      compensationRating: 1,
      careerOpportunitiesRating: 1,
      cultureRating: 1,
      leadershipRating: 1,
      pros: 'Nothing good to say',
      cons: 'The deputy head Mr X is a crook',
      wouldRecommend: false,
      jobTitle: 'Teacher',
      isApproved: true,
    })
    .returning({ id: reviews.id })
    .get().id;
  db.$client.prepare("insert into saved_jobs (user_id, job_id) select 'e2e:priya', id from jobs limit 1").run();
});

afterAll(async () => {
  await browser?.close();
  db?.$client.close();
  await server?.stop();
});

describe('privacy in the browser', () => {
  it('reports a review from the school page; the review leaves the public list', { timeout: 90_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/schools/${schoolId}`);
    await page.getByRole('tab', { name: /Reviews/ }).click();
    const button = page.getByTestId(`report-review-${reviewId}`);
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Report this review' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.getByText('Please say why you are reporting this').isVisible()).toBe(true);
    await dialog.getByLabel('Reason').fill('It names and accuses a member of staff');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => toastTitle(page).innerText()).toBe('Report received');
    await expect.poll(() => button.innerText()).toBe('Reported');
    expect(
      count(
        "select count(*) n from reports where kind = 'review' and target_id = ? and user_id = 'e2e:priya' and reason = 'It names and accuses a member of staff'",
        reviewId,
      ),
    ).toBe(1);
    const list = (await (await fetch(`${server.url}/api/schools/${schoolId}/reviews`)).json()) as { id: number }[];
    expect(list.map((r) => r.id)).not.toContain(reviewId);
    await screenshot(page, 'privacy-report');
    await page.close();
  });

  it('an admin sees the reported review with its reason in /moderation and keeps it: public again', { timeout: 90_000 }, async () => {
    const admin = await launchBrowser();
    try {
      const cookie = signIn(db, { id: 'e2e:admin', email: 'admin@example.test', firstName: 'Ada' });
      await admin.addCookies([{ name: 'tilt_session', value: cookie.split('=')[1], url: server.url }]);
      const page = await admin.newPage();
      await page.goto(`${server.url}/moderation?queue=reported`);
      const item = page.getByTestId(`reported-review-${reviewId}`);
      await expect.poll(() => item.isVisible()).toBe(true);
      const text = await item.innerText();
      expect(text).toContain('The deputy head Mr X is a crook');
      expect(text).toContain('It names and accuses a member of staff');
      expect(text).toContain('Hidden from the public');
      expect(text).not.toContain('Priya');
      await item.getByRole('button', { name: 'Keep' }).click();
      await expect.poll(() => item.count()).toBe(0);
      const list = (await (await fetch(`${server.url}/api/schools/${schoolId}/reviews`)).json()) as { id: number }[];
      expect(list.map((r) => r.id)).toContain(reviewId);
      expect(count("select count(*) n from moderation_log where action = 'reports-approve' and target_id = ?", reviewId)).toBe(1);
    } finally {
      await admin.close();
    }
  });

  it('downloads my data as a JSON file from the Profile tab', { timeout: 90_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/dashboard?tab=profile`);
    const link = page.getByRole('link', { name: 'Download my data' });
    await expect.poll(() => link.isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('session-list').locator('li').count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^teachers-in-london-talk-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      profile: unknown;
      reviews: { pros: string }[];
      savedJobs: unknown[];
    } & Record<string, unknown>;
    expect(data.profile).toMatchObject({ id: 'e2e:priya', email: 'priya@example.test', firstName: 'Priya' });
    expect(data.reviews.map((r) => r.pros)).toEqual(['Priya wrote this review']);
    expect(data.savedJobs).toHaveLength(1);
    // Her report stays hers after the moderator's decision above: kept, marked decided (decision
    // 1424), with no keyed hash of her identity in the file.
    expect(data.reports).toEqual([
      {
        id: expect.any(Number),
        kind: 'review',
        targetId: reviewId,
        reason: 'It names and accuses a member of staff',
        fromSchoolStaff: false,
        createdAt: expect.any(String),
        decidedAt: expect.any(String),
      },
    ]);
    // The keeping of her report was told to her (decision 2010): in her export, exactly so, naming nobody.
    expect(data.notifications).toEqual([
      {
        id: expect.any(Number),
        kind: 'report_kept',
        subjectType: 'review',
        subjectId: reviewId,
        threadId: null,
        schoolId,
        actorFirstName: null,
        reason: null,
        createdAt: expect.any(String),
        readAt: null,
        pushedAt: null,
        emailedAt: null,
      },
    ]);
    expect(data.threadWatches).toEqual([]);
    expect(data.notificationPreferences).toEqual([]);
    expect(data.sessions).toHaveLength(1);
    await page.close();
  });

  // "Sign out everywhere else" reads her sessions again through the route declarations (decision
  // 0015: both routes name `sessions`), not by hand: the list shrinks on screen with no reload.
  it('signs out everywhere else from the Profile tab: the sessions list shows this browser only', { timeout: 90_000 }, async () => {
    signIn(db, { id: 'e2e:priya' }); // her phone
    const page = await browser.newPage();
    await page.goto(`${server.url}/dashboard?tab=profile`);
    const rows = page.getByTestId('session-list').locator('li');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: 'Sign out everywhere else (1)' }).click();
    await expect.poll(() => toastTitle(page).textContent()).toBe('Signed out everywhere else');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('This browser');
    expect(await page.getByRole('button', { name: 'Sign out everywhere else' }).isDisabled()).toBe(true);
    expect(count("select count(*) n from sessions where user_id = 'e2e:priya'")).toBe(1);
    await page.close();
  });

  it('deletes the account after DELETE is typed: signed out, contributions kept without a link', { timeout: 90_000 }, async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/dashboard?tab=profile`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const confirm = dialog.getByRole('button', { name: 'Delete my account permanently' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    expect(count("select count(*) n from users where id = 'e2e:priya'")).toBe(1);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByRole('link', { name: 'Join', exact: true }).first().isVisible()).toBe(true); // the visitor header
    expect(count("select count(*) n from users where id = 'e2e:priya'")).toBe(0);
    expect(count("select count(*) n from sessions where user_id = 'e2e:priya'")).toBe(0);
    expect(count("select count(*) n from saved_jobs where user_id = 'e2e:priya'")).toBe(0);
    expect(count("select count(*) n from notifications where user_id = 'e2e:priya'")).toBe(0);
    expect(count("select count(*) n from reviews where pros = 'Priya wrote this review' and user_id is null")).toBe(1);
    expect((await browser.cookies(server.url)).find((c) => c.name === 'tilt_session')).toBeUndefined();
    await page.close();
  });
});

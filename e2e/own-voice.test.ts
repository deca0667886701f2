// A teacher changes or takes back what she wrote, in the browser at 390x844 (decision 2020): Ann
// edits her published review from the school page and sees "Edit waiting for a moderator" while
// everyone else still reads the published text; an admin approves it side by side in /moderation,
// the public then reads the new text and Ann hears of it; Ann deletes her interview after a
// confirm; Ben sees no Edit or Delete on her items; deleting a published salary says it leaves the
// averages at a later batch; an edit made offline arrives exactly once when she is back online.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS, DESKTOP, PHONE, screenshot, waitForServiceWorker } from './harness';
import { peopleTestEnv, seriousViolations, toastText, toastTitle } from './screens.helpers';

const env = peopleTestEnv(
  {
    ann: { id: 'e2e:ann', email: 'ann.voice@example.test', firstName: 'Ann', lastName: 'Author' },
    ben: { id: 'e2e:ben', email: 'ben.voice@example.test', firstName: 'Ben' },
    admin: { id: 'e2e:admin', email: 'admin.voice@example.test', firstName: 'Ada' },
  },
  {
    serverEnv: { ADMIN_EMAILS: 'admin.voice@example.test' },
    browser: { serviceWorkers: 'allow' }, // edits made offline
    ready: async ({ server }) => {
      school = (
        (await (await fetch(`${server.url}/api/schools?limit=1&search=Westminster%20City%20School`)).json()) as {
          id: number;
          name: string;
        }[]
      )[0];
    },
  },
);
/** This one phone, signed in as someone (or a visitor): an action fails after 15 s. */
const as = (who: Parameters<typeof env.as>[0]) => env.as(who, 15_000);
let school: { id: number; name: string };
const ids = { review: 0, interview: 0, salary: 0 };

const OLD_PROS = 'Supportive heads of department and a calm staff room';
const NEW_PROS = 'Supportive heads of department, a calm staff room and real CPD time';
const OFFLINE_CONS = 'Parking is hard and the photocopier queue is long';
const count = (sql: string, ...args: unknown[]) => (env.db.$client.prepare(sql).get(...args) as { n: number }).n;

/** A write from the page (the cross-site check wants the app's own origin). */
const post = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: (await res.json()) as { id: number } };
    },
    [method, path, body] as const,
  );

async function reviewsTab(page: Page) {
  await page.goto(`${env.server.url}/schools/${school.id}`);
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const card = page.getByTestId(`review-${ids.review}`);
  await expect.poll(() => card.count()).toBe(1);
  return card;
}

describe('own voice: change or take back', () => {
  it('her published review: Edit opens it filled in; the edit waits while everyone reads the published text', {
    timeout: 120_000,
  }, async () => {
    const admin = await as('admin');
    await admin.goto(`${env.server.url}/`);
    await admin.close();

    const page = await as('ann');
    await page.goto(`${env.server.url}/schools/${school.id}`);
    const review = await post(page, 'POST', `/api/schools/${school.id}/reviews`, {
      overallRating: 4,
      workLifeBalanceRating: 3,
      compensationRating: 3,
      careerOpportunitiesRating: 4,
      cultureRating: 4,
      leadershipRating: 3,
      pros: OLD_PROS,
      cons: 'Marking load is heavy in the spring term',
      wouldRecommend: true,
      employmentStatus: 'Current',
      jobTitle: 'Teacher of History',
      yearsAtSchool: '1-2 years',
    });
    expect(review).toMatchObject({ status: 201 });
    ids.review = review.body.id;
    const interview = await post(page, 'POST', `/api/schools/${school.id}/interviews`, {
      jobTitle: 'Teacher of Geography',
      interviewDifficulty: 'Medium',
      processDescription: 'A lesson with Year 8, then a panel with the head and a governor',
      outcome: 'Offer',
    });
    expect(interview.status).toBe(201);
    ids.interview = interview.body.id;
    const salary = await post(page, 'POST', '/api/salaries', {
      jobTitle: 'Secondary Teacher',
      schoolType: 'State School',
      borough: 'Camden',
      yearsExperience: '3-5 years',
      annualSalary: 43210,
    });
    expect(salary.status).toBe(201);
    ids.salary = salary.body.id;
    await page.close();
    const adminPage = await as('admin');
    await adminPage.goto(`${env.server.url}/`);
    expect((await post(adminPage, 'POST', `/api/moderation/reviews/${ids.review}/approve`)).status).toBe(200);
    await adminPage.close();

    const ann = await as('ann');
    const card = await reviewsTab(ann);
    await expect.poll(() => card.getByTestId('yours').count()).toBe(1);
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = ann.getByTestId('review-form');
    await expect.poll(() => form.getByLabel('Pros').inputValue()).toBe(OLD_PROS);
    expect(await ann.getByRole('dialog', { name: 'Edit your review' }).count()).toBe(1);
    // The same checks and messages as writing it.
    await form.getByLabel('Pros').fill('Too short');
    await form.getByRole('button', { name: 'Save edit' }).click();
    await expect.poll(() => ann.getByTestId('error-pros').innerText()).toMatch(/at least/i);
    await form.getByLabel('Pros').fill(NEW_PROS);
    await form.getByRole('button', { name: 'Save edit' }).click();
    await expect.poll(() => toastTitle(ann).innerText()).toBe('Edit sent');
    await expect.poll(() => card.getByTestId('edit-pending').innerText()).toContain('Edit waiting for a moderator');
    expect(await card.innerText()).toContain(OLD_PROS);
    expect(await card.innerText()).not.toContain(NEW_PROS);
    await ann.evaluate(() => window.scrollTo(0, 0));
    await screenshot(ann, 'own-voice-school-edit-pending-phone');
    await card.screenshot({ path: join(ARTIFACTS, 'own-voice-school-edit-pending-card-phone.png') });
    expect(await seriousViolations(ann)).toEqual([]);
    await ann.setViewportSize(DESKTOP);
    await screenshot(ann, 'own-voice-school-edit-pending-desktop');
    await ann.close();

    const visitor = await as('visitor');
    const seen = await reviewsTab(visitor);
    expect(await seen.innerText()).toContain(OLD_PROS);
    expect(await seen.getByTestId('own-actions').count()).toBe(0);
    expect(await seen.getByTestId('edit-pending').count()).toBe(0);
    await visitor.close();
  });

  it('an admin approves it side by side: the public reads the new text and Ann is told', { timeout: 90_000 }, async () => {
    const admin = await as('admin');
    await admin.goto(`${env.server.url}/moderation?queue=edits`);
    const item = admin.getByTestId(`edit-review-${ids.review}`);
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getByTestId('edit-published').innerText()).toContain(OLD_PROS);
    expect(await item.getByTestId('edit-proposed').innerText()).toContain(NEW_PROS);
    await item.scrollIntoViewIfNeeded();
    await screenshot(admin, 'own-voice-moderation-edits-phone');
    await item.screenshot({ path: join(ARTIFACTS, 'own-voice-moderation-edit-item-phone.png') });
    // Phone: the two versions are stacked; desktop: side by side.
    const box = async () => ({
      published: (await item.getByTestId('edit-published').boundingBox())!,
      proposed: (await item.getByTestId('edit-proposed').boundingBox())!,
    });
    let b = await box();
    expect(b.proposed.y).toBeGreaterThan(b.published.y + b.published.height - 1);
    await admin.setViewportSize(DESKTOP);
    b = await box();
    expect(Math.abs(b.proposed.y - b.published.y)).toBeLessThan(2);
    expect(b.proposed.x).toBeGreaterThan(b.published.x + b.published.width - 1);
    await screenshot(admin, 'own-voice-moderation-edits-desktop');
    await item.screenshot({ path: join(ARTIFACTS, 'own-voice-moderation-edit-item-desktop.png') });
    await item.getByRole('button', { name: 'Approve edit' }).click();
    await expect.poll(() => toastTitle(admin).innerText()).toBe('Edit approved');
    await expect.poll(() => item.count()).toBe(0);
    await admin.close();

    const visitor = await as('visitor');
    const card = await reviewsTab(visitor);
    await expect.poll(() => card.innerText()).toContain(NEW_PROS);
    await visitor.close();

    const ann = await as('ann');
    await ann.goto(`${env.server.url}/notifications`);
    const row = ann.getByTestId('notification-list').locator('li', { hasText: 'Your edit is published' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(`your review of ${school.name} now shows your changes`);
    expect(await row.getByRole('link').getAttribute('href')).toBe(`/schools/${school.id}`);
    const mine = await reviewsTab(ann);
    await expect.poll(() => mine.getByTestId('edit-pending').count()).toBe(0);
    await ann.close();
  });

  it('someone else sees no Edit or Delete on her items', { timeout: 60_000 }, async () => {
    const ben = await as('ben');
    const card = await reviewsTab(ben);
    await expect.poll(() => card.getByRole('button', { name: 'Report this review' }).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await ben.getByRole('tab', { name: /^Interviews/ }).click();
    const iv = ben.getByTestId(`interview-${ids.interview}`);
    await expect.poll(() => iv.count()).toBe(1);
    expect(await iv.getByRole('button', { name: /Edit|Delete/ }).count()).toBe(0);
    expect((await post(ben, 'DELETE', `/api/interviews/${ids.interview}`)).status).toBe(404);
    await ben.close();
  });

  it('she deletes her interview after a confirm: it is gone', { timeout: 60_000 }, async () => {
    const ann = await as('ann');
    await ann.goto(`${env.server.url}/schools/${school.id}`);
    await ann.getByRole('tab', { name: /^Interviews/ }).click();
    const iv = ann.getByTestId(`interview-${ids.interview}`);
    await expect.poll(() => iv.count()).toBe(1);
    await iv.getByRole('button', { name: 'Delete' }).click();
    const dialog = ann.getByRole('dialog', { name: 'Delete your interview experience?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(count('select count(*) n from interview_experiences where id = ?', ids.interview)).toBe(1);
    await iv.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toastTitle(ann).innerText()).toBe('Interview experience deleted');
    await expect.poll(() => iv.count()).toBe(0);
    expect(count('select count(*) n from interview_experiences where id = ?', ids.interview)).toBe(0);
    await ann.close();
  });

  it('My contributions: a published salary deleted says it leaves the averages at a later batch', { timeout: 60_000 }, async () => {
    // As a daily batch would have done: the entry is in the published figures.
    env.db.$client.prepare('update salaries set published_at = ? where id = ?').run(Date.now(), ids.salary);
    const ann = await as('ann');
    await ann.goto(`${env.server.url}/dashboard?tab=activity`);
    const list = ann.getByTestId('activity');
    await expect.poll(() => list.getByTestId(`mine-review-${ids.review}`).count()).toBe(1);
    await expect.poll(() => ann.getByRole('heading', { name: 'My contributions' }).count()).toBe(1);
    const salary = list.getByTestId(`mine-salary-${ids.salary}`);
    expect(await salary.innerText()).toContain('In the published averages');
    expect(await list.getByTestId(`mine-interview-${ids.interview}`).count()).toBe(0);
    await screenshot(ann, 'own-voice-dashboard-contributions-phone');
    await list.screenshot({ path: join(ARTIFACTS, 'own-voice-dashboard-contributions-list-phone.png') });
    expect(await seriousViolations(ann)).toEqual([]);
    await ann.setViewportSize(DESKTOP);
    await screenshot(ann, 'own-voice-dashboard-contributions-desktop');
    await ann.setViewportSize(PHONE);

    await salary.getByRole('button', { name: 'Delete' }).click();
    const dialog = ann.getByRole('dialog', { name: 'Delete your salary entry?' });
    await expect.poll(() => dialog.innerText()).toContain('It leaves the published averages at a later batch');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => toastText(ann).innerText())
      .toBe('Deleted. It leaves the published averages at a later batch; figures already published are not recomputed until then.');
    await expect.poll(() => salary.count()).toBe(0);
    // Unlinked from her and withdrawn, still in the figures until a batch takes it out (decision 1420).
    expect(env.db.$client.prepare('select user_id, withdrawn_at from salaries where id = ?').get(ids.salary)).toMatchObject({
      user_id: null,
      withdrawn_at: expect.any(Number),
    });
    await ann.close();
  });

  it('an edit made offline is sent once she is back online, exactly once', { timeout: 120_000 }, async () => {
    const ann = await as('ann');
    await ann.goto(`${env.server.url}/dashboard?tab=activity`);
    await waitForServiceWorker(ann);
    await ann.reload();
    const row = ann.getByTestId(`mine-review-${ids.review}`);
    await expect.poll(() => row.count()).toBe(1);
    const patches = () =>
      count(
        "select count(*) n from idempotency_keys where user_id = 'e2e:ann' and method = 'PATCH' and path = ?",
        `/api/reviews/${ids.review}`,
      );
    const before = patches();

    await env.browser.setOffline(true);
    try {
      await row.getByRole('button', { name: 'Edit' }).click();
      const form = ann.getByTestId('review-form');
      await expect.poll(() => form.getByLabel('Pros').inputValue()).toBe(NEW_PROS);
      await form.getByLabel('Cons').fill(OFFLINE_CONS);
      await form.getByRole('button', { name: 'Save edit' }).click();
      await expect.poll(() => toastTitle(ann).innerText()).toBe('Saved offline');
      await expect.poll(() => ann.getByTestId('queued-count').innerText()).toContain('1');
      expect(patches()).toBe(before);
    } finally {
      await env.browser.setOffline(false);
    }
    await expect.poll(() => patches(), { timeout: 30_000 }).toBe(before + 1);
    const pending = () =>
      env.db.$client
        .prepare("select body from contribution_revisions where kind = 'review' and target_id = ? and state = 'pending'")
        .all(ids.review) as { body: string }[];
    await expect.poll(() => pending().length).toBe(1);
    expect(JSON.parse(pending()[0].body)).toMatchObject({ cons: OFFLINE_CONS, pros: NEW_PROS });
    await expect.poll(() => row.getByTestId('own-actions').count()).toBe(1);
    await expect.poll(() => row.innerText()).toContain('Edit pending');
    // Another start of the app sends nothing more.
    await ann.reload();
    await expect.poll(() => ann.getByTestId(`mine-review-${ids.review}`).count()).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(patches()).toBe(before + 1);
    expect(pending().length).toBe(1);
    await ann.close();
  });
});

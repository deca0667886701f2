// axe on the dialogs and forms of a signed-in user (the phone sweep, e2e/a11y-phone, checks every
// screen in both themes; its signed-in states are answered at the network edge here).
import { describe, expect, it } from 'vitest';
import { PHONE, settle } from './harness';
import { ids, useEnv } from './a11y.helpers';
import { seriousViolations as serious, withAxe } from './axe';
import { signInAs } from './screens.helpers';

const ctx = useEnv(PHONE);

describe('accessibility (axe, dialogs)', () => {
  it('has no serious or critical violations in the dialogs and forms of a signed-in user', async () => {
    // A page of its own: its answers are routed (a signed-in user), the file's page is not.
    const page = await ctx.env.browser.newPage();
    await page.setViewportSize(PHONE);
    await withAxe(page);
    await signInAs(page);
    await page.route(`**/api/schools/${ids.schoolId}/user-mood`, (route) => route.fulfill({ json: null }));
    const found: Record<string, string[]> = {};
    await page.goto(ctx.env.server.url + `/schools/${ids.schoolId}`);
    await settle(page);
    // Each dialog is a lazily loaded chunk: axe runs once it is open, and the next step waits for it
    // to be shut (an Escape pressed before it opened left it over the next tab: CI, 27 Nov).
    const review = page.getByRole('dialog', { name: 'Write a Review' });
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await review.getByTestId('error-jobTitle').waitFor();
    found['review dialog'] = await serious(page);
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'hidden' });
    const interview = page.getByRole('dialog', { name: 'Share Interview Experience' });
    await page.getByRole('button', { name: 'Share Interview Experience' }).click();
    await interview.getByLabel('Job title').waitFor();
    found['interview dialog'] = await serious(page);
    await page.keyboard.press('Escape');
    await interview.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'Teacher Mood' }).click();
    await page.getByRole('button', { name: 'Share My Experience' }).click();
    await page.getByTestId('mood-form').waitFor();
    found['mood form'] = await serious(page);
    await page.goto(ctx.env.server.url + '/forum');
    await settle(page);
    await page.getByRole('button', { name: 'New Discussion' }).click();
    await page.getByRole('dialog', { name: 'Start a New Discussion' }).waitFor();
    found['new discussion dialog'] = await serious(page);
    expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length))).toEqual({});
    await page.close();
  }, 60_000);
});

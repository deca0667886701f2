// The phone bugs found on the commute, at 390x844 as a teacher would meet them: the queued pill keeps the page
// 390 px wide, a failed review's toast shows on top of its dialog, a 503 while online is worded as
// a retry, the reply box forgets its old error, and the compare picker's texts and single fetch.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, launchBrowser, PHONE, ROOT, waitForHydration } from './harness';

import {
  fillSalaryForm,
  holdSignIn,
  OFFLINE_SALARY,
  outboxSize,
  realSignIn,
  setup,
  teardown,
  toastText,
  toastTitle,
  type Env,
} from './screens.helpers';
import { ok } from '../test/typed';
import { QUEUED_OFFLINE, QUEUED_RETRY } from '../web/data/messages';

/** The viewport as the eye sees it (fixed bars and toasts in place). */
const screenshot = (p: Page, name: string) => p.screenshot({ path: join(ARTIFACTS, `${name}.png`) });

let env: Env;
let page: Page;
let schoolId: number;
beforeAll(async () => {
  env = await setup({}, { serviceWorkers: 'allow' });
  schoolId = (await env.api('/api/schools?search=Westminster%20City%20School'))[0].id;
  page = await env.browser.newPage();
  page.setDefaultTimeout(15_000);
  await page.setViewportSize(PHONE);
  await realSignIn(page, env, 'commuter@school.example', 'Cara Commuter', '/');
});
afterAll(() => teardown(env));
/** The file's one signed-in page (in its shared context), opened again if an attempt closed or crashed it. */
async function reopenIfClosed() {
  if (!page.isClosed()) return;
  page = await env.browser.newPage();
  page.setDefaultTimeout(15_000);
  await page.setViewportSize(PHONE);
}
beforeEach(reopenIfClosed);

/** The page's layout box: document width and the bottom bar's place on the screen. */
const layout = (p: Page) =>
  p.evaluate(() => {
    const dock = document.querySelector('nav[aria-label="Quick"]')!.getBoundingClientRect();
    return {
      width: document.documentElement.scrollWidth,
      dockTop: Math.round(dock.top),
      dockBottom: Math.round(dock.bottom),
      innerHeight: window.innerHeight,
    };
  });

/** True when the element's centre is not covered by anything else (what a finger would hit). */
const onTop = (p: Page, testId: string) =>
  p.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && el.contains(hit) && r.top >= 0 && r.bottom <= window.innerHeight;
  }, testId);

describe('the commute bugs at 390x844', () => {
  it('1: a salary answered 503 while online is queued, worded as a retry, and the page stays 390 px wide', async () => {
    await page.route('**/api/salaries', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, json: { error: 'Service Unavailable' } }) : route.fallback(),
    );
    await page.goto(env.server.url + '/salaries');
    await page.getByRole('tab', { name: 'Contribute Data' }).click();
    // A failed first attempt's salary is still queued (every replay answered 503): counted from here.
    const before = await outboxSize(page);
    const waiting = before + 1;
    await fillSalaryForm(page, {
      jobTitle: 'Secondary Teacher',
      schoolType: 'Academy',
      borough: 'Hackney',
      yearsExperience: '3-5 years',
      annualSalary: '43,210',
    });
    const submit = page.getByRole('button', { name: 'Submit Salary' });
    await submit.scrollIntoViewIfNeeded();
    const pressed = (await submit.boundingBox())!;
    await submit.click();
    await expect.poll(() => toastTitle(page).innerText()).toBe(QUEUED_RETRY.title);
    expect(await toastText(page).innerText()).toBe(QUEUED_RETRY.description);
    expect(QUEUED_RETRY.description).not.toMatch(/offline|back online/i);
    expect(await page.getByTestId('toast').getAttribute('data-variant')).toBe('default');
    await expect.poll(() => page.getByTestId('queued-count').innerText()).toBe(`${waiting} queued`);
    expect(await onTop(page, 'toast')).toBe(true);
    // Clear of the bottom bar, and not over the button just pressed.
    const toastBox = (await page.getByTestId('toast').boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual((await layout(page)).dockTop);
    expect(toastBox.y >= pressed.y + pressed.height || toastBox.y + toastBox.height <= pressed.y).toBe(true);
    await screenshot(page, 'after-queued-phone');
    // The whole header fits: pill, avatar and menu button on screen; no sideways scrolling.
    expect(await layout(page)).toEqual({ width: 390, dockTop: expect.any(Number), dockBottom: 844, innerHeight: 844 });
    const pill = `${waiting} submission${waiting === 1 ? '' : 's'} waiting to be sent`;
    for (const name of [pill, 'Account menu for Cara', 'Open menu']) {
      const box = (await page.getByRole(name === pill ? 'link' : 'button', { name }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    // Every screen with the pill showing.
    for (const path of ['/', '/jobs', `/schools/${schoolId}`, '/forum', '/pay-scales', '/compare', '/dashboard']) {
      await page.goto(env.server.url + path);
      await page.getByTestId('queued-count').waitFor();
      await page.locator('h1').first().waitFor();
      const l = await layout(page);
      expect(l.width, path).toBe(390);
      expect(l.dockBottom, path).toBe(844);
    }
  }, 90_000);

  it('3: offline, the same queueing keeps the offline wording; both reach the server once it takes them', async () => {
    await page.unroute('**/api/salaries');
    await page.goto(env.server.url + '/salaries');
    await page.getByRole('tab', { name: 'Contribute Data' }).click();
    // Back online even when a step fails: the tests after this one share the page.
    await page.context().setOffline(true);
    try {
      await fillSalaryForm(page, OFFLINE_SALARY);
      await page.getByRole('button', { name: 'Submit Salary' }).click();
      await expect.poll(() => toastTitle(page).innerText()).toBe(QUEUED_OFFLINE.title);
      expect(await toastText(page).innerText()).toBe("Saved — will be sent when you're back online");
    } finally {
      await page.context().setOffline(false);
    }
    // Both reach the server once it takes them.
    await expect.poll(() => page.getByTestId('queued-count').count(), { timeout: 30_000 }).toBe(0);
  }, 90_000);

  it("2: a failed review's toast is drawn on top of the open dialog, clear of its buttons", async () => {
    await page.route(`**/api/schools/${schoolId}/reviews`, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 403, json: { error: 'Forbidden' } }) : route.fallback(),
    );
    await page.goto(env.server.url + `/schools/${schoolId}`);
    await page.getByRole('button', { name: 'Write a Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write a Review' });
    await dialog.getByLabel('Job title').fill('Teacher of Physics');
    await dialog.getByLabel('Years at school').selectOption('3-5 years');
    await dialog.getByTestId('stars-overallRating').locator('label').nth(3).click();
    await dialog.getByLabel('Pros', { exact: true }).fill('Great colleagues and a calm building.');
    await dialog.getByLabel('Cons', { exact: true }).fill('Long days around report season.');
    const submit = dialog.getByRole('button', { name: 'Submit Review' });
    await submit.click();
    await expect.poll(() => toastText(page).innerText()).toBe('Failed to submit review. Please try again.');
    expect(await dialog.isVisible()).toBe(true);
    // Inside the dialog (the top layer), hit-testable, and not over the button just pressed.
    expect(await page.evaluate(() => !!document.querySelector('dialog[open] [data-testid="toast"]'))).toBe(true);
    expect(await onTop(page, 'toast')).toBe(true);
    const t = (await page.getByTestId('toast').boundingBox())!;
    const b = (await submit.boundingBox())!;
    expect(t.y + t.height <= b.y || t.y >= b.y + b.height).toBe(true);
    await screenshot(page, 'after-review-failed-toast-phone');
    // The toast can be dismissed while the dialog is open (not inert).
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.unroute(`**/api/schools/${schoolId}/reviews`);
  }, 60_000);

  it('4: after an empty reply and then a successful one, no stale "Content is required"', async () => {
    const threads = await ok(env.client.forum.threads.$get({ query: {} }));
    const open = threads.find((t) => !t.isLocked && t.isApproved)!;
    await page.goto(env.server.url + `/forum/threads/${open.id}`);
    const form = page.getByTestId('reply-form').last();
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expect.poll(() => page.getByTestId('error-reply-thread').innerText()).toBe('Content is required');
    await form.getByLabel('Add a reply', { exact: true }).fill('Same here: our department trialled it last year.');
    // Typing clears the message at once; the successful post keeps it gone.
    await expect.poll(() => page.getByTestId('error-reply-thread').count()).toBe(0);
    await form.getByRole('button', { name: 'Post Reply' }).click();
    await expect.poll(() => toastTitle(page).innerText()).toBe('Reply Submitted');
    expect(await form.getByLabel('Add a reply', { exact: true }).inputValue()).toBe('');
    expect(await page.getByTestId('error-reply-thread').count()).toBe(0);
    expect(await form.getByLabel('Add a reply', { exact: true }).getAttribute('aria-invalid')).toBeNull();
  }, 60_000);

  it('5: the compare picker fetches the schools once and never says No schools match ""', async () => {
    const p = await env.browser.newPage();
    await p.setViewportSize(PHONE);
    let calls = 0;
    p.on('request', (r) => r.url().includes('/api/schools') && calls++);
    await p.goto(env.server.url + '/compare');
    await p.getByText('Select schools to start comparing').waitFor();
    const add = p.getByRole('button', { name: 'Add School to Compare' });
    for (let i = 0; i < 3; i++) {
      await add.click();
      await expect.poll(() => p.locator('#compare-options li').count()).toBeGreaterThan(0);
      await p.getByRole('button', { name: 'Close school picker' }).click();
      await expect.poll(() => p.getByTestId('compare-picker').count()).toBe(0);
    }
    expect(calls).toBe(1);
    // A search with no result names what was typed; an empty list never shows "".
    await add.click();
    await p.getByLabel('Search schools to compare').fill('Zzyzx Academy of Nowhere');
    await expect.poll(() => p.getByTestId('compare-empty').innerText()).toBe('No schools match "Zzyzx Academy of Nowhere".');
    await p.getByLabel('Search schools to compare').fill('');
    await expect.poll(() => p.locator('#compare-options li').count()).toBeGreaterThan(0);
    await p.close();

    const empty = await env.browser.newPage();
    await empty.setViewportSize(PHONE);
    await empty.route('**/api/schools?**', (route) => route.fulfill({ json: [], headers: { 'X-Total-Count': '0' } }));
    await empty.route('**/api/schools', (route) => route.fulfill({ json: [], headers: { 'X-Total-Count': '0' } }));
    await empty.goto(env.server.url + '/compare');
    await empty.getByRole('button', { name: 'Add School to Compare' }).click();
    await expect.poll(() => empty.getByTestId('compare-empty').innerText()).toBe('No schools to add.');
    expect(await empty.getByTestId('compare-picker').innerText()).not.toContain('""');
    await empty.close();
  }, 60_000);
});

describe('phone-shaped screens at 390x844', () => {
  it('the review form: tap-to-rate stars operable by keyboard, the whole form in about a screen and a half', async () => {
    await page.goto(env.server.url + `/schools/${schoolId}`);
    await page.getByRole('button', { name: 'Write a Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write a Review' });
    await dialog.getByRole('button', { name: 'Submit Review' }).waitFor();
    expect(await dialog.locator('select').count()).toBe(2); // employment status and years, no rating selects
    const culture = dialog.getByRole('radiogroup', { name: 'Culture' });
    expect(await culture.getByRole('radio').count()).toBe(5);
    // Keyboard: focus the checked star, arrows move the rating.
    await culture.getByRole('radio', { name: '5 stars' }).focus();
    await expect.poll(() => culture.getByRole('radio', { name: '5 stars' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => culture.getByRole('radio', { name: '3 stars' }).isChecked()).toBe(true);
    await expect.poll(() => dialog.getByTestId('stars-cultureRating').locator('svg[fill="currentColor"]').count()).toBe(3);
    // A tap on the first star.
    await dialog.getByTestId('stars-cultureRating').locator('label').first().click();
    await expect.poll(() => culture.getByRole('radio', { name: '1 star' }).isChecked()).toBe(true);
    const height = await dialog.getByTestId('review-form').evaluate((f) => f.scrollHeight);
    expect(height).toBeLessThan(844 * 1.5);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it("the visitor's header has Sign In on a phone; the school page has no initials banner; tabs all in sight", async () => {
    const visitor = await env.browser.browser()!.newContext({ viewport: PHONE });
    const p = await visitor.newPage();
    try {
      await p.goto(env.server.url + `/schools/${schoolId}`);
      const signIn = p.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true });
      await expect.poll(() => signIn.isVisible()).toBe(true);
      const box = (await signIn.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThanOrEqual(44);
      // Westminster City School has no photo: a small initials tile, not a 160 px banner.
      const tile = p.getByRole('img', { name: 'No photo of Westminster City School yet' });
      expect((await tile.boundingBox())!.height).toBeLessThanOrEqual(64);
      for (const tab of await p.getByRole('tab').all()) {
        const b = (await tab.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(390);
      }
      expect(await p.getByRole('tab').count()).toBe(5);
    } finally {
      await visitor.close();
    }
  });

  it('pay scales: figures first, one Effective line with the year beside it, sources folded', async () => {
    await page.goto(env.server.url + '/pay-scales');
    await expect.poll(() => page.getByTestId('effective-line').innerText()).toBe('Effective 1 September 2026');
    const line = (await page.getByTestId('effective-line').boundingBox())!;
    const year = (await page.getByLabel('Year').boundingBox())!;
    expect(Math.abs(year.y + year.height / 2 - (line.y + line.height / 2))).toBeLessThan(12); // same row
    expect(await page.getByTestId('sources').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    const firstTable = (await page.getByTestId('pay-groups').locator('table').first().boundingBox())!;
    expect(firstTable.y).toBeLessThan(844); // figures on the first screen
  });

  it('salaries: the amount and date stay in one column at the right when details wrap', async () => {
    await page.goto(env.server.url + '/salaries');
    const rows = page.getByTestId('recent-salaries').locator('> li');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (const row of (await rows.all()).slice(0, 5)) {
      const r = (await row.boundingBox())!;
      const amount = (await row.getByTestId('salary-amount').boundingBox())!;
      expect(Math.round(amount.x + amount.width)).toBeGreaterThanOrEqual(Math.round(r.x + r.width) - 1);
      expect(amount.y - r.y).toBeLessThan(20); // on the first line of the row
    }
  });

  it('the mood form says what "Post anonymously" changes, in both states', async () => {
    await page.goto(env.server.url + `/schools/${schoolId}`);
    await page.getByRole('tab', { name: 'Teacher Mood' }).click();
    await page.getByRole('button', { name: /Share My Experience|Update My Mood/ }).click();
    const hint = page.getByTestId('mood-anonymous-hint');
    const box = page.getByLabel('Post anonymously');
    if (await box.isChecked()) await box.uncheck();
    await expect
      .poll(() => hint.innerText())
      .toBe('Not ticked: other teachers still see only the mood and comment, never your name. Tick to mark it anonymous as well.');
    await box.check();
    await expect
      .poll(() => hint.innerText())
      .toBe('Ticked: your mood is marked anonymous. Other teachers see the mood and comment, never your name.');
    expect(await box.getAttribute('aria-describedby')).toBe('mood-anonymous-hint');
  });
});

describe('toasts and the control just pressed', () => {
  it('a toast never covers the button just pressed: low on the screen, it shows at the top', async () => {
    await page.goto(env.server.url + '/jobs');
    const heart = page.getByTestId('save-job').nth(1);
    await heart.waitFor();
    // Put the heart just above the bottom bar, where a bottom toast would land.
    await heart.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - 100)));
    const before = (await heart.boundingBox())!;
    expect(before.y + before.height).toBeGreaterThan(844 - 200);
    await heart.click();
    await expect.poll(() => toastTitle(page).innerText()).toMatch(/^Job (Saved|Removed)$/);
    expect(await page.getByTestId('toaster').getAttribute('data-placement')).toBe('top');
    const t = (await page.getByTestId('toast').boundingBox())!;
    const b = (await heart.boundingBox())!;
    expect(t.y + t.height <= b.y || t.y >= b.y + b.height).toBe(true);
    await screenshot(page, 'after-toast-top-phone');
    // Pressed high on the screen: the toast stays at the bottom, above the bar.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    const first = page.getByTestId('save-job').first();
    await first.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 150));
    await first.click();
    // The dismissed toast may still be fading out: wait for the new one's placement.
    await expect.poll(() => page.getByTestId('toast').count()).toBe(1);
    await expect.poll(() => page.getByTestId('toaster').getAttribute('data-placement')).toBe('bottom');
  });

  // The Toaster is a later() part: on a slow phone (a loaded box: the clean-clone run once read
  // 'bottom' above) its chunk arrives after the tap. It used to note presses only once mounted, so
  // it missed that one and showed the toast at the bottom, over the heart. Deterministic: the chunk
  // is held back until the toast has been raised, on a device with no service worker (the route
  // sees the request).
  it("a tap made before the toast's own part has arrived still keeps the toast off the button", async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const file = manifest['components/toast/Toaster.tsx']?.file;
    expect(file).toBeTruthy();
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const context = await launchBrowser({ serviceWorkers: 'block' });
    try {
      const visitor = await context.newPage();
      visitor.setDefaultTimeout(15_000);
      await visitor.setViewportSize(PHONE);
      const { login } = await holdSignIn(visitor);
      let asked = false;
      await visitor.route(`**/${file}`, async (route) => {
        asked = true;
        await gate;
        await route.continue().catch(() => undefined);
      });
      await visitor.goto(env.server.url + '/jobs');
      await waitForHydration(visitor);
      await expect.poll(() => asked).toBe(true);
      const heart = visitor.getByTestId('save-job').nth(1);
      // Low on the screen, once the cards above it have stopped growing (their take-home lines come
      // with their own chunk): a heart that moves as it is clicked is scrolled to the middle by the
      // click's own retry, where a toast at the bottom would be right.
      let b = (await heart.boundingBox())!;
      for (let settled = 0, tries = 0; settled < 3 && tries < 40; tries++) {
        await heart.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - 100)));
        await visitor.waitForTimeout(300);
        const now = (await heart.boundingBox())!;
        settled = now.y === b.y ? settled + 1 : 0;
        b = now;
      }
      expect(b.y + b.height).toBeGreaterThan(844 - 200);
      await heart.click();
      expect((await heart.boundingBox())!.y).toBe(b.y);
      // A visitor's heart says Sign In Required, then asks for the login page 1.5 s later: the
      // toast has been raised, with no Toaster yet to show it.
      await login();
      expect(await visitor.getByTestId('toast').count()).toBe(0);
      release();
      await expect.poll(() => toastTitle(visitor).innerText()).toBe('Sign In Required');
      expect(await visitor.getByTestId('toaster').getAttribute('data-placement')).toBe('top'); // (was: bottom)
      const t = (await visitor.getByTestId('toast').boundingBox())!;
      expect(t.y + t.height <= b.y || t.y >= b.y + b.height).toBe(true);
    } finally {
      release();
      await context.close();
    }
  });
});

// Thumb-sized and readable (the phone on the commute): the rule of e2e/tap-targets.ts at 390x844 on
// what a signed-in admin sees (menus, dialogs, tabs, moderation, a school's own screens) and on what
// a visitor only sees after a tap. Failures are listed by accessible name.
import type { Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHONE, settle } from './harness';
import { measureTargets, type TargetProblem } from './tap-targets';
import { realSignIn, setup, teardown, type Env } from './screens.helpers';
import { ok } from '../test/typed';

const ADMIN = 'admin.thumbs@school.example';
let env: Env;
let page: Page;
let ids: { job: number; school: number; thread: number };
beforeAll(async () => {
  env = await setup({ ADMIN_EMAILS: ADMIN });
  const jobs = await ok(env.client.jobs.$get({ query: {} }));
  const [school] = await ok(env.client.schools.$get({ query: { search: 'Westminster City School' } }));
  const threads = await ok(env.client.forum.threads.$get({ query: {} }));
  ids = { job: jobs[0].id, school: school.id, thread: threads.find((t) => !t.isLocked)!.id };
  page = await env.browser.newPage();
  page.setDefaultTimeout(15_000);
  await page.setViewportSize(PHONE);
});
afterAll(() => teardown(env));
// The tests share one page: opened again (same context) if an attempt closed or crashed it.
beforeEach(async () => {
  if (!page.isClosed()) return;
  page = await env.browser.newPage();
  page.setDefaultTimeout(15_000);
  await page.setViewportSize(PHONE);
});

/** Writes to the server's database directly (a school membership, as an approved claim makes one). */
function sql(e: Env, fn: (db: Database.Database) => void) {
  const db = new Database(e.server.databasePath);
  try {
    fn(db);
  } finally {
    db.close();
  }
}

const results: { screen: string; small: TargetProblem[]; tinyText: TargetProblem[]; count: number }[] = [];
async function check(screen: string) {
  const r = await page.evaluate(measureTargets);
  results.push({ screen, ...r });
  return r;
}
async function visit(path: string) {
  await page.goto(env.server.url + path);
  await page.locator('h1').first().waitFor();
  // Loaded and painted: no skeleton left, animations ended (not 'networkidle': half a second of
  // quiet per screen, and photos may live on hosts this machine cannot reach).
  await settle(page);
}

describe('tap targets and text size at 390x844', () => {
  // Every visitor screen is measured by the phone sweep (e2e/a11y-phone, e2e/a11y.helpers), in the
  // same visit as axe and its other checks; here what only shows after a tap.
  it('a visitor: the menu and the compare picker', async () => {
    await visit('/jobs');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').waitFor();
    await check('visitor menu open');
    await visit('/compare');
    await page.getByRole('button', { name: 'Add School to Compare' }).click();
    await expect.poll(() => page.locator('#compare-options li').count()).toBeGreaterThan(0);
    await check('compare picker');
    for (let i = 0; i < 3; i++) {
      if (i > 0) await page.getByRole('button', { name: 'Add School to Compare' }).click();
      await page.locator('#compare-options button').first().click();
    }
    await page.getByTestId('insights').waitFor();
    await check('compare with 3 schools');
  }, 120_000);

  it('every screen, signed in as an admin (menus, dialogs, tabs, moderation)', async () => {
    // Signed out first: a retry finds the first attempt's session in the shared context.
    await env.browser.clearCookies();
    await realSignIn(page, env, ADMIN, 'Ada Admin', '/');
    // Something to moderate: a pending thread.
    await page.evaluate(async () => {
      const cats = await (await fetch('/api/forum/categories')).json();
      await fetch('/api/forum/threads', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          title: 'Tap target check thread',
          content: 'Is this button big enough for a thumb?',
          categoryId: cats[0].id,
        }),
      });
    });
    await visit('/');
    await check('signed-in home');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await check('account menu open');
    await visit(`/jobs/${ids.job}`);
    await check('signed-in job');
    await visit(`/schools/${ids.school}`);
    await check('signed-in school');
    for (const tab of ['Teacher Mood', 'Reviews', 'Interviews', 'Jobs']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      // Each tab is its own chunk: measure its content, not the skeleton shown while it loads.
      await settle(page);
      await check(`school tab ${tab}`);
    }
    await page.getByRole('tab', { name: /^Overview/ }).click();
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await page.getByRole('dialog', { name: 'Write a Review' }).waitFor();
    await check('review dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Write a Review' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Share Interview Experience' }).click();
    await page.getByRole('dialog', { name: /Interview/ }).waitFor();
    await check('interview dialog');
    await page.keyboard.press('Escape');
    await visit('/salaries');
    await page.getByRole('tab', { name: 'Contribute Data' }).click();
    // The salary form is its own chunk.
    await page.getByRole('button', { name: 'Submit Salary' }).waitFor();
    await check('salaries contribute');
    await visit('/forum');
    await check('signed-in forum');
    await page.getByRole('button', { name: 'New Discussion' }).first().click();
    await page.getByRole('dialog', { name: 'Start a New Discussion' }).waitFor();
    await check('new discussion dialog');
    await page.keyboard.press('Escape');
    await visit(`/forum/threads/${ids.thread}`);
    await check('signed-in thread');
    await visit('/moderation?queue=threads');
    await expect.poll(() => page.getByText('Tap target check thread').count()).toBeGreaterThan(0);
    await check('moderation');
    await visit('/dashboard');
    await check('dashboard');
    await visit('/notifications');
    await check('notifications');
    // A school's own screens: its job list (empty) and the job form, with every message showing.
    sql(env, (db) => {
      const user = db.prepare('select id from users where email = ?').get(ADMIN) as { id: string };
      db.prepare(
        "insert or ignore into school_members (user_id, school_id, role, method, verified_at, confirmed_at) values (?, ?, 'admin', 'admin', ?, ?)",
      ).run(user.id, ids.school, Date.now(), Date.now());
    });
    await visit(`/manage/schools/${ids.school}/jobs`);
    await check('school jobs (empty)');
    await visit(`/manage/schools/${ids.school}/jobs/new`);
    await page.getByRole('button', { name: 'Publish the job' }).click();
    await page.getByTestId('error-title').waitFor();
    await check('job form with errors');
    // A toast's Dismiss button.
    await visit('/jobs');
    await page.getByTestId('save-job').first().click();
    await page.getByTestId('toast').waitFor();
    await check('jobs with a toast');
  }, 180_000);

  it('finds no target under the rule and no text under 12 px', () => {
    const small = results.flatMap((r) => r.small.map((p) => `${r.screen}: "${p.name}" ${p.size}`));
    const tiny = results.flatMap((r) => r.tinyText.map((p) => `${r.screen}: "${p.name}" ${p.size}`));
    expect([...new Set(small)]).toEqual([]);
    expect([...new Set(tiny)]).toEqual([]);
    expect(results.length).toBeGreaterThan(20);
    for (const r of results) expect(r.count, r.screen).toBeGreaterThan(3);
  });
});

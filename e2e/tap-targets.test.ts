// Thumb-sized and readable (the phone on the commute): at 390x844, every visible interactive element of every
// screen (and of its menus, dialogs, tabs and pickers) is at least 44x44 CSS px, or at least
// 24x24 with no other target within 44 px (WCAG 2.5.8's spacing exception); links inside running
// text are exempt (WCAG's inline exception). No visible text is under 12 px. Failures are listed
// by accessible name. See docs/decisions/1103-tap-target-rule.md.
import type { Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHONE, settle } from './harness';
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

interface Problem {
  name: string;
  size: string;
}

/** Runs in the page: the targets that break the size rule, and text under 12 px. */
function measure(): { small: Problem[]; tinyText: Problem[]; count: number } {
  const hidden = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width <= 1 || r.height <= 1 || !el.checkVisibility({ visibilityProperty: true }) || !!el.closest('[inert]');
  };
  // With a modal dialog open, only its contents can be touched.
  const modal = [...document.querySelectorAll('dialog')].filter((d) => d.matches(':modal')).pop();
  const root: ParentNode = modal ?? document;
  const sel =
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=radio], [role=checkbox], [role=menuitem]';
  const nameOf = (el: Element): string => {
    const label = el.getAttribute('aria-label');
    if (label) return label;
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return by
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent?.trim())
        .join(' ');
    const id = el.getAttribute('id');
    const lab = (id && document.querySelector(`label[for="${id}"]`)) || el.closest('label');
    if (lab && el.matches('input, select, textarea')) return lab.textContent.trim();
    return ((el as HTMLElement).innerText || el.getAttribute('title') || el.getAttribute('placeholder') || el.tagName)
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 60);
  };
  // A link inside running text (a paragraph with more words than the link).
  const inline = (el: Element) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const block = el.parentElement?.closest('p, li, dd, td, span, label');
    return !!block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 2;
  };
  // A link stretched over its card (its ::after covers the nearest positioned ancestor, as the
  // forum's and the jobs' cards do) is tapped anywhere on that card: the card is its target.
  const stretchedOver = (el: Element): Element | null => {
    const after = getComputedStyle(el, '::after');
    if (el.tagName !== 'A' || after.position !== 'absolute' || after.content === 'none') return null;
    let up = el.parentElement;
    while (up && getComputedStyle(up).position === 'static') up = up.parentElement;
    return up;
  };
  const targets: { el: Element; r: DOMRect }[] = [];
  for (const el of root.querySelectorAll(sel)) {
    const card = stretchedOver(el);
    if (card && !hidden(el)) {
      targets.push({ el, r: card.getBoundingClientRect() });
      continue;
    }
    let box: Element = el;
    // A checkbox or radio is tapped through its label; a visually hidden one counts by its label.
    if (el.matches('input[type=checkbox], input[type=radio]'))
      box = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null) ?? el;
    if (hidden(box)) continue;
    if (targets.some((t) => t.el === box)) continue;
    targets.push({ el: box, r: box.getBoundingClientRect() });
  }
  const small: Problem[] = [];
  for (const t of targets) {
    const { width: w, height: h } = t.r;
    if (w >= 43.5 && h >= 43.5) continue;
    if (inline(t.el)) continue;
    const size = `${Math.round(w)}x${Math.round(h)}`;
    if (w >= 24 && h >= 24) {
      const cx = t.r.left + w / 2;
      const cy = t.r.top + h / 2;
      const crowded = targets.some((o) => {
        if (o === t || o.el.contains(t.el) || t.el.contains(o.el)) return false;
        const dx = Math.max(o.r.left - cx, 0, cx - o.r.right);
        const dy = Math.max(o.r.top - cy, 0, cy - o.r.bottom);
        return Math.hypot(dx, dy) < 22;
      });
      if (!crowded) continue;
    }
    small.push({ name: nameOf(t.el), size });
  }
  const tinyText: Problem[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent!.trim();
    const parent = n.parentElement;
    if (!text || !parent || parent.closest('script, style, noscript, title, svg') || hidden(parent)) continue;
    const px = parseFloat(getComputedStyle(parent).fontSize);
    if (px < 12) tinyText.push({ name: text.slice(0, 40), size: `${px}px` });
  }
  return { small, tinyText, count: targets.length };
}

const results: { screen: string; small: Problem[]; tinyText: Problem[]; count: number }[] = [];
async function check(screen: string) {
  const r = await page.evaluate(measure);
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
  it('every screen, as a visitor', async () => {
    for (const [screen, path] of [
      ['home', '/'],
      ['jobs', '/jobs'],
      ['job', `/jobs/${ids.job}`],
      ['schools', '/schools'],
      ['school', `/schools/${ids.school}`],
      ['salaries', '/salaries'],
      ['pay-scales', '/pay-scales'],
      ['forum', '/forum'],
      ['thread', `/forum/threads/${ids.thread}`],
      ['about', '/about-us'],
    ] as const) {
      await visit(path);
      await check(`visitor ${screen}`);
    }
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
    expect(results.length).toBeGreaterThan(25);
    for (const r of results) expect(r.count, r.screen).toBeGreaterThan(3);
  });
});

// Issue 37, item 11 (Salaries), on a phone (390x844) in Chromium: the median and the middle half
// (25th-75th percentile) of each role, under pay area, phase, borough and experience filters kept
// in the address, beside its pay-scale band (named), an odd figure explained in words, a group
// under 5 never shown; server-rendered as the address says, and readable offline. Screenshots at
// 390x844 and 1280x800. The server's database is the demo's plus ten Southwark secondary teachers
// (five with 3-5 years, five with 11-15 years paid less) and four Southwark primary teachers.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './axe';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  type RunningServer,
  screenshot,
  settle,
  startServer,
  waitForHydration,
  waitForServiceWorker,
} from './harness';
import { freshPhone } from './screens.helpers';

let server: RunningServer;
const NOTE =
  "Lower than Secondary Teacher with 3-5 years (median £54,000). Not a mistake: these are the salaries teachers shared, not a scale, and the 5 here may work in other kinds of school, part time, or on a school's own pay.";

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'tilt-e2e-salaries-')), 'app.db');
  copyFileSync(inject('serverTemplates').demo, path);
  const db = new Database(path);
  const add = db.prepare(
    "insert into salaries (job_title, school_type, borough, years_experience, annual_salary, created_at) values (?, 'Academy', 'Southwark', ?, ?, ?)",
  );
  const at = Date.now() - 86_400_000;
  for (const s of [52_000, 53_000, 54_000, 55_000, 56_000]) add.run('Secondary Teacher', '3-5 years', s, at);
  for (const s of [44_000, 45_000, 46_000, 47_000, 48_000]) add.run('Secondary Teacher', '11-15 years', s, at);
  for (const s of [38_000, 39_000, 40_000, 41_000]) add.run('Primary Teacher', '0-2 years', s, at);
  // Published again at the first read, with these in the set.
  db.prepare("delete from published_stats where name like 'salaries.%'").run();
  db.close();
  server = await startServer({}, path);
});
afterAll(() => server?.stop());

/** A fresh device (its own storage): a first visit. */
const phone = () => freshPhone(15_000, { serviceWorkers: 'allow' });
const groups = (page: Page) => page.getByTestId('salary-group');
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('item 11: salaries by role, median and middle half, filtered, beside the pay scale', () => {
  it('filters in the address, each role with its median, range and named band; an odd figure explained', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(`${server.url}/salaries`);
      await waitForHydration(page);
      // All of London: each role of at least 5, with its median, middle half and band.
      await expect.poll(() => groups(page).count(), { timeout: 20_000 }).toBeGreaterThan(5);
      const all = await (await fetch(`${server.url}/api/salaries/groups`)).json();
      const first = all.groups[0];
      expect(first.role).toBe('Primary Teacher');
      const row = groups(page).first();
      expect(await row.locator('h3').innerText()).toBe('Primary Teacher');
      expect(await row.getByTestId('group-median').innerText()).toBe(`£${first.median.toLocaleString('en-GB')}`);
      expect(await row.getByTestId('group-range').innerText()).toContain(
        `£${first.p25.toLocaleString('en-GB')} – £${first.p75.toLocaleString('en-GB')}`,
      );
      expect(await row.getByTestId('group-band').innerText()).toBe(
        `Pay scale: Main and upper pay ranges (M1-U3), Outer to Inner London 2026-27: £39,196 – £64,684`,
      );
      const roles = await groups(page).locator('h3').allInnerTexts();
      expect(roles).not.toContain('Cover Supervisor');
      expect(await page.getByText("Support staff: paid on their council's or school's own scales").count()).toBeGreaterThan(0);
      await screenshot(page, 'salaries-groups-phone');

      // Pick Southwark, then 11-15 years: the address keeps them; the group beside Inner London's band, its odd median explained.
      await page.getByLabel('Borough').selectOption('Southwark');
      await page.waitForURL(/borough=Southwark/);
      // The address changes first; the pay area follows the borough once the screen has rendered.
      await expect.poll(() => page.getByLabel('Pay area').inputValue()).toBe('Inner London');
      await page.getByLabel('Experience').selectOption('11-15 years');
      await page.waitForURL(/experience=11-15\+years/);
      await expect.poll(() => groups(page).locator('h3').allInnerTexts()).toEqual(['Secondary Teacher']);
      const odd = groups(page).first();
      expect(await odd.innerText()).toContain('5 submissions');
      expect(await odd.getByTestId('group-median').innerText()).toBe('£46,000');
      expect(await odd.getByTestId('group-range').innerText()).toContain('£45,000 – £47,000');
      expect(await odd.getByTestId('group-band').innerText()).toBe(
        'Pay scale: Main and upper pay ranges (M1-U3), Inner London 2026-27: £41,729 – £64,684',
      );
      expect(await odd.getByTestId('group-note').allInnerTexts()).toEqual([NOTE]);
      expect(await noSideScroll(page)).toBe(true);
      await odd.getByTestId('group-note').scrollIntoViewIfNeeded();
      await screenshot(page, 'salaries-odd-phone');
      expect(await seriousViolations(page)).toEqual([]);
      // Once hydrated, a choice applies at once: the form's button is for a browser without the script.
      expect(await page.getByRole('button', { name: 'Show figures' }).count()).toBe(0);

      // Four primary teachers in Southwark with 0-2 years: a group under 5 never shows, and says why.
      await page.getByLabel('Experience').selectOption('0-2 years');
      await expect.poll(() => page.getByText('No group here has 5 submissions yet').isVisible()).toBe(true);
      expect(await groups(page).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => groups(page).count()).toBeGreaterThan(5);
      expect(new URL(page.url()).search).toBe('');
    } finally {
      await context.close();
    }
  });

  it('the server-rendered page shows the filtered figures, and they read offline', async () => {
    const address = `${server.url}/salaries?borough=Southwark&experience=11-15+years`;
    const html = await (await fetch(address)).text();
    expect(html).toContain('£46,000');
    expect(html).toContain('Lower than Secondary Teacher with 3-5 years');
    // Without the script the filters are a GET form of this page, with a button.
    const form = html.match(/<form[^>]*action="\/salaries"[^>]*>([\s\S]*?)<\/form>/)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect([...form.matchAll(/<select[^>]* name="([^"]+)"/g)].map((m) => m[1])).toEqual(['area', 'phase', 'borough', 'experience']);
    // Its button only where the script never runs (taking it away after the script ran moved the figures up).
    expect(form).toMatch(/<noscript[^>]*><button type="submit"[^>]*>Show figures<\/button><\/noscript>/);
    const device = await launchBrowser();
    const noScript = await device.browser()!.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await noScript.newPage();
      await page.goto(`${server.url}/salaries`);
      await page.getByLabel('Borough').selectOption('Southwark');
      await page.getByLabel('Experience').selectOption('11-15 years');
      await page.getByRole('button', { name: 'Show figures' }).click();
      await page.waitForURL((u) => u.searchParams.get('borough') === 'Southwark');
      expect(await groups(page).first().getByTestId('group-median').innerText()).toBe('£46,000');
    } finally {
      await noScript.close();
      await device.close();
    }
    const { context, page } = await phone();
    try {
      await page.goto(address);
      await waitForServiceWorker(page);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      await page.goto(address);
      await expect.poll(() => groups(page).first().getByTestId('group-median').innerText()).toBe('£46,000');
      expect(await groups(page).first().getByTestId('group-note').innerText()).toBe(NOTE);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });

  it('reads well at 1280x800', async () => {
    const context = await launchBrowser({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${server.url}/salaries?area=Inner+London`);
      await expect.poll(() => groups(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await settle(page);
      expect(await groups(page).first().getByTestId('group-band').innerText()).toContain('Inner London 2026-27');
      await screenshot(page, 'salaries-groups-desktop');
      await page.goto(`${server.url}/salaries?borough=Southwark&experience=11-15+years`);
      await expect.poll(() => groups(page).count()).toBe(1);
      await settle(page);
      await screenshot(page, 'salaries-odd-desktop');
      // The experience chart (every role) says when a band averages less than the one before.
      const stats = await (await fetch(`${server.url}/api/salaries/stats`)).json();
      const bands: { experience: string; average: number }[] = stats.averageByExperience;
      const lower = bands.filter((b, i) => i > 0 && b.average < bands[i - 1].average);
      expect(lower.length).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByTestId('chart-note').allInnerTexts())
        .toEqual(
          lower.map(
            (b) =>
              `${b.experience} averages less than ${bands[bands.indexOf(b) - 1].experience} (£${b.average.toLocaleString('en-GB')} against £${bands[bands.indexOf(b) - 1].average.toLocaleString('en-GB')}). Not a mistake: each band mixes every role, so one with more teaching assistants or fewer leaders averages less. Compare within a role under Salaries by Role.`,
          ),
        );
      await page.getByTestId('chart-note').first().scrollIntoViewIfNeeded();
      await screenshot(page, 'salaries-charts-desktop');
    } finally {
      await context.close();
    }
  });
});

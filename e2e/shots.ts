// Screenshots of every screen at 390x844 and 1280x800, as a visitor and signed in as an admin:
// `node --import tsx e2e/shots.ts <label>` saves e2e/artifacts/<label>-<screen>-<phone|desktop>.png
// (used to look at a layout change before and after; not a test).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, DESKTOP, launchBrowser, PHONE, signInLocally, startServer } from './harness';

mkdirSync(ARTIFACTS, { recursive: true });
/** What the eye sees: the viewport, then one screen further down. */
async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  const more = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 1.5);
  if (more) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight - 120));
    await page.screenshot({ path: join(ARTIFACTS, `${name}-2.png`) });
    await page.evaluate(() => window.scrollTo(0, 0));
  }
}

const label = process.argv[2] ?? 'now';
const ADMIN = 'admin.shots@school.example';
const server = await startServer({ ADMIN_EMAILS: ADMIN });
const browser = await launchBrowser();
const api = async (p: string) => (await fetch(server.url + p)).json();
try {
  const jobs = await api('/api/jobs');
  const [school] = await api('/api/schools?limit=1&sort=rating');
  const threads = await api('/api/forum/threads');
  const thread = (threads.threads ?? threads)[0];
  const page = await browser.newPage();
  await signInLocally(page, server.url, { email: ADMIN, name: 'Ada Admin' });
  const screens: [string, string][] = [
    ['home', '/'],
    ['jobs', '/jobs'],
    ['job', `/jobs/${(jobs.jobs ?? jobs)[0].id}`],
    ['schools', '/schools'],
    ['school', `/schools/${school.id}`],
    ['compare', '/compare'],
    ['salaries', '/salaries'],
    ['pay-scales', '/pay-scales'],
    ['forum', '/forum'],
    ['thread', `/forum/threads/${thread.id}`],
    ['moderation', '/moderation'],
    ['dashboard', '/dashboard'],
    ['notifications', '/notifications'],
  ];
  for (const [name, path] of screens) {
    for (const [size, vp] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(vp);
      await page.goto(server.url + path);
      await page.waitForLoadState('networkidle');
      await page.locator('h1').first().waitFor();
      if (name === 'compare') {
        for (let i = 0; i < 3; i++) {
          await page.getByRole('button', { name: 'Add School to Compare' }).click();
          await page.locator('#compare-options button').first().click();
        }
        await page.getByTestId('insights').waitFor();
      }
      await screenshot(page, `${label}-${name}-${size}`);
    }
  }
  // The review dialog on a phone.
  await page.setViewportSize(PHONE);
  await page.goto(`${server.url}/schools/${school.id}`);
  await page.getByRole('button', { name: 'Write a Review' }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(ARTIFACTS, `${label}-review-dialog-phone.png`) });
  // The visitor's header on a phone.
  const vpage = await browser.newPage();
  await vpage.context().clearCookies();
  await vpage.setViewportSize(PHONE);
  await vpage.goto(server.url + '/jobs');
  await vpage.locator('h1').first().waitFor();
  await vpage.screenshot({ path: `e2e/artifacts/${label}-visitor-header-phone.png` });
} finally {
  await browser.close();
  await server.stop();
}

// Screenshots of every screen at 390x844 and 1280x800, as a visitor and signed in as an admin:
// `node --import tsx e2e/shots.ts <label>` saves e2e/artifacts/<label>-<screen>-<phone|desktop>.png
// (used to look at a layout change before and after; not a test).
import { DESKTOP, launchBrowser, PHONE, screenshot, startServer } from './harness';

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
  await page.goto(`${server.url}/api/login?returnTo=%2F`);
  await page.waitForURL((u) => u.pathname.startsWith('/interaction/'));
  await page.locator('input[name="email"]').fill(ADMIN);
  await page.locator('input[name="name"]').fill('Ada Admin');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${server.url}/`);
  const visitor = await browser.browser()?.newContext();
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
  ];
  for (const [name, path] of screens) {
    for (const [size, vp] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
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
  // The visitor's header on a phone.
  const vpage = await browser.newPage();
  await vpage.context().clearCookies();
  await vpage.setViewportSize(PHONE);
  await vpage.goto(server.url + '/jobs');
  await vpage.locator('h1').first().waitFor();
  await vpage.screenshot({ path: `e2e/artifacts/${label}-visitor-header-phone.png` });
  void visitor;
} finally {
  await browser.close();
  await server.stop();
}

// Job alerts in the browser (alerts and near me), on the real server and the real sign-in: create an alert
// from the Jobs screen, follow a school, pause/resume/delete from the dashboard; then a real pass
// (every ~1 s here) writes the alert email as an .eml file, and its unsubscribe link opens the
// page that pauses the alert, with an undo.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { registerSearchFunctions } from '../db/search-index';
import { DESKTOP, PHONE, screenshot } from './harness';
import { realSignIn, setup, teardown, toastTitle, type Env } from './screens.helpers';

let env: Env;
let page: Page;
beforeAll(async () => {
  env = await setup({ ALERTS_INTERVAL_MINUTES: '0.02', MAIL_FROM: 'Alerts <alerts@teachers.example>' });
  page = await env.browser.newPage();
  await page.setViewportSize(PHONE);
  await realSignIn(page, env, 'alerts.e2e@school.example', 'Alex Alerts', '/jobs?borough=Camden&subject=Mathematics');
}, 60_000);
afterAll(() => teardown(env));

const alertsApi = async () => (await page.request.get(env.server.url + '/api/alerts')).json();

/**
 * Her alerts and reminder settings as a test expects to find them (none; reminders by email and
 * push): a failed first attempt of a test, run again on the same account, left its alert (the
 * card's name twice, the unsubscribe mail of the first) or its unticked reminder behind.
 */
async function startClean() {
  const headers = { Origin: env.server.url };
  for (const alert of (await alertsApi()) as { id: number }[]) {
    expect((await page.request.delete(`${env.server.url}/api/alerts/${alert.id}`, { headers })).status()).toBeLessThan(300);
  }
  const reminders = await page.request.put(`${env.server.url}/api/alerts/reminders`, { headers, data: { email: true, push: true } });
  expect(reminders.status()).toBeLessThan(300);
  expect(await alertsApi()).toEqual([]);
}

describe('job alerts', () => {
  it('creates an alert from the Jobs screen, then pauses, resumes and deletes it from the dashboard', async () => {
    await startClean();
    // Where the sign-in landed (a retry finds the page wherever its first attempt stopped).
    await page.setViewportSize(PHONE);
    await page.goto(`${env.server.url}/jobs?borough=Camden&subject=Mathematics`);
    await page.getByRole('button', { name: 'Get alerts for this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get alerts for this search' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Mathematics jobs in Camden');
    expect(await dialog.getByLabel(/^Email to alerts\.e2e@school\.example/).isChecked()).toBe(true);
    await dialog.getByLabel(/^Weekly/).check();
    await screenshot(page, 'alerts-dialog-phone');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect.poll(() => toastTitle(page).innerText()).toBe('Alert created');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const [created] = await alertsApi();
    expect(created).toMatchObject({
      name: 'Mathematics jobs in Camden',
      filters: { borough: 'Camden', subject: 'Mathematics' },
      frequency: 'weekly',
      channels: { email: true, push: false },
      active: true,
    });

    await page.setViewportSize(DESKTOP);
    await page.goto(env.server.url + '/dashboard?tab=alerts');
    const card = page.getByTestId('alert-card').filter({ hasText: 'Mathematics jobs in Camden' });
    await expect.poll(() => card.getByTestId('alert-state').innerText()).toBe('Active');
    expect(await card.innerText()).toContain('Sundays at 7am by email');

    await card.getByRole('button', { name: 'Pause Mathematics jobs in Camden' }).click();
    await expect.poll(() => card.getByTestId('alert-state').innerText()).toBe('Paused');
    expect((await alertsApi())[0].active).toBe(false);
    await card.getByRole('button', { name: 'Resume Mathematics jobs in Camden' }).click();
    await expect.poll(() => card.getByTestId('alert-state').innerText()).toBe('Active');
    expect((await alertsApi())[0].active).toBe(true);
    await screenshot(page, 'alerts-dashboard-desktop');

    await card.getByRole('button', { name: 'Delete Mathematics jobs in Camden' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this alert?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete alert' }).click();
    await expect.poll(() => page.getByText('No job alerts yet').isVisible()).toBe(true);
    expect(await alertsApi()).toEqual([]);

    // Profile: closing-date reminders by email can be turned off.
    await page.getByRole('tab', { name: 'Profile' }).click();
    const byEmail = page.getByTestId('reminder-settings').getByLabel('By email');
    await expect.poll(() => byEmail.isChecked()).toBe(true);
    await byEmail.uncheck();
    await expect.poll(() => toastTitle(page).innerText()).toBe('Reminder settings saved');
    expect(await (await page.request.get(env.server.url + '/api/alerts/reminders')).json()).toEqual({ email: false, push: true });
  }, 90_000);

  it('follows a school; the alert email arrives as an .eml file; its unsubscribe link pauses the alert, with an undo', async () => {
    await startClean();
    const [school] = await env.api('/api/schools?search=Westminster%20City%20School');
    await page.setViewportSize(PHONE);
    await page.goto(`${env.server.url}/schools/${school.id}`);
    await page.getByRole('button', { name: 'Follow this school' }).click();
    const dialog = page.getByRole('dialog', { name: `Follow ${school.name}` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Name').inputValue()).toBe(`Jobs at ${school.name}`);
    expect(await dialog.getByLabel(/^Instantly/).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect.poll(() => page.getByTestId('follow-school').innerText()).toContain('Following');
    const [alert] = await alertsApi();
    expect(alert.filters).toEqual({ schoolId: school.id });

    // A new job at the school arrives (as a jobs refresh would insert it).
    const sqlite = new Database(env.server.databasePath);
    registerSearchFunctions(sqlite); // the FTS triggers call search_text()
    sqlite
      .prepare(
        "insert into jobs (title, description, school_id, borough, posted_at, created_at) values ('Teacher of Geography', 'A new job', ?, ?, ?, ?)",
      )
      .run(school.id, school.borough, Date.now() + 1000, Date.now() + 1000);
    sqlite.close();

    const mailDir = join(dirname(env.server.databasePath), 'mail');
    // Unfold long header lines (RFC 5322 folding).
    const read = (file: string) => readFileSync(join(mailDir, file), 'utf8').replace(/\r?\n[ \t]+/g, ' ');
    // This alert's mails (a failed first attempt's alert may have had its own in the folder).
    const emls = () =>
      (existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : []).filter((f) =>
        read(f).includes(`/unsubscribe/${alert.id}.`),
      );
    await expect.poll(() => emls().length, { timeout: 30_000 }).toBe(1);
    const eml = read(emls()[0]);
    expect(eml).toMatch(/^To: alerts\.e2e@school\.example$/m);
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(eml)![1];
    expect(link).toMatch(new RegExp(`^${env.server.url}/unsubscribe/${alert.id}\\.`));

    await page.goto(`${env.server.url}/dashboard?tab=alerts`);
    await expect.poll(() => page.getByTestId('alert-last-jobs').innerText()).toContain('Teacher of Geography');

    await page.goto(link);
    const state = page.getByTestId('unsubscribe-state');
    await expect.poll(() => state.innerText()).toContain('Alert paused.');
    expect(await state.innerText()).toContain(`You won't get "Jobs at ${school.name}" any more.`);
    expect((await alertsApi())[0].active).toBe(false);
    await screenshot(page, 'alerts-unsubscribe-phone');
    await state.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => state.innerText()).toContain('Alert resumed.');
    expect((await alertsApi())[0].active).toBe(true);

    // A forged link says so.
    await page.goto(`${env.server.url}/unsubscribe/${alert.id}.${'A'.repeat(32)}`);
    await expect.poll(() => state.innerText()).toContain('This link is not valid');
    expect((await alertsApi())[0].active).toBe(true);
  }, 120_000);
});

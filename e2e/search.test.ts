// Search as a teacher types it, in Chromium at phone size (decision 0701): the home What box
// suggests schools and jobs as a combobox (arrow keys, Enter, Escape), from the phone's copy of the
// school names when there is no signal; the Schools list says when it corrected a typo and
// searches exactly as typed on request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { ARTIFACTS, launchBrowser, PHONE, screenshot, type RunningServer } from './harness';
import { readOnlyServer } from './read-only-server';

let server: RunningServer;
let browser: BrowserContext;

beforeAll(async () => {
  server = await readOnlyServer();
  browser = await launchBrowser({ serviceWorkers: 'allow' });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('search', () => {
  it('suggests schools and jobs as you type: a combobox worked by the keyboard', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/`);
    const box = page.getByRole('combobox', { name: 'What' });
    await box.fill('g');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.fill('graveney');
    await expect.poll(() => box.getAttribute('aria-expanded'), { timeout: 30_000 }).toBe('true');
    const options = page.getByRole('option');
    await expect.poll(() => options.first().innerText(), { timeout: 30_000 }).toContain('Graveney School');
    await screenshot(page, 'search-combobox-phone');
    await box.fill('st marys');
    await expect.poll(() => options.first().innerText(), { timeout: 30_000 }).toContain('Mary');
    await page.screenshot({ path: `${ARTIFACTS}/search-combobox-phone-viewport.png` });
    await box.fill('graveney');
    await expect.poll(() => options.first().innerText(), { timeout: 30_000 }).toContain('Graveney School');
    await box.press('ArrowDown');
    // Read together and polled: the API's answer can still replace the phone's copy of the names.
    await expect
      .poll(async () => [
        (await box.getAttribute('aria-activedescendant')) === (await options.first().getAttribute('id')),
        await options.first().getAttribute('aria-selected'),
      ])
      .toEqual([true, 'true']);
    await box.press('Escape');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    await box.press('ArrowDown');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => options.first().getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL(/\/schools\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 30_000 }).toBe('Graveney School');
    await page.close();
  });

  it('suggests schools from the device copy of the names with no signal', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/`);
    const box = page.getByRole('combobox', { name: 'What' });
    // Online once: the names are read (and kept by the offline layer).
    await box.fill('lady marg');
    await expect.poll(() => page.getByRole('option').first().innerText(), { timeout: 30_000 }).toContain('Lady Margaret');
    await box.fill('');
    await page.context().setOffline(true);
    try {
      await box.fill('camden sch');
      await expect.poll(() => page.getByRole('option').first().innerText(), { timeout: 30_000 }).toContain('The Camden School for Girls');
    } finally {
      await page.context().setOffline(false);
    }
    await page.close();
  });

  it('says "Showing results for Graveney" and searches exactly as typed on request', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/schools?search=Graveny`);
    const note = page.getByTestId('search-corrected');
    await expect.poll(() => note.innerText(), { timeout: 30_000 }).toBe('Showing results for Graveney. Search instead for Graveny');
    await expect.poll(() => page.getByTestId('school-list').locator('h2').first().innerText()).toBe('Graveney School');
    await page.getByRole('link', { name: 'Search instead for Graveny' }).click();
    await page.waitForURL((u) => u.searchParams.get('exact') === '1');
    await expect.poll(() => page.getByText('No schools found').isVisible()).toBe(true);
    expect(await note.count()).toBe(0);
    await page.close();
  });
});

// The home page at phone size, as a visitor, on the built server with real data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { DESKTOP, PHONE, type RunningServer, screenshot, startServerAndBrowser, stopServerAndBrowser } from './harness';
import { readOnlyServer } from './read-only-server';

let server: RunningServer;
let browser: BrowserContext;

beforeAll(async () => ({ server, browser } = await startServerAndBrowser(readOnlyServer)));
afterAll(() => stopServerAndBrowser(server, browser));

async function apiJson(path: string) {
  const res = await fetch(server.url + path);
  return res.json();
}

describe('home page', () => {
  it('shows real jobs, schools and salary rows at 390×844', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(server.url + '/');
    const jobs = await apiJson('/api/jobs?limit=4');
    const schools = await apiJson('/api/schools?limit=3&sort=rating');
    const stats = await apiJson('/api/salaries/stats');

    const jobCards = page.getByTestId('featured-jobs').locator('article');
    await expect.poll(() => jobCards.count()).toBe(4);
    expect(await jobCards.locator('h3').allTextContents()).toEqual(jobs.map((j: { title: string }) => j.title));

    const spotlight = page.getByTestId('school-spotlight').locator('a');
    await expect.poll(() => spotlight.count()).toBe(3);
    const first = await spotlight.first().innerText();
    expect(first).toContain(schools[0].name);
    expect(first).toContain(schools[0].averageRating.toFixed(1));
    expect(await spotlight.first().getAttribute('href')).toBe(`/schools/${schools[0].id}`);

    const salaryRows = page.getByTestId('salary-roles').locator('li');
    await expect.poll(() => salaryRows.count()).toBe(4);
    const firstRole = stats.averageByRole[0];
    const text = await salaryRows.first().innerText();
    expect(text).toContain(firstRole.role);
    expect(text).toContain(`£${firstRole.average.toLocaleString('en-GB')}`);

    await expect.poll(() => page.getByTestId('claims').innerText()).toContain('3,100+');
    // The phone layout has the bottom navigation and no horizontal scroll.
    expect(await page.getByRole('navigation', { name: 'Quick' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'home-phone');
    await page.close();
  });

  it('searches jobs from the hero with search and borough in the URL', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto(server.url + '/');
    await page.getByRole('combobox', { name: 'What' }).fill('maths');
    await page.getByLabel('Where').selectOption('Camden');
    await page.getByRole('button', { name: 'Search Jobs' }).click();
    await page.waitForURL(/\/jobs\?/);
    expect(new URL(page.url()).search).toBe('?search=maths&borough=Camden');
    await screenshot(page, 'home-search-desktop');
    await page.close();
  });

  it('serves every client route with the app (SPA fallback) and a 404 page for unknown ones', async () => {
    const page = await browser.newPage();
    const res = await page.goto(server.url + '/privacy-policy');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Privacy Policy');
    expect(await page.getByText('Effective 27 July 2025').count()).toBe(1);
    await page.goto(server.url + '/no/such/page');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('404 Page Not Found');
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await screenshot(page, 'not-found-phone');
    await page.close();
  });
});

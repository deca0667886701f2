// The Jobs screen over the paged API (a hundred times the data): "N jobs found" from X-Total-Count, Load more
// through the Link header, each job once, and the sort select kept in the URL.
import Database from 'better-sqlite3';
import { registerSearchFunctions } from '../db/search-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, PHONE, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserContext;
beforeAll(async () => {
  server = await startServer();
  const db = new Database(server.databasePath);
  registerSearchFunctions(db); // the FTS triggers call search_text()
  const insert = db.prepare(
    "insert into jobs (title, description, borough, salary_min, salary_max, posted_at) values (?, 'A paging advert', 'Camden', ?, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 0; i < 70; i++)
      insert.run(`Paging advert ${i}`, 30000 + i * 100, i === 7 ? 190000 : 31000 + i * 100, Date.now() - i * 60_000);
  })();
  db.close();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('jobs screen paging', () => {
  it('shows the total, 50 cards, then the rest after Load more, each job once; sorts by salary from the URL', async () => {
    const res = await fetch(`${server.url}/api/jobs`);
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(90);
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/jobs`);
    await expect.poll(() => page.getByTestId('jobs-count').innerText(), { timeout: 30_000 }).toBe(`${total} jobs found`);
    const cards = page.getByTestId('job-list').locator('h3');
    await expect.poll(() => cards.count()).toBe(50);
    await page.getByRole('button', { name: 'Load more jobs' }).click();
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(total);
    const titles = await cards.allTextContents();
    expect(new Set(titles.map((t) => t.trim())).size).toBe(titles.length);
    expect(await page.getByRole('button', { name: 'Load more jobs' }).count()).toBe(0);

    await page.getByLabel('Sort by').selectOption('salary');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('salary');
    await expect.poll(() => cards.first().innerText(), { timeout: 30_000 }).toBe('Paging advert 7');
    await page.goto(`${server.url}/jobs?sort=salary`);
    await expect.poll(() => page.getByLabel('Sort by').inputValue(), { timeout: 30_000 }).toBe('salary');
    await expect.poll(() => cards.first().innerText()).toBe('Paging advert 7');
  }, 180_000);
});

// What was left of the phone fixes, at phone size: the home What box shows jobs, schools and forum threads in
// three groups (jobs first), each matching the API's own answer and linking to its full list
// (the forum screen reads `search` from the URL); job cards show the school's review rating.
import Database from 'better-sqlite3';
import { registerSearchFunctions } from '../db/search-index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, PHONE, startServer, type RunningServer } from './harness';
import type { JobRow, SchoolRow, ThreadRow } from './screens.helpers';

const WORD = 'zephyrine';
let server: RunningServer;
let browser: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  const db = new Database(server.databasePath);
  registerSearchFunctions(db); // the FTS triggers call search_text()
  const now = Date.now();
  db.transaction(() => {
    const school = db
      .prepare("insert into schools (urn, name, borough, latitude, longitude) values (990001, 'Zephyrine Academy', 'Camden', 51.54, -0.14)")
      .run().lastInsertRowid;
    db.prepare("insert into schools (urn, name, borough) values (990002, 'Zephyrine Primary School', 'Hackney')").run();
    const job = db.prepare(
      "insert into jobs (title, description, borough, school_id, posted_at) values (?, 'A home search advert', ?, ?, ?)",
    );
    job.run('Zephyrine Science Teacher', 'Camden', school, now - 1000);
    job.run('Zephyrine Maths Teacher', 'Camden', school, now - 2000);
    job.run('Teacher of English at Zephyrine', 'Hackney', null, now - 3000);
    job.run('Zephyrine Head of Music', 'Camden', null, now - 4000);
    const category = (db.prepare('select min(id) id from forum_categories').get() as { id: number }).id;
    const thread = db.prepare(
      'insert into forum_threads (category_id, title, slug, content, is_approved, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?)',
    );
    thread.run(category, 'Zephyrine staffroom chat', 'zephyrine-staffroom-chat', 'Anyone teaching at Zephyrine?', now, now);
    thread.run(category, 'Interview at Zephyrine Academy', 'interview-at-zephyrine', 'Tips welcome.', now - 5000, now - 5000);
  })();
  db.close();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = async <Row = JobRow>(path: string) => {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  return { rows: (await res.json()) as Row[], total: Number(res.headers.get('x-total-count')) };
};
const groupTitles = (page: Page, id: string) =>
  page
    .getByTestId(`home-search-${id}`)
    .locator('li')
    .evaluateAll((lis) => lis.map((li) => li.querySelector('.font-medium')!.textContent));

describe('home search', () => {
  it('shows jobs, schools and forum threads in three groups, as the API answers them, each linking to its full list', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/`);
    await page.getByRole('combobox', { name: 'What' }).fill('Zephyrine');
    const groups = page.getByTestId('home-search');
    await expect.poll(() => groups.count(), { timeout: 30_000 }).toBe(1);

    const jobs = await api(`/api/jobs?search=${WORD}&limit=3`);
    const schools = await api<SchoolRow>(`/api/schools?search=${WORD}&limit=3`);
    const threads = await api<ThreadRow>(`/api/forum/threads?search=${WORD}&limit=3`);
    expect([jobs.total, schools.total, threads.total]).toEqual([4, 2, 2]);
    await expect.poll(() => groupTitles(page, 'jobs'), { timeout: 30_000 }).toEqual(jobs.rows.map((j) => j.title));
    await expect.poll(() => groupTitles(page, 'schools'), { timeout: 30_000 }).toEqual(schools.rows.map((s) => s.name));
    await expect.poll(() => groupTitles(page, 'forum'), { timeout: 30_000 }).toEqual(threads.rows.map((t) => t.title));
    expect(await page.getByTestId('home-search-jobs').getByRole('heading').innerText()).toBe('Jobs (4)');
    expect(await page.getByTestId('home-search-schools').getByRole('heading').innerText()).toBe('Schools (2)');
    expect(await page.getByTestId('home-search-forum').getByRole('heading').innerText()).toBe('Forum threads (2)');
    // Jobs first, then schools, then threads.
    const order = await groups
      .locator('[data-testid^=home-search-]:not([data-testid$=-all])')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(order).toEqual(['home-search-jobs', 'home-search-schools', 'home-search-forum']);
    expect(await page.getByTestId('home-search-jobs-all').getAttribute('href')).toBe(`/jobs?search=Zephyrine`);
    expect(await page.getByTestId('home-search-schools-all').getAttribute('href')).toBe(`/schools?search=Zephyrine`);
    expect(await page.getByTestId('home-search-forum-all').getAttribute('href')).toBe(`/forum?search=Zephyrine`);

    // Where narrows jobs and schools (the forum has no borough).
    await page.getByLabel('Where').selectOption('Camden');
    const camdenJobs = await api(`/api/jobs?search=${WORD}&borough=Camden&limit=3`);
    expect(camdenJobs.total).toBe(3);
    await expect.poll(() => groupTitles(page, 'jobs'), { timeout: 30_000 }).toEqual(camdenJobs.rows.map((j) => j.title));
    await expect.poll(() => groupTitles(page, 'schools')).toEqual(['Zephyrine Academy']);
    expect(await page.getByTestId('home-search-jobs-all').getAttribute('href')).toBe('/jobs?search=Zephyrine&borough=Camden');

    // The forum link opens the forum searched.
    await page.getByTestId('home-search-forum-all').click();
    await page.waitForURL(/\/forum\?search=Zephyrine$/);
    const all = await api<ThreadRow>(`/api/forum/threads?search=${WORD}`);
    await expect
      .poll(() => page.getByTestId('thread-list').locator('h2').allInnerTexts(), { timeout: 30_000 })
      .toEqual(all.rows.map((t) => t.title));
    expect(await page.getByRole('searchbox', { name: 'Search discussions' }).inputValue()).toBe('Zephyrine');
    await page.close();
  }, 180_000);

  it('the forum searches from its own box, into the URL', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/forum`);
    await expect.poll(() => page.getByTestId('thread-list').locator('h2').count(), { timeout: 30_000 }).toBeGreaterThan(2);
    await page.getByRole('searchbox', { name: 'Search discussions' }).fill('staffroom zephyrine');
    await expect.poll(() => new URL(page.url()).searchParams.get('search'), { timeout: 30_000 }).toBe('staffroom zephyrine');
    await expect
      .poll(() => page.getByTestId('thread-list').locator('h2').allInnerTexts(), { timeout: 30_000 })
      .toEqual(['Zephyrine staffroom chat']);
    await page.close();
  }, 120_000);

  it('job cards show the school review rating the API answers', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/jobs`);
    const { rows } = await api('/api/jobs');
    const rated = rows.filter((j) => j.schoolRating != null);
    expect(rated.length).toBeGreaterThan(0);
    const cards = page.getByTestId('job-list').locator('article');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(rows.length);
    // What the eye reads (the figure) and what a screen reader says (the sentence) for each card.
    const shown = await cards.evaluateAll((as) =>
      as.map((a) => {
        const badge = a.querySelector('[data-testid=school-rating]');
        return badge ? [badge.querySelector('[aria-hidden=true]')?.textContent, badge.querySelector('.sr-only')?.textContent] : null;
      }),
    );
    expect(shown).toEqual(
      rows.map((j) =>
        j.schoolRating != null && j.school ? [j.schoolRating.toFixed(1), `Rated ${j.schoolRating.toFixed(1)} out of 5`] : null,
      ),
    );
    await page.close();
  }, 120_000);
});

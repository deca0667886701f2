// The admin tools in Chromium: Refresh Jobs (admins only, §8 toasts, job lists revalidated) and
// the school image updater (real progress, result with the 'no image found' count), against the
// real API with a local Teaching Vacancies feed and local school websites.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { build } from 'esbuild';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { BrowserContext, Page } from 'playwright-core';
import { schools } from '../db/schema';
import { createApp } from '../api/app';
import { createSession } from '../api/lib/sessions';
import { signIn } from '../test/app';
import { testDb } from '../test/db';
import { feedPage, jobPosting, localServer, type LocalServer } from '../test/servers';
import { freePort, launchBrowser, ROOT, screenshot } from './harness';

const ADMIN = 'admin@example.test';
let feed: LocalServer;
let sites: LocalServer;
let server: ServerType;
let url = '';
let browser: BrowserContext;
let feedDown = false;
let isAdmin = true;
const db = testDb();

beforeAll(async () => {
  feed = await localServer((req, res, base) => {
    if (feedDown) return void res.writeHead(503).end('down');
    const data = [
      jobPosting({ slug: 'e2e-maths-westminster', urn: '138312', orgName: 'Westminster City School', salary: 'MPS/UPS (Inner London)', datePosted: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10) }),
      jobPosting({ slug: 'e2e-english-argyle', title: 'Teacher of English', urn: '100008', datePosted: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10) }),
    ];
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(feedPage(base, 1, 1, data, 2)));
  });
  sites = await localServer((req, res) => {
    const html = req.url?.startsWith('/og') ? '<meta property="og:image" content="/hero.jpg">' : '<title>No image</title>';
    setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<html><head>${html}</head><body></body></html>`), 700);
  });
  db.update(schools).set({ website: null }).run();
  db.update(schools).set({ website: sites.url + '/og' }).where(eq(schools.urn, 100000)).run();
  db.update(schools).set({ website: sites.url + '/none' }).where(eq(schools.urn, 100001)).run();
  db.update(schools).set({ website: sites.url + '/og' }).where(eq(schools.urn, 100005)).run();

  const bundle = await build({
    entryPoints: [join(ROOT, 'e2e/fixtures/admin-tools-entry.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const js = bundle.outputFiles[0].text;
  const api = createApp({ db, adminEmails: [ADMIN], external: { teachingVacanciesUrl: feed.url + '/api/v1/jobs.json', images: { allowPrivate: true, concurrency: 1 } } });
  const outer = new Hono()
    // The sign-in API lands separately; this answers the user the way it will (isAdmin included).
    .get('/api/auth/user', (c) => c.json({ id: 'admin', email: ADMIN, firstName: 'Ada', lastName: null, profileImageUrl: null, isAdmin }))
    .get('/admin-tools', (c) => c.html('<!doctype html><html lang="en"><head><title>Admin tools</title></head><body><main id="root"></main><script type="module" src="/admin-tools.js"></script></body></html>'))
    .get('/admin-tools.js', (c) => c.body(js, 200, { 'Content-Type': 'text/javascript' }))
    .all('*', (c) => api.fetch(c.req.raw));
  const port = await freePort();
  server = serve({ fetch: outer.fetch, port, hostname: '127.0.0.1' });
  url = `http://127.0.0.1:${port}`;
  browser = await launchBrowser();
  signIn(db, { id: 'admin', email: ADMIN, firstName: 'Ada' });
  const { token } = createSession(db, 'admin');
  await browser.addCookies([{ name: 'tilt_session', value: token, url }]);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  await feed?.close();
  await sites?.close();
});

async function open(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url + '/admin-tools');
  await expect.poll(() => page.getByTestId('jobs-count').innerText(), { timeout: 15_000 }).not.toBe('…');
  return page;
}

describe('admin tools', () => {
  it('Refresh Jobs: toast, then the job lists are fetched again', async () => {
    isAdmin = true;
    feedDown = false;
    const page = await open();
    const before = Number(await page.getByTestId('jobs-count').innerText());
    await page.getByRole('button', { name: 'Refresh Jobs' }).click();
    const status = page.getByRole('status').first();
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Job Board Refreshed');
    expect(await status.innerText()).toContain('Removed 0 old jobs and updated listings.');
    // The demo jobs are not in this feed (deactivated); the feed's two are in.
    await expect.poll(() => page.getByTestId('jobs-count').innerText(), { timeout: 15_000 }).toBe('2');
    expect(before).toBe(25);

    feedDown = true;
    await page.getByRole('button', { name: 'Refresh Jobs' }).click();
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Refresh Failed');
    expect(await status.innerText()).toContain('Unable to refresh job listings. Please try again.');
    await screenshot(page, 'admin-refresh-failed');
    await page.close();
  });

  it('school images: progress bar, then updated and no-image counts', async () => {
    isAdmin = true;
    const page = await open();
    await page.getByLabel('Schools per batch').selectOption('25');
    await page.getByRole('button', { name: 'Update School Images' }).click();
    const bar = page.getByRole('progressbar', { name: 'School images progress' });
    await expect.poll(() => bar.getAttribute('max'), { timeout: 15_000 }).toBe('3');
    await expect.poll(() => page.getByTestId('image-progress').innerText(), { timeout: 15_000 }).toMatch(/^[12] of 3 schools checked/);
    await expect.poll(() => page.getByTestId('image-result').innerText(), { timeout: 20_000 }).toMatch(/Updated\s+2\s+No image found\s+1/);
    await expect.poll(() => bar.getAttribute('value')).toBe('3');
    const status = page.getByRole('status').last();
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).toContain('Batch Update Complete');
    expect(await status.innerText()).toContain('Updated 2 schools with authentic images');
    await screenshot(page, 'admin-images-done');
    await page.close();
  });

  it('a teacher sees no Refresh Jobs button', async () => {
    isAdmin = false;
    const page = await open();
    // Wait for the signed-in user's role to render before checking that the admin button is absent.
    await expect.poll(() => page.getByText('Only administrators can update school images.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Refresh Jobs' }).count()).toBe(0);
    await page.close();
  });
});

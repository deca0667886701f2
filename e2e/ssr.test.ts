// Server-rendered pages in Chromium (the server-rendered first visit): the data the server inlined is
// not fetched again, client navigation after hydration works, and a signed-in reader never sees a
// skeleton between the server's content and her own. (That every public page arrives with its
// content and hydrates without a warning or a console error is checked by the screen sweeps, in the
// visit that runs axe on it: e2e/a11y.helpers.ts.) Then offline: with the service worker installed, a
// navigation is answered by the server while it is up (the HTML has the content) and by the
// precached shell, rendering the saved copy from IndexedDB, once the server is down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInLocally, startServer, waitForServiceWorker, type RunningServer } from './harness';
import { renderOnce } from './render.helpers';
import { attemptTag } from './screens.helpers';

let server: RunningServer;
let browser: BrowserContext;
let schoolId: number;
let jobId: number;
let threadId: number;

beforeAll(async () => {
  server = await startServer();
  // Without the service worker: these tests are about the server's own page. Under the worker a
  // navigation that takes over 3 s (a loaded box) is answered by the precached shell instead,
  // by design; the worker's navigations have their own test below ('offline fallback').
  browser = await launchBrowser({ serviceWorkers: 'block' });
  const schools = (await (await fetch(`${server.url}/api/schools?limit=1`)).json()) as { id: number }[];
  schoolId = schools[0].id;
  jobId = ((await (await fetch(`${server.url}/api/jobs`)).json()) as { id: number }[])[0].id;
  threadId = ((await (await fetch(`${server.url}/api/forum/threads`)).json()) as { id: number }[])[0].id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Visit {
  page: Page;
  problems: string[];
  apiRequests: string[];
}

/** Opens a page, waits until React has taken over the server's markup, and records what went wrong. */
async function visit(path: string): Promise<Visit> {
  const page = await browser.newPage();
  const problems: string[] = [];
  const apiRequests: string[] = [];
  page.on('console', (m) => {
    if (m.text() === 'Service Worker registration blocked by Playwright') return; // launchBrowser({ serviceWorkers: 'block' })
    if (m.type() === 'error' || m.type() === 'warning' || /hydrat/i.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(url.pathname + url.search);
  });
  await page.goto(server.url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, { timeout: 20_000 });
  // The screen's own boundary has hydrated: its heading is a React node, no longer inert markup.
  await page.waitForFunction(
    () => {
      const h1 = document.querySelector('main h1');
      return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
    },
    undefined,
    { timeout: 20_000 },
  );
  await page.waitForLoadState('networkidle');
  return { page, problems, apiRequests };
}

describe('server-rendered pages hydrate in Chromium', () => {
  it('a job and a school: the inlined answers are not fetched again; the visitor check answers 200 null', async () => {
    for (const [path, api] of [
      [`/jobs/${jobId}`, `/api/jobs/${jobId}`],
      [`/schools/${schoolId}`, `/api/schools/${schoolId}`],
    ]) {
      const { page, apiRequests, problems } = await visit(path);
      try {
        expect(apiRequests).not.toContain(api);
        expect(apiRequests.filter((r) => r.startsWith(`/api/schools/${schoolId}/reviews`))).toEqual([]);
        expect(problems).toEqual([]);
        const me = await page.evaluate(async () => {
          const res = await fetch('/api/auth/user');
          return { status: res.status, body: await res.json() };
        });
        expect(me).toEqual({ status: 200, body: null });
      } finally {
        await page.close();
      }
    }
  }, 90_000);

  it('client navigation after hydration still works and titles the new page', async () => {
    const { page, problems } = await visit(`/jobs/${jobId}`);
    try {
      await page.getByRole('link', { name: 'Schools', exact: true }).filter({ visible: true }).first().click();
      await expect.poll(() => page.title()).toBe('London Schools · Teachers In London Talk');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/London Schools/);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('a signed-in reader keeps the server’s content while her own copy is fetched (no skeleton in between), and her hearts come from one saved-jobs list', async () => {
    const own = await launchBrowser({ serviceWorkers: 'block' });
    try {
      const page = await own.newPage();
      // A reader of her own in each attempt: a failed first attempt may have saved the job below.
      await signInLocally(page, server.url, { email: `reader.ssr.${attemptTag()}@school.example`, name: 'Rae Reader' });
      // Any loading skeleton in <main> after the server's markup is noted at once.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('main [role="status"][aria-label^="Loading"], main .skeleton'))
            (window as unknown as { sawSkeleton: boolean }).sawSkeleton = true;
        }).observe(document, { childList: true, subtree: true });
      });
      // The hearts read her saved-jobs list: not one request per job.
      const perJob: string[] = [];
      page.on('request', (r) => /^\/api\/jobs\/\d+\/saved$/.test(new URL(r.url()).pathname) && perJob.push(r.url()));
      for (const [path, api] of [
        [`/forum/threads/${threadId}`, `/api/forum/threads/${threadId}`],
        [`/jobs/${jobId}`, '/api/saved-jobs'],
        ['/jobs', '/api/saved-jobs'],
      ] as const) {
        // Her own copy (a thread may hold her pending replies; the hearts her saved jobs) is fetched.
        const fetched = page.waitForResponse((r) => new URL(r.url()).pathname === api);
        await page.goto(server.url + path);
        await fetched;
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
        await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
        expect(await page.evaluate(() => (window as unknown as { sawSkeleton?: boolean }).sawSkeleton ?? false), path).toBe(false);
        expect(await page.locator('main h1').innerText(), path).not.toBe('');
      }
      expect(await page.getByTestId('save-job').count()).toBeGreaterThan(10);
      // Saved elsewhere (another tab, another device): the list says so, and so does its heart.
      const { id, title } = ((await (await fetch(`${server.url}/api/jobs`)).json()) as { id: number; title: string }[])[1];
      await page.getByRole('button', { name: `Save ${title}`, exact: true }).waitFor();
      expect(await page.evaluate((jid) => fetch(`/api/jobs/${jid}/save`, { method: 'POST' }).then((r) => r.status), id)).toBeLessThan(300);
      await page.reload();
      await expect
        .poll(() => page.getByRole('button', { name: `Remove ${title} from saved jobs` }).getAttribute('aria-pressed'))
        .toBe('true');
      expect(await page.locator('[data-testid="save-job"][aria-pressed="true"]').count()).toBe(1);
      expect(perJob).toEqual([]);
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe('offline fallback with the service worker', () => {
  it('server up: the navigation gets the server-rendered page; server down: the shell renders the saved copy', async () => {
    const own = await startServer();
    const context = await launchBrowser({ serviceWorkers: 'allow' });
    // The two pages are rendered once before the worker is in charge, so its navigations are
    // answered well inside its 3 s wait for the server even on a loaded box.
    expect(await renderOnce(own.url, [`/jobs/${jobId}`, '/'])).toEqual([200, 200]);
    try {
      const page = await context.newPage();
      await page.goto(`${own.url}/jobs/${jobId}`);
      await waitForServiceWorker(page);
      const title = (await (await fetch(`${own.url}/api/jobs/${jobId}`)).json()).title as string;
      // Under the service worker now: a reload still comes from the server, with the content.
      const res = await page.goto(`${own.url}/jobs/${jobId}`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      expect(await res!.text()).toContain(`<h1`);
      expect(await res!.text()).toContain(title);
      // "/" too is the server's page under the worker (not the precached shell).
      const home = await page.goto(`${own.url}/`, { waitUntil: 'load' });
      expect(await home!.text()).toContain('id="ssr-data"');
      await page.goto(`${own.url}/jobs/${jobId}`, { waitUntil: 'load' });
      // The inlined answer was saved for offline reading (as a client-side fetch would have).
      await expect
        .poll(() =>
          page.evaluate(async (id) => {
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const r = indexedDB.open('teachers-in-london-talk');
              r.onsuccess = () => resolve(r.result);
              r.onerror = () => reject(r.error ?? new Error('IndexedDB open failed'));
            });
            const row = await new Promise<unknown>((resolve) => {
              const get = db.transaction('responses').objectStore('responses').get(`/api/jobs/${id}`);
              get.onsuccess = () => resolve(get.result);
              get.onerror = () => resolve(undefined);
            });
            db.close();
            return !!row;
          }, jobId),
        )
        .toBe(true);

      await own.stop();
      await page.goto(`${own.url}/jobs/${jobId}`, { waitUntil: 'load' });
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 20_000 }).toBe(title);
      // The shell, not a server page: no inlined data.
      expect(await page.locator('#ssr-data').count()).toBe(0);
    } finally {
      await context.close();
      await own.stop();
    }
  }, 120_000);
});

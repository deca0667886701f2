// The installable, offline-first app: the service worker controls the page, the manifest makes it
// installable, and with the server stopped and the browser offline, pages seen before still render
// from the saved copies.
import { describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, startServer, waitForServiceWorker } from './harness';
import { screenTestEnv } from './screens.helpers';

// A profile on disk: Chromium reports an incognito context as unable to install the app.
const env = screenTestEnv({ browser: { persistent: true } });
/** Set when a test stops the server: a retry of that test starts it again (same database and port, so the same origin). */
let stopped = false;

describe('screens in their own chunks', () => {
  it("shows the server-rendered page (header and content), never a blank page, while a screen's chunk loads; then titles the page", async () => {
    // A fresh profile: no service worker yet, so the chunk comes from the network and can be held back.
    const fresh = await launchBrowser({ serviceWorkers: 'allow' });
    try {
      const page = await fresh.newPage();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.route(/\/assets\/CareerAdvicePage-[\w-]+\.js$/, async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      await page.goto(env.server.url + '/career-advice', { waitUntil: 'domcontentloaded' });
      // The server rendered the page (the server-rendered first visit): its content is there before the chunk arrives.
      await expect.poll(() => requested).toBe(true);
      expect(await page.locator('header').first().isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Career Advice');
      expect(await page.getByTestId('page-skeleton').count()).toBe(0);
      release();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
      await expect.poll(() => page.title()).toBe('Career Advice · Teachers In London Talk');
      await expect
        .poll(() => page.locator('meta[name="description"]').getAttribute('content'))
        .toMatch(/^Career advice for teachers in London/);
      // Home is in the main chunk: no skeleton, the site name alone as title.
      await page.getByRole('link', { name: 'Teachers In London Talk' }).first().click();
      await expect.poll(() => page.title()).toBe('Teachers In London Talk');
    } finally {
      await fresh.close();
    }
  });
});

describe('installable PWA', () => {
  it('serves a manifest Chromium accepts, with 192, 512 and maskable icons', async () => {
    const res = await fetch(`${env.server.url}/manifest.webmanifest`);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({ name: 'Teachers In London Talk', short_name: 'TILT', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) expect((await fetch(env.server.url + icon.src)).headers.get('content-type')).toBe('image/png');
    const sw = await fetch(`${env.server.url}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('is installable: Chromium parses the manifest without errors and reports no installability errors', async () => {
    const page = await env.browser.newPage();
    await page.goto(env.server.url + '/');
    await waitForServiceWorker(page);
    const cdp = await env.browser.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${env.server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? 'null')).toMatchObject({ name: 'Teachers In London Talk', display: 'standalone' });
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();
    await page.close();
  });

  it('renders pages seen before with the server stopped and the browser offline', async () => {
    if (stopped) {
      env.server = await startServer({}, env.server.databasePath, env.server.port);
      stopped = false;
    }
    const page = await env.browser.newPage();
    await page.goto(env.server.url + '/');
    await waitForServiceWorker(page);
    // Load once more under the worker's control so the data is saved.
    await page.reload();
    const cards = page.getByTestId('featured-jobs').locator('article');
    await expect.poll(() => cards.count()).toBe(4);
    const titles = await cards.locator('h3').allTextContents();
    await page.goto(env.server.url + '/about-us');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('About Us');

    stopped = true;
    await env.server.stop();
    await env.browser.setOffline(true);
    try {
      await page.goto(env.server.url + '/');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(4);
      expect(await cards.locator('h3').allTextContents()).toEqual(titles);
      await expect.poll(() => page.getByTestId('offline-banner').innerText()).toMatch(/^You're offline — showing saved copies from /);
      await screenshot(page, 'offline-home-phone');
      // A client route never opened before still gets the app shell (navigation fallback).
      await page.goto(env.server.url + '/career-advice');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Career Advice');
    } finally {
      await env.browser.setOffline(false);
    }
  });
});

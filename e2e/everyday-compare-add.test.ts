// A school page's Compare tapped before its part has hydrated (issue 37 item 9, decision 0310
// addendum), at 390x844: the server's link is /compare?add={id}, and the compare screen joins that
// school to the comparison this device last made, so the tap adds to it instead of comparing that
// school alone (old main: the server's link was /compare?schools={id}, one school).
// Deterministic: the part's chunk is held back (page.route) until the tap has been made.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, screenshot, waitForHydration } from './harness';
import { phonePage, screenTestEnv } from './screens.helpers';
import { readOnlyServer } from './read-only-server';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;

const env = screenTestEnv({ serverEnv: readOnlyServer, browser: { serviceWorkers: 'block' } });

describe("a school page's Compare before its part hydrates (issue 37 item 9)", () => {
  it('adds the school to the comparison made on this device', async () => {
    const schools = (await (await fetch(`${env.server.url}/api/schools?limit=3&sort=rating`)).json()) as { id: number; name: string }[];
    const [a, b, c] = schools;
    const page = await phonePage(env.browser);
    // The comparison this device last made: a and b.
    await page.goto(`${env.server.url}/compare?schools=${a.id},${b.id}`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tilt.compare'))).toBe(`${a.id},${b.id}`);

    // School c's page with its Compare part held back: the server's link is all there is.
    const file = manifest['school-detail/CompareButton.tsx']?.file;
    expect(file).toBeTruthy();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let asked = false;
    await page.route(`**/${file}`, async (route) => {
      asked = true;
      await gate;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${env.server.url}/schools/${c.id}`, { waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    await expect.poll(() => asked).toBe(true);
    const link = page.getByTestId('compare-school');
    expect(await link.getAttribute('href')).toBe(`/compare?add=${c.id}`); // (old main: /compare?schools={c})
    await link.click();
    release();
    // The compare screen joins c to a and b, and the address says so.
    await page.waitForURL(`**/compare?schools=${a.id},${b.id},${c.id}`, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('compare-chips').locator('li').count()).toBe(3);
    expect(await page.getByTestId('compare-chips').innerText()).toContain(c.name);
    expect(await page.evaluate(() => localStorage.getItem('tilt.compare'))).toBe(`${a.id},${b.id},${c.id}`);
    await screenshot(page, 'everyday-compare-added-before-hydration-phone');

    // The server renders ?add= with that school alone (no empty comparison first).
    const html = await (await fetch(`${env.server.url}/compare?add=${c.id}`)).text();
    expect(html).toContain(c.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    await page.close();
  }, 120_000);
});

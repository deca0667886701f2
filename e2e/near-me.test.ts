// Near me on the Jobs and Schools screens (alerts and near me): the location is asked only when the button
// is tapped, the lists then match the API's near answers (nearest first, distance on each card),
// the distance choice changes the list, the page URL never carries the location, and a refused
// location says so and keeps the plain list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, PHONE, type RunningServer } from './harness';
import type { JobRow, SchoolRow } from './screens.helpers';
import { SCHOOLS_PAGE_SIZE } from '../core/constants';
import { readOnlyServer } from './read-only-server';

// Near Soho Square; the app rounds to 3 decimals (about 100 m) before it asks the API.
const HERE = { latitude: 51.51549, longitude: -0.13224 };
const SENT = '51.515,-0.132';

let server: RunningServer;
let allowed: BrowserContext;
let refused: BrowserContext;

/** Counts the page's calls to getCurrentPosition (the location must be asked only on a tap). */
const countGeolocation = () => {
  const w = window as unknown as { __geoCalls: number };
  w.__geoCalls = 0;
  const geo = navigator.geolocation;
  const original = geo.getCurrentPosition.bind(geo);
  geo.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
    w.__geoCalls++;
    return original(...args);
  };
};

beforeAll(async () => {
  server = await readOnlyServer();
  allowed = await launchBrowser();
  await allowed.grantPermissions(['geolocation'], { origin: server.url });
  await allowed.setGeolocation(HERE);
  await allowed.addInitScript(countGeolocation);
  refused = await launchBrowser();
  await refused.clearPermissions();
  await refused.addInitScript(countGeolocation);
}, 120_000);
afterAll(async () => {
  await allowed?.close();
  await refused?.close();
  await server?.stop();
});

const api = async <Row = JobRow>(path: string) => {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  return { rows: (await res.json()) as Row[], total: Number(res.headers.get('x-total-count')) };
};
const miles = (d: number) => `· ${d} ${d === 1 ? 'mile' : 'miles'} away`;
const geoCalls = (page: Page) => page.evaluate(() => (window as unknown as { __geoCalls: number }).__geoCalls);

describe('Near me', () => {
  it('Jobs: asks on tap, lists the nearest jobs with their distance, and follows the distance choice', async () => {
    const page = await allowed.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/jobs`);
    const cards = page.getByTestId('job-list').locator('article');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await geoCalls(page)).toBe(0);
    expect(await page.getByTestId('distance').count()).toBe(0);

    await page.getByRole('button', { name: 'Near me' }).click();
    const two = await api(`/api/jobs?near=${SENT}&within=2`);
    expect(two.rows.length).toBeGreaterThan(1);
    const shown = async () =>
      page
        .getByTestId('job-list')
        .locator('article')
        .evaluateAll((as) =>
          as.map((a) => `${a.querySelector('h3')!.textContent} ${a.querySelector('[data-testid=distance]')?.textContent ?? ''}`),
        );
    const expected = (rows: JobRow[]) => rows.map((j) => `${j.title} ${miles(j.distanceMiles!)}`);
    await expect.poll(shown, { timeout: 30_000 }).toEqual(expected(two.rows));
    expect(await geoCalls(page)).toBe(1);
    expect(await page.getByRole('button', { name: 'Near me' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('jobs-count').innerText()).toBe(`${two.total} ${two.total === 1 ? 'job' : 'jobs'} found`);
    // Nearest first.
    const distances = two.rows.map((j) => j.distanceMiles!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);

    await page.getByLabel('Within').selectOption('1');
    const one = await api(`/api/jobs?near=${SENT}&within=1`);
    expect(one.rows.length).toBeLessThan(two.rows.length);
    await expect.poll(shown, { timeout: 30_000 }).toEqual(expected(one.rows));
    expect(new URL(page.url()).search).not.toMatch(/near|51\.5/);

    // Off again: the plain list, no distances.
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect.poll(() => page.getByTestId('distance').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.getByLabel('Sort by').count()).toBe(1);
    await page.close();
  }, 180_000);

  it('Schools: lists the nearest schools with their distance', async () => {
    const page = await allowed.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/schools`);
    await expect.poll(() => page.getByTestId('school-list').locator('article').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await geoCalls(page)).toBe(0);
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByLabel('Within').selectOption('1');
    const near = await api<SchoolRow>(`/api/schools?near=${SENT}&within=1&limit=5000`);
    expect(near.total).toBeGreaterThan(5);
    const cards = page.getByTestId('school-list').locator('article');
    const shown = () =>
      cards.evaluateAll((as) =>
        as.map((a) => `${a.querySelector('h2')!.textContent} ${a.querySelector('[data-testid=distance]')?.textContent ?? ''}`),
      );
    // The first screenful (the Schools screen shows SCHOOLS_PAGE_SIZE at a time), nearest first.
    const first = near.rows.slice(0, Math.min(near.total, SCHOOLS_PAGE_SIZE));
    await expect.poll(shown, { timeout: 30_000 }).toEqual(first.map((s) => `${s.name} ${miles(s.distanceMiles!)}`));
    expect(new URL(page.url()).search).not.toMatch(/near|51\.5/);
    await page.close();
  }, 180_000);

  it('a refused location says so and keeps the plain list', async () => {
    const plain = await api('/api/jobs');
    for (const [path, list] of [
      ['/jobs', 'job-list'],
      ['/schools', 'school-list'],
    ]) {
      const page = await refused.newPage();
      await page.setViewportSize(PHONE);
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.getByTestId(list).locator('article').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      const before = await page.getByTestId(list).locator('article').count();
      await page.getByRole('button', { name: 'Near me' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Location is blocked' }).count(), { timeout: 30_000 }).toBe(1);
      expect(await page.getByTestId('near-message').innerText()).toBe(
        'Location is blocked for this site, so we can’t show what’s near you. Allow location in your browser’s settings, then tap Near me again.',
      );
      expect(await geoCalls(page)).toBe(1);
      expect(await page.getByTestId('distance').count()).toBe(0);
      expect(await page.getByTestId(list).locator('article').count()).toBe(before);
      if (path === '/jobs') expect(await page.getByTestId('jobs-count').innerText()).toBe(`${plain.total} jobs found`);
      await page.close();
    }
  }, 180_000);

  it('an unavailable location (no fix) says so too', async () => {
    const page = await allowed.newPage();
    // The phone cannot get a position: the API answers POSITION_UNAVAILABLE.
    await page.addInitScript(() => {
      navigator.geolocation.getCurrentPosition = (_ok, fail) => {
        setTimeout(() => fail?.({ code: 2, message: 'no fix', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }), 10);
      };
    });
    await page.goto(`${server.url}/schools`);
    await expect.poll(() => page.getByTestId('school-list').locator('article').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect.poll(() => page.getByTestId('near-message').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('near-message').innerText()).toBe(
      'Your location isn’t available right now. Try Near me again in a moment, or filter by borough instead.',
    );
    expect(await page.getByRole('button', { name: 'Near me' }).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('distance').count()).toBe(0);
    await page.close();
  }, 120_000);
});

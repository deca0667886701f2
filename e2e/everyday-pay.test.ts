// Issue 37, items 6-8 (Pay), on a phone (390x844) in Chromium: the September 2026 scales open with
// the award that set them (not a developer's comment), on a London area remembered on the device and
// kept in the address (server-rendered as the address says, and offline), and the London
// Allowances tab laid out for 390 px. Screenshots of both tabs at 390x844 and 1280x800.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, settle, waitForHydration, waitForServiceWorker } from './harness';
import { freshPhone, screenTestEnv } from './screens.helpers';
import { readOnlyServer } from './read-only-server';

const env = screenTestEnv({ serverEnv: readOnlyServer, browser: { serviceWorkers: 'allow' } });
/** A fresh device (its own storage): a first visit. */
const phone = () => freshPhone(15_000, { serviceWorkers: 'allow' });

const firstRow = (page: Page, spine: string) => page.getByRole('region', { name: spine }).locator('tbody tr').first();
const areaRadio = (page: Page, area: string) => page.getByRole('radio', { name: area, exact: true });

describe('item 6: the 2026-27 scales say which award set them', () => {
  it('names the award, its percentage and date first, says what is not yet published, links the source, quotes no developer comment', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(`${env.server.url}/pay-scales`);
      await expect.poll(() => page.getByTestId('effective-line').innerText()).toBe('Effective 1 September 2026');
      const award = page.getByTestId('pay-award');
      // The first line for the year: the award, its percentage, its date, and who accepted it when.
      expect(await award.getByTestId('pay-award-line').innerText()).toBe(
        'The 2026 pay award: 3.5 % from 1 September 2026, accepted by the government on 1 July 2026 (and 3 % from 1 September 2027).',
      );
      const text = await award.innerText();
      expect(text).toContain('Not yet published: the 2026 pay document (STPCD 2026).');
      expect(text).toContain('This calculator is indicative only.');
      const link = award.getByRole('link', { name: /^Calculate teacher pay/ });
      expect(await link.getAttribute('href')).toBe('https://calculate-teacher-pay.education.gov.uk/');
      // Before the figures, on the first screen, right under the year.
      const line = (await page.getByTestId('effective-line').boundingBox())!;
      const box = (await award.boundingBox())!;
      const table = (await page.getByTestId('pay-groups').locator('table').first().boundingBox())!;
      expect(box.y).toBeGreaterThan(line.y);
      expect(box.y + box.height).toBeLessThan(table.y);
      expect(table.y).toBeLessThan(PHONE.height);
      // The data file's developer comment is quoted nowhere: not on screen, not in the page's data.
      expect(await page.content()).not.toContain('fake pay data');
      const html = await (await fetch(`${env.server.url}/pay-scales`)).text();
      expect(html).not.toContain('fake pay data');
      expect(html).toContain('The 2026 pay award: 3.5 %');

      // The one figure that is not +3.5 %: England's unqualified point 1, +5 % as the DfE gives it.
      await areaRadio(page, 'England').check();
      const unqualified = page.getByRole('region', { name: 'Unqualified Teacher' });
      // (With its take-home line under the salary once worked out: issue 38.)
      expect((await unqualified.locator('tbody tr').first().innerText()).replace(/\s+/g, ' ')).toMatch(
        /^1 \* £23,732 (£[\d,]+ a month after tax )?Sources? \d+/,
      );
      expect(await unqualified.getByTestId('point-note').innerText()).toBe(
        '* Point 1 rises 5 % (£22,601 to £23,732), not 3.5 %: the DfE gives this figure and calls it “a 5% pay rise”; the 2026 pay document will say why.',
      );
      // Elsewhere (Inner London) no such note: every figure there is 2025's plus 3.5 %.
      await areaRadio(page, 'Inner London').check();
      await expect.poll(() => page.getByRole('region', { name: 'Unqualified Teacher' }).getByTestId('point-note').count()).toBe(0);
      await screenshot(page, 'everyday-pay-award-phone');

      // A year already in a published pay document has no award note.
      await page.getByLabel('Year').selectOption('2025-09-01');
      await expect.poll(() => page.getByTestId('effective-line').innerText()).toBe('Effective 1 September 2025');
      expect(await page.getByTestId('pay-award').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('item 7: pay scales open on a London area, remembered, in the address', () => {
  it('opens on Inner London first, the three London areas one tap apart; the last choice is remembered and every choice is in the URL', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(`${env.server.url}/pay-scales`);
      expect(await areaRadio(page, 'Inner London').isChecked()).toBe(true);
      await expect.poll(() => firstRow(page, 'Main Pay Range').innerText()).toContain('£41,729');
      await page.waitForURL(/[?&]region=Inner\+London/);
      // All three London areas in sight together, each a tap target inside the phone's width.
      const boxes = [];
      for (const area of ['Inner London', 'Outer London', 'London Fringe']) {
        const b = (await page
          .locator('label', { has: areaRadio(page, area) })
          .or(areaRadio(page, area))
          .first()
          .boundingBox())!;
        expect(b.height, area).toBeGreaterThanOrEqual(40);
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
        expect(b.y + b.height).toBeLessThan(PHONE.height);
        boxes.push(b);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

      await areaRadio(page, 'Outer London').check();
      await page.waitForURL(/region=Outer\+London/);
      await expect.poll(() => firstRow(page, 'Main Pay Range').innerText()).toContain('£39,196');
      await page.getByRole('tab', { name: 'London Allowances' }).click();
      await page.waitForURL(/tab=london/);
      expect(new URL(page.url()).searchParams.get('region')).toBe('Outer London');
      // The chosen area comes first among the allowances.
      expect(await page.getByTestId('allowance-areas').locator('h2').first().innerText()).toBe('Outer London');

      // Back later without a region in the address: her last choice, not Inner London, and the URL says so.
      await page.goto(`${env.server.url}/pay-scales`);
      await page.waitForURL(/region=Outer\+London/);
      // The address is replaced as the screen starts; the radio follows once it has rendered.
      await expect.poll(() => areaRadio(page, 'Outer London').isChecked()).toBe(true);
      await expect.poll(() => firstRow(page, 'Main Pay Range').innerText()).toContain('£39,196');
    } finally {
      await context.close();
    }

    // A shared link opens what was shared, on another device, even against its own remembered choice.
    const other = await phone();
    try {
      await other.page.goto(`${env.server.url}/pay-scales?region=London+Fringe&tab=london`);
      expect(await areaRadio(other.page, 'London Fringe').isChecked()).toBe(true);
      expect(await other.page.getByRole('tab', { name: 'London Allowances' }).getAttribute('aria-selected')).toBe('true');
      expect(await other.page.getByTestId('allowance-areas').locator('h2').first().innerText()).toBe('London Fringe');
    } finally {
      await other.context.close();
    }
  });

  it('the server-rendered first load shows what the address says (Inner London without one)', async () => {
    const html = async (path: string) => (await fetch(env.server.url + path)).text();
    const checkedArea = (doc: string) =>
      [...doc.matchAll(/<input[^>]*>/g)].map((m) => m[0]).filter((tag) => /name="region"/.test(tag) && /\schecked=""/.test(tag));
    // The rendered figures (the page's inlined data holds every region's, with their sources' words).
    const figures = (doc: string) => doc.slice(doc.indexOf('data-testid="pay-groups"'), doc.indexOf('data-testid="sources"'));
    const plain = await html('/pay-scales');
    expect(checkedArea(plain)).toHaveLength(1);
    expect(checkedArea(plain)[0]).toContain('value="Inner London"');
    expect(figures(plain)).toContain('£41,729'); // Inner London M1, 2026
    expect(figures(plain)).not.toContain('£34,069'); // England M1, 2026
    const shared = await html('/pay-scales?region=London+Fringe&tab=london&year=2025-09-01');
    expect(checkedArea(shared)[0]).toContain('value="London Fringe"');
    expect(shared).toMatch(/aria-selected="true"[^>]*>London Allowances</);
    expect(shared).toMatch(/Effective (<!-- -->)?1 September 2025/);
    const england = await html('/pay-scales?region=England');
    expect(checkedArea(england)[0]).toContain('value="England"');
    expect(figures(england)).toContain('£34,069');
  });

  it('reads offline as online: a shared link and the remembered area', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(`${env.server.url}/pay-scales`);
      await waitForServiceWorker(page);
      await areaRadio(page, 'London Fringe').check();
      await page.waitForURL(/region=London\+Fringe/);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      await page.goto(`${env.server.url}/pay-scales`);
      await page.waitForURL(/region=London\+Fringe/);
      await expect.poll(() => firstRow(page, 'Main Pay Range').innerText()).toContain('£35,602');
      await page.goto(`${env.server.url}/pay-scales?region=Outer+London&tab=london`);
      await expect.poll(() => page.getByTestId('allowance-areas').locator('h2').first().innerText()).toBe('Outer London');
      expect(await areaRadio(page, 'Outer London').isChecked()).toBe(true);
    } finally {
      await context.setOffline(false);
      await context.close();
    }
  });
});

describe('item 8: the London Allowances tab at 390 px', () => {
  it('the explanation runs the full width under a small icon, nothing squeezed or cut off; both tabs at both sizes', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(`${env.server.url}/pay-scales?tab=london`);
      const note = page.getByRole('tabpanel').getByRole('note').first();
      await note.waitFor();
      const text = (await note.locator('p').first().boundingBox())!;
      const icon = (await note.locator('svg').first().boundingBox())!;
      expect(icon.width).toBeLessThanOrEqual(24);
      // The text takes (nearly) the card's width at 390 px, not a column a word or two wide.
      expect(text.width).toBeGreaterThanOrEqual(280);
      expect(text.height).toBeLessThan(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      // Each difference keeps its point and its amount on one line.
      const row = page.getByTestId('allowance-areas').locator('li').first();
      const rowBox = (await row.boundingBox())!;
      expect(rowBox.height).toBeLessThan(48);
      await settle(page);
      await screenshot(page, 'everyday-pay-london-phone');
      await page.getByRole('tab', { name: 'Pay Scales' }).click();
      await settle(page);
      await screenshot(page, 'everyday-pay-scales-phone');

      await page.setViewportSize(DESKTOP);
      await settle(page);
      await screenshot(page, 'everyday-pay-scales-desktop');
      await page.getByRole('tab', { name: 'London Allowances' }).click();
      await settle(page);
      const wide = (await page.getByRole('tabpanel').getByRole('note').first().locator('p').first().boundingBox())!;
      expect(wide.width).toBeGreaterThanOrEqual(600);
      await screenshot(page, 'everyday-pay-london-desktop');
    } finally {
      await context.close();
    }
  });
});

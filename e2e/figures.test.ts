// Every figure real, on a phone (390x844) in Chromium: a school's DfE number and its census staff
// figures with their date (page and card), the pay scales of the award in force with their source's
// caveat and a source for every figure, and a forum thread card that is one tap target.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, settle, untilHydrated } from './harness';
import { setup, teardown, type Env } from './screens.helpers';
import { ok } from '../test/typed';
import { readOnlyServer } from './read-only-server';

/** A pay row's take-home line (issue 38), left out where a test reads the published figures. */
const TAKE_HOME = / (about )?£[\d,]+ a month after tax( from Sep \d{4}: (about )?£[\d,]+)?/;

let env: Env;
let page: Page;
beforeAll(async () => {
  env = await setup(readOnlyServer);
  page = untilHydrated(await env.browser.newPage());
  page.setDefaultTimeout(15_000);
  await page.setViewportSize(PHONE);
});
afterAll(() => teardown(env));

describe('school figures at 390x844', () => {
  it('the school page shows the DfE number and each staff figure with its census date', async () => {
    const rows = await ok(env.client.schools.$get({ query: { borough: 'City of London' } }));
    const aldgate = rows.find((s) => s.name === 'The Aldgate School')!;
    expect(aldgate).toMatchObject({ dfeNumber: '201/3614', teachersFte: 19.1, workforceCensus: '2018-11' });
    await page.goto(`${env.server.url}/schools/${aldgate.id}`);
    const info = page.getByTestId('school-info');
    await info.waitFor();
    const row = (label: string) => info.locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
    await row('DfE number').scrollIntoViewIfNeeded();
    expect(await row('DfE number').locator('dd').innerText()).toBe('201/3614');
    expect((await row('Teachers').locator('dd').innerText()).split('\n')).toEqual(['19.1 FTE (24 people)', 'November 2018 census']);
    // The date sits under the figure, inside the phone's width, not cut off.
    const figure = (await row('Teachers').locator('dd').boundingBox())!;
    expect(figure.x + figure.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await expect.poll(() => row('Pupils per teacher').locator('dd').innerText()).toBe('15\nNovember 2018 census');
  });

  it('a school card names the DfE number and the teachers with their census', async () => {
    await page.goto(`${env.server.url}/schools?borough=City%20of%20London`);
    const card = page.locator('article', { has: page.getByRole('link', { name: 'The Aldgate School', exact: true }) });
    await card.waitFor();
    expect(await card.getByTestId('card-dfe').innerText()).toBe('DfE 201/3614');
    expect(await card.getByTestId('card-teachers').innerText()).toBe('Teachers: 19.1 FTE, November 2018 census');
  });
});

describe('pay scales at 390x844', () => {
  it("opens on the award in force with its source's caveat, L1-L43 with its two statutory figures, and a source for every figure", async () => {
    await page.goto(`${env.server.url}/pay-scales?region=Inner+London`);
    await expect.poll(() => page.getByTestId('effective-line').innerText()).toBe('Effective 1 September 2026');
    // The award first (issue 37 item 6), then what is not yet published, in the service's words only.
    const award = page.getByTestId('pay-award');
    expect(await award.getByTestId('pay-award-line').innerText()).toContain('3.5 % from 1 September 2026');
    expect(await award.innerText()).toContain('subject to a statutory consultation period');
    expect(await award.innerText()).not.toContain('fake pay data');

    const leadership = page.getByRole('region', { name: 'Leadership Group (L1-L43)' });
    // Each row without its take-home line (issue 38: e2e/take-home-everywhere.test.ts checks it).
    const cells = (await leadership.locator('tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim().replace(TAKE_HOME, ''));
    expect(cells).toHaveLength(2);
    expect(cells[0]).toMatch(/^L1 · statutory minimum £63,709 Source \d+$/);
    expect(cells[1]).toMatch(/^L43 · statutory maximum £158,863 Sources \d+(, \d+)+$/);
    expect(await leadership.getByTestId('leadership-note').innerText()).toContain(
      "the points between them (L2-L42) come from the teaching unions' advisory tables, which we could not source, so none is shown",
    );

    // Every figure on screen names its sources, numbers into the list under "Sources".
    await page.getByTestId('sources').locator('summary').click();
    const listed = await page.getByTestId('source-list').locator('> li').count();
    const refs = await page.getByTestId('row-sources').allInnerTexts();
    expect(refs.length).toBeGreaterThan(15);
    for (const r of refs) {
      const numbers = r.replace(/^\D+/, '').split(', ').map(Number);
      expect(numbers.length).toBeGreaterThan(0);
      for (const n of numbers) expect(n >= 1 && n <= listed, r).toBe(true);
    }

    // 2025: Inner London U2 is the DfE's £60,464 (an earlier review had dropped it), from the DfE calculator.
    await page.getByLabel('Year').selectOption('2025-09-01');
    await expect.poll(() => page.getByTestId('effective-line').innerText()).toBe('Effective 1 September 2025');
    await expect.poll(() => page.getByTestId('pay-award').count()).toBe(0);
    const upper = page.getByRole('region', { name: 'Upper Pay Range' });
    const u2 = upper.locator('tbody tr', { hasText: /^U2/ });
    expect((await u2.innerText()).replace(/\s+/g, ' ').replace(TAKE_HOME, '')).toMatch(/^U2 £60,464 Sources? \d+(, \d+)*$/);
    for (const n of (await u2.getByTestId('row-sources').innerText()).replace(/^\D+/, '').split(', ').map(Number))
      expect(
        await page
          .getByTestId('source-list')
          .locator('> li')
          .nth(n - 1)
          .innerText(),
      ).toContain('DFE-Digital/teacher-pay-calculator');
  });
});

describe('forum at 390x844', () => {
  it('a thread card is one link: a tap anywhere on it opens the thread', async () => {
    await page.goto(`${env.server.url}/forum`);
    const card = page.getByTestId('thread-card').first();
    await card.waitFor();
    await settle(page);
    // One focusable element, a link named by the title; nothing interactive nested in it.
    const focusables = await card.evaluate((el) =>
      [...el.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')].map((e) => e.tagName),
    );
    expect(focusables).toEqual(['A']);
    const link = card.getByRole('link');
    const title = await link.innerText();
    expect(await link.locator('a, button').count()).toBe(0);
    // The whole card is the target: its corners and its middle hit the link (in the middle of the
    // screen, clear of the header and the bottom dock).
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await card.boundingBox())!;
    expect(box.height).toBeGreaterThan(100);
    for (const [x, y] of [
      [box.x + 12, box.y + 12],
      [box.x + box.width - 12, box.y + box.height - 12],
      [box.x + box.width / 2, box.y + box.height / 2],
    ]) {
      expect(
        await page.evaluate(
          ([px, py]) => {
            const e = document.elementFromPoint(px, py);
            return e?.closest('a')?.getAttribute('href') ?? `${e?.tagName}.${e?.className} at ${px},${py}`;
          },
          [x, y],
        ),
      ).toBe(await link.getAttribute('href'));
    }
    // Tapping the preview text (not the title) opens the thread: a tap there lands on the link.
    const preview = (await card.locator('p').first().boundingBox())!;
    await page.mouse.click(preview.x + preview.width / 2, preview.y + preview.height / 2);
    await page.waitForURL(/\/forum\/threads\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    // And from the keyboard: Tab reaches the card's one link, Enter opens it.
    await page.goBack();
    await card.waitFor();
    await link.focus();
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="thread-card"]') !== null)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/forum\/threads\/\d+$/);
  });
});

// The compare wizard (product §2, §4, §5, §9) at phone and desktop size with real schools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, DESKTOP, PHONE, screenshot } from './harness';
import { setup, teardown, type Env } from './screens.helpers';
import { readOnlyServer } from './read-only-server';

let env: Env;
beforeAll(async () => {
  env = await setup(readOnlyServer, { serviceWorkers: 'allow' });
});
afterAll(() => teardown(env));

const WEIGHT: Record<string, number> = { Outstanding: 4, Good: 3, 'Requires Improvement': 2, Inadequate: 1 };
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('compare', () => {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`runs the wizard to 3 schools with insights sorted as §9 says (${label})`, async () => {
      const all: any[] = await env.api('/api/schools?limit=5000');
      const unique = all.filter((s) => all.filter((x) => x.name === s.name).length === 1 && s.numberOfPupils);
      // Three schools with different grades and sizes: the insight orders then differ.
      const good = unique.find((s) => s.ofstedRating === 'Good' && s.numberOfPupils > 1000)!;
      // One with the census's pupil-teacher ratio (November 2018), one the census does not cover.
      const outstanding = unique.find((s) => s.ofstedRating === 'Outstanding' && s.numberOfPupils < 400 && s.pupilTeacherRatio == null)!;
      const ri = unique.find(
        (s) =>
          s.ofstedRating === 'Requires Improvement' && s.numberOfPupils > 400 && s.numberOfPupils < 1000 && s.pupilTeacherRatio != null,
      )!;
      const picks = [ri, good, outstanding];

      const page = await env.browser.newPage();
      await page.setViewportSize(size);
      let schoolCalls = 0;
      page.on('request', (r) => r.url().includes('/api/schools') && schoolCalls++);
      await page.goto(env.server.url + '/compare');
      // The screen is its own chunk: wait for it rather than reading the page at 'load'.
      await page.getByText('Compare up to 3 London schools side-by-side with authentic data').waitFor();
      await expect.poll(() => page.getByText('Select schools to start comparing').isVisible()).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Compare' }).getAttribute('href')).toBe(
        '/compare',
      );
      // Schools load only when the picker first opens: none asked for once the page is idle.
      await page.waitForLoadState('networkidle');
      expect(schoolCalls).toBe(0);

      for (const [i, s] of picks.entries()) {
        await page.getByRole('button', { name: 'Add School to Compare' }).click();
        const picker = page.getByTestId('compare-picker');
        await expect.poll(() => picker.locator('#compare-options li').count()).toBeGreaterThan(0);
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('compare-search');
        // Chosen schools are not offered again.
        for (const chosen of picks.slice(0, i)) {
          await picker.getByLabel('Search schools to compare').fill(chosen.name);
          await expect.poll(() => picker.getByText(`No schools match "${chosen.name}".`).isVisible(), { timeout: 30_000 }).toBe(true);
        }
        // The same combobox as the home box: the school among the suggestions (top 5).
        await picker.getByRole('combobox', { name: 'Search schools to compare' }).fill(s.name);
        const option = picker.getByRole('option', { name: new RegExp(`^${esc(s.name)}`) });
        await expect.poll(() => option.count(), { timeout: 30_000 }).toBe(1);
        await option.click();
        await expect.poll(() => page.getByTestId('compare-card').count()).toBe(i + 1);
        await expect.poll(() => page.getByTestId('compare-picker').count()).toBe(0);
        await expect.poll(() => page.getByTestId('insights').count()).toBe(i + 1 >= 2 ? 1 : 0);
      }
      // At 3 the add button and picker are gone.
      await expect.poll(() => page.getByRole('button', { name: 'Add School to Compare' }).count()).toBe(0);
      await expect.poll(() => page.getByTestId('compare-chips').locator('> li').count()).toBe(3);

      // One table: a column per school (in the order chosen), the row labels at the left.
      const cards = page.getByTestId('compare-card');
      await expect.poll(() => cards.allInnerTexts()).toEqual(picks.map((s) => s.name));
      const cell = (row: string, i = 0) => page.getByTestId(row).nth(i);
      // Staff and the pupil-staff ratio are the School Workforce Census's, with its date; "Not
      // published" where the census has none (product §5, decision 0306).
      await expect
        .poll(() => cell('ratio').innerText())
        .toBe(`${Math.round(ri.pupilTeacherRatio)}:1 pupils per teacher, November 2018 census`);
      await expect
        .poll(() => cell('staff').innerText())
        .toBe(`Teachers: ${ri.teachersFte.toLocaleString('en-GB', { maximumFractionDigits: 1 })} FTE, November 2018 census`);
      await expect.poll(() => cell('ratio', 2).innerText()).toBe('Not published');
      await expect.poll(() => cell('staff', 2).innerText()).toBe('Not published');
      await expect.poll(() => cell('pupils').innerText()).toBe(ri.numberOfPupils.toLocaleString('en-GB'));
      // Ofsted in words with its inspection date, never stars that read as teachers' ratings (decision 0310).
      await expect.poll(() => cell('ofsted').innerText()).toMatch(/^Requires Improvement\s+inspected \d{1,2} \w+ \d{4}$/);
      expect(await cell('ofsted').locator('svg').count()).toBe(0);
      expect(await page.getByRole('rowheader', { name: 'DfE Number' }).count()).toBe(1);
      await expect.poll(() => cell('dfe').innerText()).toBe(ri.dfeNumber);
      expect(ri.dfeNumber).toMatch(/^\d{3}\/\d{4}$/);
      await expect.poll(() => cell('ofsted', 2).innerText()).toMatch(/^Outstanding/);
      if (ri.website)
        await expect
          .poll(() =>
            cell('website')
              .getByRole('link', { name: /Visit Website/ })
              .getAttribute('target'),
          )
          .toBe('_blank');
      // Side by side on a phone too: the labels stay at the left while the schools swipe.
      if (size === PHONE) {
        const table = page.getByTestId('compare-table');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
        const labelBefore = (await page.getByRole('rowheader', { name: 'Pupils' }).boundingBox())!;
        await table.evaluate((el) => (el.scrollLeft = el.scrollWidth));
        const labelAfter = (await page.getByRole('rowheader', { name: 'Pupils' }).boundingBox())!;
        expect(labelAfter.x).toBe(labelBefore.x);
        const lastCol = (await cards.nth(2).boundingBox())!;
        expect(lastCol.x + lastCol.width).toBeLessThanOrEqual(PHONE.width + 1);
        // Side by side, not three stacked cards: the schools' columns start on one line.
        const tops = await cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
        expect(new Set(tops).size).toBe(1);
      }

      const bySize = [...picks].sort((a, b) => b.numberOfPupils - a.numberOfPupils);
      const sizeRows = await page.getByTestId('size-insights').locator('> li').allInnerTexts();
      expect(
        sizeRows.map((t) =>
          t
            .replace(/^Largest\s*/, '')
            .split('\n')[0]
            .trim(),
        ),
      ).toEqual(bySize.map((s) => s.name));
      expect(sizeRows[0]).toContain(`${bySize[0].numberOfPupils.toLocaleString('en-GB')} pupils`);
      expect(sizeRows[0]).toContain('Largest');
      const byGrade = [...picks].sort((a, b) => WEIGHT[b.ofstedRating] - WEIGHT[a.ofstedRating]);
      const gradeRows = await page.getByTestId('ofsted-insights').locator('> li').allInnerTexts();
      expect(
        gradeRows.map((t) =>
          t
            .replace(/^Best\s*/, '')
            .split('\n')[0]
            .trim(),
        ),
      ).toEqual(byGrade.map((s) => s.name));
      await screenshot(page, `compare-3-${label}`);

      // Remove through a chip: the add button comes back; with one school left, no insights.
      await page.getByRole('button', { name: `Remove ${good.name}`, exact: true }).click();
      await expect.poll(() => cards.count()).toBe(2);
      await expect.poll(() => page.getByRole('button', { name: 'Add School to Compare' }).count()).toBe(1);
      await page.getByRole('button', { name: `Remove ${outstanding.name} from comparison` }).click();
      await expect.poll(() => cards.count()).toBe(1);
      await expect.poll(() => page.getByTestId('insights').count()).toBe(0);
      // The picker closes with its close button and Escape.
      await page.getByRole('button', { name: 'Add School to Compare' }).click();
      await page.getByRole('button', { name: 'Close school picker' }).click();
      await expect.poll(() => page.getByTestId('compare-picker').count()).toBe(0);
      await page.getByRole('button', { name: 'Add School to Compare' }).click();
      // Escape once the picker is there and its box has the focus (it takes it when it opens).
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('compare-search');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('compare-picker').count()).toBe(0);
      await page.close();
    }, 90_000);
  }

  it("picks with the keyboard from the suggestions, and from the phone's copy of the names with no signal (phone)", async () => {
    const page = await env.browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(env.server.url + '/compare');
    await page.getByText('Compare up to 3 London schools side-by-side with authentic data').waitFor();
    await page.getByRole('button', { name: 'Add School to Compare' }).click();
    const box = page.getByRole('combobox', { name: 'Search schools to compare' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('compare-search');
    // One character suggests nothing; two do (online: the API, and the names are kept on the phone).
    await box.fill('l');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    // The phone's copy of the names may answer first, then the API's answer replaces it (perhaps in
    // another order): the keyboard steps below start once the API's order is on screen.
    const answered = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/schools' && url.searchParams.get('search') === 'lady marg';
    });
    await box.fill('lady marg');
    await expect.poll(() => box.getAttribute('aria-expanded'), { timeout: 30_000 }).toBe('true');
    const options = page.getByRole('option');
    const apiFirst = ((await (await answered).json()) as { name: string }[])[0].name;
    expect(apiFirst).toContain('Lady Margaret');
    await expect.poll(() => options.first().innerText(), { timeout: 30_000 }).toContain(apiFirst);
    // Keyboard: the first suggestion becomes the active descendant; Escape closes the list, not the picker.
    await box.press('ArrowDown');
    await expect
      .poll(async () => (await box.getAttribute('aria-activedescendant')) ?? 'none')
      .toBe(await options.first().getAttribute('id'));
    await box.press('Escape');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('compare-picker').count()).toBe(1);
    await box.press('ArrowDown');
    await expect.poll(() => page.locator('[role="option"][aria-selected="true"]').count()).toBe(1);
    // Enter picks the highlighted one, even if the API's answer has since replaced the phone's copy
    // of the names in another order (the highlight follows the school, not the place).
    const highlighted = (await page.locator('[role="option"][aria-selected="true"]').innerText()).split('\n')[0];
    expect(highlighted).toContain('Lady Margaret');
    await box.press('Enter');
    await expect.poll(() => page.getByTestId('compare-card').count()).toBe(1);
    expect(await page.getByTestId('compare-card').innerText()).toContain(highlighted);
    await expect.poll(() => page.getByTestId('dfe').first().innerText(), { timeout: 30_000 }).not.toBe('Loading…');

    // No signal: the suggestions come from the phone's copy of the names, and the pick is kept.
    await page.context().setOffline(true);
    try {
      await page.getByRole('button', { name: 'Add School to Compare' }).click();
      await box.fill('camden sch');
      await expect.poll(() => options.first().innerText(), { timeout: 30_000 }).toContain('The Camden School for Girls');
      await page.screenshot({ path: `${ARTIFACTS}/compare-offline-suggestions-phone-viewport.png` });
      await box.press('ArrowDown');
      await expect.poll(() => page.locator('[role="option"][aria-selected="true"]').count()).toBe(1);
      await box.press('Enter');
      await expect.poll(() => page.getByTestId('compare-card').count()).toBe(2);
      expect(await page.getByTestId('compare-card').nth(1).innerText()).toContain('The Camden School for Girls');
      await expect.poll(() => page.getByTestId('address').nth(1).innerText(), { timeout: 30_000 }).toBe('Shown when back online');
      await screenshot(page, 'compare-offline-pick-phone');
    } finally {
      await page.context().setOffline(false);
    }
    // Back online: its figures come.
    await expect.poll(() => page.getByTestId('address').nth(1).innerText(), { timeout: 30_000 }).toContain('Camden');
    await expect.poll(() => page.getByTestId('insights').count(), { timeout: 30_000 }).toBe(1);
    await page.close();
  }, 90_000);
});

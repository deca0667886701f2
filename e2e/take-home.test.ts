// The take-home pay calculator on a phone (issue 38): a part-time leadership case shows the right
// net; a visitor's settings (FTE, pension, loans) survive a reload and are in no request; after
// one visit it works with the server stopped and the browser offline.
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { DESKTOP, screenshot, settle, waitForServiceWorker } from './harness';
import { phonePage, screenTestEnv } from './screens.helpers';

const env = screenTestEnv({ browser: { serviceWorkers: 'allow' } });

// Inner London L43 from September 2026 (158,863, indicative), in October 2026 (2026/27 tax).
const LEADER = '/pay-scales/take-home?region=Inner+London&paySpine=Leadership+Group&point=43&month=2026-10';

/** Sets the part-time leadership settings: 0.6 FTE, in the pension scheme, Plan 2 and a postgraduate loan. */
async function partTimeWithLoans(page: Page) {
  await page.getByLabel(/^Working time \(FTE/).fill('0.6');
  await page.getByRole('radio', { name: 'I pay in' }).check();
  await page.getByRole('checkbox', { name: 'Plan 2' }).check();
  await page.getByRole('checkbox', { name: 'Postgraduate loan' }).check();
}

const net = (page: Page) => page.getByTestId('take-home-net').innerText();

describe('take-home pay calculator (phone)', () => {
  it('a part-time Inner London L43: pension tiered by actual pay, both loans, £4,068.27 a month', async () => {
    const page = await phonePage(env.browser);
    // One tap from the pay scales.
    await page.goto(env.server.url + '/pay-scales');
    await settle(page);
    await screenshot(page, 'take-home-link-pay-scales-phone');
    await page.getByRole('link', { name: 'What lands in the bank: take-home pay' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Take-home pay');
    await page.goto(env.server.url + LEADER);
    await expect.poll(() => net(page)).toMatch(/^£\d/);
    await partTimeWithLoans(page);
    await expect.poll(() => net(page)).toBe('£4,068.27 a month after tax (£48,819.21 a year)');
    const rows = page.getByTestId('breakdown').locator('tbody tr');
    expect(await rows.allInnerTexts()).toEqual([
      'Gross pay (FTE 0.6)\t£7,943.15\t£95,317.80',
      'Pension: tier 5, 11.6 %\t−£921.41\t−£11,056.86',
      'Income tax\t−£1,761.06\t−£21,132.77',
      'National Insurance\t−£326.41\t−£3,916.96',
      'Student loan, Plan 2\t−£494.42\t−£5,933.00',
      'Postgraduate loan\t−£371.58\t−£4,459.00',
      'Take-home pay\t£4,068.27\t£48,819.21',
    ]);
    expect(await page.getByTestId('take-home-caveats').innerText()).toContain(
      "Teachers' Pension tiers from April 2026 are not published yet: the tiers from April 2025 are used.",
    );
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'take-home-phone');
    await page.getByTestId('breakdown').scrollIntoViewIfNeeded();
    await screenshot(page, 'take-home-phone-breakdown');
    // Bad input: words beside the field, no figure, never NaN.
    await page.getByLabel(/^Working time \(FTE/).fill('1.5');
    await expect
      .poll(() => page.getByTestId('error-fte').innerText())
      .toBe('FTE must be a number from 0.1 to 1 (1 is full time), with at most 4 decimal places');
    expect(await page.locator('main').innerText()).not.toContain('NaN');
    await page.getByLabel(/^Working time \(FTE/).scrollIntoViewIfNeeded();
    await screenshot(page, 'take-home-phone-error');
    await page.setViewportSize(DESKTOP);
    await page.getByLabel(/^Working time \(FTE/).fill('0.6');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'take-home-desktop');
    await page.close();
  });

  it("keeps a visitor's settings on the device: they survive a reload and are in no request", async () => {
    const page = await phonePage(env.browser);
    const sent: string[] = [];
    // Each request's address and body: her settings must be in neither.
    const record = (r: Request) => sent.push(`${r.url()} ${r.postData() ?? ''}`);
    env.browser.on('request', record);
    try {
      await page.goto(env.server.url + '/pay-scales/take-home?by=salary&salary=40317&month=2026-01');
      // The first test's settings (0.6, two loans) are on this device: start from none.
      await page.evaluate(() => localStorage.removeItem('tilt.takeHome'));
      await page.reload();
      await expect.poll(() => net(page)).toBe('£2,473.26 a month after tax (£29,679.07 a year)');
      await page.getByLabel(/^Working time \(FTE/).fill('0.8');
      await page.getByRole('radio', { name: 'I opted out' }).check();
      await page.getByRole('checkbox', { name: 'Plan 2' }).check();
      await expect.poll(() => page.url()).not.toContain('fte');
      await page.reload();
      await expect.poll(() => page.getByLabel(/^Working time \(FTE/).inputValue()).toBe('0.8');
      expect(await page.getByRole('radio', { name: 'I opted out' }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Plan 2' }).isChecked()).toBe(true);
      // 40,317 x 0.8 = 32,253.60, opted out, Plan 2 (2025/26): derived by the rules.
      await expect.poll(() => net(page)).toMatch(/^£2,\d{3}\.\d{2} a month after tax/);
      expect(sent.length).toBeGreaterThan(2);
      expect(sent.filter((s) => /[?&](fte|pension|loans)=| .*(fte|plan2|opted)/i.test(s))).toEqual([]);
    } finally {
      env.browser.off('request', record);
      await page.close();
    }
  });

  it('works offline after one visit: the server stopped, the browser offline', async () => {
    const page = await phonePage(env.browser);
    await page.goto(env.server.url + LEADER);
    await waitForServiceWorker(page);
    // Once more under the worker's control so the pay data is saved on the device.
    await page.reload();
    await expect.poll(() => net(page)).toMatch(/^£\d/);
    await partTimeWithLoans(page);
    await expect.poll(() => net(page)).toBe('£4,068.27 a month after tax (£48,819.21 a year)');
    await env.server.stop();
    await env.browser.setOffline(true);
    try {
      await page.goto(env.server.url + LEADER);
      await expect.poll(() => net(page), { timeout: 15_000 }).toBe('£4,068.27 a month after tax (£48,819.21 a year)');
      // Still computing: another pay point and month, offline.
      await page.getByLabel('Pay scale').selectOption('Main Pay Range');
      await page.getByLabel('Month of the payslip').selectOption('2026-01');
      await page.getByLabel(/^Working time \(FTE/).fill('1');
      await page.getByRole('checkbox', { name: 'Plan 2' }).uncheck();
      await page.getByRole('checkbox', { name: 'Postgraduate loan' }).uncheck();
      await expect.poll(() => net(page)).toBe('£2,473.26 a month after tax (£29,679.07 a year)');
      await screenshot(page, 'take-home-offline-phone');
    } finally {
      await env.browser.setOffline(false);
      await page.close();
    }
  });
});

// Take-home pay beside the pay (issue 38, decision 0312) on a phone: every pay scale row shows the
// engine's figure with her settings and next September's, linking to its breakdown; a job card
// and a job page show the two ends of the advertised salary (none for a salary we cannot read); a
// visitor's settings are in no request; a signed-in teacher's device settings go to her account
// on sign-in; and after one visit a saved job's take-home still shows with the server stopped and
// the browser offline.
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { periodOf } from '../core/take-home';
import { monthForAward, netMonthly, nextSeptember } from '../web/features/take-home/figures';
import { DEFAULT_SETTINGS, type TakeHomeSettings } from '../web/features/take-home/settings';
import { DESKTOP, PHONE, screenshot, settle, signInLocally, waitForServiceWorker } from './harness';
import { phonePage, screenTestEnv } from './screens.helpers';

const env = screenTestEnv({ browser: { serviceWorkers: 'allow' } });

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const about = (salary: number, settings: TakeHomeSettings, month: string) => gbp.format(netMonthly(salary, settings, month));
const PART_TIME: TakeHomeSettings = { fte: '0.6', pension: 'tps', loans: ['plan2'] };

type ApiRow = { region: string; paySpine: string; point: number; pointLabel: string | null; annualSalary: number; effectiveDate: string };
async function payRow(effectiveDate: string, region: string, pointLabel: string): Promise<ApiRow> {
  const rows = (await (await fetch(`${env.server.url}/api/pay-scales?effectiveDate=${effectiveDate}`)).json()) as ApiRow[];
  return rows.find((r) => r.region === region && r.pointLabel === pointLabel)!;
}
type ApiJob = { id: number; title: string; salaryText: string | null; borough: string };
async function jobTitled(title: string): Promise<ApiJob> {
  const jobs = (await (await fetch(`${env.server.url}/api/jobs?search=${encodeURIComponent(title)}`)).json()) as ApiJob[];
  const job = jobs.find((j) => j.title === title);
  if (!job) throw new Error(`no job titled ${title}`);
  return job;
}

const rowOf = (page: Page, spine: string, label: string) =>
  page
    .locator('section', { has: page.getByRole('heading', { name: spine, exact: true }) })
    .getByRole('row')
    .filter({
      has: page.getByRole('cell', { name: new RegExp(`^${label}\\b`) }),
    });

describe('take-home beside the pay (phone)', () => {
  it("every pay point row shows the engine's figure with her settings, next September's, and links to its breakdown; no request carries her settings", async () => {
    const page = await phonePage(env.browser);
    const sent: string[] = [];
    const record = (r: Request) => sent.push(`${r.url()} ${r.postData() ?? ''}`);
    env.browser.on('request', record);
    try {
      await page.goto(env.server.url + '/pay-scales?region=Inner+London');
      await page.evaluate(() => localStorage.removeItem('tilt.takeHome'));
      await page.reload();
      // This year (2026, indicative): this month's payslip.
      const m1 = await payRow('2026-09-01', 'Inner London', 'M1');
      const month = monthForAward('2026-09-01')!;
      const figure = rowOf(page, 'Main Pay Range', 'M1').getByTestId('row-take-home');
      // A phone shows it short ('about' from 640 px up).
      await expect.poll(() => figure.innerText()).toBe(`${about(m1.annualSalary, DEFAULT_SETTINGS, month)} a month after tax`);
      expect(await page.getByTestId('row-take-home').count()).toBe(await page.locator('[data-testid="pay-groups"] tbody tr').count());
      expect(await page.getByTestId('take-home-note').innerText()).toMatch(
        /^Take-home for a \w+ 20\d\d payslip \(tax year 20\d\d\/\d\d\), full time, paying into the Teachers' Pension, no student loan\. Set yours$/,
      );
      await settle(page);
      await screenshot(page, 'take-home-pay-scales-phone');
      await rowOf(page, 'Main Pay Range', 'M1').scrollIntoViewIfNeeded();
      await screenshot(page, 'take-home-pay-scales-rows-phone');
      await page.setViewportSize(DESKTOP);
      await expect.poll(() => figure.innerText()).toBe(`about ${about(m1.annualSalary, DEFAULT_SETTINGS, month)} a month after tax`);
      await screenshot(page, 'take-home-pay-scales-desktop');
      await page.setViewportSize(PHONE);

      // 2025's figures, with what changes next September beside them.
      await page.goto(env.server.url + '/pay-scales?region=Inner+London&year=2025-09-01');
      const m1of2025 = await payRow('2025-09-01', 'Inner London', 'M1');
      const month2025 = monthForAward('2025-09-01')!;
      const next = nextSeptember(month2025);
      const row2025 = rowOf(page, 'Main Pay Range', 'M1').getByTestId('row-take-home');
      await expect
        .poll(() => row2025.innerText())
        .toContain(`${about(m1of2025.annualSalary, DEFAULT_SETTINGS, month2025)} a month after tax`);
      if (next) {
        expect(m1of2025.annualSalary).toBe(40317);
        expect(await row2025.getByTestId('row-take-home-next').innerText()).toBe(
          `from Sep ${next.slice(0, 4)}: ${about(m1.annualSalary, DEFAULT_SETTINGS, next)}`,
        );
      }

      // Her settings from the calculator change every row; a row's figure opens its breakdown.
      await page.goto(env.server.url + '/pay-scales/take-home');
      await page.getByLabel(/^Working time \(FTE/).fill('0.6');
      await page.getByRole('checkbox', { name: 'Plan 2' }).check();
      await page.goto(env.server.url + '/pay-scales?region=Inner+London');
      const u3 = await payRow('2026-09-01', 'Inner London', 'U3');
      const u3Figure = rowOf(page, 'Upper Pay Range', 'U3').getByTestId('row-take-home');
      await expect.poll(() => u3Figure.innerText()).toBe(`${about(u3.annualSalary, PART_TIME, month)} a month after tax`);
      expect(await page.getByTestId('take-home-note').innerText()).toContain('with your settings: 0.6 FTE');
      await u3Figure.getByRole('link').click();
      await expect.poll(() => new URL(page.url()).search).toBe(`?region=Inner+London&paySpine=Upper+Pay+Range&point=3&month=${month}`);
      const net = netMonthly(u3.annualSalary, PART_TIME, month).toLocaleString('en-GB', { minimumFractionDigits: 2 });
      await expect.poll(() => page.getByTestId('take-home-net').innerText()).toMatch(new RegExp(`^£${net} a month after tax`));
      expect(sent.length).toBeGreaterThan(3);
      expect(sent.filter((s) => /[?&](fte|pension|loans)=| .*(fte|plan2)/i.test(s))).toEqual([]);
    } finally {
      env.browser.off('request', record);
      await page.close();
    }
  });

  it("a job card and a job page show the two ends of a pay range's take-home, none for a salary we cannot read", async () => {
    const page = await phonePage(env.browser);
    await page.goto(env.server.url + '/jobs');
    await page.evaluate(() => localStorage.removeItem('tilt.takeHome'));
    const job = await jobTitled('Reception Class Teacher');
    expect(job.salaryText).toBe('MPS (Inner London)');
    const month = monthForAward('2026-09-01')!;
    const award = periodOf(month)!.payAward;
    const [lo, hi] = [await payRow(award, 'Inner London', 'M1'), await payRow(award, 'Inner London', 'M6')];
    const expected = `${about(lo.annualSalary, DEFAULT_SETTINGS, month)}–${about(hi.annualSalary, DEFAULT_SETTINGS, month)} a month after tax and pension`;
    await page.goto(env.server.url + `/jobs?search=${encodeURIComponent('Reception Class Teacher')}`);
    const card = page.getByTestId('job-card').filter({ hasText: 'Reception Class Teacher' }).first();
    await expect.poll(() => card.getByTestId('job-take-home').innerText()).toBe(expected);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'take-home-job-card-phone');
    // Its page: the same figures, each linking to its breakdown.
    await page.goto(env.server.url + `/jobs/${job.id}`);
    const line = page.getByTestId('job-take-home');
    await expect.poll(() => line.innerText()).toBe(expected);
    await settle(page);
    await screenshot(page, 'take-home-job-page-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'take-home-job-page-desktop');
    await page.setViewportSize(PHONE);
    await line.getByRole('link').last().click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?region=Inner+London&paySpine=Main+Pay+Range&point=6&month=${month}`);
    // No salary, and a salary that is not a teacher's annual pay: nothing said.
    for (const title of ['Higher Level Teaching Assistant', 'Teaching Assistant (SEND)', 'School Business Manager']) {
      const other = await jobTitled(title);
      await page.goto(env.server.url + `/jobs/${other.id}`);
      await expect.poll(() => page.getByTestId('job-salary').count()).toBe(1);
      await settle(page);
      expect(await page.getByTestId('job-take-home').count(), title).toBe(0);
    }
    await page.close();
  });

  it("a signed-in teacher's device settings go to her account; after one visit her saved job's take-home shows offline", async () => {
    const page = await phonePage(env.browser);
    await page.goto(env.server.url + '/pay-scales/take-home');
    await page.evaluate(() => localStorage.setItem('tilt.takeHome', JSON.stringify({ fte: '0.8', pension: 'none', loans: ['plan1'] })));
    const job = await jobTitled('Year 1 Class Teacher');
    await signInLocally(page, env.server.url, { email: 'take.home@school.example', name: 'Tara Home' }, `/jobs/${job.id}`);
    // The account had none: the device's are saved to it.
    await expect
      .poll(() => page.evaluate(async () => (await (await fetch('/api/me/take-home-settings')).json()) as unknown))
      .toEqual({ settings: { fte: '0.8', pension: 'none', loans: ['plan1'] } });
    await page.getByTestId('save-job').click();
    await expect.poll(() => page.getByTestId('save-job').getAttribute('aria-pressed')).toBe('true');
    await waitForServiceWorker(page);
    await page.reload();
    const settings: TakeHomeSettings = { fte: '0.8', pension: 'none', loans: ['plan1'] };
    const month = monthForAward('2026-09-01')!;
    const award = periodOf(month)!.payAward;
    const [lo, hi] = [await payRow(award, 'Inner London', 'M1'), await payRow(award, 'Inner London', 'M6')];
    const expected = `${about(lo.annualSalary, settings, month)}–${about(hi.annualSalary, settings, month)} a month after tax and your loans`;
    await expect.poll(() => page.getByTestId('job-take-home').innerText()).toBe(expected);
    await env.server.stop();
    await env.browser.setOffline(true);
    try {
      await page.goto(env.server.url + `/jobs/${job.id}`);
      await expect.poll(() => page.getByTestId('job-take-home').innerText(), { timeout: 15_000 }).toBe(expected);
      await screenshot(page, 'take-home-saved-job-offline-phone');
    } finally {
      await env.browser.setOffline(false);
      await page.close();
    }
  });
});

// The take-home figures beside the pay (issue 38): the payslip month of a pay year, the worked
// examples through the rows' and jobs' path, a job's two ends from the real pay table, the words
// for her settings, and the links (never her settings in them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PayPointRow } from '../../../core/take-home';
import { afterWords, jobFigures, monthForAward, netMonthly, nextSeptember, pointLink, settingsWords } from './figures';
import { DEFAULT_SETTINGS } from './settings';

const rows = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../db/seed/pay-scales.json'), 'utf8')) as (PayPointRow & { caveat?: string })[]
).map((r) => ({ ...r, caveat: r.caveat ?? null }));
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('monthForAward', () => {
  it('is this month within the award year, else the award’s first month with tax rules held', () => {
    expect(monthForAward('2026-09-01', at('2026-12-06'))).toBe('2026-12');
    expect(monthForAward('2025-09-01', at('2026-03-10'))).toBe('2026-03');
    expect(monthForAward('2025-09-01', at('2026-12-06'))).toBe('2025-09');
    expect(monthForAward('2026-09-01', at('2026-03-10'))).toBe('2026-09');
    // 2024's award year reaches April 2025, the first month held.
    expect(monthForAward('2024-09-01', at('2026-12-06'))).toBe('2025-04');
    expect(monthForAward('2023-09-01', at('2026-12-06'))).toBeNull();
  });
  it('has a next September only when its tax year is held', () => {
    expect(nextSeptember('2026-03')).toBe('2026-09');
    expect(nextSeptember('2025-09')).toBe('2026-09');
    expect(nextSeptember('2026-12')).toBeNull();
  });
});

describe('the figures', () => {
  it('gives the worked examples: Inner London M1 2025, full time, pension, no loans, 2025/26 is 2,473.26', () => {
    const m1 = rows.find((r) => r.region === 'Inner London' && r.pointLabel === 'M1' && r.effectiveDate === '2025-09-01')!;
    expect(m1.annualSalary).toBe(40317);
    expect(netMonthly(m1.annualSalary, DEFAULT_SETTINGS, '2026-01')).toBe(2473.26);
    // September 2026 (41,729, indicative), opted out, Plan 5, 2026/27.
    const next = rows.find((r) => r.region === 'Inner London' && r.pointLabel === 'M1' && r.effectiveDate === '2026-09-01')!;
    expect(netMonthly(next.annualSalary, { fte: '1', pension: 'none', loans: ['plan5'] }, '2026-09')).toBe(2671.77);
  });

  it("gives a job's two ends from the pay points its salary names, in the advert's area or the borough's", () => {
    const ends = jobFigures({ salaryText: 'MPS/UPS (Outer London)' }, rows, DEFAULT_SETTINGS, 'Inner London', '2026-01')!;
    const outer = (label: string) =>
      rows.find((r) => r.region === 'Outer London' && r.pointLabel === label && r.effectiveDate === '2025-09-01')!.annualSalary;
    expect(ends.min.net).toBe(netMonthly(outer('M1'), DEFAULT_SETTINGS, '2026-01'));
    expect(ends.max?.net).toBe(netMonthly(outer('U3'), DEFAULT_SETTINGS, '2026-01'));
    expect(ends.min.net).toBeLessThan(ends.max!.net);
    expect(ends.min.link).toBe('/pay-scales/take-home?region=Outer+London&paySpine=Main+Pay+Range&point=1&month=2026-01');
    expect(ends.max?.link).toBe('/pay-scales/take-home?region=Outer+London&paySpine=Upper+Pay+Range&point=3&month=2026-01');
    // No area named: the borough's (Inner London here).
    const plain = jobFigures({ salaryText: 'MPS/UPS' }, rows, DEFAULT_SETTINGS, 'Inner London', '2026-01')!;
    expect(plain.min.net).toBe(2473.26);
    // A TLR the advert adds is said, not guessed.
    expect(jobFigures({ salaryText: 'MPS/UPS (Inner London) + TLR 2c' }, rows, DEFAULT_SETTINGS, 'Inner London', '2026-01')?.extras).toBe(
      true,
    );
  });

  it('says nothing for no salary, an unreadable one, or points before the pay table loads', () => {
    expect(jobFigures({ salaryText: null }, rows, DEFAULT_SETTINGS, 'Inner London', '2026-01')).toBeNull();
    expect(jobFigures({ salaryText: 'PO1-PO4, depending on experience' }, rows, DEFAULT_SETTINGS, 'Inner London', '2026-01')).toBeNull();
    expect(jobFigures({ salaryText: 'MPS' }, undefined, DEFAULT_SETTINGS, 'Inner London', '2026-01')).toBeNull();
    expect(jobFigures({ salaryText: 'MPS' }, rows, DEFAULT_SETTINGS, 'Inner London', '2031-01')).toBeNull();
    // Pounds need no pay table; a typed salary's link carries it.
    const pounds = jobFigures({ salaryMin: 40317, salaryMax: 40317 }, undefined, DEFAULT_SETTINGS, 'Inner London', '2026-01')!;
    expect([pounds.min.net, pounds.max, pounds.min.link]).toEqual([
      2473.26,
      null,
      '/pay-scales/take-home?by=salary&salary=40317&month=2026-01',
    ]);
  });

  it('puts her settings in words, and never in a link', () => {
    expect(settingsWords(DEFAULT_SETTINGS)).toBe("full time, paying into the Teachers' Pension, no student loan");
    expect(settingsWords({ fte: '0.6', pension: 'none', loans: ['plan2', 'pgl'] })).toBe(
      '0.6 FTE, opted out of the pension, Plan 2 and a postgraduate loan',
    );
    expect(afterWords(DEFAULT_SETTINGS)).toBe('tax and pension');
    expect(afterWords({ fte: '1', pension: 'tps', loans: ['plan1'] })).toBe('tax, pension and your loans');
    expect(afterWords({ fte: '1', pension: 'none', loans: [] })).toBe('tax');
    const link = pointLink({ region: 'Inner London', paySpine: 'Main Pay Range', point: 1 }, '2026-01');
    expect(link).not.toMatch(/fte|pension|loans/);
  });
});

// The take-home engine against the four worked examples (to the penny), HMRC's own
// expected answers (hmrc/tax-kalculator v2.16.0, src/jvmTest/resources/: each case names its
// fixture file and row) and cases derived from the rules (tier edges, the taper, loans).
import { describe, expect, it } from 'vitest';
import {
  defaultMonth,
  findPayPoint,
  freePayOf,
  incomeTax,
  LAST_MONTH,
  nationalInsurance,
  parseFte,
  parsePounds,
  PENSION_TIERS,
  pensionTier,
  periodOf,
  studentLoans,
  TAX_YEARS,
  takeHome,
} from './index';

const [Y2025, Y2026] = TAX_YEARS;
const TIERS_2025 = PENSION_TIERS[0].tiers;
// A month of each tax year: January 2026 is 2025/26, October 2026 is 2026/27.
const M2025 = '2026-01';
const M2026 = '2026-10';

describe('the four worked examples of issue 38 (monthly net, to the penny)', () => {
  it('Inner London M1 2025, full time, pension in, no loans, 2025/26: 2,473.26', () => {
    const r = takeHome({ salary: 40_317, month: M2025 });
    expect(r).toMatchObject({ gross: 40_317, pension: { rate: 8.9, amount: 3588.21, tier: 2 }, tax: 4829.96, nationalInsurance: 2219.76 });
    expect(r.net).toEqual({ annual: 29_679.07, monthly: 2473.26 });
    expect(r.taxYear).toBe('2025-26');
  });
  it('Outer London M6 2025 + TLR 3,000, Plan 2, 2025/26: 2,977.48', () => {
    const r = takeHome({ salary: 50_474, allowances: 3000, loans: ['plan2'], month: M2025 });
    expect(r).toMatchObject({ gross: 53_474, pension: { rate: 9.9, amount: 5293.93 }, tax: 7120.21, nationalInsurance: 3080.08 });
    expect(r.loans).toEqual([{ plan: 'plan2', amount: 2250 }]);
    expect(r.net.monthly).toBe(2977.48);
  });
  it('a typed 120,000, pension in, 2025/26 (taper: free pay 9,779): 5,866.75', () => {
    const r = takeHome({ salary: 120_000, month: M2025 });
    expect(r).toMatchObject({ pension: { rate: 12, amount: 14_400 }, taxableIncome: 105_600, freePay: 9779, tax: 30_788.4 });
    expect(r.nationalInsurance).toBe(4410.6);
    expect(r.net.monthly).toBe(5866.75);
  });
  it('Inner London M1 September 2026 (41,729), opted out, Plan 5, 2026/27: 2,671.77', () => {
    const r = takeHome({ salary: 41_729, pension: 'none', loans: ['plan5'], month: '2026-09' });
    expect(r).toMatchObject({ pension: { rate: 0, amount: 0, tier: null }, tax: 5830, nationalInsurance: 2332.72, taxYear: '2026-27' });
    expect(r.loans).toEqual([{ plan: 'plan5', amount: 1505 }]);
    expect(r.net.monthly).toBe(2671.77);
    expect(r.payAward).toBe('2026-09-01');
  });
});

describe("HMRC's fixtures (hmrc/tax-kalculator src/jvmTest/resources)", () => {
  // data2025.csv and data2026.csv, England rows, 1257L, no pension: yearly NI, tax and take-home.
  it.each([
    ['data2025.csv', M2025, 20_000, 594.4, 1484.2, 17_921.4],
    ['data2025.csv', M2025, 40_000, 2194.4, 5484.2, 32_321.4],
    ['data2025.csv', M2025, 60_000, 3210.6, 11_428.4, 45_361],
    ['data2026.csv', M2026, 80_000, 3610.6, 19_428.4, 56_961],
    // The taper: data2025_with_tapering.csv 1257L and data2026_with_tapering.csv 0T, 150,000 (free pay 0 either way).
    ['data2025_with_tapering.csv', M2025, 150_000, 5010.6, 53_703, 91_286.4],
    ['data2026_with_tapering.csv', M2026, 150_000, 5010.6, 53_703, 91_286.4],
  ])('%s: %i a year, opted out of any pension', (_file, month, salary, ni, tax, net) => {
    const r = takeHome({ salary, pension: 'none', month });
    expect([r.nationalInsurance, r.tax, r.net.annual]).toEqual([ni, tax, net]);
  });

  it('data2025_with_pension.csv / data2026_with_pension.csv: a 10 % pension lowers tax, not NI (NI is on the wage)', () => {
    for (const rules of [Y2025, Y2026]) {
      for (const [wage, tax, ni] of [
        [40_000, 4684.2, 2194.4],
        [60_000, 9028.4, 3210.6],
        [80_000, 16_228.4, 3610.6],
      ]) {
        const taxable = wage * 0.9;
        expect(incomeTax(rules, taxable, freePayOf(rules, taxable))).toBeCloseTo(tax, 8);
        expect(nationalInsurance(rules, wage)).toBe(ni);
      }
    }
  });

  // data2025_with_student_loan.csv and data2026_with_student_loan.csv, 40,000 a year: the loan is
  // total deduction minus the no-loan row's 7,678.6; 60,000 rows for the other years' check.
  it.each([
    [Y2025, 'plan1', 40_000, 1254],
    [Y2025, 'plan2', 40_000, 1037],
    [Y2025, 'plan4', 40_000, 652],
    [Y2025, 'pgl', 40_000, 1140],
    [Y2025, 'plan2', 60_000, 2837],
    [Y2026, 'plan1', 40_000, 1179],
    [Y2026, 'plan2', 40_000, 955],
    [Y2026, 'plan4', 40_000, 558],
    [Y2026, 'plan5', 40_000, 1350],
    [Y2026, 'plan5', 60_000, 3150],
    [Y2026, 'pgl', 80_000, 3540],
    [Y2025, 'plan1', 20_000, 0],
  ] as const)('%s %s on %i: %i, rounded down to the pound, on the wage', (rules, plan, wage, amount) => {
    expect(studentLoans(rules, wage, [plan]).lines).toEqual([{ plan, amount }]);
  });

  it('a yearly loan under 12 is not charged (HMRC: MINIMUM_YEARLY_STUDENT_LOAN_AMOUNT)', () => {
    expect(studentLoans(Y2025, 26_065 + 100, ['plan1']).lines[0].amount).toBe(0);
    expect(studentLoans(Y2025, 26_199, ['plan1']).lines[0].amount).toBe(12);
  });
});

describe('rules the issue spells out', () => {
  it.each([
    [34_872.99, 1, 7.4],
    [34_873, 2, 8.9],
    [46_943.99, 2, 8.9],
    [46_944, 3, 9.9],
    [55_660.99, 3, 9.9],
    [55_661, 4, 10.5],
    [73_768.99, 4, 10.5],
    [73_769, 5, 11.6],
    [100_590.99, 5, 11.6],
    [100_591, 6, 12],
  ])('pension tier edge: %f is tier %i at %f %%', (gross, tier, rate) => {
    expect(pensionTier(TIERS_2025, gross)).toMatchObject({ tier, rate });
  });

  it('a tier edge reached by part-time pay: 69,746 at 0.5 is exactly 34,873, tier 2', () => {
    const r = takeHome({ salary: 69_746, fte: 0.5, month: M2025 });
    expect(r).toMatchObject({ gross: 34_873, pension: { rate: 8.9, amount: 3103.7, tier: 2 } });
    expect(r.net.monthly).toBe(2178.92);
  });

  it('part-time pay is tiered by actual pay, not the full-time figure (Inner London L43 2025 at 0.5)', () => {
    const r = takeHome({ salary: 153_490, fte: 0.5, month: M2025 });
    // Full time, 153,490 is tier 6 (12 %); half of it, 76,745, is tier 5 (11.6 %).
    expect(r.pension).toEqual({ rate: 11.6, amount: 8902.42, tier: 5 });
    expect(r.gross).toBe(76_745);
    expect(r.net).toEqual({ annual: 49_731.65, monthly: 4144.3 });
  });

  it('leadership L43 Inner London 2025, full time, in the taper past its end (free pay 0)', () => {
    const r = takeHome({ salary: 153_490, month: M2025 });
    expect(r).toMatchObject({ pension: { rate: 12, amount: 18_418.8 }, taxableIncome: 135_071.2, freePay: 0, tax: 46_985.04 });
    expect(r.nationalInsurance).toBe(5080.4);
    expect(r.net.monthly).toBe(6917.15);
  });

  it('the taper starts above 100,000 of pay after pension, and ends at 125,158 (12,579 x 2 above it)', () => {
    expect(freePayOf(Y2025, 100_000)).toBe(12_579);
    expect(freePayOf(Y2025, 100_003.2)).toBe(12_577.4);
    expect(freePayOf(Y2025, 125_157)).toBe(0.5);
    expect(freePayOf(Y2025, 125_158)).toBe(0);
    const end = takeHome({ salary: 142_225, month: M2025 });
    expect(end).toMatchObject({ taxableIncome: 125_158, freePay: 0, tax: 42_524.1 });
    expect(end.net.monthly).toBe(6481.57);
  });

  it('a pension keeps 110,000 under the taper (pay after pension 96,800)', () => {
    const r = takeHome({ salary: 110_000, month: M2025 });
    expect(r).toMatchObject({ taxableIncome: 96_800, freePay: 12_579, tax: 26_148.4 });
    expect(r.net.monthly).toBe(5536.75);
  });

  it('Plan 5 in 2025/26 is 0 with a note; in 2026/27 it is 9 % above 25,000', () => {
    const before = takeHome({ salary: 41_729, pension: 'none', loans: ['plan5'], month: '2026-03' });
    expect(before.loans).toEqual([{ plan: 'plan5', amount: 0 }]);
    expect(before.net.monthly).toBe(2797.19);
    expect(before.caveats).toEqual(['Nobody repays a Plan 5 loan before April 2026, so it is £0 in the 2025/26 tax year.']);
    expect(takeHome({ salary: 41_729, pension: 'none', loans: ['plan5'], month: '2026-04' }).loans).toEqual([
      { plan: 'plan5', amount: 1505 },
    ]);
  });

  it('two loans at once: Plan 2 and a postgraduate loan both repaid', () => {
    const r = takeHome({ salary: 30_000, loans: ['pgl', 'plan2'], month: M2025 });
    expect(r.loans).toEqual([
      { plan: 'plan2', amount: 137 },
      { plan: 'pgl', amount: 540 },
    ]);
    expect(r.net.monthly).toBe(1889.03);
  });

  it('two undergraduate plans: only the lowest threshold (Plan 1) is repaid, with a note', () => {
    const r = takeHome({ salary: 40_000, loans: ['plan2', 'plan1'], month: M2025 });
    expect(r.loans).toEqual([
      { plan: 'plan1', amount: 1254 },
      { plan: 'plan2', amount: 0 },
    ]);
    expect(r.net.monthly).toBe(2351.62);
    expect(r.caveats).toContain('With more than one undergraduate plan, only the one with the lowest threshold is repaid: Plan 1.');
  });

  it('below every threshold: 15,000 (30,000 at 0.5) pays tier 1 pension, a little tax and NI, no loan', () => {
    const r = takeHome({ salary: 30_000, fte: 0.5, loans: ['plan1', 'pgl'], month: M2025 });
    expect(r).toMatchObject({ gross: 15_000, pension: { rate: 7.4, amount: 1110 }, tax: 262.2, nationalInsurance: 194.4 });
    expect(r.loans.map((l) => l.amount)).toEqual([0, 0]);
    expect(r.net.monthly).toBe(1119.45);
  });

  it('part-time leadership 2026/27 with two loans: Inner London L43 2026 (158,863) at 0.6, Plan 2 + PGL', () => {
    const r = takeHome({
      salary: 158_863,
      fte: 0.6,
      loans: ['plan2', 'pgl'],
      month: '2026-09',
      award: { date: '2026-09-01', caveat: 'Indicative.' },
    });
    expect(r).toMatchObject({
      gross: 95_317.8,
      pension: { rate: 11.6, amount: 11_056.86, tier: 5 },
      tax: 21_132.77,
      nationalInsurance: 3916.96,
    });
    expect(r.loans).toEqual([
      { plan: 'plan2', amount: 5933 },
      { plan: 'pgl', amount: 4459 },
    ]);
    expect(r.net.monthly).toBe(4068.27);
    expect(r.caveats).toEqual([
      'Indicative.',
      "Teachers' Pension tiers from April 2026 are not published yet: the tiers from April 2025 are used.",
    ]);
  });

  it('monthly lines are each yearly figure / 12, rounded once', () => {
    const r = takeHome({ salary: 40_317, month: M2025 });
    expect(r.monthly).toMatchObject({ gross: 3359.75, pension: 299.02, tax: 402.5, nationalInsurance: 184.98 });
  });
});

describe('the calendar: pay award from 1 September, tax year from 6 April, pension tiers from 1 April', () => {
  it.each([
    ['2025-09', '2025-09-01', '2025-26', '2025-04-01', false],
    ['2026-03', '2025-09-01', '2025-26', '2025-04-01', false],
    ['2026-04', '2025-09-01', '2026-27', '2025-04-01', true],
    ['2026-08', '2025-09-01', '2026-27', '2025-04-01', true],
    ['2026-09', '2026-09-01', '2026-27', '2025-04-01', true],
    ['2027-03', '2026-09-01', '2026-27', '2025-04-01', true],
  ])('%s: award %s, tax year %s, tiers of %s (assumed: %s)', (month, award, taxYear, tiers, assumed) => {
    const p = periodOf(month);
    expect([p?.payAward, p?.taxYear.id, p?.pension.starts, p?.pension.assumed]).toEqual([award, taxYear, tiers, assumed]);
  });
  it('holds no rules outside April 2025 to March 2027, and defaults to this month within them', () => {
    expect(periodOf('2025-03')).toBeNull();
    expect(periodOf('2027-04')).toBeNull();
    expect(periodOf('2026-13')).toBeNull();
    expect(LAST_MONTH).toBe('2027-03');
    expect(defaultMonth(new Date('2026-12-06T12:00:00Z'))).toBe('2026-12');
    expect(defaultMonth(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04');
    expect(defaultMonth(new Date('2028-01-01T00:00:00Z'))).toBe('2027-03');
  });
});

describe('inputs and pay points', () => {
  it('reads pounds and FTE, refusing 0, 1.5, negatives and 10 million', () => {
    expect([parseFte('0.6'), parseFte('1'), parseFte('.5'), parseFte('0'), parseFte('1.5'), parseFte('0.12345'), parseFte('abc')]).toEqual([
      0.6,
      1,
      0.5,
      null,
      null,
      null,
      null,
    ]);
    expect([
      parsePounds('£41,729', 'salary'),
      parsePounds('10000000', 'salary'),
      parsePounds('-3000', 'allowances'),
      parsePounds('0', 'allowances'),
    ]).toEqual([41_729, null, null, 0]);
  });
  it('finds a pay point, or says why there is none', () => {
    const rows = [
      {
        region: 'Inner London',
        paySpine: 'Main Pay Range',
        point: 1,
        pointLabel: 'M1',
        annualSalary: 40_317,
        effectiveDate: '2025-09-01',
        caveat: null,
      },
    ];
    const q = { region: 'Inner London', paySpine: 'Main Pay Range', point: 1, effectiveDate: '2025-09-01' };
    expect(findPayPoint(rows, q)).toEqual({ row: rows[0] });
    expect(findPayPoint(rows, { ...q, point: 7 })).toEqual({
      reason: 'No figure for point 7 of the Main Pay Range in Inner London from 1 September 2025.',
    });
    expect(findPayPoint(rows, { ...q, paySpine: 'Leadership Group', point: 20 })).toEqual({
      reason:
        'Leadership point L20 has no figure: only L1 and L43 are statutory, and the advisory union tables for L2-L42 could not be sourced.',
    });
    expect(findPayPoint(rows, { ...q, effectiveDate: '2027-09-01' })).toEqual({
      reason: 'No pay award from 1 September 2027 is held: pay points start on 1 September of each award year.',
    });
  });
});

// The rules of take-home pay for a teacher in England, as data (issue 38; decision 0311). Every
// figure is read in ../shared/data/pay-reference/tax-and-deductions.json (its sources there) and
// agrees with HMRC's open-source engine hmrc/tax-kalculator v2.16.0. A new tax year is one entry
// of TAX_YEARS; new Teachers' Pension tiers are one entry of PENSION_TIERS (keyed by the date they
// start). Rates are in per cent, amounts in whole pounds a year.

/** A student loan plan as the API names it: undergraduate plans 1, 2, 4 and 5, and the postgraduate loan. */
export const LOAN_PLANS = ['plan1', 'plan2', 'plan4', 'plan5', 'pgl'] as const;
export type LoanPlan = (typeof LOAN_PLANS)[number];

export const LOAN_NAMES: Record<LoanPlan, string> = {
  plan1: 'Plan 1',
  plan2: 'Plan 2',
  plan4: 'Plan 4',
  plan5: 'Plan 5',
  pgl: 'Postgraduate loan',
};

/** A band of income tax: `rate` per cent of the taxable pay above free pay up to `upTo` (null: no top). */
export interface TaxBand {
  name: 'basic' | 'higher' | 'additional';
  upTo: number | null;
  rate: number;
}

export interface TaxYearRules {
  /** "2025-26": 6 April 2025 to 5 April 2026. */
  id: string;
  starts: string;
  /** Code 1257L's free pay as HMRC's PAYE engine counts it (1257 x 10 + 9). */
  freePay: number;
  /** Above this taxable pay, free pay falls by 1 for each 2. */
  taperFrom: number;
  bands: TaxBand[];
  /** Employee Class 1 National Insurance (category A) on gross pay. */
  nationalInsurance: { primaryThreshold: number; upperEarningsLimit: number; mainRate: number; upperRate: number };
  /** Yearly repayment thresholds; null: nobody repays this plan in this year. */
  loanThresholds: Record<LoanPlan, number | null>;
  loanRates: { undergraduate: number; postgraduate: number };
}

const BANDS: TaxBand[] = [
  { name: 'basic', upTo: 37_700, rate: 20 },
  { name: 'higher', upTo: 125_140, rate: 40 },
  { name: 'additional', upTo: null, rate: 45 },
];
const NI = { primaryThreshold: 12_570, upperEarningsLimit: 50_270, mainRate: 8, upperRate: 2 };
const LOAN_RATES = { undergraduate: 9, postgraduate: 6 };

export const TAX_YEARS: readonly TaxYearRules[] = [
  {
    id: '2025-26',
    starts: '2025-04-06',
    freePay: 12_579,
    taperFrom: 100_000,
    bands: BANDS,
    nationalInsurance: NI,
    // Plan 5: nobody repays before April 2026 (HMRC's engine charges it from 25,000; we do not).
    loanThresholds: { plan1: 26_065, plan2: 28_470, plan4: 32_745, plan5: null, pgl: 21_000 },
    loanRates: LOAN_RATES,
  },
  {
    id: '2026-27',
    starts: '2026-04-06',
    freePay: 12_579,
    taperFrom: 100_000,
    bands: BANDS,
    nationalInsurance: NI,
    loanThresholds: { plan1: 26_900, plan2: 29_385, plan4: 33_795, plan5: 25_000, pgl: 21_000 },
    loanRates: LOAN_RATES,
  },
];

/** A Teachers' Pension Scheme member tier: `rate` per cent from actual annual pensionable pay `from`. */
export interface PensionTier {
  tier: number;
  from: number;
  rate: number;
}

/** The member tiers by the date they start (scheme years run from 1 April). */
export const PENSION_TIERS: readonly { starts: string; tiers: readonly PensionTier[] }[] = [
  {
    starts: '2025-04-01',
    tiers: [
      { tier: 1, from: 0, rate: 7.4 },
      { tier: 2, from: 34_873, rate: 8.9 },
      { tier: 3, from: 46_944, rate: 9.9 },
      { tier: 4, from: 55_661, rate: 10.5 },
      { tier: 5, from: 73_769, rate: 11.6 },
      { tier: 6, from: 100_591, rate: 12.0 },
    ],
  },
];

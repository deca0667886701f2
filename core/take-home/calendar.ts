// Which rules a month's pay falls under (issue 38 rule 8; decision 0311). Three calendars cross:
// pay awards start on 1 September, tax years on 6 April, Teachers' Pension tiers on 1 April. A
// teacher picks the month of a payslip, and the month decides all three (a payslip is paid late in
// its month, after 6 April in April).
import { PENSION_TIERS, TAX_YEARS, type PensionTier, type TaxYearRules } from './rules';

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface Period {
  /** "2026-09" */
  month: string;
  /** The pay award in force that month: "2026-09-01". */
  payAward: string;
  taxYear: TaxYearRules;
  pension: {
    /** The scheme year the month is in: "2026-04-01". */
    schemeYear: string;
    /** The tiers used, by the date they started. */
    starts: string;
    tiers: readonly PensionTier[];
    /** True when the scheme year's own tiers are not published and an earlier year's are used. */
    assumed: boolean;
  };
}

const split = (month: string) => [Number(month.slice(0, 4)), Number(month.slice(5, 7))] as const;
const two = (n: number) => String(n % 100).padStart(2, '0');
const shift = (month: string, by: number) => {
  const [y, m] = split(month);
  const i = y * 12 + (m - 1) + by;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};

/** The first and last months whose tax year the rules hold: "2025-04" to "2027-03". */
export const FIRST_MONTH = TAX_YEARS[0].starts.slice(0, 7);
export const LAST_MONTH = shift(TAX_YEARS[TAX_YEARS.length - 1].starts.slice(0, 7), 11);

/** "2026-12" for a date, in London. */
export function monthOf(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** This month in London, kept within the months the rules hold. */
export function defaultMonth(now = new Date()): string {
  const month = monthOf(now);
  return month < FIRST_MONTH ? FIRST_MONTH : month > LAST_MONTH ? LAST_MONTH : month;
}

/** The pay award, tax year and pension tiers of a month, or null when its tax year's rules are not held. */
export function periodOf(month: string): Period | null {
  if (!MONTH_PATTERN.test(month)) return null;
  const [y, m] = split(month);
  const start = m >= 4 ? y : y - 1;
  const taxYear = TAX_YEARS.find((t) => t.id === `${start}-${two(start + 1)}`);
  if (!taxYear) return null;
  const schemeYear = `${start}-04-01`;
  const tiers = [...PENSION_TIERS].reverse().find((p) => p.starts <= schemeYear);
  if (!tiers) return null;
  return {
    month,
    payAward: `${m >= 9 ? y : y - 1}-09-01`,
    taxYear,
    pension: { schemeYear, starts: tiers.starts, tiers: tiers.tiers, assumed: tiers.starts !== schemeYear },
  };
}

/** The month a pay award starts in, and the tax year after it, for "what changes next September". */
export const nextAwardMonth = (month: string) => {
  const [y, m] = split(month);
  return `${m >= 9 ? y + 1 : y}-09`;
};

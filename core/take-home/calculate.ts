// Take-home pay, the annual model (issue 38; decision 0311): gross, Teachers' Pension by the tier
// of actual pay, income tax on pay after pension with code 1257L's free pay (tapered above
// 100,000), employee National Insurance and student loans on gross pay, and the net a year and a
// month. Pure: the same module runs in the API, the web app and the service worker.
import { periodOf, type Period } from './calendar';
import { floorPounds, percent, settle, toPence } from './money';
import { LOAN_NAMES, LOAN_PLANS, type LoanPlan, type PensionTier, type TaxYearRules } from './rules';

export type PensionChoice = 'tps' | 'none';

export interface TakeHomeInput {
  /** Full-time annual pay in pounds: a pay point's figure or a salary typed in. */
  salary: number;
  /** TLR, SEN and other allowances, annual full-time pounds. */
  allowances?: number;
  /** Full-time equivalent, 0.1 to 1. */
  fte?: number;
  pension?: PensionChoice;
  loans?: readonly LoanPlan[];
  /** "2026-09": the month of the payslip (decides the tax year and pension tiers). */
  month: string;
  /** The pay award the salary comes from when it is a pay point ("2026-09-01"), with its source's caveat. */
  award?: { date: string; caveat?: string | null };
}

export interface LoanLine {
  plan: LoanPlan;
  amount: number;
}

/** Every amount in pounds, rounded to the penny from the exact figure. */
export interface TakeHome {
  gross: number;
  pension: { rate: number; amount: number; tier: number | null };
  taxableIncome: number;
  freePay: number;
  tax: number;
  nationalInsurance: number;
  loans: LoanLine[];
  net: { annual: number; monthly: number };
  /** "2026-27" */
  taxYear: string;
  /** "2026-09-01" */
  payAward: string;
  caveats: string[];
  /** Each line a month (the exact yearly figure / 12, rounded to the penny). */
  monthly: { gross: number; pension: number; tax: number; nationalInsurance: number; loans: LoanLine[] };
}

/** The tier of actual annual pensionable pay (never the full-time figure). */
export function pensionTier(tiers: readonly PensionTier[], gross: number): PensionTier {
  const g = settle(gross);
  return [...tiers].reverse().find((t) => g >= t.from) ?? tiers[0];
}

/** Free pay after the taper: 1 less for each 2 of taxable pay above the taper's start, never below 0. */
export function freePayOf(rules: TaxYearRules, taxable: number): number {
  return taxable > rules.taperFrom ? Math.max(0, settle(rules.freePay - (taxable - rules.taperFrom) / 2)) : rules.freePay;
}

/** Income tax on taxable pay (after pension) above free pay, band by band. */
export function incomeTax(rules: TaxYearRules, taxable: number, freePay: number): number {
  let rest = Math.max(0, settle(taxable - freePay));
  let below = 0;
  let tax = 0;
  for (const band of rules.bands) {
    const width = band.upTo === null ? rest : Math.min(rest, band.upTo - below);
    tax += percent(width, band.rate);
    rest = settle(rest - width);
    below = band.upTo ?? below;
    if (rest <= 0) break;
  }
  return settle(tax);
}

/** Employee National Insurance on gross pay (not pay after pension). */
export function nationalInsurance(rules: TaxYearRules, gross: number): number {
  const { primaryThreshold, upperEarningsLimit, mainRate, upperRate } = rules.nationalInsurance;
  const main = Math.max(0, Math.min(gross, upperEarningsLimit) - primaryThreshold);
  const upper = Math.max(0, gross - upperEarningsLimit);
  return settle(percent(main, mainRate) + percent(upper, upperRate));
}

/** HMRC's engine charges nothing when a year's repayment is under 12 (under 1 a month). */
const MINIMUM_YEARLY_LOAN = 12;

function loanAt(gross: number, threshold: number | null, rate: number): number {
  if (threshold === null || gross <= threshold) return 0;
  const amount = floorPounds(percent(gross - threshold, rate));
  return amount >= MINIMUM_YEARLY_LOAN ? amount : 0;
}

/**
 * Student loans on gross pay, each a year, rounded down to the pound: of several undergraduate
 * plans only the one with the lowest threshold is repaid; a postgraduate loan on top.
 */
export function studentLoans(rules: TaxYearRules, gross: number, held: readonly LoanPlan[]): { lines: LoanLine[]; notes: string[] } {
  const plans = LOAN_PLANS.filter((p) => held.includes(p));
  const under = plans.filter((p) => p !== 'pgl' && rules.loanThresholds[p] !== null);
  const repaid = under.sort((a, b) => (rules.loanThresholds[a] ?? 0) - (rules.loanThresholds[b] ?? 0))[0];
  const notes: string[] = [];
  const lines = plans.map((plan) => {
    const threshold = rules.loanThresholds[plan];
    if (plan === 'pgl') return { plan, amount: loanAt(gross, threshold, rules.loanRates.postgraduate) };
    return { plan, amount: plan === repaid ? loanAt(gross, threshold, rules.loanRates.undergraduate) : 0 };
  });
  if (plans.includes('plan5') && rules.loanThresholds.plan5 === null)
    notes.push(`Nobody repays a Plan 5 loan before April 2026, so it is £0 in the ${rules.id.replace('-', '/')} tax year.`);
  if (under.length > 1)
    notes.push(`With more than one undergraduate plan, only the one with the lowest threshold is repaid: ${LOAN_NAMES[repaid]}.`);
  return { lines, notes };
}

export const TIERS_ASSUMED_CAVEAT = (period: Period) =>
  `Teachers' Pension tiers from April ${period.pension.schemeYear.slice(0, 4)} are not published yet: the tiers from April ${period.pension.starts.slice(0, 4)} are used.`;

export class TakeHomeRangeError extends Error {}

/** The whole breakdown, from the full-time salary and the teacher's settings. */
export function takeHome(input: TakeHomeInput): TakeHome {
  const period = periodOf(input.month);
  if (!period) throw new TakeHomeRangeError(`No tax rules are held for ${input.month}`);
  const rules = period.taxYear;
  const gross = settle((input.salary + (input.allowances ?? 0)) * (input.fte ?? 1));
  const inScheme = (input.pension ?? 'tps') === 'tps';
  const tier = inScheme ? pensionTier(period.pension.tiers, gross) : null;
  const pension = tier ? percent(gross, tier.rate) : 0;
  const taxable = settle(gross - pension);
  const freePay = freePayOf(rules, taxable);
  const tax = incomeTax(rules, taxable, freePay);
  const ni = nationalInsurance(rules, gross);
  const loans = studentLoans(rules, gross, input.loans ?? []);
  const loansTotal = loans.lines.reduce((sum, l) => sum + l.amount, 0);
  const net = settle(gross - pension - tax - ni - loansTotal);
  const caveats = [
    ...(input.award?.caveat ? [input.award.caveat] : []),
    ...(tier && period.pension.assumed ? [TIERS_ASSUMED_CAVEAT(period)] : []),
    ...loans.notes,
  ];
  const month = (x: number) => toPence(x / 12);
  return {
    gross: toPence(gross),
    pension: { rate: tier?.rate ?? 0, amount: toPence(pension), tier: tier?.tier ?? null },
    taxableIncome: toPence(taxable),
    freePay: toPence(freePay),
    tax: toPence(tax),
    nationalInsurance: toPence(ni),
    loans: loans.lines,
    net: { annual: toPence(net), monthly: month(net) },
    taxYear: rules.id,
    payAward: input.award?.date ?? period.payAward,
    caveats,
    monthly: {
      gross: month(gross),
      pension: month(pension),
      tax: month(tax),
      nationalInsurance: month(ni),
      loans: loans.lines.map((l) => ({ plan: l.plan, amount: month(l.amount) })),
    },
  };
}

// The take-home figures the pay scales' rows and the jobs show (issue 38): which payslip month a
// year's figures are for, a figure's link to the calculator with its inputs, the words for her
// settings, and a job's two ends. Pure: computed on the device by core/take-home.
import {
  defaultMonth,
  FIRST_MONTH,
  jobSalaryEnds,
  LOAN_NAMES,
  nextAwardMonth,
  parseFte,
  periodOf,
  readJobSalary,
  takeHome,
  type PayPointRow,
} from '../../../core/take-home';
import type { TakeHomeSettings } from './settings';

const shiftYear = (month: string, by: number) => `${Number(month.slice(0, 4)) + by}${month.slice(4)}`;

/**
 * The payslip month a pay year's figures are for: this month when it falls in that award's year
 * (September to August), else the award's first month whose tax rules are held; null when none is
 * (an award before April 2025's tax year).
 */
export function monthForAward(effectiveDate: string, now = new Date()): string | null {
  const start = effectiveDate.slice(0, 7);
  const end = shiftYear(`${start.slice(0, 4)}-08`, 1);
  const today = defaultMonth(now);
  if (today >= start && today <= end && periodOf(today)) return today;
  const first = start >= FIRST_MONTH ? start : FIRST_MONTH;
  return first <= end && periodOf(first) ? first : null;
}

/** The next September's month when its rules are held ("what changes next September"), else null. */
export function nextSeptember(month: string): string | null {
  const next = nextAwardMonth(month);
  return periodOf(next) ? next : null;
}

/** Net pay a month, to the penny, for a full-time figure with her settings in a month. */
export function netMonthly(salary: number, settings: TakeHomeSettings, month: string): number {
  return takeHome({ salary, fte: parseFte(settings.fte) ?? 1, pension: settings.pension, loans: settings.loans, month }).net.monthly;
}

/** The calculator with a pay point's inputs (her settings stay on the device: never in a link). */
export const pointLink = (row: Pick<PayPointRow, 'region' | 'paySpine' | 'point'>, month: string) =>
  `/pay-scales/take-home?${new URLSearchParams({ region: row.region, paySpine: row.paySpine, point: String(row.point), month })}`;
/** The calculator with a typed salary. */
export const salaryLink = (salary: number, month: string) =>
  `/pay-scales/take-home?${new URLSearchParams({ by: 'salary', salary: String(salary), month })}`;

const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** "full time, paying into the pension, no student loan"; "0.6 FTE, opted out of the pension, Plan 2 and a postgraduate loan". */
export function settingsWords(s: TakeHomeSettings): string {
  const fte = parseFte(s.fte) ?? 1;
  const loans = s.loans.map((p) => (p === 'pgl' ? 'a postgraduate loan' : LOAN_NAMES[p]));
  return [
    fte === 1 ? 'full time' : `${s.fte} FTE`,
    s.pension === 'tps' ? "paying into the Teachers' Pension" : 'opted out of the pension',
    loans.length ? list(loans) : 'no student loan',
  ].join(', ');
}

/** What a job's monthly figures are after: "tax, pension and your loans", as her settings are. */
export function afterWords(s: TakeHomeSettings): string {
  const parts = ['tax', ...(s.pension === 'tps' ? ['pension'] : []), ...(s.loans.length ? ['your loans'] : [])];
  return list(parts);
}

export interface JobFigure {
  net: number;
  link: string;
}
export interface JobFigures {
  min: JobFigure;
  /** Null when the salary is one figure. */
  max: JobFigure | null;
  /** The advert adds a TLR or an allowance not counted here. */
  extras: boolean;
}

/**
 * A job's take-home a month at the two ends of its advertised salary, with her settings, in this
 * month (a pay range name from the award of the month); null when the salary says nothing we can
 * read, or its points have no figure.
 */
export function jobFigures(
  job: { salaryText?: string | null; salaryMin?: number | null; salaryMax?: number | null },
  rows: readonly PayPointRow[] | undefined,
  settings: TakeHomeSettings,
  fallbackRegion: string,
  month = defaultMonth(),
): JobFigures | null {
  const salary = readJobSalary(job);
  const period = periodOf(month);
  if (!salary || !period) return null;
  if (salary.kind === 'points' && !rows) return null;
  const ends = jobSalaryEnds(salary, rows ?? [], period.payAward, fallbackRegion);
  if (!ends) return null;
  const figure = (end: typeof ends.min): JobFigure => ({
    net: netMonthly(end.salary, settings, month),
    link: end.row ? pointLink(end.row, month) : salaryLink(end.salary, month),
  });
  return {
    min: figure(ends.min),
    max: ends.max.salary === ends.min.salary ? null : figure(ends.max),
    extras: salary.extras,
  };
}

// The calculator's form read into figures (issue 38): each field checked with the words the API
// uses (core/take-home/input.ts), the pay point found in the saved pay data, and the breakdown
// computed here in the browser by the same engine the API runs, so it works with no network.
import {
  findPayPoint,
  FIRST_MONTH,
  LAST_MONTH,
  MESSAGES,
  nextAwardMonth,
  parseFte,
  parsePounds,
  periodOf,
  takeHome,
  type PayPointRow,
  type TakeHome,
  type TakeHomeInput,
} from '../../core/take-home';
import type { TakeHomeSettings } from '../features/take-home/settings';

export type Mode = 'point' | 'salary';
export interface FormValues extends TakeHomeSettings {
  mode: Mode;
  region: string;
  paySpine: string;
  point: string;
  salary: string;
  allowances: string;
  month: string;
}
export type FieldName = 'salary' | 'allowances' | 'fte' | 'month' | 'point';

export interface Figures {
  errors: Partial<Record<FieldName, string>>;
  /** The pay data is still loading (a pay point's figure is not known yet). */
  pending: boolean;
  row: PayPointRow | null;
  result: TakeHome | null;
  /** The same point from the next award (September), when the data holds it and the rules cover it. */
  next: { month: string; row: PayPointRow; result: TakeHome } | null;
}

/** Every month the rules hold, newest first: "2027-03" ... "2025-04". */
export function monthChoices(): string[] {
  const months: string[] = [];
  for (let m = LAST_MONTH; m >= FIRST_MONTH; ) {
    months.push(m);
    const [y, mm] = [Number(m.slice(0, 4)), Number(m.slice(5, 7))];
    m = mm === 1 ? `${y - 1}-12` : `${y}-${String(mm - 1).padStart(2, '0')}`;
  }
  return months;
}

/** The points of a spine in a region for an award, in order. */
export const pointsOf = (rows: readonly PayPointRow[], region: string, paySpine: string, effectiveDate: string) =>
  rows.filter((r) => r.region === region && r.paySpine === paySpine && r.effectiveDate === effectiveDate).sort((a, b) => a.point - b.point);

function checkSettings(v: FormValues, errors: Figures['errors']) {
  const fte = parseFte(v.fte);
  if (fte === null) errors.fte = MESSAGES.fte;
  const allowances = v.allowances.trim() === '' ? 0 : parsePounds(v.allowances, 'allowances');
  if (allowances === null) errors.allowances = MESSAGES.allowances;
  const period = periodOf(v.month);
  if (!period) errors.month = MESSAGES.month;
  return { fte: fte ?? 1, allowances: allowances ?? 0, period };
}

export function evaluate(v: FormValues, rows: readonly PayPointRow[] | undefined): Figures {
  const errors: Figures['errors'] = {};
  const { fte, allowances, period } = checkSettings(v, errors);
  const settings = { fte, allowances, pension: v.pension, loans: v.loans, month: v.month };
  const none = { errors, pending: false, row: null, result: null, next: null };
  if (v.mode === 'salary') {
    const salary = parsePounds(v.salary, 'salary');
    if (salary === null) errors.salary = v.salary.trim() === '' ? 'Enter a salary in pounds a year' : MESSAGES.salary;
    if (Object.keys(errors).length > 0 || salary === null) return none;
    return { ...none, result: takeHome({ salary, ...settings }) };
  }
  if (!period) return none;
  if (!rows) return { ...none, pending: true };
  const found = findPayPoint(rows, { region: v.region, paySpine: v.paySpine, point: Number(v.point), effectiveDate: period.payAward });
  if ('reason' in found) errors.point = found.reason;
  if (Object.keys(errors).length > 0 || 'reason' in found) return none;
  const input = (row: PayPointRow, month: string): TakeHomeInput => ({
    salary: row.annualSalary,
    ...settings,
    month,
    award: { date: row.effectiveDate, caveat: row.caveat },
  });
  const nextMonth = nextAwardMonth(v.month);
  const nextPeriod = periodOf(nextMonth);
  const nextRow = nextPeriod
    ? rows.find(
        (r) => r.region === v.region && r.paySpine === v.paySpine && r.point === Number(v.point) && r.effectiveDate === nextPeriod.payAward,
      )
    : undefined;
  return {
    ...none,
    row: found.row,
    result: takeHome(input(found.row, v.month)),
    next: nextRow ? { month: nextMonth, row: nextRow, result: takeHome(input(nextRow, nextMonth)) } : null,
  };
}

// The limits of the calculator's inputs and their messages, shared by the API's query schema and
// the screen's form, so a bad value gets the same words on both (issue 38: an FTE of 0 or 1.5, a
// negative allowance, a salary of 10 million).

export const LIMITS = {
  salary: { min: 1, max: 1_000_000 },
  allowances: { min: 0, max: 100_000 },
  fte: { min: 0.1, max: 1 },
} as const;

export const MESSAGES = {
  salary: 'Salary must be a whole number of pounds from £1 to £1,000,000 a year',
  allowances: 'Allowances must be a whole number of pounds from £0 to £100,000 a year',
  fte: 'FTE must be a number from 0.1 to 1 (1 is full time), with at most 4 decimal places',
  month: 'Month must be a month from April 2025 to March 2027, written yyyy-mm',
  loans: 'Loans must be a comma list of plan1, plan2, plan4, plan5 and pgl',
  pension: 'Pension must be tps or none',
  point: 'Point must be a whole number from 1 to 99',
} as const;

const WHOLE = /^\d{1,9}$/;
const DECIMAL = /^(0(\.\d{1,4})?|1(\.0{1,4})?|\.\d{1,4})$/;

/** A whole number of pounds within the limits, or null. */
export function parsePounds(text: string, field: 'salary' | 'allowances'): number | null {
  const t = text.trim().replace(/[£,\s]/g, '');
  if (!WHOLE.test(t)) return null;
  const n = Number(t);
  return n >= LIMITS[field].min && n <= LIMITS[field].max ? n : null;
}

/** An FTE from 0.1 to 1, at most 4 decimal places, or null. */
export function parseFte(text: string): number | null {
  const t = text.trim();
  if (!DECIMAL.test(t)) return null;
  const n = Number(t);
  return n >= LIMITS.fte.min && n <= LIMITS.fte.max ? n : null;
}

// The choices of the job form's pay scale pick, read from the product's pay scales table.

/** The fields of a pay scale row the pick reads. */
export interface PayRow {
  region: string;
  paySpine: string;
  effectiveDate: string;
  point: number;
  pointLabel: string | null;
  annualSalary: number;
}

/** The years a region's range has, latest first. */
export function payYears(rows: readonly PayRow[], region: string, paySpine: string): string[] {
  return [...new Set(rows.filter((r) => r.region === region && r.paySpine === paySpine).map((r) => r.effectiveDate))].sort().reverse();
}

/** The named points of a region's range in a year, lowest first. */
export function payPoints<R extends PayRow>(rows: readonly R[], region: string, paySpine: string, year: string): R[] {
  return rows
    .filter((r) => r.region === region && r.paySpine === paySpine && r.effectiveDate === year && r.pointLabel)
    .sort((a, b) => a.point - b.point);
}

/** The range above a range, that a job's pay may run into (M1-U3, decision 2115). */
export const NEXT_SPINE: Partial<Record<string, string>> = {
  'Unqualified Teacher': 'Main Pay Range',
  'Main Pay Range': 'Upper Pay Range',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A pay year as teachers name it: "September 2026 (2026-27)" for 2026-09-01. */
export function payYearLabel(effectiveDate: string): string {
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(effectiveDate);
  if (!m) return effectiveDate;
  const year = Number(m[1]);
  const month = MONTHS[Number(m[2]) - 1] ?? '';
  return `${month} ${year} (${year}-${String((year + 1) % 100).padStart(2, '0')})`;
}

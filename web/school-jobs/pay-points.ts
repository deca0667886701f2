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

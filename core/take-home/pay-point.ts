// A pay point's full-time figure from the pay data the caller holds (the API's pay_scales table,
// the web app's saved /api/pay-scales answer): the engine itself takes a figure, not a point.

/** The fields of a pay scale row this needs (db/shapes.ts's payScaleShape has them all). */
export interface PayPointRow {
  region: string;
  paySpine: string;
  point: number;
  pointLabel: string | null;
  annualSalary: number;
  effectiveDate: string;
  caveat: string | null;
}

export interface PayPointQuery {
  region: string;
  paySpine: string;
  point: number;
  /** "2025-09-01": the award's date. */
  effectiveDate: string;
}

const longDate = (d: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

/** The row, or the reason there is none, in words. */
export function findPayPoint<R extends PayPointRow>(rows: readonly R[], q: PayPointQuery): { row: R } | { reason: string } {
  const row = rows.find(
    (r) => r.region === q.region && r.paySpine === q.paySpine && r.point === q.point && r.effectiveDate === q.effectiveDate,
  );
  if (row) return { row };
  if (q.paySpine === 'Leadership Group' && q.point > 1 && q.point < 43)
    return {
      reason: `Leadership point L${q.point} has no figure: only L1 and L43 are statutory, and the advisory union tables for L2-L42 could not be sourced.`,
    };
  if (!rows.some((r) => r.effectiveDate === q.effectiveDate))
    return { reason: `No pay award from ${longDate(q.effectiveDate)} is held: pay points start on 1 September of each award year.` };
  return { reason: `No figure for point ${q.point} of the ${q.paySpine} in ${q.region} from ${longDate(q.effectiveDate)}.` };
}

// London pay, computed from the data (product §2 'London Allowances'). The data has no London-named
// allowance groups: London pay is published as separate Inner, Outer and Fringe ranges, so the
// extra a London area pays is that area's figure minus England's at the same spine point.
import type { InferResponseType } from 'hono/client';
import { PAY_SPINES } from '../../core/pay-lists';
import type { client } from '../data/client';

/** Spines in the product's order (Main, Upper, Leadership, Leading Practitioner, Unqualified). */
function spineOrder(spine: string) {
  const i = (PAY_SPINES as readonly string[]).indexOf(spine);
  return i < 0 ? PAY_SPINES.length : i;
}

/** A pay scale row as GET /api/pay-scales types it (the fields these computations read). */
export type PayRow = Pick<
  InferResponseType<(typeof client)['pay-scales']['$get'], 200>[number],
  'paySpine' | 'point' | 'pointLabel' | 'annualSalary' | 'region' | 'effectiveDate' | 'source'
> & { caveat?: string | null };

const LONDON_AREAS = ['Inner London', 'Outer London', 'London Fringe'] as const;

interface Difference {
  paySpine: string;
  point: number;
  pointLabel: string;
  england: number;
  london: number;
  extra: number;
}

/** For each London area: spine → points where both England and the area have a figure. */
export function londonDifferences(rows: PayRow[]) {
  const key = (r: PayRow) => `${r.effectiveDate}|${r.paySpine}|${r.pointLabel ?? r.point}`;
  const england = new Map(rows.filter((r) => r.region === 'England').map((r) => [key(r), r]));
  return LONDON_AREAS.map((area) => {
    const diffs: Difference[] = rows
      .filter((r) => r.region === area && england.has(key(r)))
      .map((r) => {
        const e = england.get(key(r))!;
        return {
          paySpine: r.paySpine,
          point: r.point,
          pointLabel: r.pointLabel ?? String(r.point),
          england: e.annualSalary,
          london: r.annualSalary,
          extra: r.annualSalary - e.annualSalary,
        };
      })
      .sort((a, b) => spineOrder(a.paySpine) - spineOrder(b.paySpine) || a.paySpine.localeCompare(b.paySpine) || a.point - b.point);
    const bySpine = new Map<string, Difference[]>();
    for (const d of diffs) bySpine.set(d.paySpine, [...(bySpine.get(d.paySpine) ?? []), d]);
    return { area, bySpine: [...bySpine.entries()] };
  });
}

/** Groups rows by spine, points ascending; groups whose name contains 'London' are left out (product §2). */
export function groupBySpine(rows: PayRow[]) {
  const groups = new Map<string, PayRow[]>();
  for (const r of rows) {
    if (r.paySpine.includes('London')) continue;
    groups.set(r.paySpine, [...(groups.get(r.paySpine) ?? []), r]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => spineOrder(a) - spineOrder(b) || a.localeCompare(b))
    .map(([spine, list]) => [spine, [...list].sort((a, b) => a.point - b.point)] as const);
}

const sourceList = (r: PayRow) =>
  (r.source ?? '')
    .split(' | ')
    .map((s) => s.trim())
    .filter(Boolean);

/** The distinct sources behind a set of rows (each row's `source` joins several with ' | '). */
export function sourcesOf(rows: PayRow[]): string[] {
  return [...new Set(rows.flatMap(sourceList))].sort();
}

/** Each row's sources as numbers into `sourcesOf(rows)` (1-based), so every figure shown names where it was read. */
export function sourceNumbers(rows: PayRow[]): { list: string[]; of: (row: PayRow) => number[] } {
  const list = sourcesOf(rows);
  const index = new Map(list.map((s, i) => [s, i + 1]));
  return {
    list,
    of: (row) =>
      sourceList(row)
        .map((s) => index.get(s)!)
        .sort((a, b) => a - b),
  };
}

/** The distinct caveats the sources attach to a set of rows (figures not yet final). */
export function caveatsOf(rows: PayRow[]): string[] {
  return [...new Set(rows.map((r) => r.caveat).filter((c): c is string => !!c))];
}

/** The leadership range's two statutory points (decision 0307): its minimum L1 and maximum L43. */
export const LEADERSHIP_STATUTORY: Record<string, string> = { L1: 'statutory minimum', L43: 'statutory maximum' };

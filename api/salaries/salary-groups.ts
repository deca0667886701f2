// Salary groups by role under filters (decision 1425): the median, the middle half (25th-75th
// percentile), the average and the count of each role's published salaries for every filter a
// teacher can pick (pay area, phase, borough, experience band), each beside its pay-scale band,
// with an odd figure explained in words. Computed by the publication batch from the published set
// only (decision 1420), never by a request.
//
// Every figure shown is of a union of "cells" (role x borough x phase x experience band), and the
// batch publishes a cell's submissions only by 0 or at least k at a time and leaves a cell with 0 or
// at least k published (publishable in salaries.service.ts). So any group, and any difference of
// two groups, in one answer or between two answers, holds 0 or at least k submissions.
import { EXPERIENCE_BANDS, INNER_LONDON_BOROUGHS, SALARY_JOB_TITLES, SALARY_K_ANONYMITY } from '../../core/constants';
import type { SALARY_AREAS, SALARY_PHASES } from '../../core/salary-lists';
export type SalaryArea = (typeof SALARY_AREAS)[number];
export type SalaryPhase = (typeof SALARY_PHASES)[number];

const INNER = new Set<string>(INNER_LONDON_BOROUGHS);
/** A London borough's pay area (the pay document's Inner and Outer London areas). */
export const areaOf = (borough: string): SalaryArea => (INNER.has(borough) ? 'Inner London' : 'Outer London');

/**
 * The phase a submission says, from what the form asks (it has no phase question): a special
 * school; a primary teacher; a secondary teacher, a head of department or a grammar school. Null
 * when neither says it (a headteacher at an academy).
 */
export function phaseOf(role: string, schoolType: string): SalaryPhase | null {
  if (schoolType === 'Special School') return 'Special';
  if (role === 'Primary Teacher') return 'Primary';
  if (role === 'Secondary Teacher' || role === 'Head of Department' || schoolType === 'Grammar School') return 'Secondary';
  return null;
}

export interface CellFields {
  jobTitle: string;
  schoolType: string;
  borough: string;
  yearsExperience: string;
}
/** The finest group a figure is made of: role, borough (and so pay area), phase, experience band. */
export const cellOf = (r: CellFields) => [r.jobTitle, r.borough, phaseOf(r.jobTitle, r.schoolType) ?? '', r.yearsExperience].join('|');

/**
 * The p-quantile of ascending values by linear interpolation between closest ranks (the
 * spreadsheet PERCENTILE.INC, R's type 7): position (n - 1) * p.
 */
export function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export interface SalaryFilter {
  area: SalaryArea | null;
  phase: SalaryPhase | null;
  borough: string | null;
  experience: string | null;
}
/** The published answer's name of a filter (its borough fixes its area). */
export const filterKey = (f: SalaryFilter) => [f.area ?? '', f.phase ?? '', f.borough ?? '', f.experience ?? ''].join('|');

/** Every filter a submission is counted under: all or its own value of each (12). */
function filtersOf(r: CellFields): SalaryFilter[] {
  const phase = phaseOf(r.jobTitle, r.schoolType);
  const out: SalaryFilter[] = [];
  for (const place of [
    { area: null, borough: null },
    { area: areaOf(r.borough), borough: null },
    { area: areaOf(r.borough), borough: r.borough },
  ])
    for (const ph of phase ? [null, phase] : [null])
      for (const experience of [null, r.yearsExperience]) out.push({ ...place, phase: ph, experience });
  return out;
}

export interface PayBand {
  /** Which band: "Main and upper pay ranges (M1-U3)". */
  name: string;
  /** The pay area its figures are of ("Inner London"; "Outer to Inner London" for all of London). */
  area: string;
  /** The pay year (effective 1 September): "2026-09-01". */
  year: string;
  from: number;
  to: number;
}
export interface PayPoint {
  region: string;
  paySpine: string;
  pointLabel: string | null;
  annualSalary: number;
  effectiveDate: string;
}

/** Each role's pay-scale band, or why it has none. */
const ROLE_BANDS: Record<string, { name: string; from: [string, string]; to: [string, string] } | string> = {
  'Primary Teacher': { name: 'Main and upper pay ranges (M1-U3)', from: ['Main Pay Range', 'M1'], to: ['Upper Pay Range', 'U3'] },
  'Secondary Teacher': { name: 'Main and upper pay ranges (M1-U3)', from: ['Main Pay Range', 'M1'], to: ['Upper Pay Range', 'U3'] },
  'Supply Teacher': { name: 'Main and upper pay ranges (M1-U3)', from: ['Main Pay Range', 'M1'], to: ['Upper Pay Range', 'U3'] },
  'Head of Department': {
    name: 'Main and upper pay ranges (M1-U3), before its TLR',
    from: ['Main Pay Range', 'M1'],
    to: ['Upper Pay Range', 'U3'],
  },
  SENCO: { name: 'Main and upper pay ranges (M1-U3), before allowances', from: ['Main Pay Range', 'M1'], to: ['Upper Pay Range', 'U3'] },
  'NQT/ECT': { name: 'Main pay range (M1-M6)', from: ['Main Pay Range', 'M1'], to: ['Main Pay Range', 'M6'] },
  'Assistant Headteacher': { name: 'Leadership group (L1-L43)', from: ['Leadership Group', 'L1'], to: ['Leadership Group', 'L43'] },
  Headteacher: { name: 'Leadership group (L1-L43)', from: ['Leadership Group', 'L1'], to: ['Leadership Group', 'L43'] },
  'Teaching Assistant': "Support staff: paid on their council's or school's own scales, not the teachers' pay scales.",
  'Cover Supervisor': "Support staff: paid on their council's or school's own scales, not the teachers' pay scales.",
};

/** The pay year in force at `now`: the latest effective date not after it. */
export function payYearAt(points: readonly PayPoint[], now: Date): string | null {
  const today = now.toISOString().slice(0, 10);
  const years = [...new Set(points.map((p) => p.effectiveDate))].filter((d) => d <= today).sort();
  return years.at(-1) ?? null;
}

/** A role's band in an area ("Inner London", "Outer London", or null: Outer London's bottom to Inner London's top). */
export function bandOf(points: readonly PayPoint[], year: string | null, role: string, area: SalaryArea | null): PayBand | string | null {
  const spec = ROLE_BANDS[role];
  if (spec === undefined) return null;
  if (typeof spec === 'string') return spec;
  const at = (region: string, [spine, label]: [string, string]) =>
    points.find((p) => p.effectiveDate === year && p.region === region && p.paySpine === spine && p.pointLabel === label)?.annualSalary;
  const from = at(area ?? 'Outer London', spec.from);
  const to = at(area ?? 'Inner London', spec.to);
  if (!year || from === undefined || to === undefined) return null;
  return { name: spec.name, area: area ?? 'Outer to Inner London', year, from, to };
}

export interface SalaryGroupFigures {
  role: string;
  count: number;
  /** Rounded to the pound, as are the quartiles and the average. */
  median: number;
  p25: number;
  p75: number;
  average: number;
  band: PayBand | null;
  /** Why the role has no band (support staff), or null. */
  bandNote: string | null;
  /** An odd figure, said in words: lower than less experience, outside its band. */
  notes: string[];
}
export interface SalaryGroupsAnswer {
  filter: SalaryFilter;
  groups: SalaryGroupFigures[];
  minimumGroupSize: number;
  publishedAt: string | null;
}

const gbp = (n: number) => `£${n.toLocaleString('en-GB')}`;

function figuresOf(role: string, values: number[], band: PayBand | string | null): SalaryGroupFigures {
  const sorted = [...values].sort((a, b) => a - b);
  const r = Math.round;
  return {
    role,
    count: sorted.length,
    median: r(quantile(sorted, 0.5)),
    p25: r(quantile(sorted, 0.25)),
    p75: r(quantile(sorted, 0.75)),
    average: r(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    band: typeof band === 'object' ? band : null,
    bandNote: typeof band === 'string' ? band : null,
    notes: [],
  };
}

/** The notes of a group: its median under a less experienced group's, or outside its band. */
function explain(g: SalaryGroupFigures, less: { band: string; median: number } | undefined) {
  if (less && less.median > g.median)
    g.notes.push(
      `Lower than ${g.role} with ${less.band} (median ${gbp(less.median)}). Not a mistake: these are the salaries teachers shared, not a scale, and the ${g.count} here may work in other kinds of school, part time, or on a school's own pay.`,
    );
  if (g.band && g.median < g.band.from)
    g.notes.push(
      `Below the band's lowest point (${gbp(g.band.from)}): academies, free and independent schools may set their own pay, and a part-time salary may have been shared as it is.`,
    );
  if (g.band && g.median > g.band.to)
    g.notes.push(`Above the band's top (${gbp(g.band.to)}): allowances (a TLR, SEN) or pay above the national scales may be included.`);
}

/**
 * Every filter's groups from the published rows: each role with at least k salaries under it,
 * in the order of the form's roles; filters with no such group are left out.
 */
export function salaryGroups(
  rows: readonly (CellFields & { annualSalary: number })[],
  points: readonly PayPoint[],
  now: Date,
  k = SALARY_K_ANONYMITY,
): Map<string, SalaryGroupsAnswer> {
  const byFilter = new Map<string, { filter: SalaryFilter; roles: Map<string, number[]> }>();
  for (const r of rows)
    for (const filter of filtersOf(r)) {
      const key = filterKey(filter);
      let entry = byFilter.get(key);
      if (!entry) byFilter.set(key, (entry = { filter, roles: new Map() }));
      const list = entry.roles.get(r.jobTitle) ?? [];
      list.push(r.annualSalary);
      entry.roles.set(r.jobTitle, list);
    }
  const year = payYearAt(points, now);
  const order = (role: string) => (SALARY_JOB_TITLES as readonly string[]).indexOf(role);
  const out = new Map<string, SalaryGroupsAnswer>();
  for (const [key, { filter, roles }] of byFilter) {
    const groups = [...roles]
      .filter(([, values]) => values.length >= k)
      .sort(([a], [b]) => order(a) - order(b))
      .map(([role, values]) => figuresOf(role, values, bandOf(points, year, role, filter.area)));
    if (groups.length) out.set(key, { filter, groups, minimumGroupSize: k, publishedAt: now.toISOString() });
  }
  for (const answer of out.values()) {
    const i = (EXPERIENCE_BANDS as readonly string[]).indexOf(answer.filter.experience ?? '');
    for (const g of answer.groups) {
      // The nearest less experienced band with a figure for the same role under the same filters.
      let less: { band: string; median: number } | undefined;
      for (let j = i - 1; j >= 0 && !less; j--) {
        const m = out.get(filterKey({ ...answer.filter, experience: EXPERIENCE_BANDS[j] }))?.groups.find((o) => o.role === g.role);
        if (m) less = { band: EXPERIENCE_BANDS[j], median: m.median };
      }
      explain(g, less);
    }
  }
  return out;
}

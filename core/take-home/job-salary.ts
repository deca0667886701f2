// A job's advertised salary read as full-time annual figures (issue 38): the pay points a pay range
// name means ("MPS", "MPS/UPS (Inner London)", "M1-M6 Inner London", "M1-U3", "Leadership pay
// range"), or the pounds an advert gives. What cannot be read with confidence (an hourly or daily
// rate, a support staff grade, a headteacher group, a leadership point we hold no figure for) is
// nothing: the job then shows no take-home figure rather than a guess.
import { findPayPoint, type PayPointRow } from './pay-point';

/** A pay point as adverts name it: the spine and the point's number there. */
export interface NamedPoint {
  paySpine: string;
  point: number;
}

export type JobSalary =
  | {
      kind: 'points';
      /** The pay area the advert names, or null (the job's borough decides). */
      region: string | null;
      from: NamedPoint;
      to: NamedPoint;
      /** The advert adds a TLR, SEN or other allowance not counted in the figures. */
      extras: boolean;
    }
  | { kind: 'pounds'; min: number; max: number; extras: boolean };

const MAIN = 'Main Pay Range';
const UPPER = 'Upper Pay Range';
const LEADERSHIP = 'Leadership Group';
const UNQUALIFIED = 'Unqualified Teacher';

/** Salaries that are not a teacher's annual pay on our scales: never read. */
const NOT_ANNUAL =
  /\b(hour|hourly|daily|per day|a day|per session)\b|\bheadteacher group\b|\bgroup \d|\bPO\s?\d|\bscale [1-9]\b|\bgrade\b|\bNJC\b|\bSO\d/i;
const EXTRAS = /\bTLR\b|\bSEN\b|\bSEND allowance\b|\ballowance\b/i;

function regionOf(text: string): string | null {
  if (/inner london/i.test(text)) return 'Inner London';
  if (/outer london/i.test(text)) return 'Outer London';
  if (/fringe/i.test(text)) return 'London Fringe';
  if (/\b(england|national)\b|rest of england/i.test(text)) return 'England';
  return null;
}

/** "M3" -> Main Pay Range point 3; "U2" -> Upper 2; "L43" -> Leadership 43. */
function pointOf(token: string): NamedPoint | null {
  const m = /^([MUL])\s?(\d{1,2})$/i.exec(token.trim());
  if (!m) return null;
  const n = Number(m[2]);
  const letter = m[1].toUpperCase();
  if (letter === 'M') return n >= 1 && n <= 6 ? { paySpine: MAIN, point: n } : null;
  if (letter === 'U') return n >= 1 && n <= 3 ? { paySpine: UPPER, point: n } : null;
  return n >= 1 && n <= 43 ? { paySpine: LEADERSHIP, point: n } : null;
}

/** Explicit points: "M1-M6", "M1 - U3", "M2 to M4", "U3", "L1-L43". */
function explicitPoints(text: string): { from: NamedPoint; to: NamedPoint } | null {
  const range = /\b([MUL]\s?\d{1,2})\s*(?:-|–|—|to)\s*([MUL]\s?\d{1,2})\b/i.exec(text);
  if (range) {
    const from = pointOf(range[1]);
    const to = pointOf(range[2]);
    return from && to ? { from, to } : null;
  }
  const single = /\b([MUL]\d{1,2})\b/.exec(text);
  const point = single ? pointOf(single[1]) : null;
  return point ? { from: point, to: point } : null;
}

/** A range by its name: MPS, UPS, MPS/UPS, leadership, unqualified. */
function namedRange(text: string): { from: NamedPoint; to: NamedPoint } | null {
  const main = /\b(MPS|MPR|main pay (range|scale))\b/i.test(text);
  const upper = /\b(UPS|UPR|upper pay (range|scale))\b/i.test(text);
  if (main && upper) return { from: { paySpine: MAIN, point: 1 }, to: { paySpine: UPPER, point: 3 } };
  if (main) return { from: { paySpine: MAIN, point: 1 }, to: { paySpine: MAIN, point: 6 } };
  if (upper) return { from: { paySpine: UPPER, point: 1 }, to: { paySpine: UPPER, point: 3 } };
  if (/\bleadership\b/i.test(text)) return { from: { paySpine: LEADERSHIP, point: 1 }, to: { paySpine: LEADERSHIP, point: 43 } };
  if (/\bunqualified\b/i.test(text)) return { from: { paySpine: UNQUALIFIED, point: 1 }, to: { paySpine: UNQUALIFIED, point: 6 } };
  return null;
}

const POUNDS = /£\s?(\d{1,3}(?:,\d{3})+|\d{2,7})(?:\.\d{2})?\s?(k\b)?/gi;
/** A plausible full-time annual salary (an hourly or daily figure is far below). */
const isAnnual = (n: number) => n >= 10_000 && n <= 1_000_000;

/**
 * The salary an advert states, from its words (salaryText) and the figures the board holds
 * (salaryMin, salaryMax): the words first (a pay range name follows the award of the month asked
 * for); figures alone when there are no words, or the words are pounds.
 */
export function readJobSalary(job: { salaryText?: string | null; salaryMin?: number | null; salaryMax?: number | null }): JobSalary | null {
  const text = job.salaryText?.trim() ?? '';
  const extras = EXTRAS.test(text);
  if (text) {
    if (NOT_ANNUAL.test(text)) return null;
    const pounds = [...text.matchAll(POUNDS)].map((m) => Number(m[1].replace(/,/g, '')) * (m[2] ? 1000 : 1));
    if (pounds.length > 0) {
      if (!pounds.every(isAnnual)) return null;
      return { kind: 'pounds', min: Math.min(...pounds), max: Math.max(...pounds), extras };
    }
    const points = explicitPoints(text) ?? namedRange(text);
    if (points) return { kind: 'points', region: regionOf(text), ...points, extras };
    // Words we cannot read: the board's figures (if any) came from a guess, so say nothing.
    return null;
  }
  const min = job.salaryMin ?? null;
  const max = job.salaryMax ?? min;
  if (min === null || max === null || !isAnnual(min) || !isAnnual(max)) return null;
  return { kind: 'pounds', min: Math.min(min, max), max: Math.max(min, max), extras: false };
}

/** The two ends of a job's salary as full-time figures, each with the pay point it is (if any). */
export interface JobSalaryEnds {
  min: { salary: number; row: PayPointRow | null };
  max: { salary: number; row: PayPointRow | null };
  region: string | null;
}

/**
 * The figures of a read salary for a pay award ("2026-09-01"): pounds as they are; points from the
 * pay rows the caller holds, in the advert's area or else `fallbackRegion` (the job's borough's).
 * Null when a point has no figure (a leadership point between L1 and L43, an award not held).
 */
export function jobSalaryEnds(
  salary: JobSalary,
  rows: readonly PayPointRow[],
  effectiveDate: string,
  fallbackRegion: string,
): JobSalaryEnds | null {
  if (salary.kind === 'pounds') return { min: { salary: salary.min, row: null }, max: { salary: salary.max, row: null }, region: null };
  const region = salary.region ?? fallbackRegion;
  const at = (p: NamedPoint) => findPayPoint(rows, { region, paySpine: p.paySpine, point: p.point, effectiveDate });
  const from = at(salary.from);
  const to = at(salary.to);
  if ('reason' in from || 'reason' in to) return null;
  const [lo, hi] = from.row.annualSalary <= to.row.annualSalary ? [from.row, to.row] : [to.row, from.row];
  return { min: { salary: lo.annualSalary, row: lo }, max: { salary: hi.annualSalary, row: hi }, region };
}

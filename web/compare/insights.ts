// Compare rules (product §5, §9): star weights and the two insight lists (the pupil-staff ratio is
// the census's, web/lib/school-facts.ts).
import { MAX_COMPARE, OFSTED_RATINGS } from '../../core/constants';

export { MAX_COMPARE };

interface CompareSchool {
  id: number;
  name: string;
  numberOfPupils: number | null;
  ofstedRating: string | null;
}

// Outstanding 4 … Inadequate 1: the ratings' own order, best first.
const WEIGHTS: Record<string, number> = Object.fromEntries(OFSTED_RATINGS.map((r, i) => [r.toLowerCase(), OFSTED_RATINGS.length - i]));

/** Outstanding 4, Good 3, Requires Improvement 2, Inadequate or anything else 1 (of 4 stars). */
export function ofstedWeight(rating: string | null | undefined): number {
  return WEIGHTS[(rating ?? '').toLowerCase()] ?? 1;
}

/** Adds a school unless it is already chosen or three are chosen. */
export function addSchool<T extends { id: number }>(chosen: T[], school: T): T[] {
  if (chosen.length >= MAX_COMPARE || chosen.some((s) => s.id === school.id)) return chosen;
  return [...chosen, school];
}

/** School Size Comparison: schools with a pupil count, largest first. */
export function sizeInsights<T extends CompareSchool>(schools: T[]) {
  return schools.filter((s) => s.numberOfPupils != null).sort((a, b) => b.numberOfPupils! - a.numberOfPupils!);
}

/** Ofsted Performance: schools with a rating, best first (stable for ties). */
export function ofstedInsights<T extends CompareSchool>(schools: T[]) {
  return schools.filter((s) => !!s.ofstedRating).sort((a, b) => ofstedWeight(b.ofstedRating) - ofstedWeight(a.ofstedRating));
}

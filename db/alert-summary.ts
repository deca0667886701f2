// The default name of a job alert: a readable summary of its filters. Shared by the API (a POST
// without a name) and the web dialog (the name field's default), so both say the same.

import type { AlertFilters } from './schema';

/** The filters an alert's name summarises: the alerts table's own type. */
export type AlertFilterValues = AlertFilters;

const LABELS: [keyof AlertFilterValues, (v: string) => string][] = [
  ['subject', (v) => v],
  ['keyStage', (v) => v],
  ['educationLevel', (v) => v],
  ['contractType', (v) => v.toLowerCase()],
  ['schoolType', (v) => `${v} schools`],
];

/** "Mathematics, permanent jobs in Camden matching "head of year"", "Jobs at Hill School", "All jobs". */
export function alertSummary(filters: AlertFilterValues, schoolName?: string | null): string {
  if (filters.schoolId) return cut(`Jobs at ${schoolName ?? `school ${filters.schoolId}`}`);
  const what = LABELS.filter(([k]) => filters[k]).map(([k, f]) => f(String(filters[k])));
  let s = what.length ? `${what.join(', ')} jobs` : 'All jobs';
  if (filters.borough) s += ` in ${filters.borough}`;
  if (filters.search) s += ` matching "${filters.search}"`;
  return cut(s);
}

const cut = (s: string) => (s.length > 100 ? s.slice(0, 99) + '…' : s);

// The default name of a job alert: a readable summary of its filters. Shared by the API (a POST
// without a name) and the web dialog (the name field's default), so both say the same.

/** The filters of a saved search: the Jobs screen's, or one school ("Follow this school"). */
export interface AlertFilters {
  search?: string;
  borough?: string;
  subject?: string;
  keyStage?: string;
  contractType?: string;
  schoolType?: string;
  educationLevel?: string;
  schoolId?: number;
}

/** The filters an alert's name summarises: the alerts table's own type (db/schema.ts stores AlertFilters). */
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

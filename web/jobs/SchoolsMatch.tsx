// The Jobs screen's search answers for schools too (issue 37 item 5): the home box promises "Job
// title, subject or school" and its Search Jobs goes to /jobs (spec §4), so a school's name typed
// there ("st marys") finds the schools it names here: a line "66 schools match “st marys”" with a
// link to them, and, when no job matches, the first schools themselves under "No jobs found".
import { Link } from 'react-router-dom';
import { useSchoolsWithTotal } from '../data/hooks';
import { formatNumber } from '../lib/format';

/** How many schools the empty jobs list shows before its "See all" link. */
const SHOWN = 3;

/** The schools the jobs' search words name (in the jobs' borough); nothing asked without a letter or digit. */
export function useSchoolsMatch(search: string | undefined, borough: string | undefined) {
  const text = (search ?? '').trim();
  const on = /[\p{L}\p{N}]/u.test(text);
  const b = borough && borough !== 'all' ? borough : undefined;
  const { data } = useSchoolsWithTotal({ search: text, borough: b, limit: String(SHOWN) }, on);
  const params = new URLSearchParams({ search: text });
  if (b) params.set('borough', b);
  return on && data && data.total > 0 ? { text, total: data.total, rows: data.rows, href: `/schools?${params}` } : null;
}

export type SchoolsMatch = ReturnType<typeof useSchoolsMatch>;

const many = (n: number) => `${formatNumber(n)} ${n === 1 ? 'school matches' : 'schools match'}`;

/** Beside the jobs' count: "66 schools match “st marys”", linking to them. */
export function SchoolsMatchLine({ match }: { match: SchoolsMatch }) {
  if (!match) return null;
  return (
    <p className="text-sm" data-testid="schools-match">
      <Link to={match.href} className="link link-primary tap">
        {many(match.total)} “{match.text}”
      </Link>
    </p>
  );
}

/** Under "No jobs found": the first schools the words name, each linking to its page (and its jobs), then all of them. */
export function SchoolsMatchList({ match }: { match: NonNullable<SchoolsMatch> }) {
  return (
    <section
      aria-labelledby="schools-match-heading"
      className="card bg-base-100 border border-base-300 mt-4 p-5"
      data-testid="schools-match-list"
    >
      <h3 id="schools-match-heading" className="font-semibold text-lg">
        {many(match.total)} “{match.text}”
      </h3>
      <ul className="mt-1">
        {match.rows.map((s) => (
          <li key={s.id} className="border-b border-base-300 last:border-0">
            <Link to={`/schools/${s.id}`} className="flex flex-col py-2 min-h-11 hover:bg-base-200 rounded">
              <span className="font-medium">{s.name}</span>
              <span className="text-sm opacity-80">{s.borough}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={match.href} className="link link-primary tap">
        {match.total > match.rows.length ? `See all ${formatNumber(match.total)} schools →` : 'See them on the Schools screen →'}
      </Link>
    </section>
  );
}

/** The line, asking for the schools itself (a later() part of the Jobs screen; SWR shares the one request). */
export function SchoolsMatchLineFor({ search, borough }: { search?: string; borough?: string }) {
  return <SchoolsMatchLine match={useSchoolsMatch(search, borough)} />;
}

/** The list under "No jobs found", asking for the schools itself (a later() part of the Jobs screen). */
export function SchoolsMatchListFor({ search, borough }: { search?: string; borough?: string }) {
  const match = useSchoolsMatch(search, borough);
  return match ? <SchoolsMatchList match={match} /> : null;
}

// Salaries by role under filters (decision 1425): pay area, phase, borough and experience kept in
// the URL, each role's median and middle half (25th-75th percentile) drawn against its pay-scale
// band, the band named, and an odd figure explained in words. Only groups of at least 5.
import { BOROUGHS, EXPERIENCE_BANDS, INNER_LONDON_BOROUGHS } from '../../core/constants';
import { SALARY_AREAS, SALARY_PHASES } from '../../core/salary-lists';
import { FilterSelect } from '../components/FilterSelect';
import { Icon } from '../components/Icon';
import { EmptyState, ErrorState, SkeletonList } from '../components/states';
import { useUrlFilters } from '../components/use-url-filters';
import type { client } from '../data/client';
import { useSalaryGroups } from '../data/hooks';
import { formatGBP } from '../lib/format';
import type { InferResponseType } from 'hono/client';

type Answer = InferResponseType<typeof client.salaries.groups.$get, 200>;
type Group = Answer['groups'][number];

export const SALARY_FILTERS = ['area', 'phase', 'borough', 'experience'] as const;
const INNER = new Set<string>(INNER_LONDON_BOROUGHS);
const areaOf = (borough: string) => (INNER.has(borough) ? 'Inner London' : 'Outer London');
/** "2026-09-01" → "2026-27". */
const payYear = (d: string) => `${d.slice(0, 4)}-${String(Number(d.slice(2, 4)) + 1).padStart(2, '0')}`;

/** One role: its figures, a bar of its middle half and median over its band, the band named, its notes. */
function GroupRow({ g, scale }: { g: Group; scale: [number, number] }) {
  const [lo, hi] = scale;
  const x = (v: number) => Math.max(0, Math.min(100, ((v - lo) / (hi - lo)) * 100));
  return (
    <li className="py-4 grid gap-2" data-testid="salary-group">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="font-semibold">{g.role}</h3>
        <span className="text-sm opacity-80">{g.count} submissions</span>
      </div>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span>
          <span className="text-xl font-bold tabular-nums" data-testid="group-median">
            {formatGBP(g.median)}
          </span>{' '}
          <span className="text-sm opacity-80">median</span>
        </span>
        <span className="text-sm tabular-nums" data-testid="group-range">
          {formatGBP(g.p25)} – {formatGBP(g.p75)} <span className="opacity-80">middle half (25th–75th percentile)</span>
        </span>
        <span className="text-sm opacity-80 tabular-nums">average {formatGBP(g.average)}</span>
      </div>
      <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-4 w-full" aria-hidden="true">
        <rect x="0" y="3" width="100" height="4" className="fill-base-200" />
        {g.band && <rect x={x(g.band.from)} y="2" width={x(g.band.to) - x(g.band.from)} height="6" className="fill-success/30" />}
        <rect x={x(g.p25)} y="3" width={Math.max(0.5, x(g.p75) - x(g.p25))} height="4" className="fill-primary" />
        <rect x={x(g.median) - 0.4} y="0" width="0.8" height="10" className="fill-base-content" />
      </svg>
      <p className="text-sm opacity-80" data-testid="group-band">
        {g.band ? (
          <>
            Pay scale: {g.band.name}, {g.band.area} {payYear(g.band.year)}: {formatGBP(g.band.from)} – {formatGBP(g.band.to)}
          </>
        ) : (
          (g.bandNote ?? 'No pay-scale band for this role.')
        )}
      </p>
      {g.notes.map((n) => (
        <p key={n} className="text-sm flex gap-2 items-start bg-info/10 rounded-box p-2" data-testid="group-note">
          <Icon name="lightbulb" className="size-4 shrink-0 mt-0.5" />
          <span>{n}</span>
        </p>
      ))}
    </li>
  );
}

/** The common scale of every bar: from the lowest figure or band point to the highest. */
function scaleOf(groups: Group[]): [number, number] {
  const values = groups.flatMap((g) => [g.p25, g.p75, ...(g.band ? [g.band.from, g.band.to] : [])]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return [lo, hi > lo ? hi : lo + 1];
}

function Filters({ filters }: { filters: ReturnType<typeof useUrlFilters<(typeof SALARY_FILTERS)[number]>> }) {
  const { values, set } = filters;
  // With the script, a choice applies at once: the form's button is for a browser without it.
  const area = values.borough ? areaOf(values.borough) : values.area;
  const boroughs = area ? BOROUGHS.filter((b) => areaOf(b) === area) : BOROUGHS;
  return (
    // Sent without the script, the form is a GET of /salaries with every select ('all' is no filter).
    <form
      method="get"
      action="/salaries"
      className="grid sm:grid-cols-2 lg:grid-cols-4 gap-3"
      aria-label="Salary filters"
      onSubmit={(e) => e.preventDefault()}
    >
      <FilterSelect
        id="area"
        label="Pay area"
        value={area}
        options={SALARY_AREAS}
        allLabel="All London"
        // A borough in another area no longer fits: it goes.
        onChange={(v) => set({ area: v, borough: values.borough && areaOf(values.borough) !== v && v !== 'all' ? '' : values.borough })}
      />
      <FilterSelect
        id="phase"
        label="Phase"
        value={values.phase}
        options={SALARY_PHASES}
        allLabel="All phases"
        onChange={(v) => set({ phase: v })}
      />
      <FilterSelect
        id="borough"
        label="Borough"
        value={values.borough}
        options={boroughs}
        allLabel="All boroughs"
        // The borough says its area: the URL keeps only the borough.
        onChange={(v) => set({ borough: v, area: v === 'all' ? values.area : '' })}
      />
      <FilterSelect
        id="experience"
        label="Experience"
        value={values.experience}
        options={EXPERIENCE_BANDS}
        allLabel="Any experience"
        onChange={(v) => set({ experience: v })}
      />
      {/* Only where the script never runs: one that takes it away once it has would move the
          figures under the form up by its height (a layout shift as the page comes alive). */}
      <noscript className="sm:col-span-2 lg:col-span-4">
        <button type="submit" className="btn btn-sm btn-primary">
          Show figures
        </button>
      </noscript>
    </form>
  );
}

/** The filters and each role's figures under them. */
export function SalaryGroups() {
  const filters = useUrlFilters(SALARY_FILTERS);
  const { values, clear, active } = filters;
  const groups = useSalaryGroups(values.borough ? { ...values, area: '' } : values);
  const data = groups.data;
  return (
    <section className="card bg-base-100 border border-base-300" aria-labelledby="salary-groups-title">
      <div className="card-body p-5 gap-4">
        <div>
          <h2 id="salary-groups-title" className="card-title text-lg">
            Salaries by Role
          </h2>
          <p className="text-sm opacity-80">
            The median and the middle half of the salaries teachers shared (half earn within it), beside the national pay-scale band for the
            role. A group is shown once at least {data?.minimumGroupSize ?? 5} teachers in it have shared theirs.
          </p>
        </div>
        <Filters filters={filters} />
        {groups.error && !data ? (
          <ErrorState error={groups.error} retry={() => groups.mutate()} />
        ) : !data ? (
          <SkeletonList count={3} lines={2} />
        ) : data.groups.length === 0 ? (
          <EmptyState icon="pound" title="No group here has 5 submissions yet">
            <p>
              To keep every contribution anonymous, figures appear only for groups of at least {data.minimumGroupSize}. Try a wider
              selection.
            </p>
            {active && (
              <button type="button" className="btn btn-sm btn-outline mt-3" onClick={clear}>
                Clear filters
              </button>
            )}
          </EmptyState>
        ) : (
          <>
            <ul className="divide-y divide-base-200" data-testid="salary-groups">
              {data.groups.map((g) => (
                <GroupRow key={g.role} g={g} scale={scaleOf(data.groups)} />
              ))}
            </ul>
            <p className="text-xs opacity-80 flex flex-wrap items-center gap-x-3 gap-y-1" aria-hidden="true">
              <span className="inline-flex items-center gap-1">
                <span className="inline-block w-4 h-1.5 bg-primary" /> middle half
              </span>
              <span className="inline-flex items-center gap-1">
                <span className="inline-block w-0.5 h-3 bg-base-content" /> median
              </span>
              <span className="inline-flex items-center gap-1">
                <span className="inline-block w-4 h-2.5 bg-success/30" /> pay-scale band
              </span>
            </p>
          </>
        )}
      </div>
    </section>
  );
}

import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { PAY_REGIONS, PAY_SPINES, PAY_YEARS } from '../../db/pay-lists';
import { FilterSelect } from '../components/FilterSelect';
import { Icon } from '../components/Icon';
import { Breadcrumb, EmptyState, ErrorState, SkeletonList } from '../components/states';
import { Tabs } from '../components/Tabs';
import { useUrlFilters } from '../components/useUrlFilters';
import { usePayScales } from '../data/hooks';
import { formatDate, formatGBP } from '../lib/format';
import { caveatHeadline, caveatsOf, groupBySpine, LEADERSHIP_STATUTORY, londonDifferences, sourceNumbers, type PayRow } from './allowances';

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const yearLabel = (d: string) => `${formatDate(d)} (${d.slice(0, 4)}-${Number(d.slice(0, 4)) + 1})`;

/**
 * "Sources", after the figures (the phone on the commute): the two effective-date readings the sources give (spec
 * §4 asks for both) and the numbered sources every figure on screen refers to, folded away so the
 * tables come first on a phone.
 */
function Sources({ list, year }: { list: string[]; year: string }) {
  return (
    <details className="collapse collapse-arrow bg-base-200 mt-6" data-testid="sources">
      <summary className="collapse-title font-medium min-h-11">Sources{list.length > 0 ? ` (${list.length})` : ''}</summary>
      <div className="collapse-content text-sm grid gap-3 min-w-0">
        <p data-testid="effective-dates">
          <strong>Effective dates.</strong> The sources we were given read two ways: one says these scales apply for{' '}
          <strong>September 2024-2025</strong>, another that they apply from <strong>September 1, 2023</strong>. Both are real pay years, so
          this page holds both, plus the newer awards: figures effective 1 September 2023, 1 September 2024 (the 2024-2025 year), 1
          September 2025 and 1 September 2026 (the 3.5 % award accepted in July 2026). You are viewing the scales{' '}
          <strong>effective {yearLabel(year)}</strong>. Among the sources are the DfE's own pay calculator and the teachers' union NASUWT's
          England pay tables. Each figure's numbers in the tables refer to this list; none is calculated by us.
        </p>
        {list.length > 0 && (
          <ol className="text-xs list-decimal pl-6 grid gap-1 [overflow-wrap:anywhere]" data-testid="source-list">
            {list.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}

/** The statutory leadership range: its two statutory figures, and why nothing is shown between them. */
function LeadershipNote() {
  return (
    <p className="text-xs opacity-80 mt-2" data-testid="leadership-note">
      The leadership range runs from L1 to L43. Only its minimum (L1) and maximum (L43) are statutory; the points between them (L2-L42) come
      from the teaching unions' advisory tables, which we could not source, so none is shown (and none is estimated).
    </p>
  );
}

function ScalesTab({ rows, sourcesOfRow }: { rows: PayRow[]; sourcesOfRow: (r: PayRow) => number[] }) {
  const groups = groupBySpine(rows);
  if (groups.length === 0) return <EmptyState icon="pound" title="No pay scales match these filters" />;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="pay-groups">
      {groups.map(([spine, list]) => (
        <section key={spine} className="card bg-base-100 border border-base-300" aria-labelledby={`spine-${slug(spine)}`}>
          <div className="card-body p-5">
            <h2 id={`spine-${slug(spine)}`} className="card-title text-lg">
              {spine === 'Leadership Group' ? 'Leadership Group (L1-L43)' : spine}
            </h2>
            <table className="table table-sm">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Point</th>
                  <th scope="col" className="text-right">
                    Annual salary
                  </th>
                  <th scope="col" className="text-right w-16">
                    Source
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((r) => {
                  const label = r.pointLabel ?? String(r.point);
                  const refs = sourcesOfRow(r);
                  return (
                    <tr key={`${r.point}-${r.pointLabel}`}>
                      <td>
                        {label}
                        {spine === 'Leadership Group' && LEADERSHIP_STATUTORY[label] && (
                          <span className="opacity-70"> · {LEADERSHIP_STATUTORY[label]}</span>
                        )}
                      </td>
                      <td className="text-right tabular-nums font-medium">{formatGBP(r.annualSalary)}</td>
                      <td className="text-right text-xs opacity-80 tabular-nums" data-testid="row-sources">
                        <span className="sr-only">{refs.length === 1 ? 'Source' : 'Sources'} </span>
                        {refs.join(', ')}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {spine === 'Leadership Group' && <LeadershipNote />}
          </div>
        </section>
      ))}
    </div>
  );
}

/**
 * The award's figures are not final: the source's own first words on one line beside the figures,
 * its whole caveat one tap away (a long note would push the tables off a phone's first screen).
 */
function Caveat({ caveats }: { caveats: string[] }) {
  if (caveats.length === 0) return null;
  return (
    <details className="mt-3 rounded-box border border-warning bg-warning/10 text-sm" data-testid="pay-caveat">
      <summary className="flex items-start gap-2 px-3 py-2 min-h-11 cursor-pointer">
        <Icon name="warning" className="size-4 shrink-0 mt-0.5" />
        <span>
          <strong>Indicative figures.</strong> The source says: “{caveatHeadline(caveats[0])}”{' '}
          <span className="underline">Read its caveat</span>
        </span>
      </summary>
      <div className="px-3 pb-3 grid gap-1" data-testid="pay-caveat-text">
        {caveats.map((c) => (
          <p key={c}>{c}</p>
        ))}
      </div>
    </details>
  );
}

function AllowancesTab({ rows, sourcesOfRow }: { rows: PayRow[]; sourcesOfRow: (r: PayRow) => number[] }) {
  const areas = londonDifferences(rows);
  // The two published figures behind a difference, for their source numbers.
  const refs = (area: string, d: { paySpine: string; pointLabel: string }) =>
    [
      ...new Set(
        rows
          .filter(
            (r) =>
              (r.region === area || r.region === 'England') &&
              r.paySpine === d.paySpine &&
              (r.pointLabel ?? String(r.point)) === d.pointLabel,
          )
          .flatMap(sourcesOfRow),
      ),
    ].sort((a, b) => a - b);
  return (
    <div className="grid gap-4">
      <div role="note" className="alert alert-info alert-soft text-sm items-start">
        <Icon name="lightbulb" className="mt-0.5" />
        <p>
          London teachers are not paid England's scale plus a separate allowance: each London pay area (Inner London, Outer London and the
          London Fringe) has its own higher ranges. The amounts below are how much more each area pays than England at the same point,
          computed from the published figures.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-3" data-testid="allowance-areas">
        {areas.map(({ area, bySpine }) => (
          <section key={area} className="card bg-base-100 border border-base-300" aria-labelledby={`area-${slug(area)}`}>
            <div className="card-body p-5">
              <h2 id={`area-${slug(area)}`} className="card-title text-lg">
                {area}
              </h2>
              {bySpine.length === 0 ? (
                <p className="text-sm opacity-70">No matching figures for these filters.</p>
              ) : (
                bySpine.map(([spine, diffs]) => (
                  <div key={spine} className="mt-2">
                    <h3 className="font-semibold text-sm">{spine}</h3>
                    <ul className="text-sm divide-y divide-base-200">
                      {diffs.map((d) => (
                        <li key={d.pointLabel} className="flex justify-between py-1 gap-2">
                          <span>{d.pointLabel}</span>
                          <span className="tabular-nums">
                            <span className="font-semibold text-success">+{formatGBP(d.extra)}</span>
                            <span className="opacity-70 text-xs">
                              {' '}
                              ({formatGBP(d.london)}) <span className="sr-only">Sources </span>
                              {refs(area, d).join(', ')}
                            </span>
                          </span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))
              )}
            </div>
          </section>
        ))}
      </div>
      <section className="card bg-base-200" aria-labelledby="allowance-example">
        <div className="card-body p-5">
          <h2 id="allowance-example" className="card-title text-lg">
            Example
          </h2>
          <p data-testid="allowance-example">A base salary of £28,000 plus an Inner London allowance of £4,166 gives £32,166.</p>
          <p className="text-xs opacity-70">
            This is an illustrative example from the product brief, not a current figure: use the tables above for real amounts.
          </p>
        </div>
      </section>
    </div>
  );
}

/** What lands in the bank (issue 38): the take-home pay calculator, one tap from the figures. */
function TakeHomeLink() {
  return (
    <Link to="/pay-scales/take-home" className="link link-primary" data-testid="take-home-link">
      What lands in the bank: take-home pay
    </Link>
  );
}

export function PayScalesPage() {
  const { values, set } = useUrlFilters(['region', 'paySpine', 'year', 'tab'] as const);
  const region = values.region || 'England';
  const year = (PAY_YEARS as readonly string[]).includes(values.year) ? values.year : PAY_YEARS[0];
  const tab = values.tab === 'london' ? 'london' : 'scales';
  // One request for the year (every region): the scales tab filters the region locally, the
  // allowances tab compares regions. A year, not the whole table: the server-rendered page
  // inlines what its first screen shows (a quarter of the table).
  const { data, error, mutate } = usePayScales({ paySpine: values.paySpine, effectiveDate: year });
  const rows = useMemo(() => data ?? [], [data]);
  const regionRows = rows.filter((r) => r.region === region);
  const shown = tab === 'scales' ? regionRows : rows;
  const sources = sourceNumbers(shown);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { label: 'Pay Scales' }]} />
      <h1 className="text-3xl font-bold mt-2">Teacher Pay Scales</h1>
      <p className="opacity-80 mt-1 text-sm sm:text-base">
        Statutory and advisory pay points for teachers in England and the three London pay areas. <TakeHomeLink />
      </p>
      {/* One line: which year's figures these are, with the year selector beside it. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 mt-4">
        <p className="font-semibold inline-flex items-center gap-2" data-testid="effective-line">
          <Icon name="calendar" className="size-5" />
          Effective {formatDate(year)}
        </p>
        <label className="select select-sm w-auto" htmlFor="year">
          <span className="sr-only">Year</span>
          <select id="year" value={year} onChange={(e) => set({ year: e.target.value === PAY_YEARS[0] ? '' : e.target.value })}>
            {PAY_YEARS.map((y) => (
              <option key={y} value={y}>
                {y.slice(0, 4)}-{Number(y.slice(0, 4)) + 1}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Caveat caveats={caveatsOf(rows)} />
      <div className="grid gap-2 sm:grid-cols-2 mt-3">
        <div className="select select-sm w-full">
          <label className="label" htmlFor="region">
            Region
          </label>
          <select id="region" value={region} onChange={(e) => set({ region: e.target.value === 'England' ? '' : e.target.value })}>
            {PAY_REGIONS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </div>
        <FilterSelect
          id="paySpine"
          label="Pay scale"
          value={values.paySpine}
          onChange={(v) => set({ paySpine: v })}
          options={PAY_SPINES}
          allLabel="All pay scales"
        />
      </div>
      <div className="mt-6">
        <Tabs
          label="Pay scale sections"
          active={tab}
          onChange={(k) => set({ tab: k === 'london' ? 'london' : '' }, true)}
          tabs={[
            { key: 'scales', label: 'Pay Scales' },
            { key: 'london', label: 'London Allowances' },
          ]}
        >
          {error && !data ? (
            <ErrorState error={error} retry={() => mutate()} />
          ) : !data ? (
            <SkeletonList count={4} lines={5} className="grid gap-4 md:grid-cols-2" />
          ) : tab === 'scales' ? (
            <ScalesTab rows={regionRows} sourcesOfRow={sources.of} />
          ) : (
            <AllowancesTab rows={rows} sourcesOfRow={sources.of} />
          )}
        </Tabs>
      </div>
      <Sources list={data ? sources.list : []} year={year} />
    </div>
  );
}

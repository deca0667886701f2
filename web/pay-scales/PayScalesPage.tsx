import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PAY_SPINES, PAY_YEARS } from '../../core/pay-lists';
import { PAY_AWARDS, type PayAward } from '../../core/pay-awards';
import { FilterSelect } from '../components/FilterSelect';
import { Icon } from '../components/Icon';
import { Breadcrumb, ErrorState, SkeletonList } from '../components/states';
import { Tabs } from '../components/Tabs';
import { useUrlFilters } from '../components/use-url-filters';
import { usePayScales } from '../data/hooks';
import { formatDate, formatGBP } from '../lib/format';
import { later } from '../lib/later';
import { caveatsOf, londonDifferences, sourceNumbers, type PayRow } from './allowances';
import { noteOf, ScalesTab, slug } from './ScalesTab';
import { DEFAULT_REGION, REGION_CHOICES, regionInUrl, rememberRegion, startingRegion, type PayRegion } from './region';

const PayTakeHomeNote = later(() => import('../features/take-home/TakeHomeParts').then((m) => m.PayTakeHomeNote));

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

/** The caveat with the service's name as its link (or the link after it, where it does not name it). */
function WithSourceLink({ text, award }: { text: string; award: PayAward }) {
  const at = text.indexOf(award.source.name);
  const link = (
    <a className="link" href={award.source.url} rel="noopener noreferrer" target="_blank">
      {award.source.name}
      <span className="sr-only"> (DfE, opens in a new tab)</span>
    </a>
  );
  if (at < 0)
    return (
      <>
        {text} Source: {link}.
      </>
    );
  return (
    <>
      {text.slice(0, at)}
      {link}
      {text.slice(at + award.source.name.length)}
    </>
  );
}

/**
 * A year whose pay document is not yet published: its award first (percentage, date, who accepted
 * it), then what is not yet published and whose figures these are, in the data's words (decision
 * 0309), with the service's link. Short enough that the first table stays on a phone's first screen.
 */
function AwardNote({ award, caveats }: { award: PayAward | undefined; caveats: string[] }) {
  if (!award && caveats.length === 0) return null;
  return (
    <div role="note" className="mt-3 rounded-box border border-warning bg-warning/10 px-3 py-2 text-sm grid gap-1" data-testid="pay-award">
      {award && (
        <p className="font-semibold" data-testid="pay-award-line">
          {award.line}
        </p>
      )}
      {caveats.map((c) => (
        <p key={c}>{award ? <WithSourceLink text={c} award={award} /> : c}</p>
      ))}
      {award && caveats.length === 0 && (
        <p>
          <WithSourceLink text="" award={award} />
        </p>
      )}
    </div>
  );
}

function AllowancesTab({ rows, sourcesOfRow, region }: { rows: PayRow[]; sourcesOfRow: (r: PayRow) => number[]; region: string }) {
  // The area she chose first (a phone shows one card at a time); England's choice keeps the order.
  const areas = londonDifferences(rows).sort((a, b) => Number(b.area === region) - Number(a.area === region));
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
      {/* Not daisyUI's alert: its grid gave the icon a column of its own and squeezed the text at 390 px. */}
      <div
        role="note"
        className="flex items-start gap-3 rounded-box border border-info/30 bg-info/10 p-4 text-sm"
        data-testid="allowance-explainer"
      >
        <Icon name="lightbulb" className="size-5 shrink-0 mt-0.5 text-info" />
        <p className="min-w-0 flex-1">
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

/** The pay area: the three London areas first, each one tap away (radios: arrow keys move between them). */
function RegionPicker({ value, onChange }: { value: PayRegion; onChange: (r: PayRegion) => void }) {
  return (
    <fieldset className="min-w-0" data-testid="pay-area">
      <legend className="text-sm font-medium mb-1">Pay area</legend>
      <div className="grid grid-cols-2 sm:grid-cols-4 gap-1.5">
        {REGION_CHOICES.map((r) => (
          <input
            key={r}
            type="radio"
            name="region"
            value={r}
            aria-label={r}
            className="btn btn-sm h-11 w-full"
            checked={value === r}
            onChange={() => onChange(r)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The area shown: the address's, else (once in the browser) her last choice or Inner London, written
 * into the address so a shared link opens what she saw; the server renders Inner London for none.
 */
function usePayRegion(value: string, set: (next: { region: string }, replace?: boolean) => void) {
  const inUrl = regionInUrl(value);
  // The tapped area shows at once: the address follows in a transition (react-router), and until
  // then a controlled radio would spring back to the old area under her thumb.
  const [picked, setPicked] = useState<PayRegion | null>(null);
  useEffect(() => setPicked(null), [inUrl]);
  useEffect(() => {
    if (!inUrl) set({ region: startingRegion() }, true);
  }, [inUrl, set]);
  const choose = (r: PayRegion) => {
    setPicked(r);
    rememberRegion(r);
    set({ region: r });
  };
  return [picked ?? inUrl ?? DEFAULT_REGION, choose] as const;
}

/** One line: which year's figures these are, with the year selector beside it. */
function YearLine({ year, onChange }: { year: string; onChange: (year: string) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 mt-4">
      <p className="font-semibold inline-flex items-center gap-2" data-testid="effective-line">
        <Icon name="calendar" className="size-5" />
        Effective {formatDate(year)}
      </p>
      <label className="select select-sm w-auto" htmlFor="year">
        <span className="sr-only">Year</span>
        <select id="year" value={year} onChange={(e) => onChange(e.target.value)}>
          {PAY_YEARS.map((y) => (
            <option key={y} value={y}>
              {y.slice(0, 4)}-{Number(y.slice(0, 4)) + 1}
            </option>
          ))}
        </select>
      </label>
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
  const [region, chooseRegion] = usePayRegion(values.region, set);
  const year = (PAY_YEARS as readonly string[]).includes(values.year) ? values.year : PAY_YEARS[0];
  const tab = values.tab === 'london' ? 'london' : 'scales';
  const award = (PAY_AWARDS as Record<string, PayAward | undefined>)[year];
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
        {/* The sentence not on a phone: the award and the areas come first there, and the first table stays on its first screen. */}
        <span className="hidden sm:inline">Statutory and advisory pay points for teachers in England and the three London pay areas. </span>
        <TakeHomeLink />
      </p>
      <YearLine year={year} onChange={(y) => set({ year: y === PAY_YEARS[0] ? '' : y })} />
      <AwardNote award={award} caveats={caveatsOf(rows)} />
      <div className="grid gap-2 md:grid-cols-[2fr_1fr] md:items-end mt-3">
        <RegionPicker value={region} onChange={chooseRegion} />
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
            <ScalesTab rows={regionRows} sourcesOfRow={sources.of} exceptionOf={noteOf(award?.exceptions ?? [], region)} />
          ) : (
            <AllowancesTab rows={rows} sourcesOfRow={sources.of} region={region} />
          )}
        </Tabs>
      </div>
      {/* Under the tables: on a phone the first table starts on the first screen. */}
      {tab === 'scales' && <PayTakeHomeNote effectiveDate={year} />}
      <Sources list={data ? sources.list : []} year={year} />
    </div>
  );
}

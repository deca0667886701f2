import { useCallback, useEffect, useRef, useState } from 'react';
import { SWRConfig } from 'swr';
import { Link } from 'react-router-dom';
import { OfstedBadge } from '../components/badges';
import { Icon } from '../components/Icon';
import { SearchCombobox, SUGGEST_MIN_CHARS, useSuggestions } from '../components/SearchCombobox';
import { Breadcrumb, ErrorState, isOfflineError } from '../components/states';
import type { SchoolDetail, SchoolListItem } from '../data/client';
import { useSchool, useSchoolsWithTotal } from '../data/hooks';
import { formatNumber } from '../lib/format';
import type { Suggestion } from '../lib/suggest';
import { NOT_PUBLISHED, pupilStaffRatio, teachersLine } from '../lib/school-facts';
import { addSchool, MAX_COMPARE, ofstedInsights, ofstedWeight, sizeInsights } from './insights';

const EXIT_MS = 200;
const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

// Enter animation; the global reduced-motion rule in styles.css and motion-safe: switch it off.
function OfstedStars({ rating }: { rating: string | null }) {
  const n = ofstedWeight(rating);
  return (
    <span className="inline-flex gap-0.5 text-warning" role="img" aria-label={`${n} of 4 stars`}>
      {[1, 2, 3, 4].map((i) => (
        <Icon key={i} name="star" className="size-4" filled={i <= n} />
      ))}
    </span>
  );
}

/** A school picked from a suggestion (the phone's copy of the names offline): its figures come next. */
export interface PickedName {
  id: number;
  name: string;
  borough: string;
}

/**
 * The picker: the schools listed when it first opens (product §4) and the search box every other
 * box uses (SearchCombobox: a combobox suggesting the top 5 schools after 2 characters, from the
 * phone's copy of the names when there is no signal; decision 0701).
 */
function Picker({
  chosen,
  onPick,
  onPickName,
  onClose,
}: {
  chosen: SchoolListItem[];
  onPick: (s: SchoolListItem) => void;
  onPickName: (s: PickedName) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const typing = text.trim().length >= SUGGEST_MIN_CHARS;
  // The schools load when the picker first opens (product §4).
  const { data, error, isLoading } = useSchoolsWithTotal({});
  const chosenIds = chosen.map((c) => c.id);
  const suggestions = useSuggestions(text, { jobs: false, except: chosenIds });
  const options = (data?.rows ?? []).filter((s) => !chosenIds.includes(s.id));
  useEffect(() => document.getElementById('compare-search')?.focus(), []);
  // Escape closes the picker, as it closes the header's menu: listened to on the document, so the
  // picker's box stays a plain container. An Escape that closed the suggestions first is left alone.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const pickSuggestion = (s: Suggestion) => {
    const id = Number(s.id.replace('school-', ''));
    const listed = data?.rows.find((r) => r.id === id);
    if (listed) onPick(listed);
    else onPickName({ id, name: s.label, borough: s.detail });
  };
  return (
    <div className="card bg-base-100 border border-primary shadow-lg compare-in" data-testid="compare-picker">
      <div className="card-body p-4 gap-3">
        <div className="flex items-center gap-2">
          <SearchCombobox
            id="compare-search"
            className="flex-1"
            value={text}
            onChange={setText}
            groups={[{ label: 'Schools', items: suggestions.schools }]}
            onPick={pickSuggestion}
            placeholder="Search schools by name"
            label={
              <>
                <Icon name="search" className="size-4 opacity-60" />
                <span className="sr-only">Search schools to compare</span>
              </>
            }
          />
          <button type="button" className="btn btn-ghost btn-square" onClick={onClose} aria-label="Close school picker">
            <Icon name="close" />
          </button>
        </div>
        {typing ? (
          !suggestions.pending &&
          suggestions.schools.length === 0 && (
            <p className="text-sm opacity-80 py-2" data-testid="compare-empty" role="status">
              No schools match &quot;{text.trim()}&quot;.
            </p>
          )
        ) : error ? (
          isOfflineError(error) ? (
            <p className="text-sm opacity-80 py-2" data-testid="compare-offline">
              No signal: type a school&apos;s name, the names are kept on this phone.
            </p>
          ) : (
            <ErrorState error={error} />
          )
        ) : isLoading && !data ? (
          <div className="grid gap-2" role="status" aria-label="Loading schools">
            {[1, 2, 3, 4].map((i) => (
              <div key={i} className="skeleton h-10 w-full" />
            ))}
          </div>
        ) : options.length === 0 ? (
          <p className="text-sm opacity-80 py-2" data-testid="compare-empty">
            No schools to add.
          </p>
        ) : (
          <ul id="compare-options" className="max-h-72 overflow-y-auto grid gap-1" aria-label="Schools">
            {options.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm w-full justify-start h-auto py-2 text-left font-normal"
                  onClick={() => onPick(s)}
                >
                  <span className="flex-1">
                    <span className="font-medium block">{s.name}</span>
                    <span className="text-xs opacity-70">
                      {s.borough}
                      {s.type ? ` · ${s.type}` : ''}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {!typing && data && data.total > data.rows.length && (
          <p className="text-xs opacity-70">
            Showing the first {data.rows.length} of {formatNumber(data.total)} schools: type a name to find any school.
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The chosen schools side by side, on a phone too: one column per school, the row labels fixed
 * at the left; with three schools the table swipes sideways under the fixed labels.
 */
function CompareTable({
  schools,
  leaving,
  waiting,
  onRemove,
}: {
  schools: SchoolListItem[];
  leaving: number[];
  /** Schools picked by name whose figures have not come yet (no signal: until it is back). */
  waiting: number[];
  onRemove: (id: number) => void;
}) {
  const fade = (s: SchoolListItem) => `transition-opacity duration-200 ${leaving.includes(s.id) ? 'opacity-0' : ''}`;
  const label =
    'sticky left-0 z-10 bg-base-200 text-base-content text-left align-top font-semibold text-xs w-24 min-w-24 max-w-24 sm:w-40 sm:min-w-40 sm:max-w-40 whitespace-normal';
  // Two schools fit a 390 px screen beside the labels; a third swipes in.
  const col = 'w-36 min-w-36 max-w-36 sm:w-auto sm:max-w-none sm:min-w-48 whitespace-normal';
  const rows: { key: string; label: string; cell: (s: SchoolListItem) => React.ReactNode }[] = [
    {
      key: 'ofsted',
      label: 'Ofsted',
      cell: (s) => (
        <span className="grid gap-1 justify-items-start">
          <OfstedBadge rating={s.ofstedRating} />
          <OfstedStars rating={s.ofstedRating} />
        </span>
      ),
    },
    { key: 'type', label: 'Type', cell: (s) => s.type ?? 'Not specified' },
    { key: 'pupils', label: 'Pupils', cell: (s) => (s.numberOfPupils != null ? formatNumber(s.numberOfPupils) : 'N/A') },
    // School Workforce Census figures, each with its census (decision 0306).
    { key: 'staff', label: 'Staff', cell: (s) => teachersLine(s) ?? NOT_PUBLISHED },
    { key: 'ratio', label: 'Pupil-staff ratio', cell: (s) => pupilStaffRatio(s) },
    {
      key: 'key-stages',
      label: 'Key stages',
      cell: (s) =>
        s.keyStages ? (
          <ul className="flex flex-wrap gap-1" aria-label="Key stages">
            {s.keyStages.split(', ').map((k) => (
              <li key={k} className="badge badge-outline badge-sm">
                {k}
              </li>
            ))}
          </ul>
        ) : (
          'Not specified'
        ),
    },
    { key: 'address', label: 'Address', cell: (s) => [s.address, s.borough].filter(Boolean).join(', ') },
    { key: 'dfe', label: 'DfE Number', cell: (s) => s.dfeNumber ?? 'Not specified' },
    {
      key: 'website',
      label: 'Website',
      cell: (s) =>
        s.website ? (
          <a href={s.website} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-outline">
            Visit Website <Icon name="external" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          'Not specified'
        ),
    },
  ];
  return (
    <div
      className="overflow-x-auto -mx-4 sm:mx-0 border-y sm:border border-base-300 sm:rounded-box bg-base-100 compare-in"
      role="region"
      aria-label="Schools compared"
      tabIndex={0}
      data-testid="compare-table"
    >
      <table className="table table-sm align-top">
        <caption className="sr-only">The chosen schools side by side</caption>
        <thead>
          <tr>
            <th className={label} scope="col">
              School
            </th>
            {schools.map((s) => (
              <th key={s.id} scope="col" className={`align-top text-base-content ${col} ${fade(s)}`} data-testid="compare-card">
                <div className="flex items-start gap-1">
                  <Link to={`/schools/${s.id}`} className="link link-hover font-semibold text-sm leading-snug flex-1 py-1 tap">
                    {s.name}
                  </Link>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm btn-square shrink-0 -mr-2"
                    onClick={() => onRemove(s.id)}
                    aria-label={`Remove ${s.name} from comparison`}
                  >
                    <Icon name="close" className="size-4" />
                  </button>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className={label}>
                {r.label}
              </th>
              {schools.map((s) => (
                <td key={s.id} className={`text-sm break-words ${col} ${fade(s)}`} data-testid={r.key}>
                  {waiting.includes(s.id) ? <WaitingCell /> : r.cell(s)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WaitingCell() {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return <span className="opacity-70">{offline ? 'Shown when back online' : 'Loading…'}</span>;
}

/** A school's list row from its page's answer (the figures the comparison shows). */
function listItemOf(detail: SchoolDetail): SchoolListItem {
  const { stats, jobs, profile: _profile, ...school } = detail;
  return {
    ...school,
    averageRating: stats.averageRating,
    reviewCount: stats.totalReviews,
    openJobsCount: jobs.length,
    distanceMiles: undefined,
  };
}

/** Loads the figures of a school picked by name (through the offline layer) and hands them over when they come. */
function PickedFigures({ id, onLoad }: { id: number; onLoad: (s: SchoolListItem) => void }) {
  const { data } = useSchool(id);
  useEffect(() => {
    if (data) onLoad(listItemOf(data));
  }, [data, onLoad]);
  return null;
}

function Insights({ schools }: { schools: SchoolListItem[] }) {
  const sizes = sizeInsights(schools);
  const ofsted = ofstedInsights(schools);
  const unrated = schools.filter((s) => !s.ofstedRating);
  return (
    <section className="card bg-base-100 border border-base-300 compare-in" aria-labelledby="insights-title" data-testid="insights">
      <div className="card-body p-5">
        <h2 id="insights-title" className="card-title">
          Comparison Insights
        </h2>
        <div className="grid md:grid-cols-2 gap-6">
          <div>
            <h3 className="font-semibold mb-2">School Size Comparison</h3>
            <ol className="grid gap-2" data-testid="size-insights">
              {sizes.map((s, i) => (
                <li
                  key={s.id}
                  className={`flex justify-between gap-2 rounded-box p-2 ${i === 0 ? 'bg-primary/10 border border-primary font-semibold' : 'bg-base-200'}`}
                >
                  <span>
                    {i === 0 && <span className="badge badge-primary badge-sm mr-1">Largest</span>}
                    {s.name}
                  </span>
                  <span className="tabular-nums whitespace-nowrap">{formatNumber(s.numberOfPupils!)} pupils</span>
                </li>
              ))}
            </ol>
            {sizes.length === 0 && <p className="text-sm opacity-70">No pupil numbers recorded.</p>}
          </div>
          <div>
            <h3 className="font-semibold mb-2">Ofsted Performance</h3>
            <ol className="grid gap-2" data-testid="ofsted-insights">
              {ofsted.map((s, i) => (
                <li
                  key={s.id}
                  className={`flex justify-between gap-2 rounded-box p-2 ${i === 0 ? 'bg-primary/10 border border-primary font-semibold' : 'bg-base-200'}`}
                >
                  <span>
                    {i === 0 && <span className="badge badge-primary badge-sm mr-1">Best</span>}
                    {s.name}
                  </span>
                  <span className="whitespace-nowrap">{s.ofstedRating}</span>
                </li>
              ))}
            </ol>
            {unrated.length > 0 && (
              <ul className="grid gap-1 mt-2 text-sm" data-testid="ofsted-unrated">
                {unrated.map((s) => (
                  <li key={s.id}>{s.name}: Not rated</li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

export function ComparePage() {
  const [chosen, setChosen] = useState<SchoolListItem[]>([]);
  const [leaving, setLeaving] = useState<number[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [waiting, setWaiting] = useState<number[]>([]);
  const addRef = useRef<HTMLButtonElement>(null);
  const active = chosen.filter((s) => !leaving.includes(s.id));
  const known = active.filter((s) => !waiting.includes(s.id));
  const loaded = useCallback((full: SchoolListItem) => {
    setChosen((c) => c.map((s) => (s.id === full.id ? full : s)));
    setWaiting((w) => w.filter((id) => id !== full.id));
  }, []);

  function remove(id: number) {
    setWaiting((w) => w.filter((x) => x !== id));
    if (reducedMotion()) return setChosen((c) => c.filter((s) => s.id !== id));
    setLeaving((l) => [...l, id]);
    setTimeout(() => {
      setChosen((c) => c.filter((s) => s.id !== id));
      setLeaving((l) => l.filter((x) => x !== id));
    }, EXIT_MS);
  }
  function pick(s: SchoolListItem) {
    setChosen((c) => addSchool(c, s));
    setPickerOpen(false);
  }
  // A school picked from a suggestion (perhaps from the phone's copy of the names): its name and
  // borough now, its figures when its page's answer comes.
  function pickName(p: PickedName) {
    if (chosen.some((s) => s.id === p.id) || chosen.length >= MAX_COMPARE) return setPickerOpen(false);
    const placeholder = { id: p.id, name: p.name, borough: p.borough } as SchoolListItem;
    setChosen((c) => addSchool(c, placeholder));
    setWaiting((w) => [...w, p.id]);
    setPickerOpen(false);
  }
  const full = active.length >= MAX_COMPARE;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumb items={[{ to: '/compare', label: 'Compare' }]} />
      <h1 className="text-3xl font-bold mt-2">Compare Schools</h1>
      <p className="opacity-80 mt-1">Compare up to 3 London schools side-by-side with authentic data</p>

      <div className="mt-6 grid gap-3">
        {chosen.length > 0 && (
          <ul
            className="flex flex-nowrap overflow-x-auto sm:flex-wrap gap-2 -mx-4 px-4 sm:mx-0 sm:px-0"
            aria-label="Chosen schools"
            data-testid="compare-chips"
          >
            {chosen.map((s) => (
              <li
                key={s.id}
                className={
                  'badge badge-lg badge-primary badge-soft gap-1 pr-0 h-auto min-h-8 shrink-0 whitespace-nowrap text-sm compare-in ' +
                  `transition-all duration-200 ${leaving.includes(s.id) ? 'opacity-0 scale-90' : ''}`
                }
              >
                {s.name}
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-circle shrink-0"
                  onClick={() => remove(s.id)}
                  aria-label={`Remove ${s.name}`}
                >
                  <Icon name="close" className="size-3" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {!full &&
          (pickerOpen ? (
            // The schools load on the picker's first opening only (product §4): reopening it, or going
            // back to a search already made, uses the answers in hand instead of fetching again.
            <SWRConfig value={{ revalidateIfStale: false, revalidateOnFocus: false, revalidateOnReconnect: false }}>
              <Picker
                chosen={chosen}
                onPick={pick}
                onPickName={pickName}
                onClose={() => {
                  setPickerOpen(false);
                  requestAnimationFrame(() => addRef.current?.focus());
                }}
              />
            </SWRConfig>
          ) : (
            <div>
              <button ref={addRef} type="button" className="btn btn-primary" onClick={() => setPickerOpen(true)}>
                <Icon name="compare" /> Add School to Compare
              </button>
            </div>
          ))}
        {chosen.length === 0 && !pickerOpen && (
          <div className="card bg-base-200 border border-dashed border-base-300">
            <div className="card-body items-center text-center py-10">
              <Icon name="compare" className="size-10 opacity-50" />
              <p className="font-medium">Select schools to start comparing</p>
            </div>
          </div>
        )}
      </div>

      {chosen.length > 0 && (
        <div className="mt-6" data-testid="compare-cards">
          <CompareTable schools={chosen} leaving={leaving} waiting={waiting} onRemove={remove} />
        </div>
      )}
      {waiting.map((id) => (
        <PickedFigures key={id} id={id} onLoad={loaded} />
      ))}
      {known.length >= 2 && (
        <div className="mt-6">
          <Insights schools={known} />
        </div>
      )}
    </div>
  );
}

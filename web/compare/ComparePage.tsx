import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { OfstedBadge } from '../components/badges';
import { Icon } from '../components/Icon';
import { Breadcrumb, ErrorState } from '../components/states';
import type { SchoolListItem } from '../data/client';
import { useSchoolsWithTotal } from '../data/hooks';
import { formatNumber } from '../lib/format';
import { addSchool, MAX_COMPARE, ofstedInsights, ofstedWeight, pupilStaffRatio, sizeInsights } from './insights';

const EXIT_MS = 200;
const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

// Enter animation; the global reduced-motion rule in styles.css and motion-safe: switch it off.
const ANIMATION_CSS = `@keyframes compare-in { from { opacity: 0; transform: translateY(6px) scale(.97); } to { opacity: 1; transform: none; } }
.compare-in { animation: compare-in 200ms ease-out; }
@media (prefers-reduced-motion: reduce) { .compare-in { animation: none; } }`;

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

function Picker({ chosen, onPick, onClose }: { chosen: SchoolListItem[]; onPick: (s: SchoolListItem) => void; onClose: () => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  // The schools load when the picker first opens (product §4); typing narrows it on the server.
  const { data, error, isLoading } = useSchoolsWithTotal(query ? { search: query } : {});
  const options = (data?.rows ?? []).filter((s) => !chosen.some((c) => c.id === s.id));
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <div
      className="card bg-base-100 border border-primary shadow-lg compare-in"
      data-testid="compare-picker"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="card-body p-4 gap-3">
        <div className="flex items-center gap-2">
          <label className="input w-full" htmlFor="compare-search">
            <Icon name="search" className="size-4 opacity-60" />
            <span className="sr-only">Search schools to compare</span>
            <input ref={inputRef} id="compare-search" type="search" placeholder="Search schools by name" value={text} onChange={(e) => setText(e.target.value)} aria-controls="compare-options" />
          </label>
          <button type="button" className="btn btn-ghost btn-square" onClick={onClose} aria-label="Close school picker">
            <Icon name="close" />
          </button>
        </div>
        {error ? (
          <ErrorState error={error} />
        ) : isLoading && !data ? (
          <div className="grid gap-2" role="status" aria-label="Loading schools">
            {[1, 2, 3, 4].map((i) => (
              <div key={i} className="skeleton h-10 w-full" />
            ))}
          </div>
        ) : options.length === 0 ? (
          <p className="text-sm opacity-80 py-2">No schools match "{text}".</p>
        ) : (
          <ul id="compare-options" className="max-h-72 overflow-y-auto grid gap-1" aria-label="Schools">
            {options.map((s) => (
              <li key={s.id}>
                <button type="button" className="btn btn-ghost btn-sm w-full justify-start h-auto py-2 text-left font-normal" onClick={() => onPick(s)}>
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
        {data && data.total > data.rows.length && !query && <p className="text-xs opacity-70">Showing the first {data.rows.length} of {formatNumber(data.total)} schools: type a name to find any school.</p>}
      </div>
    </div>
  );
}

function SchoolCompareCard({ school, leaving, onRemove }: { school: SchoolListItem; leaving: boolean; onRemove: () => void }) {
  return (
    <article className={`card bg-base-100 border border-base-300 shadow-sm compare-in transition-all duration-200 ${leaving ? 'opacity-0 scale-95' : ''}`} data-testid="compare-card">
      <div className="card-body p-4 gap-2">
        <div className="flex items-start gap-2">
          <h2 className="card-title text-base flex-1 leading-snug">
            <Link to={`/schools/${school.id}`} className="link link-hover">
              {school.name}
            </Link>
          </h2>
          <button type="button" className="btn btn-ghost btn-xs btn-square" onClick={onRemove} aria-label={`Remove ${school.name} from comparison`}>
            <Icon name="close" className="size-4" />
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {school.type && <span className="badge badge-ghost badge-sm">{school.type}</span>}
          <OfstedBadge rating={school.ofstedRating} />
          <OfstedStars rating={school.ofstedRating} />
        </div>
        <dl className="grid grid-cols-3 gap-2 text-center my-1">
          <div className="bg-base-200 rounded-box p-2">
            <dt className="text-xs opacity-70">Pupils</dt>
            <dd className="font-semibold" data-testid="pupils">
              {school.numberOfPupils != null ? formatNumber(school.numberOfPupils) : 'N/A'}
            </dd>
          </div>
          <div className="bg-base-200 rounded-box p-2">
            <dt className="text-xs opacity-70">Staff</dt>
            <dd className="font-semibold">{school.numberOfStaff != null ? formatNumber(school.numberOfStaff) : 'N/A'}</dd>
          </div>
          <div className="bg-base-200 rounded-box p-2">
            <dt className="text-xs opacity-70">Pupil-staff ratio</dt>
            <dd className="font-semibold" data-testid="ratio">
              {pupilStaffRatio(school.numberOfPupils, school.numberOfStaff)}
            </dd>
          </div>
        </dl>
        {school.keyStages && (
          <ul className="flex flex-wrap gap-1" aria-label="Key stages">
            {school.keyStages.split(', ').map((k) => (
              <li key={k} className="badge badge-outline badge-xs">
                {k}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm flex gap-1">
          <Icon name="pin" className="size-4 shrink-0 mt-0.5" />
          <span>{[school.address, school.borough].filter(Boolean).join(', ')}</span>
        </p>
        <p className="text-sm">
          <span className="opacity-70">DfE Number: </span>
          {school.dfeNumber ?? 'Not specified'}
        </p>
        {school.website && (
          <a href={school.website} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-outline mt-1">
            Visit Website <Icon name="external" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
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
                <li key={s.id} className={`flex justify-between gap-2 rounded-box p-2 ${i === 0 ? 'bg-primary/10 border border-primary font-semibold' : 'bg-base-200'}`}>
                  <span>
                    {i === 0 && <span className="badge badge-primary badge-xs mr-1">Largest</span>}
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
                <li key={s.id} className={`flex justify-between gap-2 rounded-box p-2 ${i === 0 ? 'bg-primary/10 border border-primary font-semibold' : 'bg-base-200'}`}>
                  <span>
                    {i === 0 && <span className="badge badge-primary badge-xs mr-1">Best</span>}
                    {s.name}
                  </span>
                  <span className="whitespace-nowrap">{s.ofstedRating}</span>
                </li>
              ))}
            </ol>
            {unrated.length > 0 && (
              <ul className="grid gap-1 mt-2 text-sm opacity-80" data-testid="ofsted-unrated">
                {unrated.map((s) => (
                  <li key={s.id}>
                    {s.name}: Not rated
                  </li>
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
  const addRef = useRef<HTMLButtonElement>(null);
  const active = chosen.filter((s) => !leaving.includes(s.id));

  function remove(id: number) {
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
  const full = active.length >= MAX_COMPARE;
  const cols = chosen.length === 1 ? 'md:grid-cols-1 max-w-md' : chosen.length === 2 ? 'md:grid-cols-2' : 'md:grid-cols-3';

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <style>{ANIMATION_CSS}</style>
      <Breadcrumb items={[{ to: '/compare', label: 'Compare' }]} />
      <h1 className="text-3xl font-bold mt-2">Compare Schools</h1>
      <p className="opacity-80 mt-1">Compare up to 3 London schools side-by-side with authentic data</p>

      <div className="mt-6 grid gap-3">
        {chosen.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Chosen schools" data-testid="compare-chips">
            {chosen.map((s) => (
              <li key={s.id} className={`badge badge-lg badge-primary badge-soft gap-1 pr-1 compare-in transition-all duration-200 ${leaving.includes(s.id) ? 'opacity-0 scale-90' : ''}`}>
                {s.name}
                <button type="button" className="btn btn-ghost btn-xs btn-circle" onClick={() => remove(s.id)} aria-label={`Remove ${s.name}`}>
                  <Icon name="close" className="size-3" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {!full &&
          (pickerOpen ? (
            <Picker
              chosen={chosen}
              onPick={pick}
              onClose={() => {
                setPickerOpen(false);
                requestAnimationFrame(() => addRef.current?.focus());
              }}
            />
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
        <div className={`grid gap-4 mt-6 ${cols}`} data-testid="compare-cards">
          {chosen.map((s) => (
            <SchoolCompareCard key={s.id} school={s} leaving={leaving.includes(s.id)} onRemove={() => remove(s.id)} />
          ))}
        </div>
      )}
      {active.length >= 2 && (
        <div className="mt-6">
          <Insights schools={active} />
        </div>
      )}
    </div>
  );
}

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Icon } from '../components/Icon';
import { Breadcrumb } from '../components/states';
import type { SchoolDetail, SchoolListItem } from '../data/client';
import { useSchool } from '../data/hooks';
import { formatNumber } from '../lib/format';
import { CompareTable } from './CompareTable';
import { addSchool, MAX_COMPARE, ofstedInsights, sizeInsights } from './insights';
import { Picker, type PickedName } from './Picker';

const EXIT_MS = 200;
const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

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

/** Schools in rank order, each with its figure; the first highlighted and marked (Largest, Best). */
function RankedList({
  testId,
  schools,
  first,
  figure,
}: {
  testId: string;
  schools: SchoolListItem[];
  first: string;
  figure: (s: SchoolListItem) => ReactNode;
}) {
  return (
    <ol className="grid gap-2" data-testid={testId}>
      {schools.map((s, i) => (
        <li
          key={s.id}
          className={`flex justify-between gap-2 rounded-box p-2 ${i === 0 ? 'bg-primary/10 border border-primary font-semibold' : 'bg-base-200'}`}
        >
          <span>
            {i === 0 && <span className="badge badge-primary badge-sm mr-1">{first}</span>}
            {s.name}
          </span>
          {figure(s)}
        </li>
      ))}
    </ol>
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
            <RankedList
              testId="size-insights"
              schools={sizes}
              first="Largest"
              figure={(s) => <span className="tabular-nums whitespace-nowrap">{formatNumber(s.numberOfPupils!)} pupils</span>}
            />
            {sizes.length === 0 && <p className="text-sm opacity-70">No pupil numbers recorded.</p>}
          </div>
          <div>
            <h3 className="font-semibold mb-2">Ofsted Performance</h3>
            <RankedList
              testId="ofsted-insights"
              schools={ofsted}
              first="Best"
              figure={(s) => <span className="whitespace-nowrap">{s.ofstedRating}</span>}
            />
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

/** The chosen schools, those fading out and those whose figures have not come, and the ways to change them. */
function useComparison(closePicker: () => void) {
  const [chosen, setChosen] = useState<SchoolListItem[]>([]);
  const [leaving, setLeaving] = useState<number[]>([]);
  const [waiting, setWaiting] = useState<number[]>([]);
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
    closePicker();
  }
  // A school picked from a suggestion (perhaps from the phone's copy of the names): its name and
  // borough now, its figures when its page's answer comes.
  function pickName(p: PickedName) {
    if (chosen.some((s) => s.id === p.id) || chosen.length >= MAX_COMPARE) return closePicker();
    const placeholder = { id: p.id, name: p.name, borough: p.borough } as SchoolListItem;
    setChosen((c) => addSchool(c, placeholder));
    setWaiting((w) => [...w, p.id]);
    closePicker();
  }
  return { chosen, leaving, waiting, loaded, remove, pick, pickName };
}

/** The chosen schools as chips, each with its remove button. */
function ChosenChips({ chosen, leaving, onRemove }: { chosen: SchoolListItem[]; leaving: number[]; onRemove: (id: number) => void }) {
  return (
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
            onClick={() => onRemove(s.id)}
            aria-label={`Remove ${s.name}`}
          >
            <Icon name="close" className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}

function NothingChosen() {
  return (
    <div className="card bg-base-200 border border-dashed border-base-300">
      <div className="card-body items-center text-center py-10">
        <Icon name="compare" className="size-10 opacity-50" />
        <p className="font-medium">Select schools to start comparing</p>
      </div>
    </div>
  );
}

export function ComparePage() {
  const [pickerOpen, setPickerOpen] = useState(false);
  const { chosen, leaving, waiting, loaded, remove, pick, pickName } = useComparison(() => setPickerOpen(false));
  const addRef = useRef<HTMLButtonElement>(null);
  const active = chosen.filter((s) => !leaving.includes(s.id));
  const known = active.filter((s) => !waiting.includes(s.id));
  const full = active.length >= MAX_COMPARE;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumb items={[{ to: '/compare', label: 'Compare' }]} />
      <h1 className="text-3xl font-bold mt-2">Compare Schools</h1>
      <p className="opacity-80 mt-1">Compare up to 3 London schools side-by-side with authentic data</p>

      <div className="mt-6 grid gap-3">
        {chosen.length > 0 && <ChosenChips chosen={chosen} leaving={leaving} onRemove={remove} />}
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
        {chosen.length === 0 && !pickerOpen && <NothingChosen />}
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

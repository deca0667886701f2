import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Icon } from '../components/Icon';
import { Breadcrumb } from '../components/states';
import type { SchoolDetail, SchoolListItem } from '../data/client';
import { useMoodStats, useSchool } from '../data/hooks';
import { useSchoolInterviewPages } from '../data/page-hooks';
import { formatNumber } from '../lib/format';
import { CompareTable, type Compared } from './CompareTable';
import { MAX_COMPARE, ofstedInsights, sizeInsights } from './insights';
import { addressSchools, afterAdd, compareHref, parseSchools, rememberedSchools, rememberSchools } from '../lib/compare-selection';
import { Picker } from './Picker';

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

/** One slot's figures: its page's answer, its interview total and its mood (each through the offline layer). */
function useSlot(id: number | undefined, name: string | undefined): Compared | null {
  const school = useSchool(id).data ?? null;
  const interviews = useSchoolInterviewPages(id).total;
  const mood = useMoodStats(id).data;
  return id ? { id, name: school?.name ?? name, school, interviews: interviews ?? undefined, mood } : null;
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

/**
 * The chosen schools, from the address (decision 0310): ?schools=12,7,30. Adding or removing one
 * replaces the address (a link or a reload opens the same comparison) and is remembered on the
 * device for a school page's Compare. Three fixed slots keep the hooks' order.
 */
function useComparison(closePicker: () => void) {
  const params = useSearchParams()[0];
  // The address as written (commas, not %2C): what she shares is what she reads.
  const navigate = useNavigate();
  const ids = addressSchools(params);
  const [leaving, setLeaving] = useState<number[]>([]);
  // The names of schools picked here, shown until (or, with no signal, instead of) their answers.
  const [names, setNames] = useState<Record<number, string>>({});
  const slots = [useSlot(ids[0], names[ids[0]]), useSlot(ids[1], names[ids[1]]), useSlot(ids[2], names[ids[2]])];
  const chosen = slots.filter((c): c is Compared => c !== null);
  const key = ids.join(',');
  const adding = params.get('add');
  // A comparison opened from a link is the one a school page's Compare then adds to (not ?add= alone: it joins that one).
  useEffect(() => {
    if (key && !adding) rememberSchools(parseSchools(key));
  }, [key, adding]);
  const setIds = (next: number[]) => {
    rememberSchools(next);
    void navigate(compareHref(next), { replace: true });
  };
  // A school page's Compare tapped before its part hydrated (?add={id}): joined to this device's comparison.
  useEffect(() => {
    const next = afterAdd(new URLSearchParams(window.location.search), rememberedSchools());
    if (next) setIds(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per ?add= in the address
  }, [adding]);

  function remove(id: number) {
    const drop = () => setIds(parseSchools(new URLSearchParams(window.location.search).get('schools')).filter((x) => x !== id));
    if (reducedMotion()) return drop();
    setLeaving((l) => [...l, id]);
    setTimeout(() => {
      drop();
      setLeaving((l) => l.filter((x) => x !== id));
    }, EXIT_MS);
  }
  function add(id: number, name: string) {
    setNames((n) => ({ ...n, [id]: name }));
    if (!ids.includes(id) && ids.length < MAX_COMPARE) setIds([...ids, id]);
    closePicker();
  }
  return { ids, chosen, leaving, remove, add };
}

/** The chosen schools as chips, each with its remove button: they wrap on a phone, a long name over two lines. */
function ChosenChips({ chosen, leaving, onRemove }: { chosen: Compared[]; leaving: number[]; onRemove: (id: number) => void }) {
  return (
    <ul className="flex flex-wrap gap-2 min-w-0" aria-label="Chosen schools" data-testid="compare-chips">
      {chosen.map((c) => {
        const name = c.name ?? 'Loading…';
        return (
          <li
            key={c.id}
            className={
              'badge badge-lg badge-primary badge-soft gap-1 pr-0 h-auto min-h-8 max-w-full text-sm text-left leading-snug compare-in ' +
              `transition-all duration-200 ${leaving.includes(c.id) ? 'opacity-0 scale-90' : ''}`
            }
          >
            <span className="min-w-0 break-words py-1">{name}</span>
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-circle shrink-0"
              onClick={() => onRemove(c.id)}
              aria-label={`Remove ${c.name ?? 'this school'}`}
            >
              <Icon name="close" className="size-3" />
            </button>
          </li>
        );
      })}
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

/** The comparison's own address, to share or keep (it is also what a reload opens). */
function ShareLine({ ids }: { ids: number[] }) {
  return (
    <p className="text-sm opacity-80" data-testid="compare-link">
      This comparison has its own address:{' '}
      <Link to={compareHref(ids)} className="link break-all">
        {compareHref(ids)}
      </Link>
    </p>
  );
}

export function ComparePage() {
  const [pickerOpen, setPickerOpen] = useState(false);
  const { ids, chosen, leaving, remove, add } = useComparison(() => setPickerOpen(false));
  const addRef = useRef<HTMLButtonElement>(null);
  const active = chosen.filter((c) => !leaving.includes(c.id));
  const known = active.flatMap((c) => (c.school ? [listItemOf(c.school)] : []));
  const full = active.length >= MAX_COMPARE;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumb items={[{ to: '/compare', label: 'Compare' }]} />
      <h1 className="text-3xl font-bold mt-2">Compare Schools</h1>
      <p className="opacity-80 mt-1">Compare up to 3 London schools side-by-side with authentic data</p>

      <div className="mt-6 grid gap-3 min-w-0">
        {chosen.length > 0 && <ChosenChips chosen={chosen} leaving={leaving} onRemove={remove} />}
        {!full &&
          (pickerOpen ? (
            // The schools load on the picker's first opening only (product §4): reopening it, or going
            // back to a search already made, uses the answers in hand instead of fetching again.
            <SWRConfig value={{ revalidateIfStale: false, revalidateOnFocus: false, revalidateOnReconnect: false }}>
              <Picker
                chosen={chosen.map((c) => ({ id: c.id }) as SchoolListItem)}
                onPick={(s) => add(s.id, s.name)}
                onPickName={(p) => add(p.id, p.name)}
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
        {ids.length > 0 && <ShareLine ids={ids} />}
      </div>

      {chosen.length > 0 && (
        <div className="mt-6" data-testid="compare-cards">
          <CompareTable schools={chosen} leaving={leaving} onRemove={remove} />
        </div>
      )}
      {known.length >= 2 && (
        <div className="mt-6">
          <Insights schools={known} />
        </div>
      )}
    </div>
  );
}

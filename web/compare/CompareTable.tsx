import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../components/Icon';
import type { SchoolDetail } from '../data/client';
import type { useMoodStats } from '../data/hooks';
import { formatDate, formatNumber } from '../lib/format';
import { NOT_PUBLISHED, pupilStaffRatio, teachersLine } from '../lib/school-facts';

type MoodStats = NonNullable<ReturnType<typeof useMoodStats>['data']>;

/** One chosen school: its page's answer, and its interview total and mood when they have come. */
export interface Compared {
  id: number;
  /** Its name: from its answer, or as picked (the suggestions may come from the phone's copy of the names). */
  name: string | undefined;
  /** Null until its answer comes (or while offline without a copy). */
  school: SchoolDetail | null;
  interviews: number | undefined;
  mood: MoodStats | undefined;
}

type Row = { key: string; label: string; cell: (s: SchoolDetail, c: Compared) => ReactNode };

const muted = (text: string) => <span className="opacity-70">{text}</span>;
const plural = (n: number, one: string) => `${formatNumber(n)} ${one}${n === 1 ? '' : 's'}`;

/** A sub-rating over the reviews that gave it (decision 2027): "Not rated" when none did. */
function subRating(key: 'workLifeBalance' | 'compensation' | 'careerOpportunities' | 'culture' | 'leadership', label: string): Row {
  return {
    key,
    label,
    cell: (s) => {
      const count = (s.stats as Partial<SchoolDetail['stats']>).ratingCounts?.[key] ?? s.stats.totalReviews;
      return count > 0 ? <span className="tabular-nums">{s.stats[key].toFixed(1)} / 5</span> : muted('Not rated');
    },
  };
}

/** The product's own figures first (decision 0310): what teachers say, then the register's. */
const OWN: Row[] = [
  {
    key: 'rating',
    label: 'Teacher rating',
    cell: (s) =>
      s.stats.totalReviews > 0 ? (
        <span className="grid">
          <span className="font-semibold tabular-nums">
            <Icon name="star" filled className="size-4 text-warning inline -mt-0.5" /> {s.stats.averageRating.toFixed(1)} / 5
          </span>
          <span className="text-xs opacity-80">from {plural(s.stats.totalReviews, 'review')}</span>
        </span>
      ) : (
        muted('No reviews yet')
      ),
  },
  subRating('workLifeBalance', 'Work-life balance'),
  subRating('compensation', 'Compensation'),
  subRating('careerOpportunities', 'Career opportunities'),
  subRating('culture', 'Culture'),
  subRating('leadership', 'Leadership'),
  {
    key: 'recommend',
    label: 'Would recommend',
    cell: (s) => (s.stats.totalReviews > 0 ? `${s.stats.recommendationRate}%` : muted('No reviews yet')),
  },
  {
    key: 'reviews',
    label: 'Reviews',
    cell: (s) =>
      s.stats.totalReviews > 0 ? (
        <Link to={`/schools/${s.id}`} className="link tap">
          {plural(s.stats.totalReviews, 'review')}
        </Link>
      ) : (
        muted('No reviews yet')
      ),
  },
  {
    key: 'interviews',
    label: 'Interviews',
    cell: (_s, c) => (c.interviews === undefined ? muted('…') : plural(c.interviews, 'interview experience')),
  },
  {
    key: 'mood',
    label: 'Teacher mood',
    cell: (_s, c) => {
      if (!c.mood) return muted('…');
      if (c.mood.totalMoods === 0) return muted('No moods shared yet');
      const top = [...c.mood.moodBreakdown].sort((a, b) => b.count - a.count)[0];
      return (
        <span className="grid">
          <span>
            <span aria-hidden="true">{top.emoji}</span> {top.label}
          </span>
          <span className="text-xs opacity-80">
            the most chosen: {top.percentage}% of {plural(c.mood.totalMoods, 'teacher')}
          </span>
        </span>
      );
    },
  },
  {
    key: 'jobs',
    label: 'Open jobs',
    cell: (s) =>
      s.jobs.length > 0 ? (
        <Link to={`/schools/${s.id}`} className="link tap">
          {plural(s.jobs.length, 'open job')}
        </Link>
      ) : (
        muted('None open')
      ),
  },
];

/** The register's and inspectors' figures. Ofsted in words with its date: never stars, which read as teachers' ratings. */
const REGISTER: Row[] = [
  {
    key: 'ofsted',
    label: 'Ofsted',
    cell: (s) =>
      s.ofstedRating ? (
        <span className="grid">
          <span className="font-semibold">{s.ofstedRating}</span>
          {s.ofstedInspectionDate && <span className="text-xs opacity-80">inspected {formatDate(s.ofstedInspectionDate)}</span>}
        </span>
      ) : (
        muted('Not rated')
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

const LABEL =
  'sticky left-0 z-10 bg-base-200 text-base-content text-left align-top font-semibold text-xs w-24 min-w-24 max-w-24 sm:w-40 sm:min-w-40 sm:max-w-40 whitespace-normal';
// Two schools fit a 390 px screen beside the labels; a third swipes in.
const COL = 'w-36 min-w-36 max-w-36 sm:w-auto sm:max-w-none sm:min-w-48 whitespace-normal';

function Section({ title, rows, schools, fade }: { title: string; rows: Row[]; schools: Compared[]; fade: (c: Compared) => string }) {
  return (
    <tbody>
      <tr>
        <th scope="colgroup" colSpan={schools.length + 1} className="bg-base-300/60 text-base-content text-xs uppercase tracking-wide">
          <span className="sticky left-3">{title}</span>
        </th>
      </tr>
      {rows.map((r) => (
        <tr key={r.key}>
          <th scope="row" className={LABEL}>
            {r.label}
          </th>
          {schools.map((c) => (
            <td key={c.id} className={`text-sm break-words ${COL} ${fade(c)}`} data-testid={r.key}>
              {c.school ? r.cell(c.school, c) : <WaitingCell />}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * The chosen schools side by side, on a phone too: one column per school, the row labels fixed
 * at the left; with three schools the table swipes sideways under the fixed labels. Teachers'
 * figures come first, then the register's and Ofsted's.
 */
export function CompareTable({ schools, leaving, onRemove }: { schools: Compared[]; leaving: number[]; onRemove: (id: number) => void }) {
  const fade = (c: Compared) => `transition-opacity duration-200 ${leaving.includes(c.id) ? 'opacity-0' : ''}`;
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
            <th className={LABEL} scope="col">
              School
            </th>
            {schools.map((c) => (
              <th key={c.id} scope="col" className={`align-top text-base-content ${COL} ${fade(c)}`} data-testid="compare-card">
                <div className="flex items-start gap-1">
                  <Link to={`/schools/${c.id}`} className="link link-hover font-semibold text-sm leading-snug flex-1 py-1 tap">
                    {c.name ?? 'Loading…'}
                  </Link>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm btn-square shrink-0 -mr-2"
                    onClick={() => onRemove(c.id)}
                    aria-label={`Remove ${c.name ?? 'this school'} from comparison`}
                  >
                    <Icon name="close" className="size-4" />
                  </button>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <Section title="What teachers say" rows={OWN} schools={schools} fade={fade} />
        <Section title="Ofsted and the register" rows={REGISTER} schools={schools} fade={fade} />
      </table>
    </div>
  );
}

function WaitingCell() {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return <span className="opacity-70">{offline ? 'Shown when back online' : 'Loading…'}</span>;
}

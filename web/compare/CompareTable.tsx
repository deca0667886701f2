import { Link } from 'react-router-dom';
import { OfstedBadge } from '../components/badges';
import { Icon } from '../components/Icon';
import type { SchoolListItem } from '../data/client';
import { formatNumber } from '../lib/format';
import { NOT_PUBLISHED, pupilStaffRatio, teachersLine } from '../lib/school-facts';
import { ofstedWeight } from './insights';

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

/** The table's rows: a label and what each school's cell shows. */
const ROWS: { key: string; label: string; cell: (s: SchoolListItem) => React.ReactNode }[] = [
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

const LABEL =
  'sticky left-0 z-10 bg-base-200 text-base-content text-left align-top font-semibold text-xs w-24 min-w-24 max-w-24 sm:w-40 sm:min-w-40 sm:max-w-40 whitespace-normal';
// Two schools fit a 390 px screen beside the labels; a third swipes in.
const COL = 'w-36 min-w-36 max-w-36 sm:w-auto sm:max-w-none sm:min-w-48 whitespace-normal';

/**
 * The chosen schools side by side, on a phone too: one column per school, the row labels fixed
 * at the left; with three schools the table swipes sideways under the fixed labels.
 */
export function CompareTable({
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
            {schools.map((s) => (
              <th key={s.id} scope="col" className={`align-top text-base-content ${COL} ${fade(s)}`} data-testid="compare-card">
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
          {ROWS.map((r) => (
            <tr key={r.key}>
              <th scope="row" className={LABEL}>
                {r.label}
              </th>
              {schools.map((s) => (
                <td key={s.id} className={`text-sm break-words ${COL} ${fade(s)}`} data-testid={r.key}>
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

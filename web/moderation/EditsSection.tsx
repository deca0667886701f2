// Authors' edits of published reviews and interviews (admins; decision 2020): each shows the
// published version beside the proposed one (stacked on a phone), every field in the same order,
// the changed ones marked, with Approve (the item shows the edit) and Reject (with a reason the
// author reads; the published version stays).
import type { InferResponseType } from 'hono/client';
import { client } from '../data/client';
import { to } from '../data/requests';
import { formatDate } from '../lib/format';
import { QueueCard } from './QueueCard';
import { RATING_FIELDS } from '../components/fields';

type Queue = InferResponseType<typeof client.moderation.queue.$get, 200>;
type EditItem = Queue['edits'][number];

const FIELDS: Record<EditItem['kind'], (readonly [string, string])[]> = {
  review: [
    ['jobTitle', 'Job title'],
    ['employmentStatus', 'Employment status'],
    ['yearsAtSchool', 'Years at school'],
    ...RATING_FIELDS,
    ['pros', 'Pros'],
    ['cons', 'Cons'],
    ['adviceToManagement', 'Advice to management'],
    ['wouldRecommend', 'Would recommend'],
  ],
  interview: [
    ['jobTitle', 'Job title'],
    ['interviewDifficulty', 'Difficulty'],
    ['outcome', 'Outcome'],
    ['overallExperience', 'Overall experience'],
    ['processDescription', 'Interview process'],
    ['questionsAsked', 'Questions asked'],
    ['tipsForCandidates', 'Tips for candidates'],
  ],
};

function shown(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function Version({ title, item, which }: { title: string; item: EditItem; which: 'published' | 'proposed' }) {
  const other = which === 'published' ? item.proposed : item.published;
  const values = item[which];
  return (
    <section
      className={`rounded-box p-3 border ${which === 'proposed' ? 'border-primary/40 bg-primary/5' : 'border-base-300 bg-base-100'}`}
      aria-label={`${title} version`}
      data-testid={`edit-${which}`}
    >
      <h4 className="font-semibold mb-1">{title}</h4>
      <dl className="grid gap-1 text-sm">
        {FIELDS[item.kind].map(([key, label]) => {
          const changed = shown(values[key]) !== shown(other[key]);
          return (
            <div key={key} className={changed ? 'rounded bg-warning/20 px-1 -mx-1' : ''} data-changed={changed || undefined}>
              <dt className="text-xs opacity-70">
                {label}
                {changed && which === 'proposed' && <span className="ms-1 font-semibold">(changed)</span>}
              </dt>
              <dd className="whitespace-pre-line break-words">{shown(values[key])}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

export function EditsSection({
  items,
  approve,
  onReject,
}: {
  items: EditItem[];
  approve: (request: ReturnType<typeof to>, what: string) => Promise<unknown>;
  onReject: (kind: 'reviews' | 'interviews', id: number) => void;
}) {
  return (
    <QueueCard
      id="q-edits"
      title="Edits of published reviews and interviews"
      count={items.length}
      testId="queue-edits"
      listClassName="grid gap-4"
    >
      {items.map((it) => {
        const kind = it.kind === 'review' ? ('reviews' as const) : ('interviews' as const);
        const what = it.kind === 'review' ? 'review' : 'interview experience';
        return (
          <li key={`${it.kind}-${it.id}`} className="bg-base-200 rounded-box p-3 grid gap-2" data-testid={`edit-${it.kind}-${it.id}`}>
            <p className="text-xs opacity-70">
              {it.kind === 'review' ? 'Review' : 'Interview'} · {it.schoolName} · edit sent {formatDate(it.submittedAt)}
            </p>
            <div className="grid gap-2 md:grid-cols-2">
              <Version title="Published" item={it} which="published" />
              <Version title="Proposed" item={it} which="proposed" />
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-success btn-sm min-h-11"
                onClick={() =>
                  void approve(to(client.moderation.edits[':kind'][':id'].approve, '$post', { param: { kind, id: String(it.id) } }), what)
                }
              >
                Approve edit
              </button>
              <button type="button" className="btn btn-error btn-outline btn-sm min-h-11" onClick={() => onReject(kind, it.id)}>
                Reject edit
              </button>
            </div>
          </li>
        );
      })}
    </QueueCard>
  );
}

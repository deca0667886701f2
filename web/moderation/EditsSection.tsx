// Authors' edits of published reviews and interviews (admins), threads and replies (admins and the
// category's moderators; decisions 2020, 2026): each shows the
// published version beside the proposed one (stacked on a phone), every field in the same order,
// the changed ones marked, with Approve (the item shows the edit) and Reject (with a reason the
// author reads; the published version stays).
import type { InferResponseType } from 'hono/client';
import { Link } from 'react-router-dom';
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
  thread: [
    ['title', 'Title'],
    ['content', 'Text'],
  ],
  reply: [['content', 'Text']],
};

/** The route segment of each kind, and how the card names it. */
const KIND = {
  review: { param: 'reviews', what: 'review' },
  interview: { param: 'interviews', what: 'interview experience' },
  thread: { param: 'threads', what: 'thread' },
  reply: { param: 'posts', what: 'reply' },
} as const;
export type EditKindParam = (typeof KIND)[keyof typeof KIND]['param'];

/** Where the edited item is: its school, or its thread (linked, to read it in place). */
function Where({ item }: { item: EditItem }) {
  if (item.kind === 'review' || item.kind === 'interview')
    return (
      <>
        {item.kind === 'review' ? 'Review' : 'Interview'} · {item.schoolName}
      </>
    );
  return (
    <>
      {item.kind === 'thread' ? 'Thread' : 'Reply in'}{' '}
      <Link className="link link-hover" to={`/forum/threads/${item.threadId}`}>
        {item.threadTitle}
      </Link>
    </>
  );
}

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
  onReject: (kind: EditKindParam, id: number) => void;
}) {
  return (
    <QueueCard id="q-edits" title="Edits of published contributions" count={items.length} testId="queue-edits" listClassName="grid gap-4">
      {items.map((it) => {
        const { param: kind, what } = KIND[it.kind];
        return (
          <li key={`${it.kind}-${it.id}`} className="bg-base-200 rounded-box p-3 grid gap-2" data-testid={`edit-${it.kind}-${it.id}`}>
            <p className="text-xs opacity-70">
              <Where item={it} /> · edit sent {formatDate(it.submittedAt)}
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

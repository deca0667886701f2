// The moderation page's tabs of pending items (decision 0203): reviews, discussions and replies
// waiting to be published, and schools' responses to reviews; Approve or Reject each.
import { RATING_FIELDS } from '../components/fields';
import { RenderedMarkdown } from '../components/RenderedMarkdown';
import { client } from '../data/client';
import { to } from '../data/requests';
import { formatDate } from '../lib/format';
import { DecisionButtons } from './ModerationActions';
import { QueueCard } from './QueueCard';
import { LABELS, type Kind, type Queue, type QueueItem, type QueueKind } from './queue';
import { waitingFor } from './waiting';

export function QueueSection({ kind, items, onReject }: { kind: QueueKind; items: QueueItem[]; onReject: (k: Kind, id: number) => void }) {
  const title = kind === 'reviews' ? 'Pending reviews' : kind === 'threads' ? 'Pending discussions' : 'Pending replies';
  return (
    <QueueCard id={`q-${kind}`} title={title} count={items.length} testId={`queue-${kind}`}>
      {items.map((it) => (
        <li key={it.id} className="bg-base-200 rounded-box p-3 grid gap-1" data-testid={`pending-${kind}-${it.id}`}>
          <p className="text-xs opacity-70">
            <span className="font-semibold" data-testid="waiting">
              {waitingFor(it.createdAt)}
            </span>{' '}
            · {formatDate(it.createdAt)}
            {'user' in it && ` · ${it.user.firstName || 'Anonymous'}`}
            {'category' in it && ` · ${it.category.name}`}
            {'schoolName' in it && it.schoolName && ` · ${it.schoolName}`}
            {'threadTitle' in it && it.threadTitle && ` · in "${it.threadTitle}"`}
          </p>
          {'title' in it && it.title && <p className="font-semibold">{it.title}</p>}
          {'html' in it && <RenderedMarkdown html={it.html} className="text-sm break-words" />}
          {'pros' in it && <ReviewDetails review={it} />}
          <DecisionButtons
            approve={[
              to(client.moderation[':kind'][':id'].approve, '$post', { param: { kind, id: String(it.id) } }),
              'Approved',
              `The ${LABELS[kind].toLowerCase()} is now published.`,
            ]}
            onReject={() => onReject(kind, it.id)}
          />
        </li>
      ))}
    </QueueCard>
  );
}

/** Schools' responses to reviews (admins, decision 2111): the review beside the school's text. */
export function ResponsesSection({ items, onReject }: { items: Queue['responses']; onReject: (k: Kind, id: number) => void }) {
  return (
    <QueueCard id="q-responses" title="Pending school responses" count={items.length} testId="queue-responses">
      {items.map((it) => (
        <li key={it.id} className="bg-base-200 rounded-box p-3 grid gap-1">
          <p className="text-xs opacity-70">
            <span className="font-semibold">{waitingFor(it.updatedAt)}</span> · {formatDate(it.updatedAt)} · {it.schoolName}
            {it.publishedBody ? ' · an edit of a published response' : ''}
          </p>
          <p className="text-sm opacity-80">
            Review: {it.review.jobTitle ?? 'Teacher'} · {it.review.overallRating}/5 · Cons: {it.review.cons}
          </p>
          <p className="text-sm whitespace-pre-line">
            <span className="font-semibold">Response from {it.schoolName}: </span>
            {it.body}
          </p>
          <DecisionButtons
            approve={[
              to(client.moderation[':kind'][':id'].approve, '$post', { param: { kind: 'responses', id: String(it.id) } }),
              'Approved',
              'The response now shows under the review.',
            ]}
            onReject={() => onReject('responses', it.id)}
          />
        </li>
      ))}
    </QueueCard>
  );
}

type PendingReview = Queue['reviews'][number];
const EMPLOYMENT: Record<string, string> = { Current: 'Current employee', Former: 'Former employee' };

/** A pending review as the school page will show it: every rating (a sub-rating left out reads "not rated"), pros, cons, advice. */
function ReviewDetails({ review: r }: { review: PendingReview }) {
  return (
    <div className="grid gap-1 text-sm" data-testid="review-details">
      <p className="font-semibold">
        {r.jobTitle || 'Teacher'}
        {r.employmentStatus && ` · ${EMPLOYMENT[r.employmentStatus] ?? r.employmentStatus}`}
        {r.yearsAtSchool && ` · ${r.yearsAtSchool}`}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5" aria-label="Ratings" data-testid="review-ratings">
        {RATING_FIELDS.map(([key, label]) => {
          const v = (r as Record<string, unknown>)[key] as number | null | undefined;
          return (
            <div key={key} className="contents">
              <dt className="opacity-80">{label}</dt>
              <dd>{v == null ? 'not rated' : `${v}/5`}</dd>
            </div>
          );
        })}
      </dl>
      {r.wouldRecommend != null && <p>{r.wouldRecommend ? 'Would recommend to a friend' : 'Would not recommend to a friend'}</p>}
      <p className="whitespace-pre-line break-words">
        <span className="font-semibold">Pros: </span>
        {r.pros}
      </p>
      <p className="whitespace-pre-line break-words">
        <span className="font-semibold">Cons: </span>
        {r.cons}
      </p>
      {r.adviceToManagement && (
        <p className="whitespace-pre-line break-words" data-testid="review-advice">
          <span className="font-semibold">Advice to management: </span>
          {r.adviceToManagement}
        </p>
      )}
    </div>
  );
}

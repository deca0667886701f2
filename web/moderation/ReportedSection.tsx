// The moderation page's Reported tab (decision 1422): each reported item with its reports; Keep
// (approve) or Remove (reject).
import { client } from '../data/client';
import { to } from '../data/requests';
import { formatDate } from '../lib/format';
import { DecisionButtons } from './ModerationActions';
import { QueueCard } from './QueueCard';
import type { Kind, Queue, RejectTarget } from './queue';
import { reportedBody, textOf } from './reported';

type Reported = Queue['reported'][number];
const REPORTED_LABELS: Record<Reported['kind'], string> = {
  review: 'Review',
  interview: 'Interview',
  mood: 'Mood comment',
  thread: 'Discussion',
  reply: 'Reply',
};
const REJECT_KIND: Record<Reported['kind'], Kind> = {
  review: 'reviews',
  interview: 'reviews',
  mood: 'reviews',
  thread: 'threads',
  reply: 'posts',
};

/** Reported items with their reports (decision 1422): keep (approve) or remove (reject). */
export function ReportedSection({ items, onReject }: { items: Reported[]; onReject: (t: RejectTarget) => void }) {
  return (
    <QueueCard id="q-reported" title="Reported" count={items.length} empty="Nothing reported." testId="queue-reported">
      {items.map((it) => (
        <ReportedItem key={`${it.kind}:${it.id}`} it={it} onReject={onReject} />
      ))}
    </QueueCard>
  );
}

/** One reported item: what it says, its reports, Keep and Remove. */
function ReportedItem({ it, onReject }: { it: Reported; onReject: (t: RejectTarget) => void }) {
  const c = it.content as Record<string, unknown>;
  return (
    <li className="bg-base-200 rounded-box p-3 grid gap-1" data-testid={`reported-${it.kind}-${it.id}`}>
      <p className="text-xs opacity-70">
        {REPORTED_LABELS[it.kind]}
        {textOf(c, 'schoolName') && ` · ${textOf(c, 'schoolName')}`}
        {textOf(c, 'threadTitle') && ` · in "${textOf(c, 'threadTitle')}"`} · {it.reportCount} report
        {it.reportCount === 1 ? '' : 's'}
        {it.hidden && <span className="badge badge-warning badge-xs ms-2">Hidden from the public</span>}
      </p>
      {reportedBody(c).map((b, i) => (
        <p key={i} className="text-sm whitespace-pre-line line-clamp-4">
          {b}
        </p>
      ))}
      <ul className="text-xs list-disc ms-4" aria-label="Reports">
        {it.reports.map((r, i) => (
          <li key={i}>
            {r.reason} <span className="opacity-70">· {formatDate(r.createdAt)}</span>
          </li>
        ))}
      </ul>
      <DecisionButtons
        approve={[
          to(client.moderation.reports[':kind'][':id'].approve, '$post', { param: { kind: it.kind, id: String(it.id) } }),
          'Kept',
          'The item stays published and its reports are cleared.',
        ]}
        onReject={() => onReject({ kind: REJECT_KIND[it.kind], id: it.id, path: `/api/moderation/reports/${it.kind}/${it.id}/reject` })}
        labels={['Keep', 'Remove']}
      />
    </li>
  );
}

import { useCallback, useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { useApi } from '../data/use-api';
import { Dialog, DialogActions } from '../components/Dialog';
import { Breadcrumb, EmptyState, ErrorState, SkeletonList } from '../components/states';
import { check } from '../components/check';
import { RATING_FIELDS, TextAreaField } from '../components/fields';
import { RenderedMarkdown } from '../components/RenderedMarkdown';
import { firstError, useForm } from '../components/use-form';
import { useSubmit } from '../data/use-submit';
import { loginHref, useAuth } from '../data/auth';
import { ApiRequestError, client, json } from '../data/client';
import { formatDate } from '../lib/format';
import { to } from '../data/requests';
import { swrKey } from '../data/keys';
import { SchoolAuditSection, SchoolClaimsSection } from './SchoolClaimsSection';
import { EditsSection } from './EditsSection';
import { QueueCard } from './QueueCard';
import { reportedBody, textOf } from './reported';
import { QueueTabs, type QueueTab } from './QueueTabs';
import { oldestOf, waitingFor } from './waiting';
import { useClaimsQueue } from '../data/school-staff';
import { ThreadControls } from './ThreadControls';
import { action, DecisionButtons } from './ModerationActions';

type QueueKind = 'reviews' | 'threads' | 'posts';
type Kind = QueueKind | 'responses' | 'edits';
/** GET /api/moderation/queue as the API types it. */
type Queue = InferResponseType<typeof client.moderation.queue.$get, 200>;
type QueueItem = Queue[QueueKind][number];

const LABELS: Record<Kind, string> = {
  reviews: 'Review',
  threads: 'Discussion',
  posts: 'Reply',
  responses: 'School response',
  edits: 'Edit',
};

/** What a reject acts on: a pending item, or a reported one (then `path` is the reports route). */
type RejectTarget = { kind: Kind; id: number; path?: string };

const what = (t: RejectTarget) => LABELS[t.kind].toLowerCase();

function RejectDialog({ target, onClose, onDone }: { target: RejectTarget | null; onClose: () => void; onDone: () => void }) {
  const f = useForm({ reason: '' });
  const { ref, onSubmit } = useSubmit(f, {
    check: async () => {
      if (!target) return { ok: false, fields: {} };
      const parsed = await check('rejectInput', { reason: f.values.reason });
      return parsed.ok ? { ok: true, data: { target, body: parsed.data } } : parsed;
    },
    write: ({ target: t, body }) => ({
      request: {
        kind: 'moderation',
        method: 'POST',
        path: t.path ?? `/api/moderation/${t.kind}/${t.id}/reject`,
        body,
        label: `Reject ${what(t)}`,
      },
      messages: {
        success: { title: 'Rejected', description: `The ${what(t)} was rejected; its author sees your reason.` },
        signIn: 'Please sign in to moderate.',
        error: { description: 'Failed to reject. Please try again.' },
        preferServerMessage: true,
      },
    }),
    done: () => {
      f.reset();
      onDone();
      onClose();
    },
  });
  return (
    <Dialog open={!!target} onClose={onClose} title="Reject with a reason">
      <form ref={ref} onSubmit={onSubmit} noValidate>
        <TextAreaField label="Reason (shown to the author)" {...f.field('reason')} error={firstError(f.errors, 'reason')} rows={3} />
        <DialogActions onCancel={onClose}>
          <button type="submit" className="btn btn-error" disabled={f.busy}>
            Reject
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function QueueSection({
  kind,
  items,
  onReject,
  onChanged,
}: {
  kind: QueueKind;
  items: QueueItem[];
  onReject: (k: Kind, id: number) => void;
  onChanged: () => void;
}) {
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
            onApproved={onChanged}
            onReject={() => onReject(kind, it.id)}
          />
        </li>
      ))}
    </QueueCard>
  );
}

/** Schools' responses to reviews (admins, decision 2111): the review beside the school's text. */
function ResponsesSection({
  items,
  onReject,
  onChanged,
}: {
  items: Queue['responses'];
  onReject: (k: Kind, id: number) => void;
  onChanged: () => void;
}) {
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
            onApproved={onChanged}
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
function ReportedSection({
  items,
  onReject,
  onChanged,
}: {
  items: Reported[];
  onReject: (t: RejectTarget) => void;
  onChanged: () => void;
}) {
  return (
    <QueueCard id="q-reported" title="Reported" count={items.length} empty="Nothing reported." testId="queue-reported">
      {items.map((it) => (
        <ReportedItem key={`${it.kind}:${it.id}`} it={it} onReject={onReject} onChanged={onChanged} />
      ))}
    </QueueCard>
  );
}

/** One reported item: what it says, its reports, Keep and Remove. */
function ReportedItem({ it, onReject, onChanged }: { it: Reported; onReject: (t: RejectTarget) => void; onChanged: () => void }) {
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
        onApproved={onChanged}
        onReject={() => onReject({ kind: REJECT_KIND[it.kind], id: it.id, path: `/api/moderation/reports/${it.kind}/${it.id}/reject` })}
        labels={['Keep', 'Remove']}
      />
    </li>
  );
}

function Queues({ data, onReject, onChanged }: { data: Queue; onReject: (t: RejectTarget) => void; onChanged: () => void }) {
  const admin = data.permissions.isAdmin;
  const claims = useClaimsQueue(admin);
  const rejectAs = (kind: Kind, id: number) => onReject({ kind, id });
  const oldest = (items: { createdAt?: Date | string; updatedAt?: Date | string; submittedAt?: Date | string }[]) =>
    oldestOf(items.map((i) => (i.createdAt ?? i.submittedAt ?? i.updatedAt)!));
  const tabs: (QueueTab | false)[] = [
    {
      id: 'reported',
      label: 'Reported',
      count: data.reported.length,
      oldest: oldestOf(data.reported.flatMap((r) => r.reports.map((x) => x.createdAt))),
      panel: () => <ReportedSection items={data.reported} onReject={onReject} onChanged={onChanged} />,
    },
    admin && {
      id: 'reviews',
      label: 'Reviews',
      count: data.reviews.length,
      oldest: oldest(data.reviews),
      panel: () => <QueueSection kind="reviews" items={data.reviews} onReject={rejectAs} onChanged={onChanged} />,
    },
    (admin || data.edits.length > 0) && {
      id: 'edits',
      label: 'Edits',
      count: data.edits.length,
      oldest: oldest(data.edits),
      panel: () => (
        <EditsSection
          items={data.edits}
          approve={async (request, what) =>
            (await action(request, 'Edit approved', `The ${what} now shows the edit; its author is told.`)) && onChanged()
          }
          onReject={(kind, id) => onReject({ kind: 'edits', id, path: `/api/moderation/edits/${kind}/${id}/reject` })}
        />
      ),
    },
    admin && {
      id: 'responses',
      label: 'School responses',
      count: data.responses.length,
      oldest: oldest(data.responses),
      panel: () => <ResponsesSection items={data.responses} onReject={rejectAs} onChanged={onChanged} />,
    },
    {
      id: 'threads',
      label: 'Discussions',
      count: data.threads.length,
      oldest: oldest(data.threads),
      panel: () => <QueueSection kind="threads" items={data.threads} onReject={rejectAs} onChanged={onChanged} />,
    },
    {
      id: 'posts',
      label: 'Replies',
      count: data.posts.length,
      oldest: oldest(data.posts),
      panel: () => <QueueSection kind="posts" items={data.posts} onReject={rejectAs} onChanged={onChanged} />,
    },
    admin && {
      id: 'claims',
      label: 'School claims',
      count: claims.total,
      oldest: oldest(claims.claims ?? []),
      panel: () => <SchoolClaimsSection />,
    },
    { id: 'controls', label: 'Lock and pin', panel: () => <ThreadControls /> },
    admin && { id: 'audit', label: 'School audit', panel: () => <SchoolAuditSection /> },
  ];
  return <QueueTabs tabs={tabs.filter((t): t is QueueTab => !!t)} />;
}

export function ModerationPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const { data, error, mutate } = useApi(isAuthenticated ? swrKey.moderationQueue : null, () => json(client.moderation.queue.$get()));
  const [reject, setReject] = useState<RejectTarget | null>(null);
  const close = useCallback(() => setReject(null), []);
  const forbidden = error instanceof ApiRequestError && (error.status === 403 || error.status === 401);
  const missing = error instanceof ApiRequestError && error.status === 404;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <Breadcrumb items={[{ to: '/forum', label: 'Forum' }, { label: 'Moderation' }]} />
      <h1 className="text-3xl font-bold mt-2 mb-4">Moderation</h1>
      {isLoading ? (
        <SkeletonList count={2} lines={3} />
      ) : !isAuthenticated ? (
        <EmptyState icon="shield" title="Moderators only">
          <p>Sign in with a moderator or admin account to see the moderation queue.</p>
          <a href={loginHref()} className="btn btn-primary btn-sm mt-3">
            Sign In
          </a>
        </EmptyState>
      ) : forbidden ? (
        <EmptyState icon="shield" title="Moderators only">
          Your account is not a forum moderator or admin.
        </EmptyState>
      ) : missing ? (
        <EmptyState icon="shield" title="Moderation is not available yet" />
      ) : error ? (
        <ErrorState error={error} retry={() => mutate()} />
      ) : !data ? (
        <SkeletonList count={3} lines={3} />
      ) : (
        <Queues data={data} onReject={setReject} onChanged={() => void mutate()} />
      )}
      <RejectDialog target={reject} onClose={close} onDone={() => mutate()} />
    </div>
  );
}

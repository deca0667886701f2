import { useCallback, useState } from 'react';
import { useApi } from '../data/use-api';
import { Breadcrumb, EmptyState, ErrorState, SkeletonList } from '../components/states';
import { loginHref, useAuth } from '../data/auth';
import { ApiRequestError, client, json } from '../data/client';
import { swrKey } from '../data/keys';
import { SchoolAuditSection, SchoolClaimsSection } from './SchoolClaimsSection';
import { EditsSection } from './EditsSection';
import { QueueTabs, type QueueTab } from './QueueTabs';
import { oldestOf } from './waiting';
import { useClaimsQueue } from '../data/school-staff';
import { ThreadControls } from './ThreadControls';
import { action } from './ModerationActions';
import { QueueSection, ResponsesSection } from './PendingSections';
import { RejectDialog } from './RejectDialog';
import { ReportedSection } from './ReportedSection';
import type { Kind, Queue, RejectTarget } from './queue';

function Queues({ data, onReject }: { data: Queue; onReject: (t: RejectTarget) => void }) {
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
      panel: () => <ReportedSection items={data.reported} onReject={onReject} />,
    },
    admin && {
      id: 'reviews',
      label: 'Reviews',
      count: data.reviews.length,
      oldest: oldest(data.reviews),
      panel: () => <QueueSection kind="reviews" items={data.reviews} onReject={rejectAs} />,
    },
    (admin || data.edits.length > 0) && {
      id: 'edits',
      label: 'Edits',
      count: data.edits.length,
      oldest: oldest(data.edits),
      panel: () => (
        <EditsSection
          items={data.edits}
          approve={(request, what) => action(request, 'Edit approved', `The ${what} now shows the edit; its author is told.`)}
          onReject={(kind, id) => onReject({ kind: 'edits', id, path: `/api/moderation/edits/${kind}/${id}/reject` })}
        />
      ),
    },
    admin && {
      id: 'responses',
      label: 'School responses',
      count: data.responses.length,
      oldest: oldest(data.responses),
      panel: () => <ResponsesSection items={data.responses} onReject={rejectAs} />,
    },
    {
      id: 'threads',
      label: 'Discussions',
      count: data.threads.length,
      oldest: oldest(data.threads),
      panel: () => <QueueSection kind="threads" items={data.threads} onReject={rejectAs} />,
    },
    {
      id: 'posts',
      label: 'Replies',
      count: data.posts.length,
      oldest: oldest(data.posts),
      panel: () => <QueueSection kind="posts" items={data.posts} onReject={rejectAs} />,
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
        <Queues data={data} onReject={setReject} />
      )}
      <RejectDialog target={reject} onClose={close} />
    </div>
  );
}

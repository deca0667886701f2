import { Link } from 'react-router-dom';
import type { InferResponseType } from 'hono/client';
import { useApi } from '../data/use-api';
import { MOODS } from '../../db/constants';
import { EmptyState, ErrorState, SkeletonList } from '../components/states';
import { useAuth } from '../data/auth';
import { client, json } from '../data/client';
import { formatDate, formatGBP } from '../lib/format';
import { swrKey } from '../data/keys';

/** GET /api/me/activity as the API types it: the user's contributions and the dashboard counters. */
export type Activity = InferResponseType<typeof client.me.activity.$get, 200>;
type Status = Activity['reviews'][number]['status'];

/** GET /api/me/activity (only when signed in): also gives the dashboard's real counters. */
export function useActivity() {
  const { isAuthenticated } = useAuth();
  return useApi(isAuthenticated ? swrKey.activity : null, () => json(client.me.activity.$get()));
}

const STATUS: Record<Status, { label: string; className: string }> = {
  approved: { label: 'Published', className: 'badge-success' },
  pending: { label: 'Pending approval', className: 'badge-warning' },
  rejected: { label: 'Not approved', className: 'badge-error' },
};

function Row({
  kind,
  title,
  detail,
  date,
  status,
  reason,
}: {
  kind: string;
  title: React.ReactNode;
  detail?: React.ReactNode;
  date: string;
  status: Status;
  reason?: string | null;
}) {
  const s = STATUS[status];
  return (
    <li className="bg-base-100 border border-base-300 rounded-box p-4 grid gap-1">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="badge badge-ghost badge-sm">{kind}</span>
        <span className={`badge badge-sm ${s.className}`}>{s.label}</span>
        <span className="opacity-70">{formatDate(date)}</span>
      </div>
      <p className="font-medium">{title}</p>
      {detail && <p className="text-sm opacity-80">{detail}</p>}
      {status === 'rejected' && reason && <p className="text-sm text-error">Reason: {reason}</p>}
    </li>
  );
}

/** The dashboard's Activity tab: every contribution with its moderation state. */
export function ActivityList() {
  const { data, error, isLoading, mutate } = useActivity();
  if (error) return <ErrorState error={error} retry={() => mutate()} />;
  if (isLoading || !data) return <SkeletonList count={3} lines={2} />;
  const rows = [
    ...data.reviews.map((r) => ({
      key: `r${r.id}`,
      date: r.createdAt,
      el: (
        <Row
          key={`r${r.id}`}
          kind="Review"
          title={
            <Link className="link link-hover" to={`/schools/${r.schoolId}`}>
              {r.schoolName}
            </Link>
          }
          detail={`${r.jobTitle ?? ''} · ${r.overallRating}/5`}
          date={r.createdAt}
          status={r.status}
          reason={r.rejectionReason}
        />
      ),
    })),
    ...data.interviews.map((r) => ({
      key: `i${r.id}`,
      date: r.createdAt,
      el: (
        <Row
          key={`i${r.id}`}
          kind="Interview"
          title={
            <Link className="link link-hover" to={`/schools/${r.schoolId}`}>
              {r.schoolName}
            </Link>
          }
          detail={`${r.jobTitle} · ${r.outcome}`}
          date={r.createdAt}
          status={r.status}
        />
      ),
    })),
    ...data.salaries.map((r) => ({
      key: `s${r.id}`,
      date: r.createdAt,
      el: (
        <Row
          key={`s${r.id}`}
          kind="Salary"
          title={`${r.jobTitle}, ${r.borough}`}
          detail={formatGBP(r.annualSalary)}
          date={r.createdAt}
          status={r.status}
        />
      ),
    })),
    ...data.moods.map((r) => ({
      key: `m${r.id}`,
      date: r.updatedAt,
      el: (
        <Row
          key={`m${r.id}`}
          kind="Mood"
          title={
            <Link className="link link-hover" to={`/schools/${r.schoolId}`}>
              {r.schoolName}
            </Link>
          }
          detail={`${r.emoji} ${MOODS.find((m) => m.mood === r.mood)?.label ?? r.mood}`}
          date={r.updatedAt}
          status={r.status}
        />
      ),
    })),
    ...data.threads.map((r) => ({
      key: `t${r.id}`,
      date: r.createdAt,
      el: (
        <Row
          key={`t${r.id}`}
          kind="Discussion"
          title={
            <Link className="link link-hover" to={`/forum/threads/${r.id}`}>
              {r.title}
            </Link>
          }
          detail={r.categoryName}
          date={r.createdAt}
          status={r.status}
          reason={r.rejectionReason}
        />
      ),
    })),
    ...data.posts.map((r) => ({
      key: `p${r.id}`,
      date: r.createdAt,
      el: (
        <Row
          key={`p${r.id}`}
          kind="Reply"
          title={
            <Link className="link link-hover" to={`/forum/threads/${r.threadId}`}>
              {r.threadTitle}
            </Link>
          }
          detail={r.content.slice(0, 120)}
          date={r.createdAt}
          status={r.status}
          reason={r.rejectionReason}
        />
      ),
    })),
  ].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  if (rows.length === 0)
    return (
      <EmptyState icon="chat" title="No activity yet">
        <p>Review a school or share your salary to help other teachers.</p>
        <div className="flex flex-wrap justify-center gap-2 mt-3">
          <Link to="/schools" className="btn btn-primary btn-sm">
            Review a school
          </Link>
          <Link to="/salaries" className="btn btn-outline btn-sm">
            Share your salary
          </Link>
        </div>
      </EmptyState>
    );
  return (
    <ul className="grid gap-3" data-testid="activity">
      {rows.map((r) => r.el)}
    </ul>
  );
}

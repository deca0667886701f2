// /notifications (decision 2010): what she has heard back, newest first, each linking to its
// item; mark one or all read. Signed-in only (a visitor is sent to sign in). Read from the same
// answer as the header's bell, which the offline layer keeps on the device for her alone, so the
// list opens with no signal (marking read then waits until she is back online).
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { notificationText } from '../../core/notification-text';
import { Icon } from '../components/Icon';
import { Breadcrumb, CardSkeleton, EmptyState, ErrorState } from '../components/states';
import { loginHref, useAuth } from '../data/auth';
import { markRead, notificationsAfter, useNotifications, type NotificationItem } from '../data/notifications';
import { formatDate, timeAgo } from '../lib/format';
import { LoadMore } from '../components/LoadMore';

export function NotificationsPage() {
  const { isLoading, isAuthenticated } = useAuth();
  const redirecting = !isLoading && !isAuthenticated;
  useEffect(() => {
    if (redirecting) window.location.replace(loginHref('/notifications'));
  }, [redirecting]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { to: '/dashboard', label: 'Dashboard' }, { label: 'Notifications' }]} />
      {isAuthenticated ? (
        <Notifications />
      ) : (
        <div role="status" aria-label={redirecting ? 'Redirecting to sign-in' : 'Loading your notifications'} className="mt-6">
          <CardSkeleton lines={2} />
        </div>
      )}
    </div>
  );
}

function Notifications() {
  const { data, error, isLoading, mutate } = useNotifications();
  // Later pages, asked with the cursor of the page before; dropped when the first page changes.
  const [more, setMore] = useState<{ rows: NotificationItem[]; next: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // Why the older ones did not come (no signal): the list shown stays, with Try again.
  const [moreError, setMoreError] = useState<unknown>(undefined);
  useEffect(() => setMore(null), [data]);
  const rows = [...(data?.notifications ?? []), ...(more?.rows ?? [])];
  const next = more ? more.next : (data?.next ?? null);
  const unread = data?.unread ?? 0;

  async function loadMore() {
    if (!next) return;
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const page = await notificationsAfter(next);
      setMore((m) => ({ rows: [...(m?.rows ?? []), ...page.notifications], next: page.next }));
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3 mt-2">
        <div>
          <h1 className="text-3xl font-extrabold">Notifications</h1>
          <p className="text-sm opacity-70 mt-1" data-testid="unread-summary">
            {unread === 0 ? 'You are all caught up.' : `${unread} unread`}
          </p>
        </div>
        {unread > 0 && (
          <button type="button" className="btn btn-outline btn-sm min-h-11" onClick={() => void markRead({ all: true })}>
            <Icon name="check" className="size-4" /> Mark all read
          </button>
        )}
      </div>
      <div className="mt-6">
        {isLoading && !data ? (
          <div className="grid gap-3" role="status" aria-label="Loading your notifications">
            <CardSkeleton lines={1} />
            <CardSkeleton lines={1} />
          </div>
        ) : error && !data ? (
          <ErrorState error={error} retry={() => void mutate()} offlineText="Your notifications will appear once you're back online." />
        ) : rows.length === 0 ? (
          <EmptyState icon="bell" title="No notifications yet">
            <p>
              When someone replies in a thread you started or replied to, a moderator decides on what you wrote, a school responds to your
              review or a report you made is decided, you will hear it here.
            </p>
            <Link to="/dashboard?tab=profile" className="btn btn-ghost btn-sm min-h-11 mt-2">
              Choose how you hear of each
            </Link>
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-2" data-testid="notification-list">
              {rows.map((n) => (
                <NotificationRow key={n.id} n={n} />
              ))}
            </ul>
            <LoadMore
              pages={{ hasMore: !!next, loadingMore, loadMore, moreError }}
              label="Show older notifications"
              button="btn btn-ghost min-h-11"
            />
          </>
        )}
      </div>
    </>
  );
}

function NotificationRow({ n }: { n: NotificationItem }) {
  const navigate = useNavigate();
  const unread = n.readAt === null;
  const text = notificationText(n);
  return (
    <li
      className={`card border ${unread ? 'bg-primary/5 border-primary/30' : 'bg-base-100 border-base-300'}`}
      data-testid={`notification-${n.id}`}
      data-unread={unread}
    >
      <div className="card-body p-4 gap-1 flex-row items-start">
        <span className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`} aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <Link
            to={n.link}
            className="block font-medium link link-hover break-words py-1"
            onClick={(e) => {
              if (!unread) return;
              // Opening it reads it; the page opens at once, the mark follows.
              e.preventDefault();
              void markRead({ ids: [n.id] });
              void navigate(n.link);
            }}
          >
            {unread && <span className="sr-only">Unread: </span>}
            {text}
          </Link>
          {n.reason && <p className="text-sm mt-1 break-words">Reason given: {n.reason}</p>}
          {/* An item deleted since (decision 2020): the link leads to its school or the forum instead. */}
          {n.gone && n.kind !== 'interview_removed' && n.kind !== 'report_removed' && (
            <p className="text-sm opacity-70 mt-1" data-testid="notification-gone">
              This has since been deleted by its author.
            </p>
          )}
          <p className="text-xs opacity-70 mt-1">
            <time dateTime={new Date(n.createdAt).toISOString()} title={formatDate(n.createdAt)}>
              {timeAgo(n.createdAt)}
            </time>
          </p>
        </div>
        {unread && (
          <button
            type="button"
            className="btn btn-ghost btn-sm min-h-11 shrink-0"
            aria-label={`Mark read: ${text}`}
            onClick={() => void markRead({ ids: [n.id] })}
          >
            Mark read
          </button>
        )}
      </div>
    </li>
  );
}

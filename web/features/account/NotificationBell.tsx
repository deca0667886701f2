// The bell in the header (decision 2010): her unread notifications, read from the same answer as
// the notifications screen (kept on the device, so the count shows offline too).
import { Link } from 'react-router-dom';
import { useNotifications } from '../../data/notifications';
import { Icon } from '../../components/Icon';

export function NotificationBell() {
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  return (
    <Link
      to="/notifications"
      className="btn btn-ghost btn-circle relative"
      aria-label={`Notifications, ${unread} unread`}
      data-testid="notification-bell"
    >
      <Icon name="bell" className="size-6" />
      {unread > 0 && (
        <span
          className="badge badge-error badge-sm absolute top-0.5 right-0.5 min-w-5 h-5 px-1 text-xs font-bold"
          aria-hidden="true"
          data-testid="notification-count"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

// The signed-in user's part of the header: notifications and the account menu (a chunk of its
// own: a server-rendered page is a visitor's, so the first render never needs it).
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../../data/auth';
import { Avatar } from '../../components/Avatar';
import { NotificationBell } from './NotificationBell';
import { SignOutButton } from './SignOutButton';

export function AccountMenu({ user }: { user: CurrentUser }) {
  return (
    <>
      <NotificationBell />
      <div className="dropdown dropdown-end">
        <button
          type="button"
          tabIndex={0}
          className="btn btn-ghost btn-circle"
          aria-label={`Account menu for ${user.firstName ?? user.email ?? 'you'}`}
        >
          <Avatar user={user} />
        </button>
        {/* tabIndex -1: a click inside keeps the focus (daisyUI opens the menu on focus-within), and the list is no tab stop of its own. */}
        <ul tabIndex={-1} className="dropdown-content menu bg-base-100 rounded-box shadow-lg border border-base-300 w-60 mt-2 p-2 z-50">
          <li className="menu-title">
            <span className="block text-base-content font-semibold">
              {[user.firstName, user.lastName].filter(Boolean).join(' ') || 'Teacher'}
            </span>
            {user.email && <span className="block text-xs font-normal truncate">{user.email}</span>}
          </li>
          <li>
            {/* Blur so the focus-driven dropdown closes after navigating. */}
            <Link to="/dashboard" onClick={() => (document.activeElement as HTMLElement | null)?.blur()}>
              Dashboard
            </Link>
          </li>
          <li>
            <Link to="/notifications" onClick={() => (document.activeElement as HTMLElement | null)?.blur()}>
              Notifications
            </Link>
          </li>
          <li>
            <SignOutButton />
          </li>
        </ul>
      </div>
    </>
  );
}

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { loginHref, useAuth } from '../../data/auth';
import { Icon } from '../../components/Icon';
import { NAV_LINKS } from '../../components/nav';
import { outboxCount } from '../../offline/outbox-count';
import { later } from '../../lib/later';

// Only a signed-in user sees it (never a server-rendered page): its chunk loads when she does.
const AccountMenu = later(() => import('./AccountMenu').then((m) => m.AccountMenu));

function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 font-bold text-base sm:text-lg text-primary min-w-0 min-h-11"
      aria-label="Teachers In London Talk, home"
    >
      <img src="/favicon.svg" alt="" className="size-8 shrink-0" />
      {/* May wrap onto two lines on a phone, so the header's buttons always fit 390 px. */}
      <span className="leading-tight min-w-0">
        Teachers In <span className="text-secondary">London</span> Talk
      </span>
    </Link>
  );
}

function navClass({ isActive }: { isActive: boolean }) {
  return `px-3 py-2 rounded-field text-sm font-medium ${isActive ? 'bg-primary/10 text-primary' : 'hover:bg-base-200'}`;
}

export function Header() {
  const { user, isLoading, isAuthenticated } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const links = isAuthenticated ? [...NAV_LINKS, { to: '/dashboard', label: 'Dashboard', icon: 'user' as const }] : NAV_LINKS;

  return (
    <header className="sticky top-0 z-40 bg-base-100/95 backdrop-blur border-b border-base-300">
      <div className="mx-auto max-w-6xl px-3 sm:px-4 h-16 flex items-center gap-2 sm:gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden lg:flex items-center gap-1 ml-4">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} className={navClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2 shrink-0">
          <QueuedBadge />
          {isLoading ? (
            <span className="skeleton h-9 w-24" aria-label="Loading account" role="status" />
          ) : isAuthenticated && user ? (
            <AccountMenu user={user} />
          ) : (
            <>
              <a href={loginHref()} className="btn btn-ghost btn-sm px-2 sm:px-3">
                Sign In
              </a>
              <a href={loginHref()} className="btn btn-primary btn-sm px-3">
                Join
              </a>
            </>
          )}
          <button
            ref={menuButton}
            type="button"
            className="btn btn-ghost btn-square lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} className="size-6" />
          </button>
        </div>
      </div>
      {menuOpen && <MobileMenu links={links} signIn={!isAuthenticated && !isLoading} />}
    </header>
  );
}

/** The menu the header's button opens below lg; a visitor finds Sign In at its end. */
function MobileMenu({ links, signIn }: { links: typeof NAV_LINKS; signIn: boolean }) {
  return (
    <nav id="mobile-menu" aria-label="Mobile" className="lg:hidden border-t border-base-300 bg-base-100">
      <ul className="menu w-full p-2">
        {links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} end={l.to === '/'} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
              <Icon name={l.icon} />
              {l.label}
            </NavLink>
          </li>
        ))}
        {signIn && (
          <li>
            <a href={loginHref()}>
              <Icon name="user" />
              Sign In
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The phone's thumb-reachable navigation: a dock at the bottom of the screen. */
export function BottomNav() {
  const items = NAV_LINKS.filter((l) => ['/', '/jobs', '/schools', '/pay-scales', '/forum'].includes(l.to));
  return (
    <nav aria-label="Quick" className="dock dock-sm lg:hidden z-40 border-t border-base-300 bg-base-100">
      {items.map((l) => (
        <NavLink key={l.to} to={l.to} end={l.to === '/'} className={({ isActive }) => (isActive ? 'dock-active text-primary' : '')}>
          <Icon name={l.icon} />
          <span className="dock-label">{l.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

/** How many submissions wait on this device to be sent (the outbox); links to the dashboard list. */
function QueuedBadge() {
  const n = useSyncExternalStore(outboxCount.subscribe, outboxCount.get, () => 0);
  if (!n) return null;
  return (
    <Link
      to="/dashboard#queued"
      className="btn btn-warning btn-sm px-2 gap-1 whitespace-nowrap font-medium"
      data-testid="queued-count"
      aria-label={`${n} submission${n === 1 ? '' : 's'} waiting to be sent`}
    >
      <Icon name="clock" className="size-4" />
      {n} queued
    </Link>
  );
}

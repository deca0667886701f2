// /dashboard (spec §2): only for signed-in users. A visitor is sent to the login address and
// comes back here after signing in. Tabs: Saved Jobs, Activity, Profile, Admin (admins only);
// the selected tab is kept in ?tab= so it survives a reload and can be linked.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Breadcrumb } from '../components/states';
import { loginHref, useAuth, type CurrentUser } from '../data/auth';
import { useActivity } from '../dashboard-parts/ActivityList';
import { ActivityTab } from './ActivityTab';
import { AlertsTab } from '../alerts/AlertsTab';
import { AdminTab } from './AdminTab';
import { ProfileTab } from './ProfileTab';
import { SavedJobsTab } from './SavedJobsTab';

type TabId = 'saved-jobs' | 'alerts' | 'activity' | 'profile' | 'admin';

function tabsFor(user: CurrentUser): { id: TabId; label: string }[] {
  const tabs: { id: TabId; label: string }[] = [
    { id: 'saved-jobs', label: 'Saved Jobs' },
    { id: 'alerts', label: 'Alerts' },
    { id: 'activity', label: 'Activity' },
    { id: 'profile', label: 'Profile' },
  ];
  if (user.isAdmin) tabs.push({ id: 'admin', label: 'Admin' });
  return tabs;
}

export function DashboardPage() {
  const { user, isLoading, isAuthenticated } = useAuth();
  const redirecting = !isLoading && !isAuthenticated;
  useEffect(() => {
    if (redirecting) window.location.replace(loginHref('/dashboard' + window.location.search));
  }, [redirecting]);

  if (isLoading || !user) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8" role="status" aria-label={redirecting ? 'Redirecting to sign-in' : 'Loading your dashboard'}>
        <div className="skeleton h-9 w-72" />
        <div className="skeleton h-10 w-full mt-6" />
        <div className="skeleton h-48 w-full mt-4" />
      </div>
    );
  }
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const tabs = tabsFor(user);
  const requested = params.get('tab');
  const active = tabs.find((t) => t.id === requested)?.id ?? 'saved-jobs';
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const select = (id: TabId, focus = false) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id === 'saved-jobs') next.delete('tab');
      else next.set('tab', id);
      return next;
    }, { replace: true });
    if (focus) tabRefs.current[id]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === active);
    const to = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    select(tabs[(to + tabs.length) % tabs.length].id, true);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { label: 'Dashboard' }]} />
      <h1 className="text-3xl font-extrabold mt-2">Welcome back, {user.firstName?.trim() || 'Teacher'}!</h1>
      <Counters />
      <div role="tablist" aria-label="Dashboard" className="tabs tabs-border mt-6 overflow-x-auto flex-nowrap" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={active === t.id ? 0 : -1}
            className={`tab whitespace-nowrap ${active === t.id ? 'tab-active' : ''}`}
            onClick={() => select(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`} className="mt-6" tabIndex={0}>
        {active === 'saved-jobs' && <SavedJobsTab />}
        {active === 'alerts' && <AlertsTab />}
        {active === 'activity' && <ActivityTab />}
        {active === 'profile' && <ProfileTab user={user} />}
        {active === 'admin' && <AdminTab />}
      </div>
    </div>
  );
}

/** The three counters of spec §2, with the real numbers from GET /api/me/activity. */
function Counters() {
  const { data, error } = useActivity();
  const counters = [
    { label: 'Saved jobs', value: data?.counts.savedJobs },
    { label: 'Reviews written', value: data?.counts.reviews },
    { label: 'Salary contributions', value: data?.counts.salaries },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3 mt-6" data-testid="dashboard-counters">
      {counters.map((c) => (
        <div key={c.label} className="rounded-box bg-base-200 p-4 flex flex-col-reverse text-center">
          <dt className="text-xs sm:text-sm opacity-80">{c.label}</dt>
          <dd className="text-2xl font-extrabold text-primary">{c.value ?? (error ? '–' : <span className="skeleton inline-block h-7 w-8" aria-label="Loading" />)}</dd>
        </div>
      ))}
    </dl>
  );
}

// /dashboard (product §2): only for signed-in users. A visitor is sent to the login address and
// comes back here after signing in. Tabs: Saved Jobs, Activity, Profile, Admin (admins only);
// the selected tab is kept in ?tab= so it survives a reload and can be linked.
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SchoolImageUpdater } from '../features/school-images/SchoolImageUpdater';
import { Breadcrumb } from '../components/states';
import { Tabs, type TabDef } from '../components/Tabs';
import { loginHref, useAuth, type CurrentUser } from '../data/auth';
import { ActivityList, useActivity } from './ActivityList';
import { AlertsTab } from '../features/alerts/AlertsTab';
import { ProfileTab } from './ProfileTab';
import { QueuedSubmissions } from './QueuedSubmissions';
import { SavedJobsList } from './SavedJobsList';
import { useMySchools } from '../data/school-staff';

type TabId = 'saved-jobs' | 'alerts' | 'activity' | 'profile' | 'admin';

function tabsFor(user: CurrentUser): TabDef<TabId>[] {
  const tabs: TabDef<TabId>[] = [
    { key: 'saved-jobs', label: 'Saved Jobs' },
    { key: 'alerts', label: 'Alerts' },
    { key: 'activity', label: 'Activity' },
    { key: 'profile', label: 'Profile' },
  ];
  // Admins only (the API guards with requireAdmin too).
  if (user.isAdmin) tabs.push({ key: 'admin', label: 'Admin' });
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
      <div
        className="mx-auto max-w-5xl px-4 py-8"
        role="status"
        aria-label={redirecting ? 'Redirecting to sign-in' : 'Loading your dashboard'}
      >
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
  const active = tabs.find((t) => t.key === requested)?.key ?? 'saved-jobs';

  const select = (id: TabId) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === 'saved-jobs') next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Breadcrumb items={[{ to: '/', label: 'Home' }, { label: 'Dashboard' }]} />
      <h1 className="text-3xl font-extrabold mt-2">Welcome back, {user.firstName?.trim() || 'Teacher'}!</h1>
      <Counters />
      <MySchoolsLink />
      <div className="mt-6">
        <Tabs tabs={tabs} active={active} onChange={select} label="Dashboard">
          {active === 'saved-jobs' && (
            <>
              {/* Submissions still waiting on this device, then the saved jobs. */}
              <QueuedSubmissions />
              <SavedJobsList />
            </>
          )}
          {active === 'alerts' && <AlertsTab />}
          {active === 'activity' && <ActivityList />}
          {active === 'profile' && <ProfileTab user={user} />}
          {active === 'admin' && <SchoolImageUpdater />}
        </Tabs>
      </div>
    </div>
  );
}

/** The three counters of product §2, with the real numbers from GET /api/me/activity. */
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
          <dd className="text-2xl font-extrabold text-primary">
            {c.value ?? (error ? '–' : <span className="skeleton inline-block h-7 w-8" aria-label="Loading" />)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The school dashboard, for those who manage a school (decision 2103), and each live school's jobs. */
function MySchoolsLink() {
  const { data } = useMySchools();
  const live = data?.schools.filter((s) => s.live) ?? [];
  if (!data?.schools.length) return null;
  return (
    <section aria-labelledby="dashboard-my-schools" className="mt-3 grid gap-2" data-testid="dashboard-my-schools">
      <h2 id="dashboard-my-schools" className="sr-only">
        My schools
      </h2>
      <p>
        <Link to="/school-admin" className="btn btn-outline btn-sm tap">
          School dashboard{live.length ? `: ${live.map((s) => s.name).join(', ')}` : ''}
        </Link>
      </p>
      {live.map((s) => (
        <p key={s.schoolId} className="flex flex-wrap gap-2">
          <Link to={`/manage/schools/${s.schoolId}/jobs/new`} className="btn btn-primary btn-sm tap">
            Post a job{live.length > 1 ? ` at ${s.name}` : ''}
          </Link>
          <Link to={`/manage/schools/${s.schoolId}/jobs`} className="btn btn-ghost btn-sm tap">
            {live.length > 1 ? `Jobs at ${s.name}` : "The school's jobs"}
          </Link>
        </p>
      ))}
    </section>
  );
}
